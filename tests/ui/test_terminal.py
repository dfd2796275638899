"""The real program in a real pseudo-terminal: it draws, and however it ends (q, SIGTERM,
SIGHUP) it gives the terminal back: the alternate screen left, the mouse released."""

from __future__ import annotations

import ctypes
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

READ_STEPS = 600
"""Reads of at most 0.1 s each while waiting for the program (a bound on steps, not a timing
assert: a busy machine only makes the test slower)."""
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"
QUIET = 10
"""Reads in a row with nothing written after which a program is taken to be waiting."""
SIZE_NAMES = ("COLUMNS", "LINES")
"""Variables that would fix the program's size whatever its terminal's."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


class Terminal:
    """`nac` running in a pseudo-terminal, and everything it wrote."""

    def __init__(self, home: Path) -> None:
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))  # 100×32
        env = {
            **{name: value for name, value in os.environ.items() if name not in SIZE_NAMES},
            "TERM": "xterm-256color",
            "NAC_HOME": str(home),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "nac", "--no-save", "--think", "0"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.output = b""

    def read_until(self, wanted: bytes, since: int = 0) -> bool:
        """Read until the program has written `wanted` (after the first `since` bytes)."""
        for _ in range(READ_STEPS):
            if wanted in self.output[since:]:
                return True
            if not self._read(0.1) and self.process.poll() is not None:
                break
        return wanted in self.output[since:]

    def settle(self) -> None:
        """Read until the program has written nothing for QUIET reads in a row (it waits)."""
        quiet = 0
        for _ in range(READ_STEPS):
            quiet = 0 if self._read(0.1) else quiet + 1
            if quiet == QUIET:
                return

    def _read(self, timeout: float) -> bool:
        """What the program wrote within `timeout` seconds, kept: whether there was any."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            self.output += os.read(self.master, 65536)
        except OSError:  # the program has gone and closed its side
            return False
        return True

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def finish(self) -> int:
        """Read until the program has given the terminal back, then wait for it to end; its
        exit status. (Our side of the terminal is closed first: a process leaving a pseudo-
        terminal may otherwise wait in the kernel for its last output to be read.)"""
        self.read_until(LEAVE_ALTERNATE_SCREEN)
        self.read_until(MOUSE_OFF)
        os.close(self.master)
        self.master = -1
        for _ in range(READ_STEPS):
            status = self.process.poll()
            if status is not None:
                return status
            time.sleep(0.1)
        raise AssertionError(f"the game did not end; it wrote at last: {self.output[-600:]!r}")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.master >= 0:
            os.close(self.master)


@pytest.fixture
def terminal(nac_home: Path) -> Iterator[Terminal]:
    term = Terminal(nac_home)
    yield term
    term.close()


@pytest.mark.parametrize(("how", "status"), [("q", 0), ("term", 128 + 15), ("hup", 128 + 1)])
def test_the_terminal_is_given_back_however_the_game_ends(
    terminal: Terminal, how: str, status: int
) -> None:
    assert terminal.read_until(b"Noughts & Crosses"), terminal.output[-400:]
    if how == "q":
        terminal.send(b"q")
    else:
        terminal.process.send_signal(signal.SIGTERM if how == "term" else signal.SIGHUP)
    assert terminal.finish() == status
    assert LEAVE_ALTERNATE_SCREEN in terminal.output and MOUSE_OFF in terminal.output


def test_bytes_that_are_not_utf8_do_not_end_the_game(terminal: Terminal) -> None:
    """A Latin-1 terminal's é, a stray high byte, a mouse report with high bytes: the game
    goes on and still takes its keys."""
    assert terminal.read_until(b"Noughts & Crosses")
    terminal.send(b"\xe9\xff\xfe\x1b[M\xff\xff\xff")
    terminal.send(b"5")
    assert terminal.read_until(b"Moves"), terminal.output[-400:]  # the move was played
    terminal.send(b"q")
    assert terminal.finish() == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sends a signal to one thread")
def test_a_resize_that_another_thread_hears_is_drawn_while_the_game_waits(
    terminal: Terminal,
) -> None:
    """The kernel gives a terminal's SIGWINCH to any of the game's threads that will take it;
    where that is not the one running the app (Textual's input or output thread), the app still
    draws at the new size at once, not at its next key or timer. (The terminal here is not the
    game's controlling one, so resizing it sends nothing: the signal is sent to one thread.)"""
    assert terminal.read_until(b"Noughts & Crosses"), terminal.output[-400:]
    terminal.settle()
    threads = [int(tid) for tid in os.listdir(f"/proc/{terminal.process.pid}/task")]
    others = [tid for tid in threads if tid != terminal.process.pid]
    assert others, "the game runs threads beside its app's"
    fcntl.ioctl(terminal.master, termios.TIOCSWINSZ, struct.pack("HHHH", 20, 60, 0, 0))
    mark = len(terminal.output)
    # to the first of them still there (a thread may have ended since the list was read)
    tgkill = ctypes.CDLL(None, use_errno=True).tgkill
    heard = (tid for tid in others if tgkill(terminal.process.pid, tid, signal.SIGWINCH) == 0)
    assert next(heard, None) is not None, os.strerror(ctypes.get_errno())
    assert terminal.read_until(b"Noughts & Crosses", since=mark), terminal.output[-400:]
    terminal.send(b"q")
    assert terminal.finish() == 0
