"""The real program in a real pseudo-terminal: it draws, and however it ends (q, SIGTERM,
SIGHUP) it gives the terminal back: the alternate screen left, the mouse released."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

READ_STEPS = 600
"""Reads of at most 0.1 s each while waiting for the program (a bound on steps, not a timing
assert: a busy machine only makes the test slower)."""
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


class Terminal:
    """`nac` running in a pseudo-terminal, and everything it wrote."""

    def __init__(self, home: Path) -> None:
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "NAC_HOME": str(home),
            "COLUMNS": "100",
            "LINES": "32",
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

    def read_until(self, wanted: bytes) -> bool:
        for _ in range(READ_STEPS):
            if wanted in self.output:
                return True
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the program has gone and closed its side
                    return wanted in self.output
        return wanted in self.output

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
