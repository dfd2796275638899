#!/usr/bin/env python3
"""Play Genius (the runtime API, on real boards in any orientation) against several opponents
and check every one of its moves with the C solver: the value must be kept, so no loss and no
missed win. Prints results and Genius's reply times.

    nice -n 19 python -m tools.five.play_games [--games 200] [--seed 1]   # from the root

Opponents:
- random: a uniformly random empty cell;
- average: like nac's Average (win, else block, else a cell on the most lines free of
  Genius's marks, at random among equals);
- solver: the C solver's best replies (a random move among those of the best value);
- costly: among the opponent's moves of the best value, the one after which Genius's search
  has the most work (measured by running it), so the runtime meets its hardest positions.
Genius plays X in half the games, O in the other half.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from nac.core.board import Board
from nac.core.geometry import geometry
from nac.engine.five import genius

from .solve5 import Solver5

SHAPE = geometry(5, 4)


def completing(bits: int, free: tuple[int, ...]) -> list[int]:
    return [c for c in free if SHAPE.completes_line(bits | 1 << c, c)]


def average_move(board: Board, rng: random.Random) -> int:
    mine, theirs = board.sides
    free = board.empty_cells
    for rule in (completing(mine, free), completing(theirs, free)):
        if rule:
            return rng.choice(rule)

    def open_lines(cell: int) -> int:
        return sum(1 for mask in SHAPE.masks_through[cell] if not mask & theirs)

    most = max(open_lines(c) for c in free)
    return rng.choice([c for c in free if open_lines(c) == most])


class Opponents:
    def __init__(self, solver: Solver5) -> None:
        self.solver = solver

    def move(self, kind: str, board: Board, rng: random.Random) -> int:
        if kind == "random":
            return rng.choice(board.empty_cells)
        if kind == "average":
            return average_move(board, rng)
        values = self.solver.move_values(*board.sides)
        best = max(values.values())
        choices = sorted(c for c, v in values.items() if v == best)
        if kind == "solver" or len(choices) == 1:
            return rng.choice(choices)
        # costly: the reply after which Genius searches most (ties at random)
        costs = []
        for c in choices:
            after = board.play(c)
            if after.is_over:
                costs.append((-1, rng.random(), c))
                continue
            decision = genius.decide(after)
            costs.append((decision.nodes, rng.random(), c))
        return max(costs)[2]


def value_after(solver: Solver5, board: Board, cell: int) -> int:
    """The value of `cell` for the side to move in `board`."""
    mine, theirs = board.sides
    after = mine | 1 << cell
    if SHAPE.completes_line(after, cell):
        return 1
    if after | theirs == SHAPE.full_mask:
        return 0
    return -solver.value(theirs, after)


def play(kinds: list[str], games: int, seed: int) -> dict[str, object]:
    solver = Solver5(21)
    opponents = Opponents(solver)
    rng = random.Random(seed)
    report: dict[str, object] = {}
    all_times: list[float] = []
    for kind in kinds:
        results = {"won": 0, "drawn": 0, "lost": 0}
        failures: list[str] = []
        times: list[float] = []
        moves = 0
        sources: dict[str, int] = {}
        for game in range(games):
            genius_side = game % 2  # 0: Genius is X
            board = Board.empty(5)
            while not board.is_over:
                if board.mark_count % 2 == genius_side:
                    value = solver.value(*board.sides)
                    started = time.perf_counter()
                    cell = genius.best_move(board, rng)
                    times.append(time.perf_counter() - started)
                    decision = genius.decide(board)
                    sources[decision.source] = sources.get(decision.source, 0) + 1
                    moves += 1
                    if decision.source == "estimate":
                        failures.append(f"estimate at {board}")
                    kept = value_after(solver, board, cell)
                    if kept < value or (decision.value is not None and decision.value != value):
                        failures.append(f"{board}: move {cell} gives {kept}, value {value}")
                    board = board.play(cell)
                else:
                    board = board.play(opponents.move(kind, board, rng))
            winner = board.winner
            if winner is None:
                results["drawn"] += 1
            elif (winner.value == "X") == (genius_side == 0):
                results["won"] += 1
            else:
                results["lost"] += 1
        times.sort()
        all_times.extend(times)
        report[kind] = {
            "games": games,
            "genius_moves": moves,
            "results": results,
            "failures": len(failures),
            "failure_examples": failures[:5],
            "sources": sources,
            "reply_ms": {
                "median": round(1000 * statistics.median(times), 3),
                "p99": round(1000 * times[int(0.99 * len(times))], 3),
                "max": round(1000 * times[-1], 3),
            },
        }
        print(kind, json.dumps(report[kind]), flush=True)
    all_times.sort()
    report["all_replies_ms"] = {
        "count": len(all_times),
        "median": round(1000 * statistics.median(all_times), 3),
        "p99": round(1000 * all_times[int(0.99 * len(all_times))], 3),
        "max": round(1000 * all_times[-1], 3),
    }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games against each opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="random,average,solver,costly")
    parser.add_argument("--report", type=Path, default=None)
    args = parser.parse_args()
    started = time.time()
    report = play(args.opponents.split(","), args.games, args.seed)
    report["seconds"] = round(time.time() - started, 1)
    print(json.dumps(report["all_replies_ms"]))
    failures = sum(
        int(v["failures"]) + int(v["results"]["lost"])
        for k, v in report.items()
        if isinstance(v, dict) and "failures" in v
    )
    print(f"losses and failures: {failures}; {report['seconds']} s")
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
