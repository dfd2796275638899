"""Games started together take turns (issue 37's spawn churn: each start costs about a second of
a core): one game starts at a time, first come first served, each until its first frame; a
start whose session ends while it waits leaves the line, never started; a game's first frame
is its first screenful drawn; and a start the door refuses is answered after a pause, not at
once (a script starting games in a loop is slowed with it)."""

from __future__ import annotations

import asyncio
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from nac.web.pty_game import FIRST_FRAME_BYTES, PtyGame
from nac.web.start_line import StartLine

pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")

from nac.web import ssh_session
from nac.web.ssh_session import TOO_QUICK, GameSession


async def settled() -> None:
    """The event loop turned until what was started has gone as far as it can."""
    for _ in range(20):
        await asyncio.sleep(0)


async def test_games_start_one_at_a_time_first_come_first_served() -> None:
    line = StartLine()
    starting: list[str] = []
    at_once = 0
    most_at_once = 0
    gates = {name: asyncio.Event() for name in "abc"}

    async def start(name: str) -> None:
        nonlocal at_once, most_at_once
        async with line.turn(asyncio.Event()) as mine:
            assert mine
            at_once += 1
            most_at_once = max(most_at_once, at_once)
            starting.append(name)
            await gates[name].wait()  # its first frame
            at_once -= 1

    tasks = [asyncio.ensure_future(start(name)) for name in "abc"]
    await settled()
    assert starting == ["a"] and line.waiting == 2
    for name in "abc":
        gates[name].set()
    await asyncio.gather(*tasks)
    assert starting == ["a", "b", "c"] and most_at_once == 1 and line.waiting == 0


async def test_a_start_whose_session_ends_while_it_waits_is_never_started() -> None:
    line = StartLine()
    first_frame, gone = asyncio.Event(), asyncio.Event()
    told: list[bool] = []

    async def first() -> None:
        async with line.turn(asyncio.Event()):
            await first_frame.wait()

    async def waiting() -> None:
        async with line.turn(gone) as mine:
            told.append(mine)

    holding = asyncio.ensure_future(first())
    await settled()
    leaving = asyncio.ensure_future(waiting())
    await settled()
    gone.set()
    await leaving
    assert told == [False] and line.waiting == 0
    first_frame.set()
    await holding
    async with line.turn(asyncio.Event()) as mine:  # the line is free again
        assert mine


async def test_a_game_s_first_frame_is_its_first_screenful() -> None:
    drawn = bytearray()
    ended = asyncio.Event()
    game = PtyGame(drawn.extend, ended.set)
    script = (
        f"import sys, time; sys.stdout.write('x' * {FIRST_FRAME_BYTES // 2}); sys.stdout.flush();"
        f" time.sleep(0.5); sys.stdout.write('y' * {FIRST_FRAME_BYTES}); sys.stdout.flush();"
        " time.sleep(30)"
    )
    await game.start([sys.executable, "-c", script], {}, 80, 24)
    try:
        await game.first_frame(30.0, asyncio.Event())
        assert b"y" in drawn  # not at its first bytes: at its first screenful
    finally:
        await game.stop()


class Channel:
    def __init__(self) -> None:
        self.said = bytearray()

    def write_stderr(self, data: bytes) -> None:
        self.said.extend(data)

    def exit(self, status: int) -> None:
        return


def refused_session() -> tuple[GameSession, Channel]:
    """A session on a door that refuses its start (too quick)."""
    door = SimpleNamespace(admit=lambda address: None)
    server: Any = SimpleNamespace(stopping=False, door=door, may_start=lambda net: False)
    connection: Any = SimpleNamespace(server=server, sessions=1, address="127.0.0.2")
    connection.network = "127.0.0.0/24"
    session = GameSession(connection)
    channel = Channel()
    session.channel = channel
    return session, channel


async def test_a_refused_start_is_told_after_a_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ssh_session, "REFUSED_START_SECONDS", 3600.0)
    session, channel = refused_session()
    playing = asyncio.ensure_future(session._play())
    for _ in range(20):
        await asyncio.sleep(0.01)
    assert not channel.said and not playing.done()  # not at once
    playing.cancel()
    monkeypatch.setattr(ssh_session, "REFUSED_START_SECONDS", 0.0)
    session, channel = refused_session()
    await asyncio.wait_for(session._play(), 30)
    assert TOO_QUICK.encode() in channel.said
