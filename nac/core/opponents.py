"""The computer's opponents: Idiot (random), Average (rules of thumb) and Genius (perfect).

Every opponent is a `Strategy`: given a position that is not over, it returns the cell to play.
Random choices come from a `random.Random` passed in, so games can be replayed.
"""

from __future__ import annotations

import random
from enum import Enum
from functools import cache
from threading import Event
from typing import Protocol

from . import openings
from .board import Board
from .errors import GameAlreadyOver
from .geometry import Geometry
from .heuristic import HeuristicSearch, SearchResult
from .solver import Solver, solver_for

CLASSIC_SIZE = 3
PERFECT_SIZE = 4
"""Genius plays perfectly on boards up to this size."""
BIG_BOARD_SECONDS = 1.0
BIG_BOARD_NODES = 30_000


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
    def choose(self, board: Board, rng: random.Random, stop: Event | None = None) -> int:
        """The cell to play in `board`, which is not over. Setting `stop` (from another
        thread) cancels a long search: SearchStopped."""
        ...


def completing_cells(shape: Geometry, bits: int, free: tuple[int, ...]) -> list[int]:
    """The free cells that would complete a line for the player holding `bits`."""
    return [cell for cell in free if shape.completes_line(bits | 1 << cell, cell)]


class Idiot:
    """A uniformly random empty cell."""

    def choose(self, board: Board, rng: random.Random, stop: Event | None = None) -> int:
        return rng.choice(board.empty_cells)


class Average:
    """Rules of thumb. It wins if it can, else blocks; then on 3×3: the centre; the corner
    opposite theirs; a corner; a side; on bigger boards: the cell on the most open lines.

    It neither makes nor blocks forks, so a fork beats it: that is its intended weakness.
    """

    def choose(self, board: Board, rng: random.Random, stop: Event | None = None) -> int:
        return rng.choice(self.candidates(board))

    def candidates(self, board: Board) -> list[int]:
        """The equally good cells under the first rule that applies."""
        shape = board.geometry
        mine, theirs = board.sides
        free = board.empty_cells
        rules = [completing_cells(shape, mine, free), completing_cells(shape, theirs, free)]
        if shape.size == CLASSIC_SIZE:
            rules += [
                [cell for cell in shape.centre_cells if cell in free],
                [
                    shape.opposite_corner(corner)
                    for corner in shape.corners
                    if theirs >> corner & 1 and shape.opposite_corner(corner) in free
                ],
                [cell for cell in shape.corners if cell in free],
            ]
        else:
            rules.append(_on_most_open_lines(shape, theirs, free))
        for rule in rules:
            if rule:
                return rule
        return list(free)


def _on_most_open_lines(shape: Geometry, theirs: int, free: tuple[int, ...]) -> list[int]:
    """The free cells with the most lines through them still free of the opponent's marks."""

    def open_lines(cell: int) -> int:
        return sum(1 for mask in shape.masks_through[cell] if not mask & theirs)

    most = max(open_lines(cell) for cell in free)
    return [cell for cell in free if open_lines(cell) == most]


class Genius:
    """The best play this program knows.

    On 3×3 and 4×4, perfect: the fastest win; the slowest loss; among equals, the move that
    leaves the opponent the most replies that lose ground; random among exact ties, so games
    vary. The first moves of 4×4 come from a table built by `python -m nac.core.openings`.
    On bigger boards, a search within a budget, which cannot be perfect: it stops at
    `nodes` positions (so the same game plays the same on any machine) or after `seconds`
    (so a slow machine still answers in time), whichever comes first.
    """

    def __init__(
        self, *, seconds: float | None = BIG_BOARD_SECONDS, nodes: int | None = BIG_BOARD_NODES
    ) -> None:
        self.seconds = seconds
        self.nodes = nodes
        self._best: dict[tuple[Geometry, int, int], tuple[int, ...]] = {}
        self.last_search: SearchResult | None = None
        """The last search on a big board: its depth and node count, for the curious."""

    def choose(self, board: Board, rng: random.Random, stop: Event | None = None) -> int:
        if board.size > PERFECT_SIZE:
            mine, theirs = board.sides
            result = heuristic_for(board.geometry).best_move(
                mine, theirs, rng, seconds=self.seconds, nodes=self.nodes, stop=stop
            )
            self.last_search = result
            return result.cell
        return rng.choice(self.best_moves(board, stop))

    def forget(self) -> None:
        self._best.clear()

    def best_moves(self, board: Board, stop: Event | None = None) -> tuple[int, ...]:
        """Every cell Genius might play here (all equally good by its rules; 3×3 and 4×4)."""
        if board.size > PERFECT_SIZE:
            raise ValueError(f"{board.size}×{board.size} is too big to solve: use choose()")
        mine, theirs = board.sides
        key = (board.geometry, mine, theirs)
        best = self._best.get(key)
        if best is None:
            book = openings.best_moves(board)
            if book is not None:
                best = book
            else:
                solver = solver_for(board.geometry)
                solver.stop = stop
                try:
                    best = self._find_best(solver, mine, theirs)
                finally:
                    solver.stop = None
            self._best[key] = best
        return best

    @staticmethod
    def _find_best(solver: Solver, mine: int, theirs: int) -> tuple[int, ...]:
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
    heuristic_for.cache_clear()
    genius = LEVELS[Level.GENIUS]
    assert isinstance(genius, Genius)
    genius.forget()


@cache
def heuristic_for(shape: Geometry) -> HeuristicSearch:
    return HeuristicSearch(shape)


def strategy_for(level: Level) -> Strategy:
    return LEVELS[level]


def choose_move(
    board: Board, level: Level, rng: random.Random | None = None, stop: Event | None = None
) -> int:
    """The cell (0..n²-1) that `level` plays in `board`. Raises GameAlreadyOver if it is over;
    SearchStopped if `stop` is set during a long search."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    return LEVELS[level].choose(board, rng or _default_rng, stop)
