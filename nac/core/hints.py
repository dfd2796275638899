"""Hints: the move Genius would make for the side to move, with a word on why."""

from __future__ import annotations

from typing import NamedTuple

from .board import Board
from .errors import GameAlreadyOver
from .geometry import Geometry
from .opponents import Genius, Level, strategy_for
from .solver import MoveValue, Result, analyse, sides


class Hint(NamedTuple):
    cell: int
    reason: str
    """A few words: "wins", "blocks", "only move that draws", "wins in 5", ..."""
    value: MoveValue


def hint(board: Board) -> Hint:
    """The cell Genius would play for the side to move, and why."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    genius = strategy_for(Level.GENIUS)
    assert isinstance(genius, Genius)
    cell = genius.best_moves(board)[0]
    analysis = analyse(board)
    return Hint(cell, _reason(board, cell, analysis), analysis[cell])


def _reason(board: Board, cell: int, analysis: dict[int, MoveValue]) -> str:
    value = analysis[cell]
    if value.result is Result.WIN:
        return "wins" if value.plies == 1 else f"wins in {value.plies}"
    _, theirs = sides(board)
    blocks = _completes(board.geometry, theirs, cell)
    if value.result is Result.LOSS:
        if blocks:
            return "blocks, though every move loses"
        return "every move loses: this one holds out longest"
    drawing = [c for c, v in analysis.items() if v.result is Result.DRAW]
    only = len(drawing) == 1
    if blocks:
        return "blocks: the only move that draws" if only else "blocks"
    return "only move that draws" if only else "draws"


def _completes(shape: Geometry, bits: int, cell: int) -> bool:
    return shape.completes_line(bits | 1 << cell, cell)
