"""Hints: the move Genius would make for the side to move, with a word on why."""

from __future__ import annotations

import random
from typing import NamedTuple

from .analysis import MoveValue, Result, analyse, genius_moves, is_five, is_solvable
from .board import Board
from .errors import GameAlreadyOver, StopSignal
from .heuristic import FORK, WIN
from .opponents import STRATEGIES, Genius, Level

ESTIMATE = "a search estimate: nothing proven within the search's budget"
HINT_SEED = 0
"""Hints on boards too big to solve search with a fixed seed: the same position, the same hint."""


class Hint(NamedTuple):
    cell: int
    reason: str
    """A few words: "wins", "blocks", "only move that draws", "wins in 5", ..."""
    value: MoveValue | None
    """The move's perfect-play value, on boards small enough to solve."""


def hint(board: Board, stop: StopSignal | None = None) -> Hint:
    """The cell Genius would play for the side to move, and why. On boards too big to solve
    the reason is what the search found, and `stop` cancels it (SearchStopped)."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    if is_five(board):
        return _five_hint(board, stop)
    if not is_solvable(board):
        return _searched_hint(board, stop)
    cell = genius_moves(board, stop)[0]
    values = analyse(board, stop)
    return Hint(cell, _reason(board, cell, values), values[cell])


def _reason(board: Board, cell: int, values: dict[int, MoveValue]) -> str:
    value = values[cell]
    if value.result is Result.WIN:
        return "wins" if value.plies == 1 else f"wins in {value.plies}"
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


def _five_hint(board: Board, stop: StopSignal | None) -> Hint:
    """Genius's 5×5 move: its value is proven by the book or the exact search (win, draw or
    loss, not how fast), or else the search ran out and the hint says it is an estimate."""
    from .five import genius as five  # loaded on the first 5×5 hint

    decision = five.decide(board, stop)
    cell = decision.cell
    mine, _ = board.sides
    blocks = _blocks(board, cell)
    if board.geometry.completes_line(mine | 1 << cell, cell):
        return Hint(cell, "wins", MoveValue.of_result(1))
    if decision.value is None:
        return Hint(cell, "blocks (a search estimate)" if blocks else ESTIMATE, None)
    value = MoveValue.of_result(decision.value)
    if value.result is Result.WIN:
        reason = "blocks, and forces a win" if blocks else "forces a win"
    elif value.result is Result.DRAW:
        reason = "blocks" if blocks else "holds the draw"
    else:
        reason = "blocks, though every move loses" if blocks else "every move loses"
    return Hint(cell, reason, value)


def _searched_hint(board: Board, stop: StopSignal | None) -> Hint:
    genius = STRATEGIES[Level.GENIUS]
    assert isinstance(genius, Genius)
    result = genius.search(board, random.Random(HINT_SEED), stop)
    cell = result.cell
    mine, _ = board.sides
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
