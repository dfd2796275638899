"""One SSH session of the door (`ssh_door`): the game, if it has a terminal (in a process and a
pseudo-terminal of its own, `pty_game`, following the terminal's size, started in its turn,
ended when the player goes, it idles or the server stops), otherwise a line saying what to
type."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Mapping
from typing import Any, Protocol

import asyncssh

from .pty_game import PtyGame, clamped
from .quiet_log import QuietLog
from .start_line import TURN_SECONDS

log = logging.getLogger("nac.ssh")
quiet = QuietLog(log)

IDLE_CHECK_SECONDS = 15.0

PLAY_ONLY = "nac: this door plays nac and runs nothing else: {command}"

NEEDS_TERMINAL = "nac: the game needs a terminal: {command}"

FULL = "nac: the server is full: every game it runs is being played. Please try again later."

IDLE = "nac: nothing typed for {minutes:g} minutes: the game ends here. Come back any time."

STOPPING = "nac: the server is stopping: the game ends here. Come back once it is started again."

TOO_QUICK = "nac: games are started too quickly from your network: wait a moment and try again."

GOODBYE = "\r\n"
SAID_SECONDS = 5.0
"""How long a session ended by the server waits for its last line to reach the player."""

DEFAULT_TERMINAL = "xterm-256color"

FIXED_SIZE = ("COLUMNS", "LINES")

REFUSED_START_SECONDS = 1.0

RESIZES_PER_SECOND = 10.0


class Connection(Protocol):
    """What a session asks of the SSH connection it came on (`ssh_door.Connection`)."""

    server: Any
    """The door's server (`ssh_door.SshServer`): its door, its start line, whether it stops."""
    address: str
    network: str
    public_key: str
    games: int
    sessions: int

    async def named(self) -> str: ...


class Refused(Exception):
    """A game that may not start: the line to tell the player."""


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One session: the game, if it has a terminal; otherwise a line saying what to type.

    One task (`_play`) owns the game from its start to its process's exit: it counts the game,
    starts it, waits until the session is over (the player went, the game ended, it idled,
    the server stops: `_over`), then ends the game and uncounts it once its process is gone,
    whatever came first and however often."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.channel: Any = None
        self.terminal: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.game: PtyGame | None = None
        self.last_typed = time.monotonic()
        self._over = asyncio.Event()
        self._idle = False
        self._playing: asyncio.Task[None] | None = None
        self._watching: asyncio.Task[None] | None = None
        self._resized = -1.0 / RESIZES_PER_SECOND
        self._resizing: asyncio.TimerHandle | None = None

    # -- what the client asks for ------------------------------------------------------------

    def connection_made(self, chan: Any) -> None:
        self.channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], *_: Any) -> bool:
        self.terminal = term_type if _is_terminal_name(term_type) else DEFAULT_TERMINAL
        width, height = term_size[:2]
        self.size = clamped(width or 80, height or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command  # refused with a line once the session starts
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        quiet.info("an SSH player's %s is refused", "SFTP" if subsystem == "sftp" else "subsystem")
        return False

    def session_started(self) -> None:
        where = self.server.command_line()
        if self.command is not None:
            quiet.info("an SSH player's command is refused")
            self._refuse(PLAY_ONLY.format(command=where))
        elif self.terminal is None:
            self._refuse(NEEDS_TERMINAL.format(command=where))
        elif not self._over.is_set():
            self._playing = asyncio.get_running_loop().create_task(self._play())

    def terminal_size_changed(self, width: int, height: int, *_: Any) -> None:
        """The game follows at once, or, if it followed less than 1/RESIZES_PER_SECOND ago,
        then (to the last size asked for): a storm of resizes costs the game one redraw."""
        self.size = clamped(width, height)
        if self._resizing is not None:
            return
        wait = self._resized + 1 / RESIZES_PER_SECOND - time.monotonic()
        if wait <= 0:
            self._resize()
        else:
            self._resizing = asyncio.get_running_loop().call_later(wait, self._resize)

    def _resize(self) -> None:
        self._resizing = None
        self._resized = time.monotonic()
        if self.game is not None:
            self.game.resize(*self.size)

    def data_received(self, data: bytes, *_: Any) -> None:
        self.last_typed = time.monotonic()
        if self.game is not None:
            self.game.write(data)

    def pause_writing(self) -> None:
        """The player's connection holds as much as it may: the game's drawing waits."""
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    def eof_received(self) -> bool:
        self._over.set()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._over.set()
        self.connection.sessions -= 1
        if self._resizing is not None:
            self._resizing.cancel()
            self._resizing = None

    # -- the game ----------------------------------------------------------------------------

    def _refuse(self, line: str) -> None:
        with contextlib.suppress(Exception):
            self.channel.write_stderr((line + "\r\n").encode())
            self.channel.exit(1)

    async def _play(self) -> None:
        address, door = self.connection.address, self.server.door
        refusal = FULL if self.server.stopping else door.admit(address)
        if refusal is None and not self.server.may_start(self.connection.network):
            refusal = TOO_QUICK
        if refusal is not None:
            quiet.info("an SSH player is refused: %s", refusal)
            if not self.server.stopping:  # a script starting games in a loop waits too
                await asyncio.sleep(REFUSED_START_SECONDS)
            self._refuse(refusal)
            return
        given = door.started(address, self.connection.public_key)  # counted until it exits
        self.connection.games += 1
        self.server.sessions.add(self)
        game = self.game = PtyGame(self._draw, self._over.set)
        try:
            name = await self.connection.named()
            public_key = self.connection.public_key
            if door.player is not None and public_key:
                try:
                    name = await door.player(address, public_key, name)
                except Refused as refusal:
                    self._refuse(str(refusal))
                    return
            environment = {
                **{key: value for key, value in os.environ.items() if key not in FIXED_SIZE},
                **given,
                "TERM": self.terminal or DEFAULT_TERMINAL,
                "USER": name,
                "LOGNAME": name,
            }
            if self._over.is_set():
                return
            try:
                argv = [*door.command, f"{door.name_option}={name}"]
                await self._start_in_turn(game, argv, environment)
            except (OSError, ValueError) as error:
                quiet.warning("an SSH player's game did not start: %s", error)
                self._refuse("nac: the game could not start here. Please try again later.")
                return
            log.info("an SSH game starts for %s", "a guest" if name.startswith("Guest-") else name)
            self._watching = asyncio.get_running_loop().create_task(self._watch_idle())
            await self._over.wait()
        finally:
            self.game = None
            if self._watching is not None:
                self._watching.cancel()
            await game.stop()  # returns once its process has exited (at once if none started)
            self.server.sessions.discard(self)
            self.connection.games -= 1
            door.ended(address, given)
            log.info("an SSH game ends")
            self._said_goodbye(game)

    async def _start_in_turn(
        self, game: PtyGame, argv: list[str], environment: Mapping[str, str]
    ) -> None:
        """The game started when its turn comes (`StartLine`: games start one at a time), the
        turn held until its first frame; never started if the session ends while it waits."""
        async with self.server.start_line.turn(self._over) as mine:
            if mine:
                await game.start(argv, environment, *self.size)
                await game.first_frame(TURN_SECONDS, self._over)

    def _said_goodbye(self, game: PtyGame) -> None:
        """The game is over and its terminal given back: why, if the player did not quit."""
        if self.server.stopping:
            self._refuse(GOODBYE + STOPPING)
            return
        if self._idle:
            self._refuse(
                GOODBYE + IDLE.format(minutes=round(self.server.door.idle_seconds / 60, 1))
            )
            return
        with contextlib.suppress(Exception):
            self.channel.write(GOODBYE.encode())
            self.channel.exit(0 if game.returncode in (0, None) else 1)

    def _draw(self, data: bytes) -> None:
        with contextlib.suppress(Exception):
            self.channel.write(data)

    async def _watch_idle(self) -> None:
        idle = self.server.door.idle_seconds
        while not self._over.is_set():
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, idle / 4))
            if time.monotonic() - self.last_typed >= idle:
                log.info("an SSH game ends: idle")
                self._idle = True
                self._over.set()

    async def end(self) -> None:
        """The session is over (the server stops): returns once its game's process has
        exited and it is no longer counted, and what it said last (why it ended) has reached
        the player (its channel closed, within SAID_SECONDS): the connection may close then
        without cutting that line off."""
        self._over.set()
        if self._playing is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(self._playing)
        if self.channel is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.channel.wait_closed(), SAID_SECONDS)


def _is_terminal_name(text: str) -> bool:
    """Whether a client's terminal type is one to give a program: a short printable name."""
    return 0 < len(text) <= 64 and text.isascii() and text.isprintable() and " " not in text
