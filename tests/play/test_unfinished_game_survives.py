"""The real program in a pseudo-terminal, killed mid-game (SIGKILL: no handler runs, nothing is
written as it ends): started again with the same home, the game is back with every move it
showed. And a game started in a mode the command line asked for comes back in that mode
at the next plain `nac` after `q`."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.benchmarks.pty_frames import Screen

WAIT_SECONDS = 60.0
"""How long to wait for the program at most (a bound, not a timing assert)."""
SECOND_MOVE_LISTED = b"2. O 1"
"""The moves panel once O has played 1 after X's 5."""
BACK = b"is back (2"
"""The panel saying the game left unfinished is back, with its 2 moves (the line wraps)."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


class Programs:
    """The copies of `nac` a test starts, each in its own pseudo-terminal, all ended after it."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.started: list[Screen] = []

    def start(self, *args: str) -> Screen:
        command = [sys.executable, "-m", "nac", "--think", "0", *args]
        screen = Screen(command, 100, 32, {"NAC_HOME": str(self.home)})
        self.started.append(screen)
        return screen

    def close(self) -> None:
        for screen in self.started:
            kill_all(screen)
            screen.close()


def kill_all(screen: Screen) -> None:
    """kill -9 the program and whatever it started (its search process): a crash."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(screen.process.pid, signal.SIGKILL)
    screen.process.wait()


@pytest.fixture
def programs(nac_home: Path) -> Iterator[Programs]:
    started = Programs(nac_home)
    yield started
    started.close()


def play_5_then_1(screen: Screen, shown: bytes) -> None:
    """X plays 5 and O plays 1 (two people at the keys), waiting for `shown` after each."""
    for key in (b"5", b"1"):
        screen.send(key)
        assert screen.wait_for(shown if key == b"1" else b"1. X 5", WAIT_SECONDS), screen.buffer


def test_a_game_killed_with_sigkill_comes_back_with_both_moves(programs: Programs) -> None:
    first = programs.start("--mode", "two-player")
    assert first.wait_for(b"Noughts & Crosses", WAIT_SECONDS) is not None, first.buffer
    play_5_then_1(first, SECOND_MOVE_LISTED)
    kill_all(first)  # at once: the move on the screen was written before it was drawn
    again = programs.start("--mode", "two-player")
    assert again.wait_for(BACK, WAIT_SECONDS) is not None, again.buffer
    assert again.wait_for(SECOND_MOVE_LISTED, WAIT_SECONDS) is not None, again.buffer


def test_a_two_player_game_asked_for_on_the_command_line_comes_back_after_q(
    programs: Programs,
) -> None:
    first = programs.start("--mode", "two-player")
    assert first.wait_for(b"Noughts & Crosses", WAIT_SECONDS) is not None, first.buffer
    play_5_then_1(first, SECOND_MOVE_LISTED)
    first.send(b"q")
    assert first.process.wait(WAIT_SECONDS) == 0
    again = programs.start()  # the saved settings say: against the computer
    assert again.wait_for(BACK, WAIT_SECONDS) is not None, again.buffer
    assert again.wait_for(SECOND_MOVE_LISTED, WAIT_SECONDS) is not None, again.buffer
    assert again.wait_for(b"Two players", WAIT_SECONDS) is not None, again.buffer


def test_the_console_killed_with_sigkill_brings_its_game_back(programs: Programs) -> None:
    first = programs.start("--plain", "--mode", "two-player")
    assert first.wait_for(b"> ", WAIT_SECONDS) is not None, first.buffer
    first.send(b"5\r")
    assert first.wait_for(b"played 5.", WAIT_SECONDS) is not None, first.buffer
    first.send(b"1\r")
    assert first.wait_for(b"played 1.", WAIT_SECONDS) is not None, first.buffer
    kill_all(first)
    again = programs.start("--plain")
    assert again.wait_for(b"left unfinished is back (2 moves)", WAIT_SECONDS), again.buffer


def test_with_no_save_nothing_is_kept_as_the_game_goes(programs: Programs) -> None:
    first = programs.start("--no-save", "--mode", "two-player")
    assert first.wait_for(b"Noughts & Crosses", WAIT_SECONDS) is not None, first.buffer
    play_5_then_1(first, SECOND_MOVE_LISTED)
    kill_all(first)
    assert not (programs.home / "unfinished.json").exists()
