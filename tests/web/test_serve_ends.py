"""No game outlives `nac serve`, whatever ends it: ctrl+c in its terminal while a game starts
(quietly: no traceback, no "failed to start"), or `kill -9`, for a browser's games and an SSH
player's alike.

Real servers on loopback started as a terminal starts a command (a process group of their own),
real clients; every game the server starts carries a mark in its environment, so it is found
even once it is no longer the server's child. Every wait is a bounded wait for a state."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import uuid
from pathlib import Path

import pytest

from tools.web_screenshot import POLLS, RunningServer, free_port, served_game

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

import aiohttp

from ..waiting import until
from .test_serve_limits import screen_until, ws_url

pytestmark = pytest.mark.long

MARK = "NAC_TEST_SERVER_MARK"
"""Set in a test server's environment only: every process it starts inherits it."""


def marked(mark: str) -> list[int]:
    """The live processes (not zombies) carrying `mark` in their environment: the server and
    everything it started, wherever they were adopted since."""
    found = []
    needle = f"{MARK}={mark}".encode()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            environment = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rpartition(")")[2].split()[0]
        except (OSError, IndexError):
            continue
        if needle in environment.split(b"\0") and state != "Z":
            found.append(int(entry.name))
    return found


async def all_gone(mark: str) -> None:
    """Wait (bounded) until no process carries `mark`."""
    await until(lambda: not marked(mark), lambda: f"every one gone: {marked(mark)} left", every=0.1)


def runs_nac(pid: int) -> bool:
    """Whether a process runs nac by now (a game's shell has made way for it: `exec`)."""
    try:
        return b"-m\0nac\0" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


async def games_of(server: RunningServer, mark: str, count: int) -> list[int]:
    """The server's game processes once there are `count` of them running nac (at most POLLS
    reads)."""
    for _ in range(POLLS * 10):
        games = [pid for pid in marked(mark) if pid != server.process.pid and runs_nac(pid)]
        if len(games) >= count:
            return games
        await asyncio.sleep(0.01)
    raise AssertionError(f"the server never ran {count} games: {server.lines_so_far()}")


def environment_for(home: Path, mark: str) -> dict[str, str]:
    return {**os.environ, "NAC_HOME": str(home), MARK: mark}


async def test_ctrl_c_while_a_game_starts_ends_every_game_quietly(tmp_path: Path) -> None:
    """The terminal's ctrl+c goes to its foreground process group: the server's. Sent while a
    visitor's game is starting, the server ends its games itself: no game gets the signal and
    prints a traceback, and the server and its games are gone."""
    mark = uuid.uuid4().hex
    with served_game(environment=environment_for(tmp_path, mark), own_group=True) as server:
        async with aiohttp.ClientSession() as session:
            await session.ws_connect(ws_url(server))
            await games_of(server, mark, 1)  # started, not yet drawn: it takes a second
            os.killpg(server.process.pid, signal.SIGINT)
            assert await asyncio.to_thread(server.process.wait, 60) == 0
    said = "".join(server.lines_so_far())
    for sign in ("Traceback", "KeyboardInterrupt", "failed to start"):
        assert sign not in said, said
    await all_gone(mark)


async def test_kill_9_takes_every_game_along(tmp_path: Path) -> None:
    """A server killed with -9 ends nothing itself: its games, the one being played and the one
    kept ready for the next visitor, end with it all the same."""
    mark = uuid.uuid4().hex
    with served_game(environment=environment_for(tmp_path, mark), own_group=True) as server:
        async with aiohttp.ClientSession() as session:
            socket = await session.ws_connect(ws_url(server))
            await screen_until(socket, "Noughts")
            await games_of(server, mark, 2)  # the next visitor's is made ready
            server.process.kill()
            assert await asyncio.to_thread(server.process.wait, 60) == -signal.SIGKILL
            await all_gone(mark)


@pytest.mark.ssh
@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client (openssh-client)")
async def test_kill_9_takes_the_ssh_players_games_along(tmp_path: Path) -> None:
    from .test_ssh import Door, door_line, keyed, played

    mark = uuid.uuid4().hex
    port = free_port()
    key = keyed(tmp_path, "alice")
    home = tmp_path / "home"
    options = ("--ssh", str(port))
    with served_game(*options, environment=environment_for(home, mark), own_group=True) as server:
        door_line(server)
        terminal = await played(Door(server, port, home, key))
        try:
            await games_of(server, mark, 2)  # the player's, and a browser's kept ready
            server.process.kill()
            assert await asyncio.to_thread(server.process.wait, 60) == -signal.SIGKILL
            await all_gone(mark)
        finally:
            await terminal.pty.stop()
