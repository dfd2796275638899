"""Hints: the move Genius would make for the side to move, with a word on why. The words come
from the move's value; which engine finds the move and the values is `sources.py`'s choice."""

from __future__ import annotations

from typing import NamedTuple

from ..core import Board
from .values import MoveValue, Result

ESTIMATE = "a search estimate: nothing proven within the search's budget"


class Hint(NamedTuple):
    cell: int
    reason: str
    """A few words: "wins", "blocks", "only move that draws", "wins in 3" (moves of the side to
    move, this one included), ..."""
    value: MoveValue | None
    """The move's perfect-play value, where it is known."""


def exact_hint(board: Board, cell: int, values: dict[int, MoveValue]) -> Hint:
    """Genius's move `cell` where every move's exact value is known (3×3, 4×4)."""
    value = values[cell]
    return Hint(cell, _reason(board, cell, value, values), value)


def _reason(board: Board, cell: int, value: MoveValue, values: dict[int, MoveValue]) -> str:
    if not board.geometry.completer_wins:
        return _misere_reason(board, value, values)
    if value.result is Result.WIN:
        return "wins" if value.plies == 1 else f"wins in {value.moves}"
    blocks = _blocks(board, cell)
    if value.result is Result.LOSS:
        if blocks:
            return "blocks, though every move loses"
        return "every move loses: this one holds out longest"
    drawing = [c for c, v in values.items() if v.result is Result.DRAW]
    only = len(drawing) == 1
    if blocks:
        return "blocks: the only move that draws" if only else "blocks"
    return "only move that draws" if only else "draws"


def _misere_reason(board: Board, value: MoveValue, values: dict[int, MoveValue]) -> str:
    """The words of a misère hint, where a line of one's own loses."""
    k = board.win_length
    if value.result is Result.WIN:
        if value.plies == 2:
            return f"wins: every reply makes {_in_a_row(k)}"
        return f"wins in {value.moves}: the other side will have to make {_in_a_row(k)}"
    if value.result is Result.LOSS:
        if value.plies == 1:
            return f"every move makes {_in_a_row(k)}: you lose"
        return "every move loses: this one holds out longest"
    drawing = [c for c, v in values.items() if v.result is Result.DRAW]
    if len(drawing) == 1:
        return f"only move that draws: the others lose (misère: {_in_a_row(k)} loses)"
    return f"draws, and makes no {_in_a_row(k)}"


def _in_a_row(k: int) -> str:
    return f"{_NUMBERS.get(k, str(k))} in a row"


_NUMBERS = {3: "three", 4: "four", 5: "five"}


def proven_hint(board: Board, cell: int, value: int | None) -> Hint:
    """Genius's 5×5 move `cell`: its value proven by the book or the exact search (1 win, 0
    draw, -1 loss, not how fast), or None where the search ran out (then it says so)."""
    mine, _ = board.sides
    blocks = _blocks(board, cell)
    if board.geometry.completes_line(mine | 1 << cell, cell):
        return Hint(cell, "wins", MoveValue.of_result(1))
    if value is None:
        return Hint(cell, "blocks (a search estimate)" if blocks else ESTIMATE, None)
    known = MoveValue.of_result(value)
    if known.result is Result.WIN:
        reason = "blocks, and forces a win" if blocks else "forces a win"
    elif known.result is Result.DRAW:
        reason = "blocks" if blocks else "holds the draw"
    else:
        reason = "blocks, though every move loses" if blocks else "every move loses"
    return Hint(cell, reason, known)


def _blocks(board: Board, cell: int) -> bool:
    _, theirs = board.sides
    return board.geometry.completes_line(theirs | 1 << cell, cell)
