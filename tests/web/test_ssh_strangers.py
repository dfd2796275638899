"""`nac serve --ssh` against strangers (issue 37): a real server on loopback, real clients
(Debian's OpenSSH, asyncssh's for scripted strangers) from many 127.x addresses. Every wait is a
bounded wait for a state."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.web_screenshot import POLLS, free_port, served_game

from .ssh_terminal import Terminal
from .test_ssh import SSH, Door, door_line, keyed, no_game_left, played, stranger_client

pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")
import asyncssh

from nac.web.ssh_session import STOPPING

pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(SSH is None, reason="no OpenSSH client (openssh-client)"),
]

CONNECTIONS = 40
"""Connections one stranger opens from one address (the door holds 8 of them)."""
STARTS = 24
"""Games a stranger starts and drops in a row (the door lets 16 start at once)."""
MOST_OPENED = 2_000
"""Connections the stranger from 40 networks opens in all, at most."""
PLANTED = """import os, pathlib
pathlib.Path({marks!r}, str(os.getpid())).write_text("the planted nac ran")
raise SystemExit(3)
"""


async def test_a_nac_folder_where_the_server_starts_is_no_players_game(tmp_path: Path) -> None:
    """`nac serve` started in a folder holding a `nac/` package: every game (the browser's
    kept ready, an SSH player's) runs the installed nac, not that package."""
    where, marks, home, keys = (tmp_path / name for name in ("where", "marks", "home", "keys"))
    for folder in (where / "nac", marks, home, keys):
        folder.mkdir(parents=True)
    for module in ("__init__.py", "__main__.py"):
        (where / "nac" / module).write_text(PLANTED.format(marks=str(marks)))
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(home)}
    with served_game("--ssh", str(port), environment=environment, cwd=where) as server:
        door_line(server)
        terminal = await played(Door(server, port, home, keyed(keys, "alice")))
        await terminal.pty.stop()
        # the game kept ready for a browser started before the door opened, so before this
        # player's game drew its board: had it run the planted package, its mark is there
        assert not list(marks.iterdir())


@pytest.fixture
def own_door(tmp_path: Path) -> Iterator[Door]:
    """A door of its own (its log read by the test, the server stopped by it)."""
    home, keys = tmp_path / "home", tmp_path / "keys"
    keys.mkdir()
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(home)}
    with served_game("--max-players", "12", "--ssh", str(port), environment=environment) as server:
        door_line(server)
        yield Door(server, port, home, keyed(keys, "alice"))


async def test_stopping_the_server_tells_each_player_then_closes(own_door: Door) -> None:
    terminal = await played(own_door)
    try:
        own_door.server.process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(terminal.gone.wait(), 60)
        assert STOPPING in terminal.text
    finally:
        await terminal.pty.stop()


def said(door: Door, text: str) -> list[str]:
    return [line for line in door.server.lines_so_far() if text in line]


async def test_a_stranger_s_many_connections_are_logged_once_a_minute(own_door: Door) -> None:
    held = []
    try:
        for _ in range(CONNECTIONS):  # one address: each past its 8th closes its idlest
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", own_door.port, local_addr=("127.0.0.9", 0)
            )
            await asyncio.wait_for(reader.readline(), 30)  # the server's banner: counted in
            held.append(writer)
        assert own_door.run(command="ls").returncode == 1  # a line logged after theirs ...
        for _ in range(POLLS):
            if said(own_door, "command is refused"):
                break
            await asyncio.sleep(0.1)
        assert len(said(own_door, "SSH connection")) == 1  # ... and theirs in one line
    finally:
        for writer in held:
            writer.close()


async def test_a_storm_of_game_starts_and_drops_leaves_no_game_behind(own_door: Door) -> None:
    """Games started and dropped again and again from one network: every one that started ends
    with its session. (The rate of starts is tested on the door itself, in test_ssh_door_parts:
    over OpenSSH a loaded machine's loop may start games slower than the rate allows.)"""

    class Quiet(asyncssh.SSHClientSession):  # type: ignore[type-arg]
        pass

    async with await stranger_client(own_door) as connection:
        for _ in range(STARTS):  # a game started and dropped, again and again
            channel, _ = await connection.create_session(
                Quiet, term_type="xterm", term_size=(80, 24), encoding=None
            )
            channel.close()
            await asyncio.wait_for(channel.wait_closed(), 30)
    await no_game_left(own_door)


@pytest.mark.strangers
async def test_strangers_from_forty_networks_leave_a_player_room(own_door: Door) -> None:
    """40 networks hold 8 connections each, opening another as each closes: the door (256)
    keeps room, and a player from elsewhere gets a board."""
    done = asyncio.Event()
    opened = [0]

    async def hold(address: str) -> None:
        while not done.is_set() and opened[0] < MOST_OPENED:
            opened[0] += 1
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", own_door.port, local_addr=(address, 0)
                )
            except OSError:
                await asyncio.sleep(0.1)
                continue
            with contextlib.suppress(OSError, TimeoutError):
                await asyncio.wait_for(reader.read(), 60)  # until the server closes it
            writer.close()

    holders = [
        asyncio.create_task(hold(f"127.0.{net}.10")) for net in range(1, 41) for _ in range(8)
    ]
    try:
        for _ in range(POLLS):  # the door is full of them
            if opened[0] >= 320:
                break
            await asyncio.sleep(0.1)
        terminal = Terminal()
        argv = own_door.ssh("-t", "-b", "127.100.0.1")
        await terminal.pty.start(argv, {**os.environ, "TERM": "xterm-256color"}, 80, 24)
        try:
            await terminal.shows("Noughts & Crosses", "1-9 Play")
        finally:
            await terminal.pty.stop()
    finally:
        done.set()
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)
