"""The engine's one table (`TABLE`): for each family of rules, where its answers come from (its
source), the lab's view of its positions (its space) and Average's rules of thumb. Where the
answers come from:

- 3×3: the whole game solved (`whole_game.py`): every question a lookup;
- 4×4 (and smaller boards with other line lengths): the opening table for the first positions
  (`book.py`), then the exact solver (`solver.py`);
- 5×5 with four in a row: Genius's opening book and its exact search (`five/`), which prove a
  win, a draw or a loss but not how fast, within a limit of positions or seconds;
- misère 3×3 and 4×4: the same, the whole game solved and the solver (no opening table);
- misère 5×5: the solver's exact search within a budget, else the mirror strategy, which is
  proven never to lose for the first player (`misere_five.py`);
- Notakto, on 1 to 3 boards: its own solver over folded positions (`notakto.py`);
- Ultimate: not solved; a timed Monte Carlo tree search, its values estimates (its own
  package, `ultimate/`, with its own lab);
- any other board: none (`Unsolvable`): the game does not offer it.

Every engine question (Genius's move, the values of the moves, a hint, a review, a puzzle, the lab,
Average's move) asks the table (`source_for(position)`, `space_of`, `row_of`), so the choice is made
here only; a new rules plugs in here as one more row. The rest of the engine and the front ends ask
a source's capabilities (`exact`, `Estimating`, `is_estimated`), never the family.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from types import MappingProxyType
from typing import Any, Protocol, cast, runtime_checkable

from ..core import Board, Family, GameAlreadyOver, Geometry, Position, Rules, Variant, geometry
from ..core.positions import start_position
from . import book
from .hints import Hint, exact_hint, proven_hint
from .limits import Limit
from .misere_five import MISERE_FIVE
from .misere_rules import misere_candidates
from .normal_rules import normal_candidates, urgent_cells
from .notakto import NOTAKTO, notakto_space, safe_moves
from .solver import genius_choice, solver_for
from .spaces import Estimated, Space, State, board_space
from .stop import StopSignal
from .ultimate import ULTIMATE_SOURCE, average_candidates, lab as ultimate_lab
from .values import PERFECT_SIZE, Estimate, MoveValue, Unsolvable, value_of
from .whole_game import WHOLE_GAME_CELLS, whole_game_for

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

    def genius_move(self, board: Any, rng: Random, limit: Limit, stop: StopSignal | None) -> int:
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

    def genius_move(self, board: Board, rng: Random, limit: Limit, stop: StopSignal | None) -> int:
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
        return whole_game_for(board.geometry).move_scores(*board.sides)

    def genius_moves(self, board: Board, stop: StopSignal | None) -> tuple[int, ...]:
        return whole_game_for(board.geometry).genius_in(board)

    def genius_move(self, board: Board, rng: Random, limit: Limit, stop: StopSignal | None) -> int:
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
        with solver_for(board.geometry).stopped_by(stop) as solver:
            return solver.move_scores(*board.sides)

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

    def genius_move(self, board: Board, rng: Random, limit: Limit, stop: StopSignal | None) -> int:
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
SEARCHED: Mapping[Geometry, Source] = MappingProxyType(
    {FIVE: FIVE_BY_FIVE, MISERE_FIVE_SHAPE: MISERE_FIVE}
)
"""The bigger boards the game offers, each with its own search within a budget."""


def board_source(board: Board) -> Source:
    """Noughts and crosses, normal or misère: the source for the board's shape; Unsolvable for
    a board the game does not offer."""
    source = _shape_source(board.geometry)
    if source is None:
        raise Unsolvable(board)
    return source


@cache
def _shape_source(shape: Geometry) -> Source | None:
    """The source for a shape of board (chosen once), None if the game does not offer it."""
    if shape.cell_count <= WHOLE_GAME_CELLS:
        return WHOLE_GAME
    return SOLVED if shape.size <= PERFECT_SIZE else SEARCHED.get(shape)


def no_urgent(board: Any) -> list[int]:
    """No move is urgent where a line does not win."""
    return []


@dataclass(frozen=True)
class Row:
    """What the engine knows of one family of rules; each function takes the family's own
    positions."""

    source: Callable[[Any], Source]
    """Where the answers for a position that is not over come from."""
    space: Callable[[Any], tuple[Space, State]] | None
    """The lab's view of the family's positions, with a position as its state; None where no
    search reaches the game's end (the source estimates, and the lab too: `estimate`)."""
    rules_of_thumb: Callable[[Any], Sequence[int]]
    """Average's equally good moves, under the first of its rules that applies."""
    urgent: Callable[[Any], list[int]] = no_urgent
    """The moves that win at once, else those that block a win at once: Clever plays them
    where Genius, lost anyway, would not, as a person would."""
    estimate: Callable[..., Estimated] | None = None
    """Where no search reaches the game's end, the family's own lab: a position searched by
    one of its techniques on a budget (`lab.estimate` asks it)."""


TABLE: Mapping[Family, Row] = MappingProxyType(
    {
        Family.NORMAL: Row(board_source, board_space, normal_candidates, urgent_cells),
        Family.MISERE: Row(board_source, board_space, misere_candidates),
        Family.NOTAKTO: Row(lambda position: NOTAKTO, notakto_space, safe_moves),
        Family.ULTIMATE: Row(
            lambda position: ULTIMATE_SOURCE,
            None,
            average_candidates,
            estimate=ultimate_lab.estimate,
        ),
    }
)
"""Each family's row: a new rules plugs into the engine here."""


def row_of(board: Position) -> Row:
    """The row of the family `board` is played by."""
    shape = getattr(board, "geometry", None)  # a board's shape says its family: found once
    return TABLE[board.rules.family] if shape is None else _shape_row(shape)


@cache
def _shape_row(shape: Geometry) -> Row:
    """A board's row, by its variant (a board the game does not offer, 6×6 say, too: Average
    still plays it)."""
    return TABLE[Rules.of(variant=shape.variant).family]


def source_for(board: Position) -> Source:
    """Where the answers for `board` come from; GameAlreadyOver once it is over, Unsolvable for
    a board the game does not offer."""
    if board.outcome is not None:
        raise GameAlreadyOver()
    return row_of(board).source(board)


def rules_source(rules: Rules) -> Source:
    """Where the answers for a game under `rules` come from (its first position's source)."""
    return TABLE[rules.family].source(start_position(rules))


def is_estimated(rules: Rules) -> bool:
    """Whether the answers under `rules` are a search's estimates: the game is not solved
    (the source is `Estimating`), so a review, the lab and the value strip say estimates."""
    return isinstance(rules_source(rules), Estimating)


def exact_source(board: Position) -> ExactSource:
    """The exact source of `board`; Unsolvable where values are not all known (5×5)."""
    source = source_for(board)
    if not source.exact:
        raise Unsolvable(board)
    return cast(ExactSource, source)


def space_of(board: Position) -> tuple[Space, State]:
    """The lab's view of `board`'s rules, and `board` as its state; ValueError for rules no
    search reaches the end of (`is_estimated`: the lab estimates instead)."""
    space = row_of(board).space
    if space is None:
        raise ValueError(f"no search reaches the end of {board.rules}: the lab estimates")
    return space(board)


def forget() -> None:
    """Forget every solved position (frees memory; benchmarks use it to start cold)."""
    SOLVED.forget()
    whole_game_for.cache_clear()
    solver_for.cache_clear()
