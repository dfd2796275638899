"""How a finished game ended."""

from __future__ import annotations

from typing import NamedTuple

from .mark import Mark


class Outcome(NamedTuple):
    """The winner (None for a draw) and the cells of the winning line, sorted.

    When one move completes two lines at once, `line` holds the cells of both.
    """

    winner: Mark | None
    line: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


class Ends:
    """What a position says of its end, from its `outcome`: shared by every rules' position."""

    __slots__ = ()

    outcome: Outcome | None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> Mark | None:
        return self.outcome.winner if self.outcome else None
