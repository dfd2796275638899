"""One SSH player's game: `nac` in a pseudo-terminal of its own, in a process of its own (as a
browser's game is), sized to the player's terminal and following its resizes; what it draws
goes to `output`, what the player types is written to it. Ending it ends the process at once
(SIGHUP, as a closed terminal does, then SIGKILL if it lingers) and waits for it, so its slot
is free only once it has exited; a server that dies takes it along (`lifeline`)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence

from .lifeline import end_group, in_child

READ_SIZE = 65536
"""Bytes read from the terminal at a time."""
MOST_PENDING = 4096
"""Typed bytes kept for a game whose terminal is full (it reads no faster than it handles its
keys, `nac.ui.driver`): beyond, more are dropped, not kept, so a player typing flat out costs
the server nothing and the game answers their next key soon after they stop."""
HANG_UP_SECONDS = 2.0
"""How long a game has to end after SIGHUP before it is killed."""
LARGEST_SIDE = 1000
"""A terminal's side beyond this many cells is taken as this many."""
FIRST_FRAME_BYTES = 1024
"""What a game has drawn once its first frame is out (its terminal's set-up is less)."""


def clamped(width: int, height: int) -> tuple[int, int]:
    """A terminal's size as the game gets it: each side from 1 to LARGEST_SIDE."""
    return max(1, min(width, LARGEST_SIDE)), max(1, min(height, LARGEST_SIDE))


class PtyGame:
    def __init__(self, output: Callable[[bytes], object], ended: Callable[[], object]) -> None:
        """`output` takes what the game draws; `ended` is called once its process is gone."""
        self._output = output
        self._ended = ended
        self._master: int | None = None
        self._process: asyncio.subprocess.Process | None = None
        self._pending = bytearray()
        self._waiter: asyncio.Task[None] | None = None
        self._drawn = 0
        self._first_frame = asyncio.Event()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def returncode(self) -> int | None:
        """How its process ended (None while it runs, or if it never started)."""
        return None if self._process is None else self._process.returncode

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def start(
        self, argv: Sequence[str], environment: Mapping[str, str], width: int, height: int
    ) -> None:
        """Start the game in a new terminal of width×height (OSError if it cannot start)."""
        master, slave = pty.openpty()
        try:
            _set_size(slave, width, height)
            self._process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(environment),
                start_new_session=True,  # its own session: the terminal is its controlling one
                preexec_fn=in_child(then=_take_terminal),  # and it dies with the server
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._readable)
        self._waiter = asyncio.create_task(self._wait())

    def _readable(self) -> None:
        master = self._master
        if master is None:
            return
        try:
            data = os.read(master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every copy of the terminal's other end is closed
            data = b""
        if not data:
            self._stop_reading()
            self._first_frame.set()
            return
        self._drawn += len(data)
        if self._drawn >= FIRST_FRAME_BYTES:
            self._first_frame.set()
        self._output(data)

    async def first_frame(self, seconds: float, over: asyncio.Event) -> None:
        """Returns once the game has drawn its first frame, has ended, `over` is set, or
        `seconds` passed."""
        waits = [asyncio.ensure_future(event.wait()) for event in (self._first_frame, over)]
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()

    def pause_output(self) -> None:
        """The player's connection is not taking what the game draws: stop reading it (the
        game then waits on its terminal, as on a slow one), rather than keep it in memory."""
        if self._master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._master)

    def resume_output(self) -> None:
        if self._master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().add_reader(self._master, self._readable)

    def _stop_reading(self) -> None:
        if self._master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self._master)
                asyncio.get_running_loop().remove_writer(self._master)

    def write(self, data: bytes) -> None:
        """What the player typed, for the game (kept while the terminal is full)."""
        if self._master is None or not data:
            return
        if len(self._pending) + len(data) > MOST_PENDING:
            return  # a game that reads nothing: more would only take memory
        was_empty = not self._pending
        self._pending += data
        if was_empty:
            self._flush()

    def _flush(self) -> None:
        master = self._master
        if master is None:
            return
        loop = asyncio.get_running_loop()
        try:
            written = os.write(master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        with contextlib.suppress(ValueError, OSError):
            if self._pending:
                loop.add_writer(master, self._flush)
            else:
                loop.remove_writer(master)

    def resize(self, width: int, height: int) -> None:
        """The player's terminal is width×height now: the game's is too (it hears SIGWINCH)."""
        if self._master is not None:
            with contextlib.suppress(OSError):
                _set_size(self._master, *clamped(width, height))

    async def _wait(self) -> None:
        assert self._process is not None
        try:
            await self._process.wait()
        finally:
            self._close()
            self._ended()

    def _close(self) -> None:
        self._stop_reading()
        self._first_frame.set()
        if self._master is not None:
            with contextlib.suppress(OSError):
                os.close(self._master)
            self._master = None

    async def stop(self) -> None:
        """End the game now: hung up on, then killed if it has not ended; returns once its
        process has exited."""
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            end_group(process.pid, signal.SIGHUP)
            try:
                await asyncio.wait_for(asyncio.shield(process.wait()), HANG_UP_SECONDS)
            except TimeoutError:
                end_group(process.pid, signal.SIGKILL)
        if self._waiter is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._waiter


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _take_terminal() -> None:
    """In the child, in its new session: the terminal on its standard input becomes its
    controlling terminal (so closing it hangs the game up, and ctrl+c reaches it)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
