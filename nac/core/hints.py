"""Hints: the move Genius would make for the side to move, with a word on why."""

from __future__ import annotations

import random
from threading import Event
from typing import NamedTuple

from .board import Board
from .errors import GameAlreadyOver
from .heuristic import FORK, WIN
from .opponents import PERFECT_SIZE, Genius, Level, heuristic_for, strategy_for
from .solver import MoveValue, Result, analyse


class Hint(NamedTuple):
    cell: int
    reason: str
    """A few words: "wins", "blocks", "only move that draws", "wins in 5", ..."""
    value: MoveValue | None
    """The move's perfect-play value, on boards small enough to solve."""


def hint(board: Board, stop: Event | None = None) -> Hint:
    """The cell Genius would play for the side to move, and why. On boards too big to solve
    the reason is what the search found, and `stop` cancels it (SearchStopped)."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    if board.size > PERFECT_SIZE:
        return _searched_hint(board, stop)
    genius = strategy_for(Level.GENIUS)
    assert isinstance(genius, Genius)
    cell = genius.best_moves(board, stop)[0]
    analysis = analyse(board, stop)
    return Hint(cell, _reason(board, cell, analysis), analysis[cell])


def _reason(board: Board, cell: int, analysis: dict[int, MoveValue]) -> str:
    value = analysis[cell]
    if value.result is Result.WIN:
        return "wins" if value.plies == 1 else f"wins in {value.plies}"
    blocks = _blocks(board, cell)
    if value.result is Result.LOSS:
        if blocks:
            return "blocks, though every move loses"
        return "every move loses: this one holds out longest"
    drawing = [c for c, v in analysis.items() if v.result is Result.DRAW]
    only = len(drawing) == 1
    if blocks:
        return "blocks: the only move that draws" if only else "blocks"
    return "only move that draws" if only else "draws"


def _searched_hint(board: Board, stop: Event | None) -> Hint:
    genius = strategy_for(Level.GENIUS)
    assert isinstance(genius, Genius)
    mine, theirs = board.sides
    result = heuristic_for(board.geometry).best_move(
        mine, theirs, random.Random(0), seconds=genius.seconds, nodes=genius.nodes, stop=stop
    )
    cell = result.cell
    if board.geometry.completes_line(mine | 1 << cell, cell):
        reason = "wins"
    elif _blocks(board, cell):
        reason = "blocks"
    elif result.score > WIN // 2:
        reason = "forces a win"
    elif result.score >= FORK:
        reason = "makes two threats next"
    elif result.score < -WIN // 2:
        reason = "every move loses: this one holds out longest"
    else:
        reason = f"the best the search found, {result.depth} moves ahead"
    return Hint(cell, reason, None)


def _blocks(board: Board, cell: int) -> bool:
    _, theirs = board.sides
    return board.geometry.completes_line(theirs | 1 << cell, cell)
