"""Keypad layouts: which key 1-9 plays which cell of the 3×3 board, both ways.

`PHONE` has 1 2 3 on the top row (the original curses game's layout and the default);
`NUMPAD` has 7 8 9 on top, like a computer's numeric keypad.
"""

from __future__ import annotations

from enum import Enum

from .errors import NotASquare

KEYPAD_SIZE = 3
KEYS = range(1, 10)


class KeypadLayout(Enum):
    PHONE = "phone"
    NUMPAD = "numpad"

    @property
    def label(self) -> str:
        return self.value

    def cell_for_key(self, key: object) -> int:
        """The cell index (0..8, row-major from the top-left) that `key` plays.

        `key` is an int 1-9 or a one-digit string; anything else raises NotASquare.
        """
        number = _key_number(key)
        row, column = divmod(number - 1, KEYPAD_SIZE)
        if self is KeypadLayout.NUMPAD:
            row = KEYPAD_SIZE - 1 - row
        return row * KEYPAD_SIZE + column

    def key_for_cell(self, cell: int) -> int:
        """The key (1-9) that plays `cell` (0..8)."""
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < 9:
            raise NotASquare(cell, "a cell from 0 to 8")
        row, column = divmod(cell, KEYPAD_SIZE)
        if self is KeypadLayout.NUMPAD:
            row = KEYPAD_SIZE - 1 - row
        return row * KEYPAD_SIZE + column + 1

    @property
    def next(self) -> KeypadLayout:
        """The other layout, for a key that switches between them."""
        return KeypadLayout.NUMPAD if self is KeypadLayout.PHONE else KeypadLayout.PHONE


def _key_number(key: object) -> int:
    if isinstance(key, str) and len(key.strip()) == 1 and key.strip() in "0123456789":
        number = int(key.strip())
    elif isinstance(key, int) and not isinstance(key, bool):
        number = key
    else:
        raise NotASquare(key, "a key from 1 to 9")
    if number not in KEYS:
        raise NotASquare(key, "a key from 1 to 9")
    return number
