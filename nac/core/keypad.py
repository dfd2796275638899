"""Keypad layouts: which key 1-9 plays which cell of the 3×3 board, both ways.

`PHONE` has 1 2 3 on the top row (the original curses game's layout and the default);
`NUMPAD` has 7 8 9 on top, like a computer's numeric keypad.
"""

from __future__ import annotations

from enum import Enum

from .checks import checked_cell
from .choices import parse_choice
from .errors import NotASquare
from .geometry import CLASSIC_SIZE

KEYS = range(1, CLASSIC_SIZE * CLASSIC_SIZE + 1)


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
        row, column = divmod(number - 1, CLASSIC_SIZE)
        if self is KeypadLayout.NUMPAD:
            row = CLASSIC_SIZE - 1 - row
        return row * CLASSIC_SIZE + column

    def key_for_cell(self, cell: int) -> int:
        """The key (1-9) that plays `cell` (0..8)."""
        checked_cell(cell, CLASSIC_SIZE * CLASSIC_SIZE)
        row, column = divmod(cell, CLASSIC_SIZE)
        if self is KeypadLayout.NUMPAD:
            row = CLASSIC_SIZE - 1 - row
        return row * CLASSIC_SIZE + column + 1

    @classmethod
    def parse(cls, text: str) -> KeypadLayout:
        """A layout from its name in any case ("Numpad", "phone"); ValueError otherwise."""
        return parse_choice(cls, text, "a keypad layout")

    @property
    def keys(self) -> tuple[int, ...]:
        """The key of each cell of a 3×3 board, 0..8."""
        return tuple(self.key_for_cell(cell) for cell in range(CLASSIC_SIZE * CLASSIC_SIZE))

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
