"""The computer's opponents: Idiot (random), Average (rules of thumb) and Genius (perfect).

Every opponent is a `Strategy`: given a position that is not over, it returns the cell to play.
Random choices come from a `random.Random` passed in, so games can be replayed. A `Game` takes
its strategies as a mapping from `Level` (`STRATEGIES` by default), so a front end or a test
can put in its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import NamedTuple, Protocol

from . import analysis
from .board import Board
from .choices import parse_choice
from .errors import GameAlreadyOver, StopSignal
from .geometry import CLASSIC_SIZE, Geometry
from .heuristic import HeuristicSearch, SearchResult
from .whole_game import WHOLE_GAME_CELLS, whole_game_for

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
        """A level from its name in any case ("Genius", "genius"); ValueError otherwise."""
        return parse_choice(cls, text, "a level")


class Strategy(Protocol):
    def choose(self, board: Board, rng: random.Random, stop: StopSignal | None = None) -> int:
        """The cell to play in `board`, which is not over. Setting `stop` (from another
        thread) cancels a long search: SearchStopped."""
        ...


def completing_cells(shape: Geometry, bits: int, free: tuple[int, ...]) -> list[int]:
    """The free cells that would complete a line for the player holding `bits`."""
    return [cell for cell in free if shape.completes_line(bits | 1 << cell, cell)]


class Idiot:
    """A uniformly random empty cell."""

    def choose(self, board: Board, rng: random.Random, stop: StopSignal | None = None) -> int:
        return rng.choice(board.empty_cells)


class Average:
    """Rules of thumb. It wins if it can, else blocks; then on 3×3: the centre; the corner
    opposite theirs; a corner; a side; on bigger boards: the cell on the most open lines.

    It neither makes nor blocks forks, so a fork beats it: that is its intended weakness.
    """

    def choose(self, board: Board, rng: random.Random, stop: StopSignal | None = None) -> int:
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

    On 3×3 and 4×4, perfect (see `analysis.genius_moves`), random among equally good moves so
    games vary. On 5×5 (four in a row), perfect from the empty board as X or as O: its opening
    book, then an exact search (`nac.core.five`; `make prove-5x5` checks every game it can
    play), a symmetric image of its move picked at random. On other boards the core can make
    (not offered by the game), a search within a budget, which cannot be perfect: it stops at
    `nodes` positions (so the same game plays the same on any machine) or after `seconds` (so
    a slow machine still answers in time), whichever comes first.
    """

    def __init__(
        self, *, seconds: float | None = BIG_BOARD_SECONDS, nodes: int | None = BIG_BOARD_NODES
    ) -> None:
        self.seconds = seconds
        self.nodes = nodes
        self.last_search: SearchResult | None = None
        """The last search on a big board: its depth and node count, for the curious."""

    def choose(self, board: Board, rng: random.Random, stop: StopSignal | None = None) -> int:
        shape = board.geometry
        if shape.cell_count <= WHOLE_GAME_CELLS:  # the hot path: one lookup in the solved game
            return rng.choice(whole_game_for(shape).genius_in(board))
        if analysis.is_solvable(board):
            return rng.choice(analysis.genius_moves(board, stop))
        if analysis.is_five(board):
            from .five import genius as five  # loaded on the first 5×5 move

            return five.best_move(board, rng, stop)
        self.last_search = self.search(board, rng, stop)
        return self.last_search.cell

    def best_moves(self, board: Board, stop: StopSignal | None = None) -> tuple[int, ...]:
        """Every cell Genius might play here, all equally good (boards small enough to solve;
        Unsolvable otherwise)."""
        return analysis.genius_moves(board, stop)

    def search(
        self, board: Board, rng: random.Random, stop: StopSignal | None = None
    ) -> SearchResult:
        """The budgeted search of a board too big to solve that has no book."""
        mine, theirs = board.sides
        return heuristic_for(board.geometry).best_move(
            mine, theirs, rng, seconds=self.seconds, nodes=self.nodes, stop=stop
        )


STRATEGIES: Mapping[Level, Strategy] = MappingProxyType(
    {Level.IDIOT: Idiot(), Level.AVERAGE: Average(), Level.GENIUS: Genius()}
)
"""The standard opponents."""

_default_rng = random.Random()


@cache
def heuristic_for(shape: Geometry) -> HeuristicSearch:
    return HeuristicSearch(shape)


def clear_caches() -> None:
    """Forget every solved and searched position (benchmarks use it to start cold)."""
    analysis.forget()
    heuristic_for.cache_clear()


def choose_move(
    board: Board,
    level: Level,
    rng: random.Random | None = None,
    stop: StopSignal | None = None,
    strategies: Mapping[Level, Strategy] = STRATEGIES,
) -> int:
    """The cell (0..n²-1) that `level` plays in `board`. Raises GameAlreadyOver if it is over;
    SearchStopped if `stop` is set during a long search."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    return strategies[level].choose(board, rng or _default_rng, stop)


class ComputerTurn(NamedTuple):
    """The position the computer moves in and the level it plays: a front end may search it
    in the background (`choose(stop)`) and play the cell found with `Game.computer_move`."""

    board: Board
    level: Level
    rng: random.Random
    strategies: Mapping[Level, Strategy]

    def choose(self, stop: StopSignal | None = None) -> int:
        return choose_move(self.board, self.level, self.rng, stop, self.strategies)
