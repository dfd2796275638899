"""The first frame a terminal receives is the finished layout: the real program in a pseudo-
terminal of a given size, its output split into frames at Textual's synchronized-output
markers (as a terminal that supports them shows it), and the first frame read."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.benchmarks.pty_frames import FRAME_END, Screen, nac_app

WAIT_SECONDS = 60.0
"""How long to wait for a frame at most (a bound, not a timing assert: a busy machine only
makes the test slower)."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


@contextmanager
def running(home: Path, columns: int, rows: int, *args: str) -> Iterator[Screen]:
    screen = Screen(nac_app("--think", "0", *args), columns, rows, {"NAC_HOME": str(home)})
    try:
        yield screen
    finally:
        screen.close()


def next_frame(screen: Screen) -> bytes:
    assert screen.wait_for(FRAME_END, WAIT_SECONDS) is not None, screen.buffer[-400:]
    end = screen.buffer.index(FRAME_END) + len(FRAME_END)
    frame, screen.buffer = screen.buffer[:end], screen.buffer[end:]
    return frame


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 32), (120, 40)])
def test_the_first_frame_is_the_finished_layout(nac_home: Path, columns: int, rows: int) -> None:
    with running(nac_home, columns, rows) as screen:
        first = next_frame(screen)
    assert b" Your move (X) " in first  # the panel laid out at its width, not a letter a line
    assert b"You play X." in first
    assert b" Quit" in first and (b" Help" in first or b" More" in first)  # with its labels


def test_the_first_frame_of_the_puzzles_is_their_finished_layout(nac_home: Path) -> None:
    with running(nac_home, 40, 15) as screen:
        next_frame(screen)
        screen.settle(0.3)
        screen.buffer = b""
        screen.send(b"p")
        frame = next_frame(screen)
        while b"Puzzles" not in frame:
            frame = next_frame(screen)
    assert b" to play and" in frame and b"Puzzle 1 of" in frame  # laid out at its width
    assert b" Next" in frame and b" Back" in frame
