"""The computer's opponents: Idiot (random), Average (rules of thumb) and Genius (perfect).

Every opponent is a `Strategy`: given a position that is not over, it returns the cell to play.
Random choices come from a `random.Random` passed in, so games can be replayed.
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Protocol

from .board import Board
from .errors import GameAlreadyOver
from .geometry import Geometry
from .solver import sides, solver_for


class Level(Enum):
    IDIOT = "idiot"
    AVERAGE = "average"
    GENIUS = "genius"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(level.value for level in cls)
            raise ValueError(f"{text!r} is not a level: use one of {names}") from None


class Strategy(Protocol):
    def choose(self, board: Board, rng: random.Random) -> int:
        """The cell to play in `board`, which is not over."""
        ...


def completing_cells(shape: Geometry, bits: int, free: tuple[int, ...]) -> list[int]:
    """The free cells that would complete a line for the player holding `bits`."""
    return [cell for cell in free if shape.completes_line(bits | 1 << cell, cell)]


class Idiot:
    """A uniformly random empty cell."""

    def choose(self, board: Board, rng: random.Random) -> int:
        return rng.choice(board.empty_cells)


class Average:
    """Rules of thumb, in order: win; block; centre; the corner opposite theirs; a corner; a side.

    It neither makes nor blocks forks, so a fork beats it: that is its intended weakness.
    """

    def choose(self, board: Board, rng: random.Random) -> int:
        return rng.choice(self.candidates(board))

    def candidates(self, board: Board) -> list[int]:
        """The equally good cells under the first rule that applies."""
        shape = board.geometry
        mine, theirs = sides(board)
        free = board.empty_cells
        for rule in (
            completing_cells(shape, mine, free),
            completing_cells(shape, theirs, free),
            [cell for cell in shape.centre_cells if cell in free],
            [
                shape.opposite_corner(corner)
                for corner in shape.corners
                if theirs >> corner & 1 and shape.opposite_corner(corner) in free
            ],
            [cell for cell in shape.corners if cell in free],
        ):
            if rule:
                return rule
        return list(free)


class Genius:
    """Perfect play. Fastest win; slowest loss; among equals, the move that leaves the opponent
    the most replies that lose ground; random among exact ties, so games vary."""

    def __init__(self) -> None:
        self._best: dict[tuple[Geometry, int, int], tuple[int, ...]] = {}

    def choose(self, board: Board, rng: random.Random) -> int:
        return rng.choice(self.best_moves(board))

    def forget(self) -> None:
        self._best.clear()

    def best_moves(self, board: Board) -> tuple[int, ...]:
        """Every cell Genius might play here (all equally good by its rules)."""
        mine, theirs = sides(board)
        key = (board.geometry, mine, theirs)
        best = self._best.get(key)
        if best is None:
            best = self._best[key] = self._find_best(board.geometry, mine, theirs)
        return best

    def _find_best(self, shape: Geometry, mine: int, theirs: int) -> tuple[int, ...]:
        solver = solver_for(shape)
        top_score, top = solver.best_moves(mine, theirs)
        if len(top) == 1 or top_score > 0:
            return top
        # Every top move leaves the opponent a best reply scoring -top_score; count the others.
        traps = {
            cell: solver.move_scores_below(theirs, mine | 1 << cell, -top_score) for cell in top
        }
        most = max(traps.values())
        return tuple(cell for cell in top if traps[cell] == most)


LEVELS: dict[Level, Strategy] = {
    Level.IDIOT: Idiot(),
    Level.AVERAGE: Average(),
    Level.GENIUS: Genius(),
}

_default_rng = random.Random()


def clear_caches() -> None:
    """Forget every solved position (frees memory; benchmarks use it to start cold)."""
    solver_for.cache_clear()
    genius = LEVELS[Level.GENIUS]
    assert isinstance(genius, Genius)
    genius.forget()


def strategy_for(level: Level) -> Strategy:
    return LEVELS[level]


def choose_move(board: Board, level: Level, rng: random.Random | None = None) -> int:
    """The cell (0..n²-1) that `level` plays in `board`. Raises GameAlreadyOver if it is over."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    return LEVELS[level].choose(board, rng or _default_rng)
