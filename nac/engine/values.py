"""What perfect play makes of a move: a win, a draw or a loss, and in how many plies; and where
the game is not solved, what a search estimates of it (`Estimate`)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from ..core import Position

PERFECT_SIZE = 4
"""The biggest board solved exactly in play (5×5 has its own book and search)."""


class Unsolvable(ValueError):
    """Genius has no answer for this board, or no exact one: the game offers 3×3, 4×4 and 5×5,
    exact analysis up to 4×4 (and Notakto's)."""

    def __init__(self, board: Position) -> None:
        n, line = board.size, getattr(board, "win_length", None)  # a `Board`'s line's length
        if line is None:
            super().__init__(f"{board.rules.name} is not solved: no exact analysis")
            return
        super().__init__(
            f"Genius plays the boards the game offers (3×3, 4×4, 5×5 with four in a row), not "
            f"{n}×{n} with {line} in a row; exact analysis works on boards up to "
            f"{PERFECT_SIZE}×{PERFECT_SIZE}"
        )


class Result(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class MoveValue(NamedTuple):
    """The perfect-play outcome of a move for the side making it.

    `plies` counts the moves of both sides until the game ends, this one included: a move that wins
    at once is a win in 1 ply. It is None where only the result is known (5×5). `score` orders the
    values of one position: higher is better for the mover. In words (`str`) the distance is counted
    in the mover's own moves, as a player counts: "win in 2" wins on the mover's second move, this
    one included; "loss in 1" loses to the other side's very next move.
    """

    result: Result
    plies: int | None
    score: int

    @property
    def moves(self) -> int | None:
        """The mover's moves until the game is decided, this one included (None if unknown):
        a win in 3 plies is a win on the mover's 2nd move, a loss in 2 plies comes after 1."""
        return None if self.plies is None else (self.plies + 1) // 2

    def __str__(self) -> str:
        if self.result is Result.DRAW:
            return "draw"
        if self.moves is None:
            return str(self.result.value)
        return f"{self.result.value} in {self.moves}"

    @classmethod
    def of_result(cls, value: int) -> MoveValue:
        """A value known only as 1 (a win), 0 (a draw) or -1 (a loss) for the mover."""
        return cls((Result.LOSS, Result.DRAW, Result.WIN)[value + 1], None, value)


class Estimate(NamedTuple):
    """What a search thinks of a move, where the game is not solved (an `Estimating` source's
    answer): the share of its simulations the mover won (a draw counts a half), how many there
    were, and whether it is a proven win (1) or loss (-1): 0 if neither (a proven draw too)."""

    cell: int
    share: float
    simulations: int
    proven: int = 0


def value_of(cells: int, score: int, marks_now: int) -> MoveValue:
    """A move's score (see `solver.py`: a game that ends with `c` marks on `cells` cells
    scores `cells + 1 - c` for its winner), made after `marks_now` marks, as win/draw/loss in
    so many plies."""
    win_base = cells + 1
    if score > 0:
        return MoveValue(Result.WIN, win_base - score - marks_now, score)
    if score < 0:
        return MoveValue(Result.LOSS, win_base + score - marks_now, score)
    return MoveValue(Result.DRAW, cells - marks_now, score)


def best_of(values: dict[int, MoveValue]) -> MoveValue | None:
    """The best of a position's move values for the side to move (None if there are none)."""
    return max(values.values(), key=lambda value: value.score, default=None)
