"""Hints: the move Genius would make for the side to move, with what it does: facts, not words
(the front ends say them: `nac.present.game.words.hint_reason`). Which engine finds the move and the
values is `sources.py`'s choice."""

from __future__ import annotations

from typing import NamedTuple

from ..core import Board
from .values import MoveValue, Result


class Hint(NamedTuple):
    cell: int
    value: MoveValue | None
    """The move's perfect-play value: exact (a result and a distance: 3×3, 4×4, Notakto), a
    result alone where only that is proven (5×5), or None where nothing is."""
    blocks: bool = False
    """It stops a line of the other side's (noughts and crosses)."""
    only: bool = False
    """It is the only move that keeps the draw."""
    kills: int | None = None
    """Notakto: the board it kills (0 for the first), if it kills one."""
    last: bool = False
    """Notakto: the board it kills is the last live one."""
    mirror: bool = False
    """Misère 5×5, nothing proven yet: the mirror move through the centre, with which the
    first player never loses."""
    share: float | None = None
    """Ultimate, nothing proven: the share of the search's simulations through the move that
    the mover won (a draw counts a half)."""
    simulations: int = 0
    """How many simulations that share is of."""


def exact_hint(board: Board, cell: int, values: dict[int, MoveValue]) -> Hint:
    """Genius's move `cell` where every move's exact value is known (3×3, 4×4)."""
    value = values[cell]
    drawing = [other for other, known in values.items() if known.result is Result.DRAW]
    only = value.result is Result.DRAW and len(drawing) == 1
    return Hint(cell, value, blocks=_blocks(board, cell), only=only)


def proven_hint(board: Board, cell: int, value: int | None) -> Hint:
    """Genius's 5×5 move `cell`: its value proven by the book or the exact search (1 win, 0
    draw, -1 loss, not how fast), or None where the search ran out."""
    blocks = _blocks(board, cell)
    if board.geometry.completes_line(board.sides[0] | 1 << cell, cell):
        return Hint(cell, MoveValue(Result.WIN, 1, 1), blocks=blocks)
    return Hint(cell, None if value is None else MoveValue.of_result(value), blocks=blocks)


def _blocks(board: Board, cell: int) -> bool:
    return board.geometry.completes_line(board.sides[1] | 1 << cell, cell)
