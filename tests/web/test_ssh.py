"""`nac serve --ssh`: the game through an SSH door, played with a real OpenSSH client (Debian's
`ssh`, in a pseudo-terminal of its own) against a real server on loopback. A key is a player,
named once; a game plays to its end and follows a resize; nothing but the game is reachable (a
command, a session without a terminal, forwarding, SFTP: each refused); strangers' connections
leave a player's game playing. Every wait is a bounded wait for a state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tools.web_screenshot import POLLS, RunningServer, free_port, served_game

pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")
SSH = shutil.which("ssh")
SSH_REQUIRED = "NAC_SSH_TESTS"
"""Set to "required" (as `make test-ssh` does), a missing client fails these tests instead of
skipping them."""
if SSH is None and os.environ.get(SSH_REQUIRED) == "required":
    raise RuntimeError("no OpenSSH client: make test-ssh installs openssh-client")
pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(SSH is None, reason="no OpenSSH client (openssh-client)"),
]

import asyncssh  # noqa: E402

from nac.web.ssh_names import FILE_NAME  # noqa: E402
from nac.web.ssh_session import IDLE, NEEDS_TERMINAL, PLAY_ONLY  # noqa: E402

from ..waiting import until  # noqa: E402
from .ssh_terminal import ANSI, Terminal  # noqa: E402

READY = b"1-9 Play"
"""What the game's footer shows once its board is playable."""
MOST_PRESSES = 60
"""Digits pressed at most to end a game against the computer (nine squares, some refused)."""
PACE = 0.5
STRANGERS = 200
"""Connections a stranger opens and drops, 8 at a time."""
AT_ONCE = 8


class Door:
    def __init__(
        self, server: RunningServer, port: int, home: Path, key: Path, others: tuple[Path, ...] = ()
    ) -> None:
        self.server, self.port, self.home, self.key = server, port, home, key
        self.keys = {"alice": key, **dict(zip(("bob", "eve"), others, strict=False))}

    def ssh(
        self, *arguments: str, user: str = "alice", key: bool = True, holder: str = ""
    ) -> list[str]:
        """`ssh` to the door as `user`, with the key of `holder` (the user's own by default)."""
        assert SSH is not None
        options = [
            SSH,
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "BatchMode=yes" if key else "PubkeyAuthentication=no",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "ConnectTimeout=30",
            "-p",
            str(self.port),
        ]
        if key:
            options += ["-i", str(self.keys.get(holder or user, self.key))]
        return [*options, *arguments, "-l", user, "127.0.0.1"]  # a user name may begin with -

    def run(
        self,
        *arguments: str,
        command: str = "",
        user: str = "alice",
        key: bool = True,
        display: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        argv = self.ssh(*arguments, user=user, key=key)
        environment = {**os.environ, **({} if display is None else {"DISPLAY": display})}
        return subprocess.run(
            [*argv, *([command] if command else [])],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
            env=environment,
        )

    def names(self) -> dict[str, str]:
        data = json.loads((self.home / FILE_NAME).read_text())
        return {key: entry["name"] for key, entry in data["keys"].items()}


def door_line(server: RunningServer) -> int:
    for _ in range(POLLS):
        for line in server.lines_so_far():
            found = re.search(r"SSH door is open: ssh -t -p (\d+)", line)
            if found:
                return int(found.group(1))
        time.sleep(0.1)
    raise AssertionError(f"no SSH door: {server.lines_so_far()}")


def keyed(directory: Path, name: str) -> Path:
    key = directory / name
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=60
    )
    return key


@pytest.fixture(scope="module")
def door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Door]:
    home = tmp_path_factory.mktemp("home")
    keys = tmp_path_factory.mktemp("keys")
    key, *others = (keyed(keys, name) for name in ("alice", "bob", "eve"))
    environment = {**os.environ, "NAC_HOME": str(home)}
    port = free_port()
    with served_game("--max-players", "12", "--ssh", str(port), environment=environment) as server:
        door_line(server)
        yield Door(server, port, home, key, tuple(others))


def command_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


async def played(door: Door, user: str = "alice", holder: str = "") -> Terminal:
    terminal = Terminal()
    argv = door.ssh("-t", user=user, holder=holder)
    await terminal.pty.start(argv, {**os.environ, "TERM": "xterm-256color"}, 80, 24)
    await terminal.shows("Noughts & Crosses", "1-9 Play")
    return terminal


async def test_a_player_plays_a_game_to_its_end_follows_a_resize_and_leaves(door: Door) -> None:
    terminal = await played(door)
    try:
        for press in range(MOST_PRESSES):  # every square in turn until the game ends: a taken
            mark = len(terminal.seen)  # one is refused, a key while the computer moves waits
            terminal.pty.write(str(1 + press % 9).encode())
            await terminal.changes(since=mark)
            if "Game over" in terminal.text:
                break
            await asyncio.sleep(PACE)  # the computer's reply (a pace, not a measurement)
        await terminal.shows("Game over")
        mark = len(terminal.seen)
        terminal.pty.resize(40, 15)  # the panel goes under the board at 40×15
        await terminal.shows("▔▔▔", since=mark)
        mark = len(terminal.seen)
        terminal.pty.resize(100, 32)  # and beside it again
        await terminal.shows("▏", "Score", since=mark)
        terminal.pty.write(b"q")
        await asyncio.wait_for(terminal.gone.wait(), 60)
    finally:
        await terminal.pty.stop()


async def test_two_players_meet_in_the_lobby_a_third_watches_and_all_see_the_end(
    door: Door,
) -> None:
    alice, bob, eve = [await played(door, user) for user in ("alice", "bob", "eve")]
    try:
        alice.pty.write(b"o")  # the server's lobby, one key away
        await alice.shows("lobby", "h Host")
        alice.pty.write(b"h")
        await alice.shows("Waiting for your opponent", "Alice")
        bob.pty.write(b"o")
        await bob.shows("Alice (1500?) · 3×3")  # a key: a rating, provisional
        bob.pty.write(b"\r")
        await bob.shows("Alice's move")
        eve.pty.write(b"o")
        await eve.shows("Alice (1500?) v Bob · 3×3")
        eve.pty.write(b"w")
        await eve.shows("Alice's move")
        for player, key, other in ((alice, "1", "Bob"), (bob, "4", "Alice"), (alice, "2", "Bob")):
            mark = len(player.seen)
            player.pty.write(key.encode())
            await player.shows(f"{other}'s move", since=mark)
        mark = len(alice.seen)
        bob.pty.write(b"5")
        await alice.shows("Your move", since=mark)
        alice.pty.write(b"3")  # the top row
        await alice.shows("You won")
        for terminal in (bob, eve):
            await terminal.shows("Alice won")
    finally:
        await asyncio.gather(*(terminal.pty.stop() for terminal in (alice, bob, eve)))


def fingerprint_of(key: Path) -> str:
    listed = subprocess.run(
        ["ssh-keygen", "-lf", f"{key}.pub"], capture_output=True, text=True, check=True, timeout=60
    )
    return listed.stdout.split()[1]


async def test_a_key_is_a_player_named_once_by_the_name_it_first_came_with(door: Door) -> None:
    key = keyed(door.key.parent, "gina")
    door.keys["gina"] = key
    fingerprint = fingerprint_of(key)
    for user in ("gina", "mallory"):  # the same key, whatever user name it comes with
        terminal = await played(door, user=user, holder="gina")
        await terminal.pty.stop()
        assert door.names()[fingerprint] == "Gina"
    assert (door.home / "ssh_host_ed25519_key").stat().st_mode & 0o077 == 0  # owner only


async def test_a_name_that_reads_as_an_option_or_a_guests_plays_as_player(door: Door) -> None:
    terminal = await played(door, user="guest-0001", holder="eve")  # a guest's name: no
    await terminal.pty.stop()
    assert door.names()[fingerprint_of(door.keys["eve"])].startswith(("Player", "Eve"))
    # OpenSSH sends no user name beginning with "-"; a script does, and the game still starts
    seen = await drawn_for(door, "-h", door.keys["bob"])
    assert READY in seen
    assert door.names()[fingerprint_of(door.keys["bob"])].startswith(("Player", "Bob"))
    assert not any(name.startswith(("-", "Guest")) for name in door.names().values())


def test_a_command_is_refused_with_the_line_to_type(door: Door) -> None:
    result = door.run(command="ls")
    assert result.returncode == 1
    assert PLAY_ONLY.format(command=f"ssh -t -p {door.port} localhost") in result.stderr


def test_a_session_without_a_terminal_is_told_to_ask_for_one(door: Door) -> None:
    result = door.run("-T")
    assert result.returncode == 1
    assert NEEDS_TERMINAL.format(command=f"ssh -t -p {door.port} localhost") in result.stderr


def test_forwarding_is_refused(door: Door) -> None:
    web = door.server.url.rsplit(":", 1)[1]
    local = door.run("-W", f"127.0.0.1:{web}")  # a tunnel to the web port: no
    assert local.returncode != 0 and "forwarding failed" in local.stderr
    remote = door.run("-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22")
    assert remote.returncode != 0 and "forwarding failed" in remote.stderr
    x11 = door.run("-X", "-T", display=":99")  # no display is opened here
    assert "X11 forwarding request failed" in x11.stderr


def test_sftp_is_refused(door: Door) -> None:
    sftp = shutil.which("sftp")
    if sftp is None:
        pytest.skip("no sftp client")
    argv = door.ssh()
    options = [part for part in argv[1:-3] if part not in ("-p", str(door.port))]
    result = subprocess.run(
        [sftp, *options, "-P", str(door.port), "-b", "-", "alice@127.0.0.1"],
        input="ls\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "subsystem request failed" in result.stderr


def test_without_a_key_no_one_gets_in_unless_guests_are_let_in(door: Door, tmp_path: Path) -> None:
    refused = door.run("-T", key=False)
    assert refused.returncode == 255 and "Permission denied" in refused.stderr
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(tmp_path)}
    with served_game("--ssh", str(port), "--ssh-guests", environment=environment) as server:
        door_line(server)
        guests = Door(server, port, tmp_path, door.key)
        let_in = guests.run("-T", key=False)
        assert let_in.returncode == 1 and "needs a terminal" in let_in.stderr
        assert not (tmp_path / FILE_NAME).exists()  # a guest is remembered nowhere


async def test_strangers_connections_leave_a_players_game_playing(door: Door) -> None:
    terminal = await played(door, user="dave")
    try:

        async def stranger() -> None:
            for _ in range(STRANGERS // AT_ONCE):
                reader, writer = await asyncio.open_connection("127.0.0.1", door.port)
                writer.write(b"SSH-2.0-stranger\r\n" + os.urandom(64))
                with contextlib.suppress(TimeoutError, ConnectionError):
                    await asyncio.wait_for(reader.read(256), 5)
                writer.close()
                with contextlib.suppress(ConnectionError, OSError):
                    await writer.wait_closed()

        strangers = asyncio.gather(*(stranger() for _ in range(AT_ONCE)))
        mark = len(terminal.seen)
        terminal.pty.write(b"5")  # the player's move is answered while they come and go
        await terminal.shows("1. X 5", "2. O", since=mark)
        await strangers
        mark = len(terminal.seen)
        terminal.pty.write(b"u")  # and the game still answers every key
        await terminal.shows("Took back 2 moves", since=mark)
    finally:
        await terminal.pty.stop()
    assert door.run("-T").returncode == 1  # and the door still lets players in


def test_one_address_cannot_hold_every_connection(door: Door) -> None:
    held = [socket.create_connection(("127.0.0.1", door.port), timeout=30) for _ in range(8)]
    try:
        result = door.run("-T")
        assert result.returncode == 1  # the ninth from this address is let in ...
        assert sum(not still_open(connection) for connection in held) == 1  # ... its idlest out
    finally:
        for connection in held:
            connection.close()


def still_open(connection: socket.socket) -> bool:
    """Whether the server holds a connection open still (it sent its banner, then nothing)."""
    connection.settimeout(0.5)
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return True
    except OSError:
        return False
    return False


async def test_a_dropped_player_s_game_ends_at_once(door: Door) -> None:
    def ssh_games() -> set[int]:
        return {pid for pid in door.server.game_processes() if "--ssh-player" in command_of(pid)}

    before = ssh_games()
    terminal = await played(door, user="frank")
    games = ssh_games() - before
    assert len(games) == 1  # the player's own process
    pid = terminal.pty.pid
    assert pid is not None
    os.killpg(pid, signal.SIGKILL)  # the client gone without a word: a dropped network, ~.
    await until(
        lambda: not games & set(door.server.game_processes()),
        "the dropped player's game ended",
        every=0.1,
    )
    await terminal.pty.stop()


async def test_an_idle_game_ends_and_says_why(tmp_path: Path, door: Door) -> None:
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(tmp_path)}
    idle = ("--ssh", str(port), "--ssh-idle-minutes", "0.1")
    with served_game(*idle, environment=environment) as server:
        door_line(server)
        terminal = await played(Door(server, port, tmp_path, door.key))
        try:
            await asyncio.wait_for(terminal.gone.wait(), 60)  # 6 s with nothing typed
            assert IDLE.format(minutes=0.1) in terminal.text
        finally:
            await terminal.pty.stop()


async def stranger_client(
    door: Door, user: str = "stranger", key: Path | None = None
) -> asyncssh.SSHClientConnection:
    """A scripted client (asyncssh's), with the door's first key, as a stranger would write."""
    return await asyncssh.connect(
        "127.0.0.1",
        door.port,
        username=user,
        client_keys=[str(key or door.key)],
        known_hosts=None,
        agent_path=None,
    )


async def no_game_left(door: Door) -> None:
    """Wait (bounded) until no SSH player's game process is left."""
    await until(
        lambda: not any("--ssh-player" in command_of(pid) for pid in door.server.game_processes()),
        "every SSH player's game ended",
        every=0.1,
    )


async def test_one_connection_holds_two_sessions_at_most(door: Door) -> None:
    def session() -> Any:  # a terminal and a shell: a game each
        return connection.create_session(
            asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24)
        )

    async with await stranger_client(door) as connection:
        opened = [await session() for _ in range(2)]
        with pytest.raises(asyncssh.ChannelOpenError):
            await session()
        for channel, _ in opened:
            channel.close()
    await no_game_left(door)


async def test_a_session_closed_while_its_game_starts_leaves_no_game(door: Door) -> None:
    await no_game_left(door)
    async with await stranger_client(door) as connection:
        for _ in range(10):  # a terminal and a shell asked for, and gone at once
            channel, _ = await connection.create_session(
                asyncssh.SSHClientSession, term_type="xterm", term_size=(80, 24)
            )
            channel.close()
    await no_game_left(door)
    terminal = await played(door)  # and every slot is free again
    await terminal.pty.stop()


async def drawn_for(
    door: Door, user: str, key: Path, terminal_type: str = "xterm-256color"
) -> bytes:
    """What a scripted client's game draws (waited for until its board is playable)."""
    seen = bytearray()

    class Shown(asyncssh.SSHClientSession):  # type: ignore[type-arg]
        def data_received(self, data: bytes, *_: object) -> None:
            seen.extend(data)

    async with await stranger_client(door, user, key) as connection:
        channel, _ = await connection.create_session(
            Shown, term_type=terminal_type, term_size=(80, 24), encoding=None
        )
        for _ in range(POLLS):
            if READY in ANSI.sub(b"", bytes(seen)):
                break
            await asyncio.sleep(0.1)
        channel.close()
    return ANSI.sub(b"", bytes(seen))


async def test_a_terminal_type_no_program_may_be_given_gets_the_default(door: Door) -> None:
    assert READY in await drawn_for(door, "alice", door.key, terminal_type="bad\x00term")
    await no_game_left(door)
