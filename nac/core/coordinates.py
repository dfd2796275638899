"""Squares named by a column letter and a row number, for boards bigger than the 3×3 keypad:
`a1` is the top-left corner, `b3` the second column of the third row."""

from __future__ import annotations

from .errors import NotASquare

COLUMN_LETTERS = "abcdefg"


def coordinate(cell: int, size: int) -> str:
    row, column = divmod(cell, size)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_coordinate(text: object, size: int) -> int:
    """The cell named by `text` ("b3", "B3", " c1 ") on a size×size board; NotASquare if none."""
    last_letter = COLUMN_LETTERS[size - 1]
    valid = f"a square like b3: a letter a-{last_letter} then a number 1-{size}"
    if not isinstance(text, str):
        raise NotASquare(text, valid)
    name = text.strip().lower()
    if len(name) < 2 or name[0] not in COLUMN_LETTERS[:size] or not name[1:].isascii():
        raise NotASquare(text, valid)
    if not name[1:].isdigit() or not 1 <= int(name[1:]) <= size:
        raise NotASquare(text, valid)
    return (int(name[1:]) - 1) * size + COLUMN_LETTERS.index(name[0])
