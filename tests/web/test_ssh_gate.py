"""The SSH door's gate at accept (`nac.web.ssh_gate`, issue 37's connection flood): while the
door is busy, a network opening connections past its burst is refused before asyncssh makes
anything of them (its protocol never made: no version line, no key exchange), held unread a
while and then closed, a few a network; another network is let in; and while the door is not
busy every connection is let in, however many (strangers at a player's own address never
shut the player out)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest

from nac.web import ssh_gate
from nac.web.ssh_gate import CONNECTIONS_BURST, HELD_PER_NETWORK, AcceptGate

from ..waiting import LONGEST_WAIT, until

BANNER = b"SSH-2.0-nac\r\n"


class Banner(asyncio.Protocol):
    """Stands for asyncssh's protocol: says its version line as it is made."""

    made = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        Banner.made += 1
        transport.write(BANNER)  # type: ignore[attr-defined]


@contextlib.asynccontextmanager
async def listening(gate: AcceptGate) -> AsyncIterator[int]:
    Banner.made = 0
    server = await gate.create_server(lambda _host, _port: Banner(), "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        server.close()


async def banner_to(port: int, address: str) -> asyncio.StreamWriter:
    """A connection from `address`, once it has been told the banner (let in)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    assert await asyncio.wait_for(reader.readexactly(len(BANNER)), LONGEST_WAIT) == BANNER
    return writer


async def refused_from(gate: AcceptGate, port: int, address: str) -> asyncio.StreamWriter:
    """A connection from `address`, once the gate has turned it away. (Waited for by the gate's
    count, not for a fixed moment with nothing read: on a loaded machine even a let-in
    connection's banner could take longer than that moment.)"""
    turned_away = gate.turned_away
    _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    await until(lambda: gate.turned_away > turned_away, f"the connection from {address} refused")
    return writer


async def test_a_busy_door_refuses_a_network_past_its_burst_before_ssh_begins() -> None:
    gate = AcceptGate(busy=lambda: True, clock=lambda: 0.0)  # no time passes: no refill
    writers: list[asyncio.StreamWriter] = []
    try:
        async with listening(gate) as port:
            for number in range(CONNECTIONS_BURST):
                writers.append(await banner_to(port, f"127.0.3.{2 + number}"))
            writers.append(await refused_from(gate, port, "127.0.3.200"))
            # held, unread, unmade: no protocol was made for it, so no banner was said to it
            assert Banner.made == CONNECTIONS_BURST
            assert gate.turned_away == 1 and gate.held.total() == 1
            writers.append(await banner_to(port, "127.0.4.2"))  # another network
    finally:
        for writer in writers:
            writer.close()


async def test_a_network_s_refused_connections_are_held_a_few_then_closed_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # held far longer than a test waits: a connection closed within the wait was closed at once
    monkeypatch.setattr(ssh_gate, "HOLD_SECONDS", 3600.0)
    gate = AcceptGate(busy=lambda: True, clock=lambda: 0.0)
    writers: list[asyncio.StreamWriter] = []
    try:
        async with listening(gate) as port:
            for number in range(CONNECTIONS_BURST + HELD_PER_NETWORK):
                address = f"127.0.5.{2 + number}"
                writers.append(
                    (await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))[1]
                )
            await until(lambda: gate.turned_away == HELD_PER_NETWORK, "each connection accepted")
            assert gate.held.total() == HELD_PER_NETWORK
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.5.250", 0)
            )
            writers.append(writer)
            assert await asyncio.wait_for(reader.read(), LONGEST_WAIT) == b""  # closed at once
            assert gate.held.total() == HELD_PER_NETWORK
    finally:
        for writer in writers:
            writer.close()


async def test_a_quiet_door_lets_every_connection_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ssh_gate, "CONNECTIONS_BURST", 2)
    gate = AcceptGate(busy=lambda: False, clock=lambda: 0.0)
    writers: list[asyncio.StreamWriter] = []
    try:
        async with listening(gate) as port:
            for _ in range(8):
                writers.append(await banner_to(port, "127.0.6.2"))
            assert gate.turned_away == 0
    finally:
        for writer in writers:
            writer.close()
