"""Benchmark of Genius on 5×5 with four in a row (nac.engine.five): reply times in games, the
heaviest positions of its strategy, a cold start in a fresh process, and the book.

Prints figures; asserts nothing. Run with `make bench`. NAC_BENCH_GAMES sets the number of
games against each opponent (default 100). That Genius never loses is proven by
`make prove-5x5` (tools/five), not here.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from nac.core import Board, Level, Mark
from nac.engine import choose_move
from nac.engine.five import book, genius

from .common import ensure_bytecode, header, median, milli, percentile

COLD_RUNS = 11
BUDGET_SECONDS = 1.0
"""What a reply may take (the app's budget for Genius on big boards)."""
ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "five"
LOW25 = (1 << 25) - 1

COLD_SCRIPT = """
import json, sys, time
start = time.perf_counter()
from nac.core import Board, Mark
from nac.engine.five import genius
imported = time.perf_counter()
genius.book()
loaded = time.perf_counter()
board = Board(int(sys.argv[1]), int(sys.argv[2]), Mark[sys.argv[3]], size=5)
decision = genius.decide(board)
done = time.perf_counter()
print(json.dumps({"import": imported - start, "load": loaded - imported,
                  "answer": done - loaded, "total": done - start,
                  "source": decision.source, "nodes": decision.nodes}))
"""

BARE_SCRIPT = """
import json, time
start = time.perf_counter()
print(json.dumps({"total": time.perf_counter() - start}))
"""


def board_of(key: int) -> Board:
    """The position of a canonical key (side to move in the high bits), X having started."""
    mine, theirs = key >> 25, key & LOW25
    if mine.bit_count() == theirs.bit_count():
        return Board(mine, theirs, Mark.X, size=5)
    return Board(theirs, mine, Mark.O, size=5)


def heaviest_positions() -> tuple[list[tuple[int, int]], str]:
    """(nodes, key) of the heaviest runtime positions found by the last proof, and where from."""
    report = TOOLS / "prove_report.json"
    try:
        found = json.loads(report.read_text())["heaviest_runtime_positions"]
        return [(int(nodes), int(key)) for nodes, key in found], str(report.relative_to(ROOT))
    except (OSError, ValueError, KeyError, TypeError):
        return [], "nowhere: tools/five/prove_report.json is missing"


def the_book() -> None:
    header("Genius 5×5: the book")
    path = Path(book.__file__).with_name("book.bin")
    started = time.perf_counter()
    loaded = book.read(path)
    seconds = time.perf_counter() - started
    moves = sum(1 for p in loaded.payloads if book.unpack(p).move != book.NO_MOVE)
    print(
        f"{path.name}: {path.stat().st_size:,} bytes; {moves:,} book moves, "
        f"{len(loaded) - moves:,} leaf values, {len(loaded.analysis_keys):,} analysis positions "
        f"(up to {loaded.analysis_marks} marks); read in {milli(seconds)} (warm)"
    )
    if "build_seconds" in loaded.header:
        print(f"build time: {loaded.header['build_seconds']} s (from the book's header)")
        return
    stats_file = TOOLS / "book_stats.json"
    try:
        stats = json.loads(stats_file.read_text())
    except (OSError, ValueError):
        print("build time: unknown (not in the book's header, and tools/five/book_stats.json")
        print("is missing: `make -C tools/five book` writes it)")
        return
    print(
        f"build time: {stats.get('build_seconds', '?')} s with {stats.get('workers', '?')} "
        f"processes on {stats.get('date', '?')}, {stats.get('positions', 0):,} positions walked "
        f"(not in the book's header: from {stats_file.relative_to(ROOT)}, written by "
        "`make -C tools/five book`)"
    )


def cold_once(script: str, *args: str) -> dict[str, float | str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # read and keep the compiled bytecode
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=ROOT,
    )
    figures: dict[str, float | str] = json.loads(out.stdout)
    figures["process"] = time.perf_counter() - started
    return figures


def cold_start() -> None:
    header("Genius 5×5: one answer in a fresh process (cold: import nac, load the book, answer)")
    heaviest, _ = heaviest_positions()
    positions = [
        ("the empty board (Genius X)", Board.empty(5)),
        ("after X in the centre (Genius O)", Board.empty(5).play(12)),
    ]
    if heaviest:
        nodes, key = heaviest[0]
        positions.append((f"the heaviest search of the strategy ({nodes:,} nodes)", board_of(key)))
    bare: list[float] = []
    runs: dict[str, list[dict[str, float | str]]] = {name: [] for name, _ in positions}
    for _ in range(COLD_RUNS):  # interleaved, so all see the same machine load
        bare.append(float(cold_once(BARE_SCRIPT)["process"]))
        for name, board in positions:
            args = (str(board.x_bits), str(board.o_bits), board.to_move.name)
            runs[name].append(cold_once(COLD_SCRIPT, *args))
    print(f"runs: {COLD_RUNS} each, interleaved; bytecode compiled first")
    print(f"bare interpreter (python -c): whole process median {milli(median(bare))}")
    for name, figures in runs.items():

        def of(field: str, figures: list[dict[str, float | str]] = figures) -> list[float]:
            return [float(f[field]) for f in figures]

        process = of("process")
        print(
            f"{name} [{figures[0]['source']}]: whole process median {milli(median(process))}, "
            f"max {milli(max(process))} ({median(process) / median(bare):.2f}× the bare "
            f"interpreter); from its first line: median {milli(median(of('total')))}, "
            f"max {milli(max(of('total')))} (import {milli(median(of('import')))}, "
            f"book {milli(median(of('load')))}, answer {milli(median(of('answer')))})"
        )


def heaviest_searches() -> None:
    heaviest, source = heaviest_positions()
    if not heaviest:
        return
    header(
        f"Genius 5×5: the {len(heaviest)} heaviest searches of its whole strategy, each from an "
        f"empty table as in play (best of 3; positions from {source})"
    )
    genius.book()
    times = []
    for _nodes, key in heaviest:
        board = board_of(key)
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            genius.decide(board)
            best = min(best, time.perf_counter() - started)
        times.append(best)
    print(
        f"median {milli(median(times))}, max {milli(max(times))} (most nodes: "
        f"{heaviest[0][0]:,}); the budget of {BUDGET_SECONDS:.0f} s is "
        f"{BUDGET_SECONDS / max(times):,.0f}× the slowest"
    )


def level_move(level: Level, board: Board, rng: random.Random) -> int:
    return choose_move(board, level, rng)


def best_reply(board: Board, rng: random.Random) -> int:
    """A move of the best value for the opponent, from genius.move_values (unknown values left
    out): the games go on to the end, through Genius's searched positions."""
    values = {c: v for c, v in genius.move_values(board).items() if v is not None}
    if not values:
        return rng.choice(board.empty_cells)
    best = max(values.values())
    return rng.choice([c for c, v in values.items() if v == best])


def games() -> None:
    count = int(os.environ.get("NAC_BENCH_GAMES", "100"))
    header(
        f"Genius 5×5 (genius.best_move) in games: {count} against each opponent, "
        "Genius X and O in turn"
    )
    genius.book()
    everything: list[float] = []
    opponents: list[tuple[str, Callable[[Board, random.Random], int]]] = [
        (Level.IDIOT.label, partial(level_move, Level.IDIOT)),
        (Level.AVERAGE.label, partial(level_move, Level.AVERAGE)),
        ("best replies", best_reply),
    ]
    for label, opponent in opponents:
        tally = {"won": 0, "drawn": 0, "lost": 0}
        times: list[float] = []
        for game in range(count):
            rng = random.Random(game)
            genius_mark = Mark.X if game % 2 == 0 else Mark.O
            board = Board.empty(5)
            while board.outcome is None:
                if board.to_move is genius_mark:
                    started = time.perf_counter()
                    cell = genius.best_move(board, rng)
                    times.append(time.perf_counter() - started)
                else:
                    cell = opponent(board, rng)
                board = board.play(cell)
            winner = board.winner
            tally["drawn" if winner is None else "won" if winner is genius_mark else "lost"] += 1
        everything.extend(times)
        print(
            f"against {label:12} won {tally['won']:>4}, drawn {tally['drawn']:>4}, "
            f"lost {tally['lost']:>4}; reply median {milli(median(times))}, "
            f"p99 {milli(percentile(times, 0.99))}, max {milli(max(times))} "
            f"over {len(times)} replies"
        )
    worst = max(everything)
    print(
        f"all replies: median {milli(median(everything))}, "
        f"p99 {milli(percentile(everything, 0.99))}, max {milli(worst)}; "
        f"p99 / median {percentile(everything, 0.99) / median(everything):.1f}×, "
        f"max / median {worst / median(everything):.0f}×; the budget of {BUDGET_SECONDS:.0f} s "
        f"is {BUDGET_SECONDS / worst:,.0f}× the slowest"
    )


def main() -> None:
    ensure_bytecode()
    the_book()
    cold_start()
    heaviest_searches()
    games()


if __name__ == "__main__":
    main()
