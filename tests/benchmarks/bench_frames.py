"""What a terminal sees: the game in a pseudo-terminal, frames split at Textual's
synchronized-output markers, against a bare Textual app (a Label and a Footer) in the same run.
Start-up to the first frame, and to the first complete frame (the finished layout: the panel
and the footer with their words); quitting (q to the terminal given back, and to the process
gone); key to the end of the repainted frame (cursor, move, a key while the computer searches
on 5×5); the computer's reply after a move. Medians and p90; asserts nothing."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from .common import ensure_bytecode, header, percentile
from .pty_frames import FRAME_END, Screen, bare_app, nac_app

SIZE = (100, 32)
STARTS = 11
KEYS = 60
UP, DOWN, LEFT, RIGHT = b"\x1b[A", b"\x1b[B", b"\x1b[D", b"\x1b[C"
ENV = {"NAC_HOME": "/nonexistent/nac-bench"}  # --no-save: nothing is read or written


def figures(label: str, milliseconds: list[float], extra: str = "") -> float:
    median = statistics.median(milliseconds)
    print(
        f"{label:44} median {median:7.2f} ms  p90 {percentile(milliseconds, 0.9):7.2f} ms"
        f"  max {max(milliseconds):7.1f} ms{extra}"
    )
    return median


def opened(command: list[str]) -> Screen:
    screen = Screen(command, *SIZE, ENV)
    if screen.wait_for(FRAME_END, 60) is None:
        raise RuntimeError(f"no first frame from {command}")
    screen.settle(0.5)
    return screen


COMPLETE = {"bare": (b"Quit", b"Tick"), "nac": (b" Quit", b" Your move (X) ")}
"""What each app's finished first layout holds: its footer's words, and nac's panel."""
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def start_up() -> None:
    header(
        "Start-up to the first frame and to the first complete one, in a pseudo-terminal (100×32)"
    )
    times: dict[str, list[float]] = {}
    for _ in range(STARTS):
        for name, command in (("bare", bare_app()), ("nac", nac_app())):
            started = time.perf_counter()
            screen = Screen(command, *SIZE, ENV)
            first = screen.wait_for(FRAME_END, 60)
            complete = screen.wait_for_frame_with(COMPLETE[name], 60)
            screen.close()
            if first is not None:
                times.setdefault(f"{name} first", []).append((first - started) * 1000)
            if complete is not None:
                times.setdefault(f"{name} complete", []).append((complete - started) * 1000)
    for what in ("first", "complete"):
        bare = figures(f"bare Textual app, {what} frame ({STARTS} runs)", times[f"bare {what}"])
        nac = figures(f"nac, {what} frame ({STARTS} runs, interleaved)", times[f"nac {what}"])
        print(f"ratio of medians: {nac / bare:.2f}× (target <= 1.10×)")


def quitting() -> None:
    """q pressed once the app has settled: to the terminal given back (the alternate screen
    left), and to the process gone."""
    header("Quitting: q to the terminal given back, and to the process gone (100×32)")
    times: dict[str, list[float]] = {}
    for _ in range(STARTS):
        for name, command in (("bare", bare_app()), ("nac", nac_app())):
            screen = opened(command)
            screen.buffer = b""
            started = time.perf_counter()
            screen.send(b"q")
            back = screen.wait_for(LEAVE_ALTERNATE_SCREEN, 30)
            while screen.process.poll() is None and time.perf_counter() - started < 30:
                screen.settle(0.005)
            gone = time.perf_counter()
            screen.close()
            if back is not None:
                times.setdefault(f"{name} back", []).append((back - started) * 1000)
                times.setdefault(f"{name} gone", []).append((gone - started) * 1000)
    for what, said in (("back", "q to the terminal back"), ("gone", "q to the process gone")):
        bare = figures(f"bare Textual app, {said} ({STARTS} runs)", times[f"bare {what}"])
        nac = figures(f"nac, {said} ({STARTS} runs, interleaved)", times[f"nac {what}"])
        print(f"ratio of medians: {nac / bare:.2f}×")


def key_to_frame(
    label: str, command: list[str], keys: list[bytes], between: Callable[[Screen], None]
) -> float:
    screen = opened(command)
    times, sizes = [], []
    cpu_before = screen.cpu_seconds()
    for index in range(KEYS):
        answered = screen.press(keys[index % len(keys)])
        if answered is not None:
            times.append(answered[0] * 1000)
            sizes.append(answered[1])
        between(screen)
    cpu = (screen.cpu_seconds() - cpu_before) / KEYS * 1000
    screen.close()
    return figures(
        label, times, f"  {statistics.median(sizes):6.0f} B/frame  {cpu:5.2f} ms CPU/key"
    )


def settled(screen: Screen) -> None:
    screen.settle(0.05)


def keys() -> None:
    header("Key to the end of the repainted frame (100×32; CPU per key includes idle ticks)")
    bare = key_to_frame("bare app: a label updated", bare_app(), [UP, DOWN], settled)
    arrows = [UP, RIGHT, DOWN, LEFT]
    cursor3 = key_to_frame("nac 3×3: cursor moved", nac_app("--think", "0"), arrows, settled)
    cursor5 = key_to_frame(
        "nac 5×5: cursor moved", nac_app("--think", "0", "--size", "5"), arrows, settled
    )

    def new_game(screen: Screen) -> None:
        screen.settle(0.05)
        screen.press(b"n")  # a game in progress: n asks,
        screen.settle(0.05)
        screen.press(b"n")  # and n again starts the new game
        screen.settle(0.05)

    move = key_to_frame(
        "nac 3×3: a move (X placed, O to come)",
        nac_app("--think", "1", "--mode", "two-player"),
        [b"5"],
        new_game,
    )
    searching = while_searching()
    for name, median in (
        ("cursor 3×3", cursor3),
        ("cursor 5×5", cursor5),
        ("move 3×3", move),
        ("5×5 while searching", searching),
    ):
        print(f"{name:28} {median / bare:5.2f}× the bare app")


def while_searching() -> float:
    """Watch mode on 5×5, Genius against Genius: a search is almost always running. Level keys
    change the panel's message; the frame counted is the one showing the new message."""
    screen = opened(
        nac_app("--think", "0", "--size", "5", "--mode", "watch", "--watch-levels", "genius,genius")
    )
    times = []
    for index in range(KEYS):
        key, marker = (b"I", b"Idiot from") if index % 2 == 0 else (b"G", b"Genius from")
        screen.buffer = b""
        started = time.perf_counter()
        screen.send(key)
        arrived = screen.wait_for_frame_with(marker, 10)
        if arrived is not None:
            times.append((arrived - started) * 1000)
        time.sleep(0.05)
    screen.close()
    return figures("nac 5×5 while Genius searches (watch)", times)


def replies() -> None:
    header("The computer's reply: from the move's key to the frame with the reply (0.3 s pause)")
    # n twice: a game in progress asks before a new game
    for size, moves in ((3, [b"5", b"nn"]), (4, [b":b2\r", b"nn"]), (5, [b":c3\r", b"nn"])):
        screen = opened(nac_app("--size", str(size), "--level", "genius"))
        times = []
        for _ in range(12):
            screen.buffer = b""
            started = time.perf_counter()
            screen.send(moves[0])
            arrived = screen.wait_for_frame_with(b"Your move", 10, after=b"thinking")
            if arrived is not None:
                times.append((arrived - started) * 1000)
            screen.send(moves[1])
            screen.settle(0.2)
        screen.close()
        figures(f"{size}×{size}: Genius's reply after your first move", times)


def main() -> None:
    ensure_bytecode()
    start_up()
    quitting()
    keys()
    replies()


if __name__ == "__main__":
    main()
