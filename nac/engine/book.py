"""The 4×4 opening table: Genius's moves and every move's exact score in the first positions.

Early 4×4 positions take the solver up to a second or so in Python; the table answers them at
once. It holds every position with up to MAX_MARKS marks, once per symmetry class, and is
built reproducibly by `make openings` (`tools/build_openings.py`).

Each line is `<canonical key> <Genius's cells> <cell:score ...>`, cells in the canonical
orientation (see `symmetry.py`), scores as the solver's (see `solver.py`).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..core.board import Board
from .packaged import packaged
from .symmetry import symmetries

SIZE = 4
WIN_LENGTH = 4
MAX_MARKS = 4
FILE_NAME = "book_4x4.txt"


class Entry(NamedTuple):
    genius: tuple[int, ...]
    scores: dict[int, int]


def format_entry(key: int, entry: Entry) -> str:
    """One line of the table file."""
    pairs = " ".join(f"{cell}:{entry.scores[cell]}" for cell in sorted(entry.scores))
    return f"{key} {','.join(map(str, entry.genius))} {pairs}"


def parse_entry(line: str) -> tuple[int, Entry]:
    key, genius, *scores = line.split()
    return int(key), Entry(
        tuple(int(cell) for cell in genius.split(",")),
        {int(cell): int(score) for cell, score in (pair.split(":") for pair in scores)},
    )


def table_text() -> str:
    """The table file as shipped inside the package."""
    return packaged(FILE_NAME).decode("ascii")


@cache
def table() -> dict[int, Entry]:
    """The table, read on first use."""
    return dict(
        parse_entry(line) for line in table_text().splitlines() if line and not line.startswith("#")
    )


def covers(board: Board) -> bool:
    """Whether the table holds this position."""
    return (
        board.size == SIZE
        and board.win_length == WIN_LENGTH
        and board.geometry.completer_wins
        and board.outcome is None
        and board.mark_count <= MAX_MARKS
    )


def _lookup(board: Board) -> tuple[Entry, tuple[int, ...]] | None:
    """The entry for `board` and the map from canonical cells back to the board's cells."""
    if not covers(board):
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


def genius_moves(board: Board) -> tuple[int, ...] | None:
    """Genius's moves for `board` from the table, or None if the table does not hold it."""
    found = _lookup(board)
    if found is None:
        return None
    entry, back = found
    return tuple(sorted(back[cell] for cell in entry.genius))


def move_scores(board: Board) -> dict[int, int] | None:
    """Every empty cell's exact score for the side to move, or None if not in the table."""
    found = _lookup(board)
    if found is None:
        return None
    entry, back = found
    return {back[cell]: score for cell, score in entry.scores.items()}
