"""Which position plays which rules: the one place that knows every rules' position class (the
rules, `Board`, `NotaktoBoard` and `UltimateBoard` know none of the others), so a new rules
plugs in here with its class. A game begins from `start_position`; a position's text is read by
`read_position`."""

from __future__ import annotations

from .board import Board
from .errors import InvalidPosition
from .mark import Mark
from .notakto import NotaktoBoard
from .position import Position
from .rules import Rules
from .ultimate import UltimateBoard


def start_position(rules: Rules, first: Mark = Mark.X) -> Position:
    """The position a game under `rules` begins from, `first` to move."""
    if rules.is_notakto:
        return NotaktoBoard.empty(rules.boards, first)
    if rules.is_ultimate:
        return UltimateBoard.empty(first)
    return Board.empty(rules.size, first=first, variant=rules.variant)


def read_position(rules: Rules, text: str, to_move: Mark) -> Position:
    """A position under `rules` from its text (`str` of one), `to_move` to move (in Notakto,
    the side to move after the X's on the boards, counted from `to_move`); InvalidPosition (a
    ValueError) if it is not one."""
    if rules.is_ultimate:
        return UltimateBoard.parse(text, to_move)
    if rules.is_notakto:
        marks = text.count("X") + text.count("x")
        found = NotaktoBoard.parse(text, to_move if marks % 2 == 0 else to_move.other)
        if len(found.boards) != rules.boards:
            raise InvalidPosition(f"{text!r} is not {rules.boards} boards")
        return found
    board = Board.parse(text, to_move, variant=rules.variant)
    if board.size != rules.size:
        raise InvalidPosition(f"{text!r} is not a {rules.size}×{rules.size} board")
    return board


def checked_position(value: object, name: str = "board") -> Position:
    """`value` if it is a position of one of the rules, else a TypeError saying what to give."""
    if not isinstance(value, Board | NotaktoBoard | UltimateBoard):
        raise TypeError(
            f"{name} must be a position, like Board.parse('X.O/.X./...') or "
            f"NotaktoBoard.empty(2) or UltimateBoard.empty(), not {value!r}"
        )
    return value
