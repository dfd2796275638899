"""What a hostile peer sends a game server, from loopback: junk frames, oversized ones, floods,
wrong keys, hundreds of connections, a silent connection, bytes that are not HTTP. Each time
the bad connection gets a clear refusal (or is closed) and the players' game goes on unchanged."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from nac.core import Mark
from nac.net import rooms
from nac.net.limits import Limits
from nac.net.protocol import LONGEST_MESSAGE

from .helpers import (
    LONGEST_WAIT,
    Clock,
    both_here,
    game_server,
    hello,
    play_moves,
    player,
    raw,
    replies,
    seated,
)


async def still_playing(served: object, players: tuple[object, ...], moves: list[int]) -> None:
    """The players' game is where it was, and the next move still goes through."""
    host, guest = players
    assert host.moves == guest.moves == moves  # type: ignore[attr-defined]
    await play_moves((host, guest), [next(c for c in range(9) if c not in moves)])  # type: ignore[arg-type]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
MESSAGES = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200),
    JSON.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "move", "rematch", "resign", "state", "x", ""])},
        optional={"cell": JSON, "key": JSON, "name": JSON, "protocol": JSON, "want": JSON},
    ).map(json.dumps),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.lists(MESSAGES, min_size=1, max_size=6))
def test_junk_from_the_network_changes_nothing_for_the_players(
    with_a_seat: bool, frames: list[str | bytes]
) -> None:
    async def attack() -> None:
        async with game_server() as served:
            host, guest, room = await seated(served)
            await play_moves((host, guest), [4, 0])
            async with raw(served.url) as ws:
                if with_a_seat:  # a watcher's connection, then junk
                    await ws.send(hello("watch", room.watch_key))
                try:
                    for frame in frames:
                        await ws.send(frame)
                except ConnectionClosed:
                    pass
                said = [message.get("type") for message in await _some_replies(ws)]
            assert set(said) <= {"welcome", "state", "refused", "error"}
            await still_playing(served, (host, guest), [4, 0])
            await host.stop()
            await guest.stop()

    asyncio.run(attack())


async def _some_replies(ws: object) -> list[dict[str, object]]:
    """What the server said, until it closed or went quiet a moment after the junk."""
    said: list[dict[str, object]] = []
    try:
        while True:
            frame = await asyncio.wait_for(ws.recv(), 0.3)  # type: ignore[attr-defined]
            said.append(json.loads(frame))
    except (TimeoutError, ConnectionClosed):
        return said


async def test_a_frame_over_the_limit_ends_that_connection_only() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        async with raw(served.url) as ws:
            await ws.send(hello("watch", room.watch_key))
            await ws.send("x" * (LONGEST_MESSAGE + 1))
            await replies(ws)
            assert ws.close_code == 1009  # the library's "message too big"
        await still_playing(served, (host, guest), [])
        await host.stop()
        await guest.stop()


async def test_a_flood_ends_the_flooders_connection_and_no_one_elses() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        async with raw(served.url) as ws:
            await ws.send(hello("watch", room.watch_key))
            try:
                for _ in range(300):
                    await ws.send('{"type":"rematch"}')
            except ConnectionClosed:
                pass
            said = await replies(ws)
        assert said[-1] == {"type": "error", "reason": "too many messages: slow down"}
        await still_playing(served, (host, guest), [])
        await host.stop()
        await guest.stop()


async def test_wrong_keys_are_limited_per_address_but_never_lock_out_a_seats_player() -> None:
    limits = replace(Limits(), wrong_keys=5)
    async with game_server(limits) as served:
        host, guest, room = await seated(served)
        for attempt in range(limits.wrong_keys):
            async with raw(served.url) as ws:
                await ws.send(hello("join", f"not-the-key-{attempt:04}-xxxxx"))
                said = await replies(ws)
            assert "no game has that key" in said[-1]["reason"]
        async with raw(served.url) as ws:  # the right key now: the address is locked out
            await ws.send(hello("watch", room.watch_key))
            said = await replies(ws)
        assert said[-1]["reason"] == "too many wrong keys from your address: wait a minute"
        # Ana, behind the same address, loses her connection and comes back with her token
        await guest.stop()
        back = player(room.invites()["join"], name="Ana", passes=guest.passes)
        await back.until(lambda _: back.table.you is Mark.O and both_here(back), "back")
        await still_playing(served, (host, back), [])
        await host.stop()
        await back.stop()


async def test_hundreds_of_connections_are_refused_beyond_the_limits_and_the_game_goes_on() -> None:
    limits = replace(Limits(), connections=120, per_address=1000)
    async with game_server(limits) as served:
        host, guest, _ = await seated(served)
        opened = []
        refusals = []
        for _ in range(200):
            connection = raw(served.url)
            ws = await connection.__aenter__()
            opened.append((connection, ws))
        for _, ws in opened[limits.connections - 2 :]:
            await ws.send(hello("watch", "x" * 16))  # refused at its hello (a pass is let in)
            said = await replies(ws)
            refusals.append(said[-1]["reason"])
        assert refusals == ["the server is full: try again later"] * (200 - limits.connections + 2)
        await still_playing(served, (host, guest), [])
        for connection, _ in opened:
            await connection.__aexit__(None, None, None)
        await host.stop()
        await guest.stop()


async def test_past_the_per_address_limit_that_addresss_idlest_connection_makes_room() -> None:
    limits = replace(Limits(), per_address=10)
    async with game_server(limits) as served:
        openings = [raw(served.url) for _ in range(10)]
        sockets = [await opening.__aenter__() for opening in openings]
        async with raw(served.url) as newest:  # let in: the one idle longest is cut for it
            await asyncio.wait_for(sockets[0].wait_closed(), LONGEST_WAIT)
            assert all(ws.state is State.OPEN for ws in [*sockets[1:], newest])
            assert served.server.gate is not None
            assert served.server.gate.open["127.0.0.1"] == 10
        async with raw(served.url, local_addr=("127.0.0.2", 0)) as other:  # another address
            await other.send(hello("watch", "x" * 16))
            said = await replies(other)
        assert said[-1]["reason"].startswith("no game has that key")
        for opening in openings:
            await opening.__aexit__(None, None, None)
        assert sockets


async def test_a_connection_that_never_says_hello_is_closed() -> None:
    limits = replace(Limits(), hello_seconds=0.2)
    async with game_server(limits) as served, raw(served.url) as ws:
        said = await replies(ws)
    assert said[-1] == {"type": "error", "reason": "no hello"}


async def test_bytes_that_are_not_a_websocket_get_a_short_answer_and_the_game_goes_on() -> None:
    async with game_server() as served:
        host, guest, _ = await seated(served)
        for request in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"\x16\x03\x01garbage\r\n\r\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", served.server.port)
            writer.write(request)
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), LONGEST_WAIT)
            writer.close()
            if request.startswith(b"GET"):
                assert answer.startswith(b"HTTP/1.1 404") and b"a game server" in answer
        await still_playing(served, (host, guest), [])
        await host.stop()
        await guest.stop()


class Unread:
    """A peer that reads nothing: once its buffers are full every send to it waits (here at
    once), until it is closed."""

    address = "127.0.0.9"

    def __init__(self) -> None:
        self.closed = asyncio.Event()

    async def send(self, text: str) -> None:
        await self.closed.wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed.set()


async def test_a_watcher_who_reads_nothing_is_closed_and_holds_no_one_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rooms, "SEND_SECONDS", 0.2)
    async with game_server() as served:
        host, guest, room = await seated(served)
        stuck = Unread()
        room.watchers.add(stuck)
        await play_moves((host, guest), [4, 0])
        await asyncio.wait_for(stuck.closed.wait(), LONGEST_WAIT)
        await play_moves((host, guest), [8])
        assert host.moves == guest.moves == [4, 0, 8]
        await host.stop()
        await guest.stop()


async def test_wrong_keys_from_many_addresses_are_forgotten_once_they_are_old() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        for number in range(30):  # each from an address of its own
            async with raw(served.url, local_addr=(f"127.0.4.{number + 1}", 0)) as ws:
                await ws.send(hello("watch", f"not-the-key-{number:04}-xxxxx"))
                await replies(ws)
        assert len(served.referee.proving.wrong_keys) == 30
        clock.now += Limits().wrong_key_seconds + 1
        await served.referee.tick()
        assert served.referee.proving.wrong_keys == {}
