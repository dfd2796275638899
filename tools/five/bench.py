#!/usr/bin/env python3
"""Benchmark of Genius on 5×5: reply times (median, p99, max), the cold start, the book.

    python -m tools.five.bench [--games 100] [--cold 11]   # from the repository root

- the book: file size, records, how long the build took (book_stats.json);
- cold start: a fresh Python process that imports the runtime, loads the book and answers one
  position: the empty board, the board after X's centre, and the positions where the proof
  found the runtime's search longest (prove_report.json): wall time of the whole process, and
  the time from its first line to the answer;
- the heaviest positions of Genius's whole strategy (from the proof), each searched from an
  empty table in this process (as the runtime does);
- replies in games against random, average-like and solver opponents (play_games.py).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from nac.core.board import Board
from nac.core.mark import Mark
from nac.engine.five import book, genius

from .play_games import play

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

COLD = """
import time
started = time.perf_counter()
from nac.core.board import Board
from nac.engine.five import genius
from nac.core.mark import Mark
board = Board({x}, {o}, Mark.{mover}, size=5)
decision = genius.decide(board)
print(time.perf_counter() - started, decision.source, decision.nodes)
"""


def board_of(mine: int, theirs: int) -> Board:
    if mine.bit_count() == theirs.bit_count():
        return Board(mine, theirs, Mark.X, size=5)
    return Board(theirs, mine, Mark.O, size=5)


def ms(seconds: float) -> str:
    return f"{1000 * seconds:7.1f} ms"


def cold_runs(board: Board, runs: int) -> tuple[list[float], list[float], str, int]:
    script = COLD.format(x=board.x_bits, o=board.o_bits, mover=board.to_move.name)
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # use the compiled bytecode (see main)
    walls, insides = [], []
    source, nodes = "", 0
    for _ in range(runs):
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env=env,
        )
        walls.append(time.perf_counter() - started)
        inside, source, count = out.stdout.split()
        insides.append(float(inside))
        nodes = int(count)
    return walls, insides, source, nodes


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games against each opponent")
    parser.add_argument("--cold", type=int, default=11, help="fresh processes per position")
    parser.add_argument("--heavy", type=int, default=5, help="heaviest positions run cold")
    parser.add_argument("--report", type=Path, default=None)
    args = parser.parse_args()
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "python": sys.version.split()[0],
        "executable": Path(sys.executable).name,  # no machine's paths in a report
    }

    print("## The book")
    path = Path(book.__file__).with_name("book.bin")
    opening_book = book.read(path)
    stats_file = HERE / "book_stats.json"
    stats = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    moves = sum(1 for p in opening_book.payloads if book.unpack(p).move != book.NO_MOVE)
    line = (
        f"{path.name}: {path.stat().st_size:,} bytes; {moves:,} book moves, "
        f"{len(opening_book) - moves:,} leaf values, "
        f"{len(opening_book.analysis_keys):,} analysis positions "
        f"(up to {opening_book.analysis_marks} marks); "
        f"built in {stats.get('build_seconds', '?')} s "
        f"with {stats.get('workers', '?')} processes on {stats.get('date', '?')}"
    )
    print(line)
    report["book"] = line

    print("\n## Cold start: a fresh process answers one position")
    # compiled first, as an installer would (the machine may set PYTHONDONTWRITEBYTECODE=1)
    compileall.compile_dir(str(ROOT / "nac"), quiet=1)
    positions = [
        ("empty board (Genius X)", Board.empty(5)),
        ("after X in the centre (Genius O)", Board.empty(5).play(12)),
    ]
    proof_file = HERE / "prove_report.json"
    heaviest: list[list[int]] = []
    if proof_file.exists():
        heaviest = json.loads(proof_file.read_text()).get("heaviest_runtime_positions", [])
        for nodes, key in heaviest[: args.heavy]:
            positions.append(
                (
                    f"a heaviest runtime position ({nodes:,} nodes)",
                    board_of(key >> 25, key & ((1 << 25) - 1)),
                )
            )
    cold_report = []
    all_walls: list[float] = []
    for name, board in positions:
        walls, insides, source, nodes = cold_runs(board, args.cold)
        all_walls.extend(walls)
        row = {
            "position": name,
            "source": source,
            "nodes": nodes,
            "process_median_ms": round(1000 * statistics.median(walls), 1),
            "process_max_ms": round(1000 * max(walls), 1),
            "in_process_median_ms": round(1000 * statistics.median(insides), 1),
            "in_process_max_ms": round(1000 * max(insides), 1),
        }
        cold_report.append(row)
        print(
            f"{name:48} {source:6} whole process: median {ms(statistics.median(walls))}, "
            f"max {ms(max(walls))}; import+load+answer: median "
            f"{ms(statistics.median(insides))}, max {ms(max(insides))}"
        )
    report["cold"] = cold_report
    report["cold_max_ms"] = round(1000 * max(all_walls), 1)

    if heaviest:
        print(
            f"\n## The {len(heaviest)} heaviest runtime positions of the whole strategy, "
            "each from an empty table (best of 3)"
        )
        genius.book()
        times = []
        for _nodes, key in heaviest:
            board = board_of(key >> 25, key & ((1 << 25) - 1))
            best = float("inf")
            for _ in range(3):
                started = time.perf_counter()
                genius.decide(board)
                best = min(best, time.perf_counter() - started)
            times.append(best)
        times.sort()
        print(
            f"median {ms(statistics.median(times))}, max {ms(times[-1])} "
            f"(most nodes: {heaviest[0][0]:,})"
        )
        report["heaviest_ms"] = {
            "median": round(1000 * statistics.median(times), 2),
            "max": round(1000 * times[-1], 2),
        }

    print(f"\n## Replies in games ({args.games} against each opponent, Genius X and O in turn)")
    games = play(["random", "average", "solver"], args.games, seed=7)
    report["games"] = games
    replies = games["all_replies_ms"]
    print(f"all replies: {replies}")
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
