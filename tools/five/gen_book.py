#!/usr/bin/env python3
"""Build the 5×5 opening book, nac/engine/five/book.bin, reproducibly.

    nice -n 19 python -m tools.five.gen_book        # about 8 minutes on 2 cores

Run from the repository root. `--out FILE` writes the book elsewhere (to check that a rebuild
gives the same bytes), `--stats FILE` its figures (default tools/five/book_stats.json).

Genius's strategy for both sides: as X from the empty board, and as O after each first move
of X. The generator walks the whole strategy, level by level (by number of marks): every
position where Genius is to move that the game reaches when the opponent may play anything
and Genius plays its own moves, to the end of every game. At each such position Genius's move
comes from

- the runtime: the exact search (nac/engine/five/search.py, the very code the game runs, from an
  empty table, on the canonical image) if the position has at least --min-marks marks and
  the search takes at most --budget positions (with the position's value known if the book
  gives it, that is if a book entry's reply leads here); or else
- the book: a new entry, with Genius's move chosen among the moves that keep the position's
  exact value (the C solver's: a winning move in a won position, a drawing move in a drawn
  one) as the one that leaves the opponent the fewest replies that do not lose at once, then
  the least work for the runtime after them (the sum, over those replies, of the search's
  cost for Genius's next move; see --choice for the alternatives measured), and the values
  of all the opponent's replies.

Every opponent reply (unless it loses at once, or fills the board) is a position of the next
level. So the runtime is known to answer within the budget in every position Genius can meet
(from an empty table, which is how the runtime searches), and the prove step (prove.py)
re-walks the same tree with the file and the runtime's public API.

It also writes the analysis table: every position with up to --analysis-marks marks, with the
C solver's value of every move, for hints and analysis on either side.

Nothing depends on the order of the work: every entry is a function of its position, ties are
broken by a hash seeded with --seed, and search costs are node counts (not times); so the same
arguments and code build the same file. The processes of --workers share each level.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

from nac.core.geometry import geometry
from nac.engine.five import book, lines, search
from nac.engine.symmetry import symmetries

from .solve5 import Solver5

HERE = Path(__file__).resolve().parent

LOW25 = (1 << 25) - 1
FULL = LOW25
SHAPE = geometry(5, 4)
SYM = symmetries(5)


def canonical(mine: int, theirs: int) -> int:
    return SYM.canonical_key(mine, theirs)


def split(key: int) -> tuple[int, int]:
    return key >> 25, key & LOW25


def completes(bits: int, cell: int) -> bool:
    return any(bits & m == m for m in SHAPE.masks_through[cell])


def wins_now(mine: int, theirs: int) -> bool:
    """Whether the side with `mine` (to move) can complete a line at once."""
    taken = mine | theirs
    return any(not taken >> c & 1 and completes(mine | 1 << c, c) for c in range(25))


def empties(taken: int) -> list[int]:
    return [c for c in range(25) if not taken >> c & 1]


def runtime_move(mine: int, theirs: int, known: int | None, limit: int) -> tuple[int, int, int]:
    """What the runtime does in a canonical position (Genius to move), from an empty table:
    (nodes, move, value); nodes is limit + 1 (and the move -1) if the search passes `limit`."""
    searcher = search.Search5()
    searcher.node_limit = limit + 1
    try:
        bit, value = search.choose(searcher, lines.pad(mine), lines.pad(theirs), known)
    except search.OutOfBudget:
        return limit + 1, -1, 0
    if searcher.nodes > limit:
        return limit + 1, -1, 0
    return searcher.nodes, lines.CELL_OF_BIT[bit], value


def next_positions(after: int, theirs: int) -> list[int]:
    """The canonical positions (Genius to move) after each reply to a move that left Genius
    with `after`; replies that lose at once or fill the board end the game and are left out.
    Raises if a reply wins at once (Genius's move lost the game)."""
    found = []
    for r in empties(after | theirs):
        t2 = theirs | 1 << r
        if completes(t2, r):
            raise AssertionError(f"the reply {r} wins against {after} {theirs}")
        if (after | t2) == FULL or wins_now(after, t2):
            continue
        found.append(canonical(after, t2))
    return found


# -- the work on one position, in a worker process ---------------------------------------------

_solver: Solver5 | None = None
_args: Any = None


def _init(args: Any) -> None:
    global _solver, _args
    _solver = Solver5(args.table_bits)
    _args = args


def tie_break(key: int, move: int) -> int:
    digest = hashlib.sha256(f"{_args.seed}:{key}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def visit(task: tuple[int, int | None]) -> dict[str, Any]:
    """One position of the strategy: the runtime's move if it is cheap enough, else a new book
    entry; and the positions of the next level."""
    key, known = task
    args = _args
    solver = _solver
    assert solver is not None
    mine, theirs = split(key)
    marks = (mine | theirs).bit_count()
    value = solver.value(mine, theirs)
    if value < 0:
        raise AssertionError(f"Genius loses at {key}")
    if known is not None and known != value:
        raise AssertionError(f"the book's value {known} at {key} is not the solver's {value}")
    nodes = 0
    if marks >= args.min_marks:
        nodes, move, got = runtime_move(mine, theirs, known, args.budget)
        if nodes <= args.budget:
            if got != value:
                raise AssertionError(f"runtime value {got} at {key}, solver {value}")
            after = mine | 1 << move
            if completes(after, move):
                return {"key": key, "book": False, "nodes": nodes, "value": value, "next": []}
            kept = 0 if (after | theirs) == FULL else -solver.value(theirs, after)
            if kept != value:
                raise AssertionError(
                    f"the runtime's move {move} at {key} gives {kept}, not {value}"
                )
            return {
                "key": key,
                "book": False,
                "nodes": nodes,
                "value": value,
                "next": next_positions(after, theirs),
            }
    values = solver.move_values(mine, theirs)
    if max(values.values()) != value:
        raise AssertionError(f"value {value} at {key} but the moves give {max(values.values())}")
    best: tuple[Any, ...] | None = None
    candidates = sorted(c for c, v in values.items() if v == value)
    if args.choice == "first":
        # the runtime's own rule: the first move in root order that keeps the value
        order = [lines.CELL_OF_BIT[b] for b in lines.root_order(lines.pad(mine), lines.pad(theirs))]
        wins = [c for c in candidates if completes(mine | 1 << c, c)]
        candidates = wins[:1] or [min(candidates, key=order.index)]
    for move in candidates:
        after = mine | 1 << move
        if completes(after, move):
            rank: tuple[int, ...] = (-1, 0, 0)  # a win now ends it all
            replies: list[tuple[int, int, bool]] = []
        else:
            score = 0
            nontrivial = 0
            replies = []
            for r in empties(after | theirs):
                t2 = theirs | 1 << r
                if (after | t2) == FULL:
                    replies.append((r, 0, False))
                    continue
                if wins_now(after, t2):
                    replies.append((r, 1, False))
                    continue
                v2 = solver.value(after, t2)
                if v2 < value:
                    raise AssertionError(f"reply {r} lowers the value at {key} after {move}")
                c2, m2 = split(canonical(after, t2))
                cost, _, _ = runtime_move(c2, m2, v2, args.score_nodes)
                score += cost
                nontrivial += 1
                replies.append((r, v2, True))
            if args.choice == "replies":
                rank = (nontrivial, score, tie_break(key, move))
            else:
                rank = (score, nontrivial, tie_break(key, move))
        if best is None or rank < best[0]:
            best = (rank, move, replies)
    assert best is not None, f"no move keeps the value at {key}"
    rank, move, replies = best
    after = mine | 1 << move
    losers = sum(1 << r for r, v2, _ in replies if v2 == 1)
    if value == 1:
        losers = sum(1 << r for r in empties(after | theirs))
    following = sorted(
        {(canonical(after, theirs | 1 << r), v2) for r, v2, counted in replies if counted}
    )
    return {
        "key": key,
        "book": True,
        "nodes": nodes,
        "value": value,
        "entry": (move, value, losers),
        "next_known": following,
        "score": rank[0],
    }


def analyse(key: int) -> tuple[int, dict[int, int]]:
    assert _solver is not None
    mine, theirs = split(key)
    return key, _solver.move_values(mine, theirs)


def positions_up_to(marks: int) -> list[int]:
    """Canonical keys of every position with up to `marks` marks that is not over."""
    level = {canonical(0, 0)}
    found = set(level)
    for _ in range(marks):
        following = set()
        for key in level:
            mine, theirs = split(key)
            for cell in empties(mine | theirs):
                after = mine | 1 << cell
                if not completes(after, cell):
                    following.add(canonical(theirs, after))
        level = following
        found |= level
    return sorted(found)


# -- the driver -------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--min-marks", type=int, default=6, help="book entries below this")
    parser.add_argument(
        "--budget",
        type=int,
        default=15_000,
        help="most positions the runtime may search for one move",
    )
    parser.add_argument(
        "--score-nodes",
        type=int,
        default=40_000,
        help="cap on a reply's cost when choosing book moves",
    )
    parser.add_argument(
        "--choice",
        choices=("cost", "replies", "first"),
        default="replies",
        help="how book moves are chosen among those that keep the value: the "
        "least runtime work after the replies (cost), the fewest replies that "
        "do not lose at once (replies), or the runtime's own rule (first)",
    )
    parser.add_argument(
        "--analysis-marks",
        type=int,
        default=5,
        help="the analysis table holds every position with up to this many marks",
    )
    parser.add_argument(
        "--table-bits", type=int, default=21, help="C solver table: 2**bits buckets of 64 bytes"
    )
    parser.add_argument(
        "--out", "--output", type=Path, default=Path(book.__file__).with_name("book.bin")
    )
    parser.add_argument("--stats", type=Path, default=HERE / "book_stats.json")
    args = parser.parse_args()

    started = time.time()
    root = Solver5(args.table_bits)
    # Level 0: X (Genius) on the empty board. Level 1: O (Genius) after each first move of X.
    first_values = root.move_values(0, 0)
    levels: dict[int, dict[int, int | None]] = {0: {canonical(0, 0): root.value(0, 0)}, 1: {}}
    first_move_losers = 0
    for cell, v in first_values.items():
        if v == 1:
            raise AssertionError("a first move of X wins?")
        if v == -1:
            first_move_losers |= 1 << cell
        levels[1][canonical(0, 1 << cell)] = -v  # O to move: O's value
    del root

    entries: dict[int, book.Entry] = {}
    leaf_values: dict[int, int] = {}
    per_level: list[dict[str, Any]] = []
    worst = {"nodes": 0, "key": 0}
    with multiprocessing.get_context("fork").Pool(args.workers, _init, (args,)) as pool:
        marks = 0
        while any(level >= marks and todo for level, todo in levels.items()):
            todo = levels.pop(marks, {})
            tasks = sorted(todo.items())
            level_started = time.time()
            count: dict[str, float] = {
                "positions": len(tasks),
                "book": 0,
                "runtime": 0,
                "runtime_known": 0,
                "wins": 0,
                "draws": 0,
                "max_nodes": 0,
                "total_nodes": 0,
            }
            following = levels.setdefault(marks + 2, {})
            for done, res in enumerate(pool.imap_unordered(visit, tasks, chunksize=4), 1):
                key = res["key"]
                count["wins" if res["value"] == 1 else "draws"] += 1
                if res["book"]:
                    count["book"] += 1
                    move, value, losers = res["entry"]
                    entries[key] = book.Entry(move, value, losers)
                    for child, v2 in res["next_known"]:
                        following[child] = v2
                    continue
                count["runtime"] += 1
                if todo[key] is not None:
                    count["runtime_known"] += 1
                    leaf_values[key] = res["value"]
                nodes = res["nodes"]
                count["total_nodes"] += nodes
                if nodes > count["max_nodes"]:
                    count["max_nodes"] = nodes
                if nodes > worst["nodes"]:
                    worst = {"nodes": nodes, "key": key}
                for child in res["next"]:
                    following.setdefault(child, None)
                if done % 20000 == 0:
                    print(
                        f"  level {marks}: {done}/{len(tasks)} "
                        f"({time.time() - level_started:.0f} s)",
                        flush=True,
                    )
            count["seconds"] = round(time.time() - level_started, 1)
            per_level.append({"marks": marks, **count})
            print(f"level {marks}: {json.dumps(count)}", flush=True)
            marks += 1
        analysis_started = time.time()
        analysis = dict(
            pool.imap_unordered(analyse, positions_up_to(args.analysis_marks), chunksize=16)
        )
        analysis_seconds = time.time() - analysis_started
        print(f"analysis table: {len(analysis)} positions in {analysis_seconds:.0f} s", flush=True)

    for key, value in leaf_values.items():
        if key not in entries:
            entries[key] = book.Entry(book.NO_MOVE, value, 0)
    build_seconds = time.time() - started
    header = {
        "built_by": "tools/five/gen_book.py",
        "seed": args.seed,
        "first_move_losers": first_move_losers,
        "min_marks": args.min_marks,
        "budget": args.budget,
        "score_nodes": args.score_nodes,
        "analysis_marks": args.analysis_marks,
        "choice": args.choice,
    }
    size = book.write(args.out, entries, header, analysis)
    moves = sum(1 for e in entries.values() if e.move != book.NO_MOVE)
    stats = {
        "date": time.strftime("%Y-%m-%d"),
        "book_moves": moves,
        "leaf_values": len(entries) - moves,
        "analysis_positions": len(analysis),
        "analysis_seconds": round(analysis_seconds, 1),
        "file_bytes": size,
        "build_seconds": round(build_seconds, 1),
        "workers": args.workers,
        "positions": sum(level["positions"] for level in per_level),
        "worst_runtime_nodes": worst,
        "levels": per_level,
        "header": header,
    }
    args.stats.write_text(json.dumps(stats, indent=1) + "\n")
    print(
        f"{moves} book moves and {len(entries) - moves} leaf values, {size:,} bytes in "
        f"{args.out}; {stats['positions']} positions walked in {build_seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
