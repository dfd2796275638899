"""How a finished game ended: who won, by which cells, and why it ended (`Termination`)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .mark import Mark


class Termination(Enum):
    """Why a game ended, as python-chess's `Termination` says it: the position decides it, so
    no sentence re-derives it from the rules."""

    LINE = "line"
    """The winner made a line (in Ultimate, a line of won boards)."""
    LOSING_LINE = "losing line"
    """In misère: the loser made a line of their own."""
    LAST_BOARD = "last board"
    """In Notakto: the loser killed the last live board."""
    FILLED = "filled"
    """A draw: no square left (in Ultimate, no board left undecided) and no line."""
    RESIGNATION = "resignation"
    """A side gave the game up: the other won."""


class _Ended(NamedTuple):
    winner: Mark | None
    line: tuple[int, ...]
    reason: Termination


class Outcome(_Ended):
    """The winner (None for a draw), the cells of the ending line, sorted, and why the game
    ended (by default a line for a win, a filled board for a draw).

    When one move completes two lines at once, `line` holds the cells of both.
    """

    __slots__ = ()

    def __new__(
        cls, winner: Mark | None, line: tuple[int, ...] = (), reason: Termination | None = None
    ) -> Outcome:
        if reason is None:
            reason = Termination.FILLED if winner is None else Termination.LINE
        return super().__new__(cls, winner, line, reason)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


def resignation(mark: Mark) -> Outcome:
    """The outcome when `mark` gives the game up."""
    return Outcome(mark.other, (), Termination.RESIGNATION)
