"""Rooms opened as fast as they go (issue 37's rooms flood): a room opened or refused on a
relay costs the same however many rooms are open (the rooms per address and per network are
counted as rooms open and close, not searched for), and a host refused when the relay is full
costs no lobby message and no look at the other rooms."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from nac.core import NORMAL
from nac.net import referee as referee_module
from nac.net.closing import Closing
from nac.net.gate import network
from nac.net.referee import Referee
from nac.net.rooms import Room

from .helpers import hello

FULL = 1000


class Host:
    """A host's connection that keeps what it is sent."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.said: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.said.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:
        return


def address(number: int) -> str:
    """The `number`th host's address, each in a network of its own."""
    return f"127.{10 + number // 250}.{number % 250}.2"


async def one_hello(text: str) -> AsyncIterator[str]:
    yield text


class CountedRooms(list[Room]):
    """The referee's rooms, counting each time something goes through them."""

    searched = 0

    def __iter__(self) -> Iterator[Room]:
        CountedRooms.searched += 1
        return super().__iter__()


@pytest.fixture
def counted_networks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every address the referee asks the network of."""
    asked: list[str] = []

    def counted(address: str) -> str:
        asked.append(address)
        return network(address)

    monkeypatch.setattr(referee_module, "network", counted)
    return asked


def flooded(count: int) -> Referee:
    """A relay with `count` rooms open, each opened by a host of the flood's."""
    referee = Referee("ws://127.0.0.1:1", relay=True)
    referee.rooms = CountedRooms()
    for number in range(count):
        referee.open_room(NORMAL, f"Eve{number}", listed=True, opened_by=address(number))
    return referee


def test_opening_a_room_looks_at_no_other_room(counted_networks: list[str]) -> None:
    referee = flooded(FULL - 1)
    CountedRooms.searched, counted_networks[:] = 0, []
    referee.open_room(NORMAL, "Sam", opened_by="127.250.0.2")
    assert CountedRooms.searched == 0
    assert counted_networks == ["127.250.0.2", "127.250.0.2"]  # asked, then counted


async def test_a_host_refused_by_a_full_relay_costs_no_lobby_and_no_search(
    counted_networks: list[str],
) -> None:
    referee = flooded(FULL)
    writes = 0
    write = referee.lobby._write

    def counted_write() -> str:
        nonlocal writes
        writes += 1
        return write()

    referee.lobby._write = counted_write  # type: ignore[method-assign]
    CountedRooms.searched, counted_networks[:] = 0, []
    host = Host("127.251.0.2")
    await referee.session(host, one_hello(hello("host", name="Late")))
    assert host.said[-1]["reason"].startswith("the server has as many games as it can hold")
    assert (writes, CountedRooms.searched, counted_networks) == (0, 0, [])


def test_the_rooms_counted_per_address_and_network_follow_rooms_closed() -> None:
    referee = Referee("ws://127.0.0.1:1", relay=True)
    limits = referee.limits
    opened = [
        referee.open_room(
            NORMAL, "Eve", opened_by=f"127.9.9.{2 + number // limits.rooms_per_address}"
        )
        for number in range(limits.rooms_per_network)
    ]
    with pytest.raises(Closing, match="your network has"):
        referee.open_room(NORMAL, "Eve", opened_by="127.9.9.200")
    with pytest.raises(Closing, match="your address has"):
        referee.open_room(NORMAL, "Eve", opened_by="127.9.9.2")
    referee.close_room(opened[0])
    referee.close_room(opened[0])  # closed twice: counted off once
    referee.open_room(NORMAL, "Eve", opened_by="127.9.9.2")
    for room in list(referee.rooms):
        referee.close_room(room)
    assert not referee.opened and not referee.opened_in
