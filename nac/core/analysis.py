"""What perfect play makes of a position: every move's value and Genius's moves.

Answers come from the cheapest source that knows them exactly: the solved whole game on 3×3,
the opening table on 4×4, else the solver. Boards too big to solve in play (5×5) are refused
with `Unsolvable`, at once, instead of searching for minutes; on 5×5 `known_values` gives what
Genius's book and its bounded exact search prove: win, draw or loss, without the distance.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from . import book
from .board import Board
from .errors import GameAlreadyOver, StopSignal
from .geometry import Geometry, geometry
from .solver import genius_choice, solver_for
from .whole_game import WHOLE_GAME_CELLS, whole_game_for

PERFECT_SIZE = 4
"""The biggest board solved exactly in play."""
FIVE = geometry(5, 4)
"""The 5×5 board with four in a row: Genius plays it from its book (`nac.core.five`)."""
GENIUS_CACHE_LIMIT = 50_000
"""Positions whose Genius moves (found by the solver) are kept before the cache starts afresh."""


class Unsolvable(ValueError):
    """The board is too big to solve exactly in play."""

    def __init__(self, board: Board) -> None:
        n = board.size
        super().__init__(
            f"the {n}×{n} game is too big to solve exactly; "
            f"exact analysis works on boards up to {PERFECT_SIZE}×{PERFECT_SIZE}"
        )


class Result(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class MoveValue(NamedTuple):
    """The perfect-play outcome of a move for the side making it.

    `plies` counts the moves until the game ends, this one included: a move that wins at once
    is a win in 1. It is None where only the result is known (5×5: see `known_values`).
    `score` orders the values of one position: higher is better for the mover.
    """

    result: Result
    plies: int | None
    score: int

    def __str__(self) -> str:
        if self.result is Result.DRAW:
            return "draw"
        if self.plies is None:
            return str(self.result.value)
        return f"{self.result.value} in {self.plies}"

    @classmethod
    def of_result(cls, value: int) -> MoveValue:
        """A value known only as 1 (a win), 0 (a draw) or -1 (a loss) for the mover."""
        return cls((Result.LOSS, Result.DRAW, Result.WIN)[value + 1], None, value)


def is_solvable(board: Board) -> bool:
    """Whether this board's positions can be solved exactly in play."""
    return board.size <= PERFECT_SIZE


def value_of(shape: Geometry, score: int, marks_now: int) -> MoveValue:
    """A move's score, made after `marks_now` marks, as win/draw/loss in so many plies."""
    win_base = shape.cell_count + 1
    if score > 0:
        return MoveValue(Result.WIN, win_base - score - marks_now, score)
    if score < 0:
        return MoveValue(Result.LOSS, win_base + score - marks_now, score)
    return MoveValue(Result.DRAW, shape.cell_count - marks_now, score)


def move_scores(board: Board, stop: StopSignal | None = None) -> dict[int, int]:
    """Every empty cell's exact score for the side to move (see `solver.py` for scores).

    `stop` cancels a long search (SearchStopped); Unsolvable for boards too big.
    """
    _check_solvable(board)
    mine, theirs = board.sides
    if board.cell_count <= WHOLE_GAME_CELLS:
        return whole_game_for(board.geometry).move_scores(mine, theirs)
    scores = book.move_scores(board)
    if scores is not None:
        return scores
    with solver_for(board.geometry).stopped_by(stop) as solver:
        return solver.move_scores(mine, theirs)


_genius_found: dict[tuple[Geometry, int, int], tuple[int, ...]] = {}


def genius_moves(board: Board, stop: StopSignal | None = None) -> tuple[int, ...]:
    """Every cell Genius might play here, all equally good: the fastest win, the slowest loss,
    and among equal moves that do not win, those leaving the opponent the most ways to go
    wrong. `stop` cancels a long search (SearchStopped); Unsolvable for boards too big."""
    shape = board.geometry
    if shape.cell_count <= WHOLE_GAME_CELLS and board.outcome is None:
        return whole_game_for(shape).genius_in(board)
    _check_solvable(board)
    mine, theirs = board.sides
    key = (shape, mine, theirs)
    found = _genius_found.get(key)
    if found is None:
        found = book.genius_moves(board)
        if found is None:
            with solver_for(board.geometry).stopped_by(stop) as solver:
                found = genius_choice(solver, mine, theirs)
        if len(_genius_found) >= GENIUS_CACHE_LIMIT:
            _genius_found.clear()
        _genius_found[key] = found
    return found


def analyse(board: Board, stop: StopSignal | None = None) -> dict[int, MoveValue]:
    """For every empty cell, the perfect-play outcome of playing there for the side to move.

    Exact, so only for boards small enough to solve (Unsolvable otherwise); `stop` cancels.
    """
    scores = move_scores(board, stop)
    marks_now = board.mark_count
    return {cell: value_of(board.geometry, scores[cell], marks_now) for cell in sorted(scores)}


def known_values(board: Board, stop: StopSignal | None = None) -> dict[int, MoveValue]:
    """The perfect-play outcome of every empty cell whose outcome is known: every cell on 3×3
    and 4×4 (`analyse`); on 5×5 the cells Genius's book or its exact search (within a budget
    of positions) proves a win, a draw or a loss, without the distance; the others are left
    out. Unsolvable for the boards the game does not offer; `stop` cancels."""
    if is_solvable(board) or not is_five(board):
        return analyse(board, stop)
    if board.outcome is not None:
        raise GameAlreadyOver()
    from .five import genius as five  # the book and its search: loaded on the first 5×5 use

    values = five.move_values(board, stop)
    return {cell: MoveValue.of_result(value) for cell, value in values.items() if value is not None}


def is_five(board: Board) -> bool:
    """Whether this is the game's 5×5 board (four in a row), where Genius has its book."""
    return board.geometry is FIVE


def position_value(board: Board, stop: StopSignal | None = None) -> MoveValue | None:
    """The perfect-play outcome for the side to move (None once the game is over)."""
    if board.outcome is not None:
        return None
    return max(analyse(board, stop).values(), key=lambda value: value.score)


def forget() -> None:
    """Forget every solved position (frees memory; benchmarks use it to start cold)."""
    _genius_found.clear()
    whole_game_for.cache_clear()
    solver_for.cache_clear()


def _check_solvable(board: Board) -> None:
    if board.outcome is not None:
        raise GameAlreadyOver()
    if not is_solvable(board):
        raise Unsolvable(board)


__all__ = [
    "MoveValue",
    "Result",
    "Unsolvable",
    "analyse",
    "genius_moves",
    "is_five",
    "is_solvable",
    "known_values",
    "move_scores",
    "position_value",
    "value_of",
]
