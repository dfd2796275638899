"""The games of `nac serve`: one `nac` process per visitor, its screen and keys relayed over the
visitor's websocket by textual-serve's `AppService`, and supervised here.

- A game ends when its visitor goes, by force if it must. The relay keeps reading a game's
  output after the visitor's connection has gone (dropping it), so the game is never blocked
  writing to a pipe nobody reads; it is asked to quit, and a game that has not ended after
  QUIT_SECONDS is hung up on (its process group: SIGHUP), then killed. A slot is free only
  once the process has exited.
  (textual-serve 1.1.3 stops reading when a send to the browser fails and never ends the
  process: that is the leak this fixes; the fix belongs upstream too.)
- A game runs in a session of its own, so ctrl+c in the server's terminal reaches the server
  alone, which ends its games as above; a server that dies takes its games along (`lifeline`).
- What a browser sends is checked before it reaches a game: a message that is not one of the
  page's own (`stdin`, `resize`, `ping`, `focus`, `blur`) with values of the right kind is
  dropped, and a terminal size is clamped to MIN_SIZE..MAX_SIZE.
- Keys a game has not taken are not kept: the pipe to it holds GAME_PIPE_SIZE bytes, and keys
  that come while it is full are dropped (a game reads its keys no faster than it handles them,
  `nac.ui.driver`), so a visitor typing flat out fills neither the game nor the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import signal
import weakref
from typing import TYPE_CHECKING, Any, NamedTuple

from textual_serve.app_service import AppService

from .lifeline import end_group, in_child

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.download_manager import DownloadManager

log = logging.getLogger("nac.web")

MIN_SIZE = (20, 6)
"""The smallest terminal a game is given (columns, rows); the game says when it is too small."""
MAX_SIZE = (320, 120)
"""The largest: wider than a 4K screen at a small font. A game's memory and its frames grow with
its size (10000×10000 took 1.2 GB): nothing bigger is given."""
DEFAULT_SIZE = (80, 24)
"""A visitor's terminal when the page does not say (textual.js always does)."""
START_SECONDS = 30.0
"""The most a game may take to draw its first screen (a bound on a wait: a game that has not
drawn by then is ended, and the visitor told the server is busy)."""
QUIT_SECONDS = 3.0
"""How long a game has to end when asked, once its visitor has gone, before it is hung up on."""
KILL_SECONDS = 2.0
"""How long a game hung up on has before it is killed."""
LONGEST_MESSAGE = 64 * 1024
"""The largest message a browser may send (a paste of a few pages); a longer one ends the
connection (aiohttp refuses it)."""
PREFACE_LIMIT = 64 * 1024
"""What a game kept ready has drawn before its visitor comes is kept, up to this much, and sent
first: it sets the terminal up (mouse reporting, the alternate screen, ...)."""
LONGEST_PING = 64
"""A ping's payload (the page sends a time stamp) is echoed back only up to this length."""


class Size(NamedTuple):
    columns: int
    rows: int


def clamped(width: object, height: object, default: Size | None = None) -> Size:
    """A terminal size a game may be given: whole numbers clamped to MIN_SIZE..MAX_SIZE, or
    `default` for anything that is not a whole number (text, NaN, a bool)."""

    def number(value: object, fallback: int, low: int, high: int) -> int:
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, float) and math.isfinite(value) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            return fallback
        return min(high, max(low, value))

    fallback = default or Size(*DEFAULT_SIZE)
    return Size(
        number(width, fallback.columns, MIN_SIZE[0], MAX_SIZE[0]),
        number(height, fallback.rows, MIN_SIZE[1], MAX_SIZE[1]),
    )


class Message(NamedTuple):
    """A message from the page, checked: its kind and what it carries."""

    kind: str
    data: Any = None


def read_message(text: str) -> Message | str:
    """The page's message in `text`, or why it is refused (a short reason, for the log)."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return "not JSON"
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return "not a message"
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return Message(kind, data) if isinstance(data, str) else "keys that are not text"
    if kind == "resize":
        if not isinstance(data, dict) or {"width", "height"} - data.keys():
            return "a resize without a size"
        size = clamped(data["width"], data["height"], Size(-1, -1))
        if -1 in size:
            return "a resize to a size that is not a number"
        return Message(kind, size)
    if kind == "ping":
        if isinstance(data, str | int | float) and len(str(data)) <= LONGEST_PING:
            return Message(kind, data)
        return "a ping too long"
    if kind in ("focus", "blur"):
        return Message(kind)
    return "an unknown message"


FAILED_TO_START = "Application failed to start"
"""What textual-serve logs of a game whose process ends before it has said it is a Textual app."""


class EndedOnPurpose(logging.Filter):
    """Drops textual-serve's FAILED_TO_START for a game the server ended itself while it started
    (the server was stopped, or the game took longer than START_SECONDS): it did not fail."""

    def __init__(self) -> None:
        super().__init__()
        self.games: weakref.WeakSet[asyncio.Task[None]] = weakref.WeakSet()
        """The games' relaying tasks (textual-serve's `run`, which logs it) being ended."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != FAILED_TO_START:
            return True
        try:
            return asyncio.current_task() not in self.games
        except RuntimeError:  # no event loop running
            return True


ENDED_ON_PURPOSE = EndedOnPurpose()
"""Set on textual-serve's logger by the server (`Served.initialize_logging`)."""


class GameProcess(AppService):
    """One game's process: started ahead (warm) or for a visitor, attached to the visitor's
    websocket, and ended for sure when the visitor goes."""

    def __init__(
        self,
        command: str,
        *,
        drawn_when: bytes,
        download_manager: DownloadManager,
        debug: bool = False,
        environment: dict[str, str] | None = None,
    ) -> None:
        """`drawn_when`: text the game's first screen shows (it has started for good once it
        has drawn it); `environment`: set for the game's process besides textual-serve's."""
        super().__init__(
            command,
            write_bytes=self._send_bytes,
            write_str=self._send_str,
            close=self._close_visitor,
            download_manager=download_manager,
            debug=debug,
        )
        self.visitor: web.WebSocketResponse | None = None
        """The connection the game is played over (None before a visitor comes, or after)."""
        self._preface = bytearray()
        """What the game drew before its visitor came (see PREFACE_LIMIT)."""
        self._attached = False
        self.drawn = asyncio.Event()
        """Set once the game has drawn its first screen (`drawn_when`): it has started, and can
        be handed a visitor. A resize before then comes in the middle of its start, and the
        size it started with may win over it."""
        self._drawn_when = drawn_when
        self.environment = environment or {}
        """Set for the game's process besides textual-serve's own."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return {**super()._build_environment(width, height), **self.environment}

    async def start(self, width: int, height: int) -> None:
        """textual-serve's, but the game runs in a session of its own (ctrl+c in the server's
        terminal is the server's alone: the server ends its games) and dies with the server."""
        self._process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
            preexec_fn=in_child(),
        )
        _hold_little(self.stdin)
        self._task = asyncio.create_task(self.run())

    @property
    def stdin(self) -> asyncio.StreamWriter:
        """The game's standard input (textual-serve writes its messages for the game there)."""
        assert self._process is not None and self._process.stdin is not None
        return self._process.stdin

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def attach(self, visitor: web.WebSocketResponse, size: Size) -> None:
        """The game is the visitor's from now on, at the size of the visitor's terminal: what it
        drew before (the terminal's set-up) is sent first."""
        self.visitor, self._attached = visitor, True
        preface, self._preface = bytes(self._preface), bytearray()
        if preface:
            await self._send_bytes(preface)
        await self.set_terminal_size(*size)

    async def handle(self, message: Message, visitor: web.WebSocketResponse) -> None:
        """Pass a checked message from the visitor's page on to the game."""
        if message.kind == "stdin":
            if self.stdin.transport.get_write_buffer_size():
                return  # the game has not taken the keys before: these are dropped, not kept
            await self.send_bytes(message.data.encode("utf-8"))
        elif message.kind == "resize":
            await self.set_terminal_size(*message.data)
        elif message.kind == "ping":
            await visitor.send_json(["pong", message.data])
        elif message.kind == "focus":
            await self.focus()
        elif message.kind == "blur":
            await self.blur()

    async def _send_bytes(self, data: bytes) -> None:
        """The game's screen to the visitor (kept for the visitor to come, for a game kept
        ready); dropped, and the game's output still read, once the visitor has gone."""
        if not self._attached:
            if len(self._preface) < PREFACE_LIMIT:
                self._preface += data[: PREFACE_LIMIT - len(self._preface)]
            if self._drawn_when in self._preface or len(self._preface) >= PREFACE_LIMIT:
                self.drawn.set()
            return
        visitor = self.visitor
        if visitor is not None and not visitor.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await visitor.send_bytes(data)

    async def _send_str(self, text: str) -> None:
        visitor = self.visitor
        if visitor is not None and not visitor.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await visitor.send_str(text)

    async def _close_visitor(self) -> None:
        """The game ended itself (the visitor pressed q): the page says the session ended."""
        visitor = self.visitor
        if visitor is not None and not visitor.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await visitor.close()

    async def stop(self) -> None:
        """End the game: asked to quit, then hung up on, then killed, until its process has
        exited (only then is its slot free)."""
        self.visitor = None
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            if self._task is not None:
                ENDED_ON_PURPOSE.games.add(self._task)
            with contextlib.suppress(asyncio.TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_SECONDS)
            for hang_up, seconds in ((False, QUIT_SECONDS), (True, KILL_SECONDS)):
                if hang_up and process.returncode is None:
                    end_group(process.pid, signal.SIGHUP)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), seconds)
            if process.returncode is None:
                log.warning("a game did not end when asked: killed")
                end_group(process.pid, signal.SIGKILL)
                await process.wait()
        task, self._task = self._task, None
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task


GAME_PIPE_SIZE = 4096
"""What the pipe to a game holds (Linux; 64 KiB by default): keys the game has not read wait
there, and a game handles a few thousand a second."""


def _hold_little(stdin: asyncio.StreamWriter) -> None:
    """The pipe to a game holds GAME_PIPE_SIZE bytes, where the system can say so."""
    try:
        import fcntl
    except ImportError:  # Windows
        return
    pipe = stdin.transport.get_extra_info("pipe")
    set_size = getattr(fcntl, "F_SETPIPE_SZ", None)
    if pipe is not None and set_size is not None:
        with contextlib.suppress(OSError):
            fcntl.fcntl(pipe.fileno(), set_size, GAME_PIPE_SIZE)
