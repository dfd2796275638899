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
