"""A program in a pseudo-terminal, as a terminal emulator sees it: the bytes it writes, split
into frames at Textual's synchronized-output markers, and the time from a key to the end of
the frame that answers it. Used by `bench_frames`; measures, asserts nothing."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

SYNC_QUERY = b"\x1b[?2026$p"
SYNC_SUPPORTED = b"\x1b[?2026;1$y"
FRAME_END = b"\x1b[?2026l"


class Screen:
    """A program running in a pseudo-terminal of columns×rows that answers Textual's question
    about synchronized output (yes), so every frame comes between markers."""

    def __init__(self, command: Sequence[str], columns: int, rows: int, env: dict[str, str]):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            list(command),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "TERM": "xterm-256color", **env},
            start_new_session=True,
        )
        os.close(slave)
        self.buffer = b""
        self.answered = False

    def _read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            return b""
        if not self.answered and SYNC_QUERY in self.buffer + data:
            os.write(self.master, SYNC_SUPPORTED)
            self.answered = True
        return data

    def wait_for(self, wanted: bytes, timeout: float = 30.0) -> float | None:
        """Read until `wanted` has been written; the time it arrived, None on timeout."""
        deadline = time.perf_counter() + timeout
        while wanted not in self.buffer:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.buffer += self._read(min(left, 0.05))
        return time.perf_counter()

    def settle(self, quiet: float = 0.3) -> None:
        """Read until the program has written nothing for `quiet` seconds."""
        while True:
            data = self._read(quiet)
            if not data:
                return
            self.buffer += data

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait_for_frame_with(
        self, marker: bytes | tuple[bytes, ...], timeout: float, after: bytes | None = None
    ) -> float | None:
        """Read frames until one holds `marker` (every one of them, given several; once a
        frame holding `after` has come, if given); the time that frame ended, None on
        timeout."""
        markers = (marker,) if isinstance(marker, bytes) else marker
        deadline = time.perf_counter() + timeout
        seen_after = after is None
        while True:
            while FRAME_END not in self.buffer:
                left = deadline - time.perf_counter()
                if left <= 0:
                    return None
                self.buffer += self._read(min(left, 0.05))
            ended = time.perf_counter()
            end = self.buffer.index(FRAME_END) + len(FRAME_END)
            frame, self.buffer = self.buffer[:end], self.buffer[end:]
            if not seen_after and after is not None and after in frame:
                seen_after = True
            if seen_after and all(wanted in frame for wanted in markers):
                return ended

    def press(self, key: bytes, timeout: float = 10.0) -> tuple[float, int] | None:
        """Send `key`; (seconds to the end of the first frame after it, bytes written in that
        frame), or None if no frame came."""
        self.buffer = b""
        started = time.perf_counter()
        os.write(self.master, key)
        ended = self.wait_for(FRAME_END, timeout)
        if ended is None:
            return None
        frame = self.buffer[: self.buffer.index(FRAME_END) + len(FRAME_END)]
        self.buffer = self.buffer[len(frame) :]
        return ended - started, len(frame)

    def cpu_seconds(self) -> float:
        """CPU time the program has used so far (user and system, from /proc)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Label

class Bare(App):
    BINDINGS = [("up", "tick", "Tick"), ("down", "tick", "Tick"), ("q", "quit", "Quit")]
    count = 0

    def compose(self):
        yield Label("0", id="count")
        yield Footer()

    def action_tick(self):
        self.count += 1
        self.query_one("#count", Label).update(str(self.count))

Bare().run()
"""


def bare_app() -> list[str]:
    return [sys.executable, "-c", BARE_APP]


def nac_app(*args: str) -> list[str]:
    return [sys.executable, "-m", "nac", "--no-save", *args]
