"""Squares named by a column letter and a row number, for boards bigger than the 3×3 keypad and
Ultimate's 9×9 grid: `a1` is the top-left corner, `b3` the second column of the third row."""

from __future__ import annotations

from .checks import checked_cell
from .errors import NotASquare
from .geometry import MIN_SIZE

MAX_NAMED = 9
"""The biggest grid named: Ultimate's 9×9."""
COLUMN_LETTERS = "abcdefghi"
LONGEST_NAME = 2
"""Grids have at most nine rows, so a name is a letter and one digit."""


def coordinate(cell: int, size: int) -> str:
    """The name of `cell` on a size×size board; NotASquare if there is no such cell."""
    _check_size(cell, size)
    checked_cell(cell, size * size)
    row, column = divmod(cell, size)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_coordinate(text: object, size: int) -> int:
    """The cell named by `text` ("b3", "B3", " c1 ") on a size×size board; NotASquare if none."""
    _check_size(text, size)
    last_letter = COLUMN_LETTERS[size - 1]
    valid = f"a square like b3: a letter a-{last_letter} then a number 1-{size}"
    if not isinstance(text, str):
        raise NotASquare(text, valid)
    name = text.strip().lower()
    if (
        len(name) != LONGEST_NAME
        or name[0] not in COLUMN_LETTERS[:size]
        or name[1] not in "123456789"[:size]
    ):
        raise NotASquare(text, valid)
    return (int(name[1]) - 1) * size + COLUMN_LETTERS.index(name[0])


def _check_size(square: object, size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_NAMED:
        biggest = f"{MAX_NAMED}×{MAX_NAMED}"
        raise NotASquare(
            square, f"a board of {MIN_SIZE}×{MIN_SIZE} to {biggest}, not size {size!r}"
        )
