"""How a game stands in the notation: won by a side, drawn, unfinished, or resigned."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from .mark import Mark

if TYPE_CHECKING:
    from .rules import Position


class Ending(Enum):
    """How a game ended, or that it has not."""

    X_WINS = "X-wins"
    O_WINS = "O-wins"
    DRAW = "draw"
    UNFINISHED = "unfinished"
    X_RESIGNS = "X-resigns"
    O_RESIGNS = "O-resigns"

    @classmethod
    def of(cls, board: Position, resigned: Mark | None = None) -> Ending:
        """How the game that reached `board` stands (`resigned`: the side that gave it up)."""
        if resigned is not None:
            return cls.X_RESIGNS if resigned is Mark.X else cls.O_RESIGNS
        if board.outcome is None:
            return cls.UNFINISHED
        if board.outcome.winner is None:
            return cls.DRAW
        return cls.X_WINS if board.outcome.winner is Mark.X else cls.O_WINS

    @property
    def winner(self) -> Mark | None:
        """The side that won (by a line or a resignation); None for a draw or no end yet."""
        return _WINNERS.get(self)

    @property
    def resigned(self) -> Mark | None:
        """The side that resigned, if one did."""
        winner = self.winner
        return winner.other if winner is not None and self in _RESIGNATIONS else None


_WINNERS = {
    Ending.X_WINS: Mark.X,
    Ending.O_WINS: Mark.O,
    Ending.X_RESIGNS: Mark.O,
    Ending.O_RESIGNS: Mark.X,
}
_RESIGNATIONS = (Ending.X_RESIGNS, Ending.O_RESIGNS)
