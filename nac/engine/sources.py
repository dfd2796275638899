"""The one place that picks, for a board, where perfect play's answers come from:

- 3×3: the whole game solved (`whole_game.py`): every question a lookup;
- 4×4 (and smaller boards with other line lengths): the opening table for the first positions
  (`book.py`), then the exact solver (`solver.py`);
- 5×5 with four in a row: Genius's opening book and its exact search (`five/`), which prove a
  win, a draw or a loss but not how fast, within a limit of positions or seconds;
- misère 3×3 and 4×4: the same, the whole game solved and the solver (no opening table);
- misère 5×5: the solver's exact search within a budget, else the mirror strategy, which is
  proven never to lose for the first player (`misere_five.py`);
- Notakto, on 1 to 3 boards: its own solver over folded positions (`notakto.py`);
- Ultimate: not solved; a timed Monte Carlo tree search, its values estimates
  (`ultimate.py`);
- any other board: none (`Unsolvable`): the game does not offer it.

Every engine question (Genius's move, the values of the moves, a hint, a review, a puzzle)
asks `source_for(position)` and then the source, so the choice is made here only; a new rules
plugs in here as one more source.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..core import (
    Board,
    GameAlreadyOver,
    Geometry,
    NotaktoBoard,
    Position,
    UltimateBoard,
    Variant,
    geometry,
)
from . import book
from .hints import Hint, exact_hint, proven_hint
from .limits import Limit
from .misere_five import MISERE_FIVE
from .notakto import NOTAKTO, NotaktoSource
from .solver import genius_choice, solver_for
from .stop import StopSignal
from .values import PERFECT_SIZE, MoveValue, Unsolvable, value_of
from .whole_game import WHOLE_GAME_CELLS, whole_game_for

if TYPE_CHECKING:
    from .ultimate_search import Estimate

FIVE = geometry(5, 4)
"""The 5×5 board with four in a row: Genius plays it from its book (`nac.engine.five`)."""
MISERE_FIVE_SHAPE = geometry(5, 4, Variant.MISERE)
"""Misère 5×5: searched within a budget, the mirror strategy proven for the first player."""
GENIUS_CACHE_LIMIT = 50_000
"""Positions whose Genius moves (found by the solver) are kept before the cache starts afresh."""


class Source(Protocol):
    """Where a position's answers come from (each source takes its own rules' positions)."""

    exact: bool
    """Whether every value is known, with its distance (3×3, 4×4, Notakto)."""
    instant: bool
    """Whether every answer is a lookup, so it needs no search in the background."""

    def genius_move(
        self, board: Any, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        """The cell Genius plays (equal moves picked with `rng`)."""
        ...

    def values(self, board: Any, limit: Limit, stop: StopSignal | None) -> dict[int, MoveValue]:
        """The value of every legal move whose value is known, for the side to move."""
        ...

    def hint(self, board: Any, limit: Limit, stop: StopSignal | None) -> Hint:
        """Genius's move for the side to move, and why."""
        ...


@runtime_checkable
class Estimating(Source, Protocol):
    """A source for a game that is not solved (Ultimate): besides the values it proves, every
    move's estimate by a search."""

    def estimates(
        self, board: Any, limit: Limit, stop: StopSignal | None, seed: int | None = None
    ) -> list[Estimate]:
        """Every legal move's estimate from a search within `limit`, most simulated first
        (with a `seed`, the same every time for a limit in simulations)."""
        ...


class ExactSource(Source, Protocol):
    """A source whose every value is known, with its distance."""

    def move_scores(self, board: Any, stop: StopSignal | None) -> dict[int, int]:
        """Every legal move's exact score for the side to move."""
        ...

    def genius_moves(self, board: Any, stop: StopSignal | None) -> tuple[int, ...]:
        """Every move Genius might play, all equally good."""
        ...


class Exact(ABC):
    """Boards solved exactly: every move's value, with its distance; limits do not apply (the
    answers take milliseconds)."""

    exact = True
    instant = False

    @abstractmethod
    def move_scores(self, board: Board, stop: StopSignal | None) -> dict[int, int]:
        """Every empty cell's exact score for the side to move (see `solver.py`)."""

    @abstractmethod
    def genius_moves(self, board: Board, stop: StopSignal | None) -> tuple[int, ...]:
        """Every cell Genius might play here, all equally good: the fastest win, the slowest
        loss, and among equal moves that do not win, those leaving the opponent the most
        ways to go wrong."""

    def genius_move(
        self, board: Board, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        return rng.choice(self.genius_moves(board, stop))

    def values(self, board: Board, limit: Limit, stop: StopSignal | None) -> dict[int, MoveValue]:
        scores = self.move_scores(board, stop)
        marks = board.mark_count
        return {cell: value_of(board.cell_count, scores[cell], marks) for cell in sorted(scores)}

    def hint(self, board: Board, limit: Limit, stop: StopSignal | None) -> Hint:
        cell = self.genius_moves(board, stop)[0]
        return exact_hint(board, cell, self.values(board, limit, stop))


class WholeGame(Exact):
    """3×3: the whole game solved at once (read from its table), every answer a lookup."""

    instant = True

    def move_scores(self, board: Board, stop: StopSignal | None) -> dict[int, int]:
        mine, theirs = board.sides
        return whole_game_for(board.geometry).move_scores(mine, theirs)

    def genius_moves(self, board: Board, stop: StopSignal | None) -> tuple[int, ...]:
        return whole_game_for(board.geometry).genius_in(board)

    def genius_move(
        self, board: Board, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        """The hot path of a 3×3 reply: one lookup."""
        return rng.choice(whole_game_for(board.geometry).genius_in(board))


class Solved(Exact):
    """4×4: the opening table for the first positions, then the solver."""

    def __init__(self) -> None:
        self._found: dict[tuple[Geometry, int, int], tuple[int, ...]] = {}

    def move_scores(self, board: Board, stop: StopSignal | None) -> dict[int, int]:
        scores = book.move_scores(board)
        if scores is not None:
            return scores
        mine, theirs = board.sides
        with solver_for(board.geometry).stopped_by(stop) as solver:
            return solver.move_scores(mine, theirs)

    def genius_moves(self, board: Board, stop: StopSignal | None) -> tuple[int, ...]:
        mine, theirs = board.sides
        key = (board.geometry, mine, theirs)
        found = self._found.get(key)
        if found is None:
            found = book.genius_moves(board)
            if found is None:
                with solver_for(board.geometry).stopped_by(stop) as solver:
                    found = genius_choice(solver, mine, theirs)
            if len(self._found) >= GENIUS_CACHE_LIMIT:
                self._found.clear()
            self._found[key] = found
        return found

    def forget(self) -> None:
        self._found.clear()


class FiveByFive:
    """5×5 with four in a row: Genius's book, then its exact search within the limit: a win, a
    draw or a loss, proven, not how fast; where the search runs out, nothing is claimed."""

    exact = False
    instant = False

    def genius_move(
        self, board: Board, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        from .five import genius as five  # the book and its search: loaded on the first 5×5 use

        return five.best_move(board, rng, stop, limit.nodes_or(five.DEFAULT_LIMIT), limit.seconds)

    def values(self, board: Board, limit: Limit, stop: StopSignal | None) -> dict[int, MoveValue]:
        from .five import genius as five

        values = five.move_values(board, stop, limit.nodes_or(five.VALUE_LIMIT), limit.seconds)
        return {cell: MoveValue.of_result(v) for cell, v in values.items() if v is not None}

    def hint(self, board: Board, limit: Limit, stop: StopSignal | None) -> Hint:
        from .five import genius as five

        decision = five.decide(board, stop, limit.nodes_or(five.DEFAULT_LIMIT), limit.seconds)
        return proven_hint(board, decision.cell, decision.value)


WHOLE_GAME = WholeGame()
SOLVED = Solved()
FIVE_BY_FIVE = FiveByFive()


def source_for(board: Position) -> Source:
    """Where the answers for `board` come from; GameAlreadyOver once it is over, Unsolvable for
    a board the game does not offer."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    if isinstance(board, NotaktoBoard):
        return NOTAKTO
    if isinstance(board, UltimateBoard):
        from .ultimate import ULTIMATE_SOURCE  # the search: loaded on the first Ultimate use

        return ULTIMATE_SOURCE
    assert isinstance(board, Board)
    source = _chosen.get(board.geometry)
    if source is None:
        source = _chosen[board.geometry] = _choose(board)
    return source


def _choose(board: Board) -> Source:
    shape = board.geometry
    if shape.cell_count <= WHOLE_GAME_CELLS:
        return WHOLE_GAME
    if shape.size <= PERFECT_SIZE:
        return SOLVED
    if shape is FIVE:
        return FIVE_BY_FIVE
    if shape is MISERE_FIVE_SHAPE:
        return MISERE_FIVE
    raise Unsolvable(board)


_chosen: dict[Geometry, Source] = {}
"""The source chosen for each shape of board, once."""


def exact_source(board: Position) -> ExactSource:
    """The exact source of `board`; Unsolvable where values are not all known (5×5)."""
    source = source_for(board)
    if isinstance(source, Exact | NotaktoSource):
        return source
    assert isinstance(board, Board)
    raise Unsolvable(board)


def forget() -> None:
    """Forget every solved position (frees memory; benchmarks use it to start cold)."""
    SOLVED.forget()
    whole_game_for.cache_clear()
    solver_for.cache_clear()
