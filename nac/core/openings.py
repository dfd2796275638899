"""The 4×4 opening table: Genius's moves and every move's exact score for the first moves.

Early 4×4 positions take the solver up to a second or so in Python; the table answers them at
once. It holds every position with up to MAX_MARKS marks, once per symmetry class, and is
built reproducibly by this module:

    make openings      # python -c "from nac.core.openings import main; main()"

Each line is `<canonical key> <best cells> <cell:score ...>`, cells in the canonical
orientation (see `symmetry.py`); scores are the solver's (see `solver.py`).
"""

from __future__ import annotations

import sys
import time
from functools import cache
from pathlib import Path
from typing import NamedTuple

from .board import Board
from .geometry import geometry
from .symmetry import symmetries

SIZE = 4
WIN_LENGTH = 4
MAX_MARKS = 4
TABLE = Path(__file__).with_name("openings_4x4.txt")


class Entry(NamedTuple):
    best: tuple[int, ...]
    scores: dict[int, int]


def _applies(board: Board) -> bool:
    return (
        board.size == SIZE
        and board.win_length == WIN_LENGTH
        and board.outcome is None
        and board.mark_count <= MAX_MARKS
    )


@cache
def table() -> dict[int, Entry]:
    """The table as stored (empty if the file is missing: the solver then does the work)."""
    entries: dict[int, Entry] = {}
    try:
        text = TABLE.read_text(encoding="ascii")
    except OSError:
        return entries
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        key, best, *scores = line.split()
        entries[int(key)] = Entry(
            tuple(int(cell) for cell in best.split(",")),
            {int(cell): int(score) for cell, score in (pair.split(":") for pair in scores)},
        )
    return entries


def _lookup(board: Board) -> tuple[Entry, tuple[int, ...]] | None:
    """The entry for `board` and the map from canonical cells back to the board's cells."""
    if not _applies(board):
        return None
    mine, theirs = board.sides
    shapes = symmetries(SIZE)
    key, symmetry = shapes.canonical_with_symmetry(mine, theirs)
    entry = table().get(key)
    if entry is None:
        return None
    forward = shapes.permutations[symmetry]
    back = [0] * len(forward)
    for cell, image in enumerate(forward):
        back[image] = cell
    return entry, tuple(back)


def best_moves(board: Board) -> tuple[int, ...] | None:
    """Genius's moves for `board` from the table, or None if the table does not hold it."""
    found = _lookup(board)
    if found is None:
        return None
    entry, back = found
    return tuple(sorted(back[cell] for cell in entry.best))


def move_scores(board: Board) -> dict[int, int] | None:
    """Every empty cell's exact score for the side to move, or None if not in the table."""
    found = _lookup(board)
    if found is None:
        return None
    entry, back = found
    return {back[cell]: score for cell, score in entry.scores.items()}


def canonical_positions(max_marks: int) -> list[int]:
    """Keys of every 4×4 position with up to `max_marks` marks, one per symmetry class."""
    shape = geometry(SIZE, WIN_LENGTH)
    canonical = symmetries(SIZE).canonical_key
    cells = shape.cell_count
    low = (1 << cells) - 1
    level = {canonical(0, 0)}
    found = set(level)
    for _ in range(max_marks):
        following = set()
        for key in level:
            mine, theirs = key >> cells, key & low
            taken = mine | theirs
            for cell in range(cells):
                if not taken >> cell & 1:
                    after = mine | 1 << cell
                    if not shape.completes_line(after, cell):
                        following.add(canonical(theirs, after))
        level = following - found
        found |= level
    return sorted(found)


def build(max_marks: int = MAX_MARKS, path: Path = TABLE) -> int:
    """Solve every position of the table and write it; returns how many there are."""
    from .opponents import Genius
    from .solver import Solver

    solver = Solver(geometry(SIZE, WIN_LENGTH))
    cells = SIZE * SIZE
    low = (1 << cells) - 1
    lines = [
        f"# nac 4x4 opening table: every position with up to {max_marks} marks, one per",
        "# symmetry class. Built by `python -m nac.core.openings`; see openings.py.",
    ]
    keys = canonical_positions(max_marks)
    for key in keys:
        mine, theirs = key >> cells, key & low
        scores = solver.move_scores(mine, theirs)
        best = Genius._find_best(solver, mine, theirs)
        pairs = " ".join(f"{cell}:{scores[cell]}" for cell in sorted(scores))
        lines.append(f"{key} {','.join(map(str, best))} {pairs}")
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    table.cache_clear()
    return len(keys)


def main() -> None:
    started = time.perf_counter()
    count = build(int(sys.argv[1]) if len(sys.argv) > 1 else MAX_MARKS)
    size = TABLE.stat().st_size
    print(f"{count} positions, {size:,} bytes, in {TABLE} ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
