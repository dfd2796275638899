"""Perfect play: negamax with alpha-beta pruning, a transposition table and symmetry reduction.

Scores are from the side to move and do not depend on where a search started:
a game won when the board holds `c` marks scores `cell_count + 1 - c` for the winner and the
negative of that for the loser; a draw scores 0. So a higher score is a faster win or a slower
loss, and a table entry stays true whatever position the search began from.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from threading import Event
from typing import NamedTuple

from . import openings
from .board import Board
from .errors import GameAlreadyOver, SearchStopped
from .geometry import Geometry
from .symmetry import symmetries

STOP_CHECK_MASK = 1023

EXACT, LOWER, UPPER = 0, 1, 2
"""Transposition-table entry kinds: the true score, a lower bound, an upper bound."""

TABLE_LIMIT = 600_000
"""Entries kept before the table starts afresh: about 80 MB on 4×4 (2,000 random positions
fill some 450,000)."""

WHOLE_GAME_CELLS = 9
"""Boards this small are solved whole on first use (3×3: 627 positions up to symmetry, a few
milliseconds), so every later question is answered from exact table entries."""


class Result(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class MoveValue(NamedTuple):
    """The perfect-play outcome of a move for the side making it.

    `plies` counts the moves until the game ends, this one included: a move that wins at once
    is a win in 1.
    """

    result: Result
    plies: int
    score: int

    def __str__(self) -> str:
        if self.result is Result.DRAW:
            return "draw"
        return f"{self.result.value} in {self.plies}"


class Solver:
    """Exact scores for positions of one geometry. Keeps its table between calls."""

    def __init__(self, shape: Geometry, *, solve_whole_game: bool | None = None) -> None:
        self.shape = shape
        if solve_whole_game is None:
            solve_whole_game = shape.cell_count <= WHOLE_GAME_CELLS
        self._whole_game_pending = solve_whole_game
        self.cell_count = shape.cell_count
        self.win_base = shape.cell_count + 1
        self.full = shape.full_mask
        self._canonical = symmetries(shape.size).canonical_key
        self._masks_through = shape.masks_through
        self._line_masks = shape.line_masks
        self._order = _cells_by_line_count(shape)
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.stop: Event | None = None
        """Set by the caller for one search at a time; when set, the search raises
        SearchStopped at its next check (every 1024 positions)."""
        self._move_scores: dict[tuple[int, int], dict[int, int]] = {}

    # -- exact scores --------------------------------------------------------------------------

    def score(self, mine: int, theirs: int) -> int:
        """The exact score of a position that is not over, for the side to move (`mine`)."""
        if self._whole_game_pending:
            self._solve_whole_game()
        return self._negamax(mine, theirs, -self.win_base, self.win_base)

    def _solve_whole_game(self) -> None:
        """Exact scores of every position, by plain memoised negamax over canonical keys."""
        self._whole_game_pending = False
        canonical, table, final_score = self._canonical, self.table, self._final_score
        win_base, order = self.win_base, self._order

        def solve(mine: int, theirs: int) -> int:
            key = canonical(mine, theirs)
            entry = table.get(key)
            if entry is not None:
                return entry[1]
            taken = mine | theirs
            placed = taken.bit_count() + 1
            best = -win_base
            for cell in order:
                if taken >> cell & 1:
                    continue
                after = mine | 1 << cell
                value = final_score(after, cell, placed)
                if value is None:
                    value = -solve(theirs, after)
                if value > best:
                    best = value
            table[key] = (EXACT, best)
            return best

        solve(0, 0)

    def move_scores(self, mine: int, theirs: int) -> dict[int, int]:
        """For every empty cell, the exact score of playing there, for the side to move."""
        key = (mine, theirs)
        cached = self._move_scores.get(key)
        if cached is not None:
            return cached
        taken = mine | theirs
        placed = taken.bit_count() + 1
        scores: dict[int, int] = {}
        for cell in self._order:
            if taken >> cell & 1:
                continue
            after = mine | 1 << cell
            final = self._final_score(after, cell, placed)
            scores[cell] = final if final is not None else -self.score(theirs, after)
        if len(self._move_scores) >= TABLE_LIMIT:
            self._move_scores.clear()
        self._move_scores[key] = scores
        return scores

    def best_moves(self, mine: int, theirs: int) -> tuple[int, tuple[int, ...]]:
        """The exact score of the position and every move that achieves it, in cell order.

        Cheaper than `move_scores`: one full search, then a null-window test per move.
        """
        best = self.score(mine, theirs)
        taken = mine | theirs
        placed = taken.bit_count() + 1
        cells = []
        for cell in range(self.cell_count):
            if taken >> cell & 1:
                continue
            after = mine | 1 << cell
            final = self._final_score(after, cell, placed)
            if final is not None:
                good = final == best
            else:
                # -v >= best  <=>  v <= -best: a null window just above -best.
                good = self._negamax(theirs, after, -best, 1 - best) <= -best
            if good:
                cells.append(cell)
        return best, tuple(cells)

    def move_scores_below(self, mine: int, theirs: int, bound: int) -> int:
        """How many moves of the side to move score less than `bound`.

        Cheaper than exact scores: each move needs only a null-window search.
        """
        if self._whole_game_pending:
            self._solve_whole_game()
        taken = mine | theirs
        placed = taken.bit_count() + 1
        below = 0
        for cell in self._order:
            if taken >> cell & 1:
                continue
            after = mine | 1 << cell
            final = self._final_score(after, cell, placed)
            if final is not None:
                below += final < bound
            else:
                # -v < bound  <=>  v >= 1 - bound: a null window around that.
                below += self._negamax(theirs, after, -bound, 1 - bound) >= 1 - bound
        return below

    def _final_score(self, after: int, cell: int, placed: int) -> int | None:
        """The score of a move to `cell` (giving the mover `after`, with `placed` marks on the
        board) if it ends the game, by a win or by filling the board; None if play goes on."""
        if self._wins(after, cell):
            return self.win_base - placed
        if placed == self.cell_count:
            return 0
        return None

    def _wins(self, bits: int, cell: int) -> bool:
        return any(bits & mask == mask for mask in self._masks_through[cell])

    def _negamax(self, mine: int, theirs: int, alpha: int, beta: int) -> int:
        """Score of a position that is not over, searched in the window (alpha, beta).

        Fail-soft: a result <= alpha is an upper bound, >= beta a lower bound.
        """
        self.nodes += 1
        if not self.nodes & STOP_CHECK_MASK and self.stop is not None and self.stop.is_set():
            raise SearchStopped()
        key = self._canonical(mine, theirs)
        entry = self.table.get(key)
        if entry is not None:
            kind, value = entry
            if kind == EXACT:
                return value
            if kind == LOWER and value >= beta:
                return value
            if kind == UPPER and value <= alpha:
                return value

        taken = mine | theirs
        placed = taken.bit_count() + 1
        win_now = self.win_base - placed
        masks_through = self._masks_through
        free = [cell for cell in self._order if not taken >> cell & 1]

        # Forced moves: win at once if we can; if they threaten to win, block.
        threats = []
        for cell in free:
            after = mine | 1 << cell
            for mask in masks_through[cell]:
                if after & mask == mask:
                    self._store(key, EXACT, win_now)
                    return win_now
            after = theirs | 1 << cell
            for mask in masks_through[cell]:
                if after & mask == mask:
                    threats.append(cell)
                    break
        if placed == self.cell_count:
            self._store(key, EXACT, 0)
            return 0
        if len(threats) > 1:
            lost = -(self.win_base - placed - 1)
            self._store(key, EXACT, lost)
            return lost

        # Bounds from the lines still open: with none left for a side, that side cannot win.
        # Otherwise our win is at least three plies away (none now), and theirs too (we block
        # their only threat, if any, and they cannot make two before their next move).
        mine_open = theirs_open = False
        for mask in self._line_masks:
            if not mask & theirs:
                mine_open = True
            if not mask & mine:
                theirs_open = True
        if not (mine_open or theirs_open):
            self._store(key, EXACT, 0)
            return 0
        can_win = mine_open and placed + 2 <= self.cell_count
        can_lose = theirs_open and placed + 3 <= self.cell_count
        highest = self.win_base - placed - 2 if can_win else 0
        lowest = -(self.win_base - placed - 3) if can_lose else 0
        if highest <= alpha:
            return highest
        if lowest >= beta:
            return lowest
        window_low, window_high = max(alpha, lowest - 1), min(beta, highest + 1)

        candidates = threats or free
        best = -self.win_base
        for cell in candidates:
            value = -self._negamax(theirs, mine | 1 << cell, -window_high, -max(window_low, best))
            if value > best:
                best = value
                if best >= window_high:
                    break
        if best <= alpha:
            self._store(key, UPPER, best)
        elif best >= beta:
            self._store(key, LOWER, best)
        else:
            self._store(key, EXACT, best)
        return best

    def _store(self, key: int, kind: int, value: int) -> None:
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (kind, value)

    # -- in the words of the game --------------------------------------------------------------

    def value_of(self, score: int, marks_now: int) -> MoveValue:
        """A move's score, made after `marks_now` marks, as win/draw/loss in so many plies."""
        if score > 0:
            return MoveValue(Result.WIN, self.win_base - score - marks_now, score)
        if score < 0:
            return MoveValue(Result.LOSS, self.win_base + score - marks_now, score)
        return MoveValue(Result.DRAW, self.cell_count - marks_now, score)


def _cells_by_line_count(shape: Geometry) -> tuple[int, ...]:
    """Cells on more lines first: they are usually the better moves, so alpha-beta cuts sooner."""
    return tuple(
        sorted(range(shape.cell_count), key=lambda cell: (-len(shape.lines_through[cell]), cell))
    )


@cache
def solver_for(shape: Geometry) -> Solver:
    """One solver per geometry, shared so its table is built once per process."""
    return Solver(shape)


def analyse(board: Board, stop: Event | None = None) -> dict[int, MoveValue]:
    """For every empty cell, the perfect-play outcome of playing there for the side to move.

    Exact, so only for boards small enough to solve (3×3, 4×4); `stop` cancels a long one.
    """
    if board.outcome is not None:
        raise GameAlreadyOver()
    solver = solver_for(board.geometry)
    marks_now = board.mark_count
    scores = openings.move_scores(board)
    if scores is None:
        solver.stop = stop
        try:
            scores = solver.move_scores(*board.sides)
        finally:
            solver.stop = None
    return {cell: solver.value_of(scores[cell], marks_now) for cell in sorted(scores)}


def position_value(board: Board) -> MoveValue | None:
    """The perfect-play outcome for the side to move (None once the game is over)."""
    if board.outcome is not None:
        return None
    return max(analyse(board).values(), key=lambda value: value.score)


__all__ = [
    "MoveValue",
    "Result",
    "Solver",
    "analyse",
    "position_value",
    "solver_for",
]
