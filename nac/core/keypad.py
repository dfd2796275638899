"""Keypad layouts: which key 1-9 plays which cell of the 3×3 board, both ways.

`PHONE` has 1 2 3 on the top row (the original curses game's layout and the default);
`NUMPAD` has 7 8 9 on top, like a computer's numeric keypad.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from .checks import checked_cell
from .choices import parse_choice
from .coordinates import coordinate, parse_coordinate
from .errors import NotASquare, SquareTaken
from .geometry import CLASSIC_SIZE
from .notakto import notakto_cell, notakto_move
from .rules import Rules
from .small_boards import SQUARES
from .ultimate import GRID as ULTIMATE_GRID, grid_cell, grid_place, ultimate_cell

if TYPE_CHECKING:
    from .position import Position

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


def square_name(cell: int, rules: Rules, keypad: KeypadLayout) -> str:
    """What the player calls a square: its key on 3×3, its coordinate (`b3`) on bigger boards,
    in Notakto its board and key (`2:5`), in Ultimate its place on the 9×9 grid (`e5`)."""
    if rules.is_ultimate:
        column, row = grid_place(checked_cell(cell, rules.cell_count))
        return coordinate(row * ULTIMATE_GRID + column, ULTIMATE_GRID)
    if rules.is_notakto:
        board, square = notakto_move(cell)
        return f"{board + 1}:{keypad.key_for_cell(square)}"
    if rules.size == CLASSIC_SIZE:
        return str(keypad.key_for_cell(cell))
    return coordinate(cell, rules.size)


def parse_square(name: str, rules: Rules, keypad: KeypadLayout) -> int:
    """The cell a player names: a key 1-9 or a coordinate like `b2` on 3×3, a coordinate on
    bigger boards; in Notakto a board and a key or a square (`2:5`, `2 5`, `25`, `2b2`), or on
    one board the key or the square alone; in Ultimate a square of the 9×9 grid (`e5`) or a
    board and a key (`5:5`, `5 5`, `55`). NotASquare otherwise."""
    if rules.is_ultimate:
        return _ultimate_square(name, keypad)
    if rules.is_notakto:
        return _notakto_square(name, rules.boards, keypad)
    size = rules.size
    try:
        if size == CLASSIC_SIZE and isinstance(name, str) and name.strip().isdigit():
            return keypad.cell_for_key(name)
        return parse_coordinate(name, size)
    except NotASquare:
        if size == CLASSIC_SIZE:
            raise NotASquare(name, "a key 1-9 or a square like b2: a-c then 1-3") from None
        raise


def _notakto_square(name: str, boards: int, keypad: KeypadLayout) -> int:
    expected = "a board and a key (2:5, 2 5 or 25) or a board and a square (2b2)"
    if boards == 1:
        expected += ", or on one board the key alone"
    text = "".join(name.replace(":", " ").split()) if isinstance(name, str) else ""
    if boards == 1 and (len(text) == 1 or (len(text) == 2 and text[0].isalpha())):
        text = "1" + text
    board, rest = text[:1], text[1:]
    if not board.isdigit() or not 1 <= int(board) <= boards or not rest:
        raise NotASquare(name, expected)
    try:
        square = keypad.cell_for_key(rest) if rest.isdigit() else parse_coordinate(rest, 3)
    except NotASquare:
        raise NotASquare(name, expected) from None
    if not 0 <= square < SQUARES:
        raise NotASquare(name, expected)
    return notakto_cell(int(board) - 1, square)


def _ultimate_square(name: str, keypad: KeypadLayout) -> int:
    expected = "a square like e5 (a-i then 1-9) or a board and a key (5:5, 5 5 or 55)"
    text = "".join(name.replace(":", " ").split()) if isinstance(name, str) else ""
    if len(text) == 2 and text.isdigit() and "0" not in text:
        return ultimate_cell(keypad.cell_for_key(text[0]), keypad.cell_for_key(text[1]))
    try:
        row, column = divmod(parse_coordinate(text, ULTIMATE_GRID), ULTIMATE_GRID)
    except NotASquare:
        raise NotASquare(name, expected) from None
    return grid_cell(column, row)


def check_square(position: Position, cell: int, keypad: KeypadLayout) -> int:
    """`cell` if the side to move may play it, else the IllegalMove that says why, naming the
    square as the player does (`square 5`, `square b3`)."""
    index = position.cell_index(cell)
    owner = position[index]
    if owner is not None and not position.rules.shares_marks:
        name = square_name(index, position.rules, keypad)
        raise SquareTaken(index, owner, f"square {name}")
    return position.check_move(index)
