"""Benchmark of Genius on 4×4 (perfect: the opening table, then the solver); 5×5 is in
`bench_five`. Prints figures; asserts nothing. Run with `make bench`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from nac.core import Board, Level, Mark
from nac.engine import choose_move, forget as clear_caches

from .common import ensure_bytecode, header, median, milli, percentile

COLD_RUNS = 11
POSITIONS = 2000
COLD_SAMPLE = 200

COLD_SCRIPT = """
import json, time
start = time.perf_counter()
from nac.core import Board, Level
from nac.engine import choose_move
choose_move(Board.empty(4), Level.GENIUS)
print(json.dumps(time.perf_counter() - start))
"""


def reachable_positions(size: int, count: int, seed: int) -> list[Board]:
    """Positions of random games (any number of marks), none of them over."""
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board.empty(size, first=rng.choice(list(Mark)))
        stop_after = rng.randrange(size * size)
        for _ in range(stop_after):
            board = board.play(rng.choice(board.empty_cells))
            if board.is_over:
                break
        if not board.is_over:
            boards.append(board)
    return boards


def four_by_four() -> None:
    header("Genius 4×4: the first reply on the empty board in a fresh process (cold)")
    colds = []
    for _ in range(COLD_RUNS):
        out = subprocess.run(
            [sys.executable, "-c", COLD_SCRIPT], capture_output=True, text=True, check=True
        )
        colds.append(json.loads(out.stdout))
    print(f"runs: {COLD_RUNS}: median {milli(median(colds))}, max {milli(max(colds))}")

    boards = reachable_positions(4, POSITIONS, seed=4)
    header(f"Genius 4×4: reply time over {POSITIONS} reachable positions")
    clear_caches()
    rng = random.Random(1)
    times = []
    for board in boards:
        started = time.perf_counter()
        choose_move(board, Level.GENIUS, rng)
        times.append(time.perf_counter() - started)
    print(
        f"one process, tables kept between replies: median {milli(median(times))}, "
        f"p99 {milli(percentile(times, 0.99))}, max {milli(max(times))}"
    )
    colds = []
    for board in boards[:COLD_SAMPLE]:
        clear_caches()
        started = time.perf_counter()
        choose_move(board, Level.GENIUS, rng)
        colds.append(time.perf_counter() - started)
    print(
        f"each of the first {COLD_SAMPLE} with empty tables (cold search): "
        f"median {milli(median(colds))}, max {milli(max(colds))}"
    )
    print("(targets: every reply <= 500 ms, median <= 50 ms)")


def main() -> None:
    ensure_bytecode()
    four_by_four()


if __name__ == "__main__":
    main()
