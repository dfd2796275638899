"""`nac --plain` where a person types: in a real pseudo-terminal, lines are edited with the
standard `readline` (arrows, Backspace), and ctrl+c ends the game quietly; with no standard
input, or an output that cannot show every character, it says so or falls back to ASCII."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.benchmarks.pty_frames import Screen

WAIT_SECONDS = 60.0
"""How long to wait for the program at most (a bound, not a timing assert)."""
LEFT = b"\x1b[D"
PRESSES = 300
"""ctrl+c pressed at most this many times (a bound on steps)."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")


AS_A_TERMINAL_STARTS_IT = (
    "import os, signal, sys; "
    "signal.pthread_sigmask(signal.SIG_SETMASK, []); "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)
"""Starts a program with every signal delivered and ctrl+c's at its default, as a terminal
starts a shell: a test runner's process may ignore or block SIGINT (a worker that its
controller interrupts), and a program started from it would inherit that."""


def plain(home: Path) -> Screen:
    command = [sys.executable, "-m", "nac", "--plain", "--no-save"]
    launcher = [sys.executable, "-c", AS_A_TERMINAL_STARTS_IT, *command]
    return Screen(launcher, 80, 24, {"NAC_HOME": str(home)})


def signals_of(screen: Screen) -> str:
    """The program's ignored, blocked and pending signals, for a failure's message."""
    try:
        status = Path(f"/proc/{screen.process.pid}/status").read_text()
    except OSError:
        return "(gone)"
    return " ".join(line for line in status.splitlines() if line.startswith(("Sig", "ShdPnd")))


def ended(screen: Screen) -> int | None:
    """The program's exit status once it has ended (reading what it writes meanwhile, so that
    it never waits on a full terminal), None if it is still running after WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        screen.settle(0.1)  # returns at once once the terminal is closed: then wait a little
        with contextlib.suppress(subprocess.TimeoutExpired):
            return screen.process.wait(timeout=0.1)
    return None


def test_a_typed_line_is_edited_with_the_arrows(nac_home: Path) -> None:
    screen = plain(nac_home)
    try:
        assert screen.wait_for(b"> ", WAIT_SECONDS) is not None
        screen.send(b"3" + LEFT + b"5\r")  # 3, back one, 5 in front of it: "53"
        assert screen.wait_for(b"is not a square", WAIT_SECONDS) is not None, screen.buffer
        assert b"'53' is not a square" in screen.buffer
    finally:
        screen.close()


def test_ctrl_c_at_the_prompt_ends_quietly_with_status_130(nac_home: Path) -> None:
    screen = plain(nac_home)
    try:
        assert screen.wait_for(b"> ", WAIT_SECONDS) is not None
        # What ctrl+c in its terminal sends. Pressed again until it ends, as a person would.
        # GNU readline notes a ctrl+c that comes while its own handler is in place (between
        # the prompt and its wait for a key) and acts on it at the next key: so now and then
        # a key too, a letter without Enter, which is what a person would press next.
        for press in range(PRESSES):
            screen.process.send_signal(signal.SIGINT)
            screen.settle(0.2)
            if screen.process.poll() is not None:
                break
            if press % 5 == 4:
                screen.send(b"x")
        assert ended(screen) == 130, (signals_of(screen), screen.buffer[-2000:])
        assert b"Traceback" not in screen.buffer and b"KeyboardInterrupt" not in screen.buffer
    finally:
        screen.close()


def test_with_standard_input_closed_it_says_so_and_exits_with_status_2(nac_home: Path) -> None:
    result = subprocess.run(  # `nac --plain <&-`, as a shell runs it
        ["sh", "-c", 'exec "$0" -m nac --plain --no-save <&-', sys.executable],
        capture_output=True,
        text=True,
        env={**os.environ, "NAC_HOME": str(nac_home)},
        check=False,
    )
    assert result.returncode == 2 and result.stderr.startswith("nac: standard input is closed")
    assert "Traceback" not in result.stderr


def test_an_ascii_output_gets_the_game_in_plain_ascii(nac_home: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nac", "--plain", "--no-save", "--size", "4"],
        input="b2\nq\n",
        capture_output=True,
        text=True,
        env={**os.environ, "NAC_HOME": str(nac_home), "PYTHONIOENCODING": "ascii"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "4x4 board" in result.stdout and "You (X) played b2." in result.stdout
