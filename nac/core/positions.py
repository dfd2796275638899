"""Any rules' positions: a game begins from `start_position`, a position's text is read by
`read_position`, and `checked_position` refuses what is not one. Each family's rulebook
(`families`) knows its position class."""

from __future__ import annotations

from .families import POSITIONS
from .mark import Mark
from .rules import Position, Rules


def start_position(rules: Rules, first: Mark = Mark.X) -> Position:
    """The position a game under `rules` begins from, `first` to move."""
    return rules.rulebook.start(rules, first)


def read_position(rules: Rules, text: str, to_move: Mark | None = None) -> Position:
    """A position under `rules` from its text (`str` of one), `to_move` to move (None: the side
    to move when X moved first); InvalidPosition (a ValueError) if it is not one."""
    return rules.rulebook.read(text, rules.number, to_move)


def checked_position(value: object, name: str = "board") -> Position:
    """`value` if it is a position of one of the rules, else a TypeError saying what to give."""
    if not isinstance(value, POSITIONS):
        raise TypeError(
            f"{name} must be a position, like Board.parse('X.O/.X./...') or "
            f"NotaktoBoard.empty(2) or UltimateBoard.empty(), not {value!r}"
        )
    return value
