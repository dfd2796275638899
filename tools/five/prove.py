#!/usr/bin/env python3
"""Prove that Genius never loses on 5×5 from the empty board, as X or as O, and takes every
forced win it meets: an exhaustive check, not a sample.

    nice -n 19 python -m tools.five.prove [--decider plain|pairing] [--workers 2]

(from the repository root).

It walks Genius's whole strategy, level by level (by number of marks), on positions up to
symmetry: from the empty board with Genius as X, and from each first move of X with Genius as
O. At every position where Genius is to move it asks the game's own API
(nac.engine.five.genius.decide, on a nac Board) for Genius's move: from the book file, or from the
runtime's exact search. It does not trust either: the C solver (solve5.c) decides the
position's value and the value after Genius's move. Then the opponent tries every legal reply,
and each reply that does not end the game is a position of the next level. So every game
Genius can play from the empty board is covered, to its end.

It counts, for each side: positions, book moves, book leaves (positions the runtime takes over
from the book, each decided by the C solver), runtime moves, games won and drawn, and the
failures, which must all be 0: losses (a position Genius could lose, or an opponent's reply
completing a line), missed wins (a won position where Genius's move does not keep the win),
moves that change the value, moves the runtime called estimates, and values the book or the
runtime state that the solver does not confirm. It also records the most positions the runtime
searched for one move (its budget) and the time each move took (in the walk's processes).

--decider plain uses the C solver without the pairing cut (the runtime's search uses that cut,
so this decider shares no pruning idea with it beyond alpha-beta, forced moves and dead lines);
--decider pairing is the same solver with the cut, much faster. --sample-symmetry N also
replays one position in N in a random orientation and checks that the move is the same move
up to symmetry and keeps the value.
"""

from __future__ import annotations

import argparse
import heapq
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

from nac.core.board import Board
from nac.core.geometry import geometry
from nac.core.mark import Mark
from nac.engine.five import book, genius
from nac.engine.symmetry import symmetries

from .solve5 import Solver5, build

LOW25 = (1 << 25) - 1
FULL = LOW25
SHAPE = geometry(5, 4)
SYM = symmetries(5)


def completes(bits: int, cell: int) -> bool:
    return any(bits & m == m for m in SHAPE.masks_through[cell])


def board_of(mine: int, theirs: int) -> Board:
    """The position with `mine` to move, X having moved first."""
    if mine.bit_count() == theirs.bit_count():
        return Board(mine, theirs, Mark.X, size=5)
    return Board(theirs, mine, Mark.O, size=5)


# -- one position, in a worker ------------------------------------------------------------------

_solver: Solver5 | None = None
_args: Any = None


def _init(args: Any) -> None:
    global _solver, _args
    _args = args
    _solver = Solver5(args.table_bits, plain=args.decider == "plain")
    genius._book = book.read(args.book)


def _value(mine: int, theirs: int) -> int:
    assert _solver is not None
    return _solver.value(mine, theirs)


def visit(task: tuple[int, bool]) -> dict[str, Any]:
    key, from_book = task
    mine, theirs = key >> 25, key & LOW25
    out: dict[str, Any] = {"key": key, "failures": [], "next": []}
    fail = out["failures"].append
    value = _value(mine, theirs)
    out["value"] = value
    if value < 0:
        fail(f"loss: Genius to move loses at {key}")
        return out
    board = board_of(mine, theirs)
    started = time.perf_counter()
    decision = genius.decide(board)
    out["seconds"] = time.perf_counter() - started
    out["source"] = decision.source
    out["nodes"] = decision.nodes
    out["leaf"] = from_book and decision.source != "book"
    if decision.source == "estimate":
        fail(f"estimate: the runtime gave up at {key}")
    if decision.value is not None and decision.value != value:
        fail(f"value: the {decision.source} says {decision.value} at {key}, the solver {value}")
    move = decision.cell
    if (mine | theirs) >> move & 1:
        fail(f"illegal move {move} at {key}")
        return out
    after = mine | 1 << move
    if completes(after, move):
        out["end"] = "win"
        return out
    if (after | theirs) == FULL:
        out["end"] = "draw"
        if value != 0:
            fail(f"missed win: move {move} at {key} fills the board, the position is {value}")
        return out
    kept = -_value(theirs, after)
    if kept < value:
        kind = "missed win" if value == 1 and kept == 0 else "loss"
        fail(f"{kind}: move {move} at {key} gives {kept}, the position is {value}")
        return out
    if kept > value:
        fail(f"solver: move {move} at {key} gives {kept} > the position's {value}")
    if _args.sample_symmetry and random.Random(key).randrange(_args.sample_symmetry) == 0:
        out["symmetry_checked"] = _check_symmetry(mine, theirs, value, key, fail)
    ends = 0
    for r in range(25):
        if (after | theirs) >> r & 1:
            continue
        t2 = theirs | 1 << r
        if completes(t2, r):
            fail(f"loss: the reply {r} wins after move {move} at {key}")
            continue
        if (after | t2) == FULL:
            ends += 1
            continue
        out["next"].append(SYM.canonical_key(after, t2))
    out["draw_ends"] = ends
    out["from_book"] = decision.source == "book"
    return out


def _check_symmetry(mine: int, theirs: int, value: int, key: int, fail: Any) -> bool:
    """Replay the position in a random orientation: the move must keep the value there."""
    s = random.Random(key ^ 0x5EED).randrange(1, 8)
    m2, t2 = SYM.transform(mine, s), SYM.transform(theirs, s)
    move = genius.decide(board_of(m2, t2)).cell
    after = m2 | 1 << move
    if completes(after, move):
        kept = 1
    elif (after | t2) == FULL:
        kept = 0
    else:
        kept = -_value(t2, after)
    if kept != value:
        fail(f"symmetry {s}: move {move} gives {kept} at the image of {key}, value {value}")
    return True


# -- the walk -----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--book", type=Path, default=Path(book.__file__).with_name("book.bin"))
    parser.add_argument("--decider", choices=("plain", "pairing"), default="pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table-bits", type=int, default=21)
    parser.add_argument("--sample-symmetry", type=int, default=20)
    parser.add_argument("--report", type=Path, default=None)
    args = parser.parse_args()
    build()
    started = time.time()
    opening_book = book.read(args.book)
    print(
        f"book {args.book.name}: {len(opening_book)} records, {args.book.stat().st_size:,} bytes; "
        f"decider: C solver ({args.decider})",
        flush=True,
    )

    root = Solver5(args.table_bits, plain=args.decider == "plain")
    first = root.move_values(0, 0)
    losers = sum(1 << c for c, v in first.items() if v < 0)
    failures: list[str] = []
    if losers != opening_book.first_move_losers:
        failures.append(
            f"first moves: the book says {opening_book.first_move_losers:b}, solver {losers:b}"
        )
    del root

    sides = {0: "Genius moves first (X)", 1: "Genius moves second (O)"}
    totals = {
        side: {
            "positions": 0,
            "book_moves": 0,
            "table_moves": 0,
            "book_leaves": 0,
            "leaf_wins": 0,
            "leaf_draws": 0,
            "runtime_moves": 0,
            "won_positions": 0,
            "drawn_positions": 0,
            "wins_completed": 0,
            "draws_completed": 0,
            "max_runtime_nodes": 0,
            "max_seconds": 0.0,
            "symmetry_checks": 0,
        }
        for side in sides
    }
    levels: dict[int, dict[int, bool]] = {0: {SYM.canonical_key(0, 0): False}}
    levels[1] = {SYM.canonical_key(0, 1 << c): False for c in range(25)}
    per_level = []
    times: list[float] = []
    heaviest: list[tuple[int, int]] = []  # (nodes, key) of the costliest runtime moves
    with multiprocessing.get_context("fork").Pool(args.workers, _init, (args,)) as pool:
        marks = 0
        while any(level >= marks and todo for level, todo in levels.items()):
            todo = levels.pop(marks, {})
            side = marks % 2
            total = totals[side]
            following = levels.setdefault(marks + 2, {})
            level_started = time.time()
            row: dict[str, float] = {
                "marks": marks,
                "positions": len(todo),
                "book": 0,
                "table": 0,
                "runtime": 0,
                "max_nodes": 0,
            }
            chunk = 1 if len(todo) < 4000 else 16
            for res in pool.imap_unordered(visit, sorted(todo.items()), chunksize=chunk):
                failures.extend(res["failures"])
                if "source" not in res:
                    continue
                total["positions"] += 1
                total["won_positions" if res["value"] == 1 else "drawn_positions"] += 1
                if res["source"] == "book":
                    total["book_moves"] += 1
                    row["book"] += 1
                elif res["source"] == "table":
                    total["table_moves"] += 1
                    row["table"] += 1
                else:
                    total["runtime_moves"] += 1
                    row["runtime"] += 1
                    row["max_nodes"] = max(row["max_nodes"], res["nodes"])
                    times.append(res["seconds"])
                    heapq.heappush(heaviest, (res["nodes"], res["key"]))
                    if len(heaviest) > 50:
                        heapq.heappop(heaviest)
                    if res["nodes"] > total["max_runtime_nodes"]:
                        total["max_runtime_nodes"] = res["nodes"]
                        total["worst_key"] = res["key"]
                total["max_seconds"] = max(total["max_seconds"], res["seconds"])
                if res["leaf"]:
                    total["book_leaves"] += 1
                    total["leaf_wins" if res["value"] == 1 else "leaf_draws"] += 1
                if res.get("end") == "win":
                    total["wins_completed"] += 1
                if res.get("end") == "draw":
                    total["draws_completed"] += 1
                total["draws_completed"] += res.get("draw_ends", 0)
                total["symmetry_checks"] += 1 if res.get("symmetry_checked") else 0
                for child in res["next"]:
                    following[child] = following.get(child, False) or res["from_book"]
            row["seconds"] = round(time.time() - level_started, 1)
            per_level.append(row)
            print(
                f"level {marks:2}: {json.dumps(row)}  failures so far: {len(failures)}", flush=True
            )
            marks += 1

    elapsed = time.time() - started
    times.sort()
    report = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "book": _shown(args.book),
        "book_bytes": args.book.stat().st_size,
        "decider": args.decider,
        "workers": args.workers,
        "seconds": round(elapsed, 1),
        "failures": len(failures),
        "failure_examples": failures[:20],
        "sides": {sides[s]: totals[s] for s in sides},
        "runtime_move_seconds": {
            "count": len(times),
            "median": times[len(times) // 2] if times else 0,
            "p99": times[int(len(times) * 0.99)] if times else 0,
            "max": times[-1] if times else 0,
        },
        "heaviest_runtime_positions": sorted(heaviest, reverse=True),
        "levels": per_level,
    }
    print(
        json.dumps(
            {k: v for k, v in report.items() if k not in ("levels", "heaviest_runtime_positions")},
            indent=1,
        )
    )
    for s in sides:
        t = totals[s]
        print(
            f"{sides[s]}: {t['positions']:,} positions ({t['book_moves']:,} book moves, "
            f"{t['table_moves']:,} analysis-table moves, "
            f"{t['book_leaves']:,} book leaves decided by the solver: {t['leaf_wins']:,} won, "
            f"{t['leaf_draws']:,} drawn; {t['runtime_moves']:,} runtime moves, at most "
            f"{t['max_runtime_nodes']:,} positions searched), games ending: "
            f"{t['wins_completed']:,} won by Genius, {t['draws_completed']:,} drawn"
        )
    losses = sum(1 for f in failures if f.startswith("loss"))
    missed = sum(1 for f in failures if f.startswith("missed win"))
    print(
        f"losses: {losses}, missed wins: {missed}, other failures: "
        f"{len(failures) - losses - missed}; {elapsed:.0f} s"
    )
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()


def _shown(path: Path) -> str:
    """A path as a report keeps it: from the checkout's root where it is inside (no machine's
    paths in a report that ships with the sources)."""
    root = Path(__file__).resolve().parents[2]
    resolved = Path(path).resolve()
    return str(resolved.relative_to(root)) if resolved.is_relative_to(root) else str(path)
