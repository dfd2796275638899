"""Benchmark of the 3×3 core: Genius's reply times, cold and warm, and a strength table.

Prints figures; asserts nothing. Run with `make bench`.
"""

from __future__ import annotations

import gc
import json
import os
import random
import subprocess
import sys
import time
from itertools import product

from nac.core import FIXED_LEVELS, Board, InvalidPosition, Level, Mark
from nac.engine import choose_move, forget as clear_caches

from .common import ensure_bytecode, header, median, micro, milli, percentile

COLD_RUNS = 21
WARM_RUNS = 5
STRENGTH_GAMES = 1000

COLD_SCRIPT = """
import json, time
start = time.perf_counter()
from nac.core import Board, Level
from nac.engine import choose_move
imported = time.perf_counter()
choose_move(Board.empty(), Level.GENIUS)
done = time.perf_counter()
print(json.dumps({"import": imported - start, "total": done - start}))
"""


REFERENCE_SCRIPT = """
import json, time
start = time.perf_counter()
import dataclasses, enum, functools, itertools, pathlib, typing, importlib.resources
print(json.dumps({"total": time.perf_counter() - start}))
"""
"""The same measure of a fresh process importing the standard library's modules the core uses:
a yardstick of the machine's speed in the same run (a busy machine slows both)."""


def cold_first_reply() -> None:
    header("Genius 3×3: first reply on the empty board in a fresh process (cold)")
    totals: list[float] = []
    imports: list[float] = []
    references: list[float] = []
    for _ in range(COLD_RUNS):  # interleaved: the load falls on both alike
        for script, into in ((COLD_SCRIPT, totals), (REFERENCE_SCRIPT, references)):
            out = subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True, check=True
            )
            figures = json.loads(out.stdout)
            into.append(figures["total"])
            if script is COLD_SCRIPT:
                imports.append(figures["import"])
    load = os.getloadavg()[0]
    print(f"runs: {COLD_RUNS} (target: cold <= 30 ms, imports plus table building)")
    print(f"import + first reply: median {milli(median(totals))}, max {milli(max(totals))}")
    print(f"of which import nac.core: median {milli(median(imports))}")
    print(
        f"reference, the standard library modules it uses: median {milli(median(references))}"
        f" ({median(totals) / median(references):.1f}x it; one-minute load {load:.1f})"
    )


def non_terminal_positions() -> list[Board]:
    boards = []
    for cells in product(".XO", repeat=9):
        text = "".join(cells)
        try:
            board = Board.parse("/".join((text[0:3], text[3:6], text[6:9])))
        except InvalidPosition:
            continue
        if board.outcome is None:
            boards.append(board)
    return boards


def warm_replies() -> None:
    """Each run starts with empty caches, makes one reply (the process is warm), then times
    every position once, in the same shuffled order; the figure per position is its median
    over the runs, which removes one-off spikes from a shared machine."""
    boards = non_terminal_positions()
    header(f"Genius 3×3: reply time over all {len(boards)} non-terminal positions (warm)")
    order = boards[:]
    random.Random(2).shuffle(order)
    clock = time.perf_counter_ns
    first_visits: list[list[float]] = [[] for _ in order]
    repeats: list[list[float]] = [[] for _ in order]
    gc.disable()  # as timeit does: collector pauses are not the solver's time
    try:
        for _ in range(WARM_RUNS):
            clear_caches()
            rng = random.Random(1)
            choose_move(Board.empty(), Level.GENIUS, rng)
            for times in (first_visits, repeats):
                for index, board in enumerate(order):
                    start = clock()
                    choose_move(board, Level.GENIUS, rng)
                    times[index].append((clock() - start) / 1e9)
    finally:
        gc.enable()
    print(f"runs: {WARM_RUNS}; per position the median of its runs")
    for label, runs in (
        ("first visit of each position", first_visits),
        ("repeat visit (answers cached)", repeats),
    ):
        medians = [median(per_position) for per_position in runs]
        print(
            f"{label:32} median {micro(median(medians))}  p99 {micro(percentile(medians, 0.99))}"
            f"  max {micro(max(medians))}"
        )
    print("(targets: warm median <= 10 µs, max <= 200 µs)")


def play(x_level: Level, o_level: Level, first: Mark, rng: random.Random) -> Mark | None:
    """One game; returns the winner (None for a draw)."""
    board = Board.empty(first=first)
    while board.outcome is None:
        level = x_level if board.to_move is Mark.X else o_level
        board = board.play(choose_move(board, level, rng))
    return board.outcome.winner


def strength_table() -> None:
    header(f"Strength: every fixed level against every one, {STRENGTH_GAMES} games per pairing")
    print("each side starts half the games; wins / draws / losses for the row's level")
    rng = random.Random(3)
    levels = FIXED_LEVELS
    print(f"{'':10}" + "".join(f"{'vs ' + level.label:>22}" for level in levels))
    for row in levels:
        cells = []
        for column in levels:
            tally = {"win": 0, "draw": 0, "loss": 0}
            for game in range(STRENGTH_GAMES):
                first = Mark.X if game % 2 == 0 else Mark.O
                winner = play(row, column, first, rng)  # the row's level plays X
                tally["draw" if winner is None else "win" if winner is Mark.X else "loss"] += 1
            cells.append(f"{tally['win']:>6} / {tally['draw']:>4} / {tally['loss']:>4}")
        print(f"{row.label:10}" + "".join(f"{cell:>22}" for cell in cells))


def main() -> None:
    ensure_bytecode()
    cold_first_reply()
    warm_replies()
    strength_table()


if __name__ == "__main__":
    main()
