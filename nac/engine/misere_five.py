"""Misère on 5×5 (four in a row loses): what is proven, and how Genius plays there.

Proven, for the first player: **it never loses** by the mirror strategy. It takes the centre,
then answers every move with the square opposite it through the centre. Its reply is always
free (the squares it holds are the centre and the mirrors of the other side's), and it never
completes a line first: a line of four of its own that missed the centre would mirror a line
of four of the other side's, completed by the move it answers, so the other side lost first; a
line of four through the centre holds two squares that mirror each other (positions 1 and 3 of
the five), which one side cannot both hold. The tests check both halves of this on every line.

Not proven: whether the first player can win, or how the second player holds the draw. So Genius
searches exactly (the solver's misère search) within a budget of positions: where the search ends,
its move is perfect; where it runs out, it plays the mirror if it moved first and the board still
follows it, else Average's misère rules (a loss is never chosen when the search has shown one).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from ..core import Board, Geometry
from .hints import Hint, exact_hint
from .limits import Limit
from .misere_rules import misere_candidates
from .solver import Solver, genius_choice, solver_for
from .stop import SearchStopped, StopSignal
from .values import MoveValue, value_of

SEARCH_NODES = 150_000
"""The positions Genius searches for an exact answer before it falls back (a second or two)."""
SEARCHED_FROM = 12
"""Empty squares from which Genius, following the mirror, searches for a faster win (earlier
the search does not end within its budget, measured: it ends from about eleven)."""
STOP_CHECK = 1024
"""The solver looks at its stop signal once every this many positions (`solver.py`)."""


def mirror(cell: int, shape: Geometry) -> int:
    """The square opposite `cell` through the centre."""
    return shape.cell_count - 1 - cell


def mirror_move(board: Board) -> int | None:
    """The mirror strategy's move, if the side to move started the game and the board still
    follows the strategy: the centre first, then the square opposite the other side's last
    move. None otherwise."""
    shape = board.geometry
    mine, theirs = board.sides
    if mine.bit_count() != theirs.bit_count():  # the side to move did not start
        return None
    centre = 1 << (shape.cell_count // 2)
    if not mine and not theirs:
        return shape.cell_count // 2
    theirs_cells = [cell for cell in range(shape.cell_count) if theirs >> cell & 1]
    pending = [cell for cell in theirs_cells if not mine >> mirror(cell, shape) & 1]
    if len(pending) != 1:
        return None
    answered = sum(1 << mirror(cell, shape) for cell in theirs_cells if cell != pending[0])
    if mine != centre | answered:
        return None
    return mirror(pending[0], shape)


class Budget:
    """A stop signal that is set once a search has visited `nodes` positions (or `stop` is)."""

    def __init__(self, nodes: int, stop: StopSignal | None) -> None:
        self._checks = max(1, nodes // STOP_CHECK)
        self._stop = stop

    def is_set(self) -> bool:
        self._checks -= 1
        return self._checks < 0 or (self._stop is not None and self._stop.is_set())


def _searched(
    board: Board, limit: Limit, stop: StopSignal | None, search: Callable[[Solver], object]
) -> object | None:
    """`search` on the board's solver within the budget; None if the budget ran out."""
    budget = Budget(limit.nodes_or(SEARCH_NODES), stop)
    try:
        with solver_for(board.geometry).stopped_by(budget) as solver:
            return search(solver)
    except SearchStopped:
        if stop is not None and stop.is_set():
            raise
        return None


class MisereFive:
    """Misère 5×5: the exact misère search within a budget, the mirror strategy, then Average's
    misère rules."""

    exact = False
    instant = False

    def genius_move(self, board: Board, rng: Random, limit: Limit, stop: StopSignal | None) -> int:
        mine, theirs = board.sides
        mirrored = mirror_move(board)
        if mirrored is None or len(board.empty_cells) <= SEARCHED_FROM:

            def choose(solver: Solver) -> tuple[int, ...]:
                return genius_choice(solver, mine, theirs)

            found = _searched(board, limit, stop, choose)
            if isinstance(found, tuple):
                return int(rng.choice(found))
        return mirrored if mirrored is not None else rng.choice(misere_candidates(board))

    def values(self, board: Board, limit: Limit, stop: StopSignal | None) -> dict[int, MoveValue]:
        """Every move's exact value where the search ends within the budget; none where not."""
        scores = _searched(board, limit, stop, lambda solver: solver.move_scores(*board.sides))
        if not isinstance(scores, dict):
            return {}
        marks = board.mark_count
        return {cell: value_of(board.cell_count, scores[cell], marks) for cell in sorted(scores)}

    def hint(self, board: Board, limit: Limit, stop: StopSignal | None) -> Hint:
        values = self.values(board, limit, stop)
        if values:
            cell = max(values, key=lambda cell: values[cell].score)
            return exact_hint(board, cell, values)
        mirrored = mirror_move(board)
        if mirrored is not None:
            return Hint(mirrored, None, mirror=True)
        return Hint(self.genius_move(board, Random(0), limit, stop), None)


MISERE_FIVE = MisereFive()
