"""Perfect play: exact scores of positions, and the moves Genius makes with them.

Scores are from the side to move and do not depend on where a search started: a game won when the
board holds `c` marks scores `cell_count + 1 - c` for the winner and the negative of that for the
loser; a draw scores 0. In misère the side that completes a line is the loser. So a higher score is
a faster win or a slower loss, and a table entry stays true whatever position the search began from.

`Solver` searches any board (negamax with alpha-beta, a transposition table with bound
  kinds, symmetry, forced moves and bounds from the lines still open) and can be stopped. In
  misère its search is its own (`_negamax_misere`): no forced wins or blocks there, but moves
  that complete one's own line lose at once, and a side with no line free of the other's marks
  can never be made to lose.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from functools import cache

from ..core.geometry import Geometry
from .bounds import EXACT, KIND_BITS, KIND_MASK, PackedTable, bound_kind, decides
from .stop import SearchStopped, StopSignal
from .symmetry import symmetries

STOP_CHECK_MASK = 1023
"""A search looks at its stop signal once every 1024 positions."""

TABLE_SLOTS_LOG2 = 18
"""The solver's table: 2¹⁸ slots, 2.4 MB, whatever it searches."""
LARGEST_BOARD = 25
"""The table's keys hold two masks of this many cells at most (5×5)."""


def final_score(shape: Geometry, after: int, cell: int, placed: int) -> int | None:
    """The score of a move to `cell` (giving the mover the marks `after`, with `placed` marks on
    the board) if it ends the game, by a line (a win, or in misère a loss) or by filling the
    board; None if play goes on."""
    for mask in shape.masks_through[cell]:
        if after & mask == mask:
            score = shape.cell_count + 1 - placed
            return score if shape.completer_wins else -score
    return 0 if placed == shape.cell_count else None


def moves_from(
    shape: Geometry, mine: int, theirs: int, cells: Iterable[int]
) -> Iterator[tuple[int, int, int | None]]:
    """Each empty cell of `cells`, in their order, with the mover's marks after a move there and
    the move's `final_score` (None if play goes on)."""
    taken = mine | theirs
    placed = taken.bit_count() + 1
    for cell in cells:
        if not taken >> cell & 1:
            after = mine | 1 << cell
            yield cell, after, final_score(shape, after, cell, placed)


class Solver:
    """Exact scores for positions of one geometry. Keeps its table between calls."""

    def __init__(self, shape: Geometry, *, table_slots_log2: int = TABLE_SLOTS_LOG2) -> None:
        if shape.cell_count > LARGEST_BOARD:
            raise ValueError(f"the exact solver takes boards up to 5×5, not {shape}")
        self.shape = shape
        self.cell_count = shape.cell_count
        self.win_base = shape.cell_count + 1
        self._canonical = self.canonical_key = symmetries(shape.size).canonical_key
        """The key of a position shared by its images under the board's symmetries."""
        self._masks_through = shape.masks_through
        self._line_masks = shape.line_masks
        self._order = cells_by_line_count(shape)
        self.table = PackedTable(table_slots_log2)
        """Canonical position key to a packed entry (see `bounds`)."""
        self.nodes = 0
        self._stop: StopSignal | None = None
        if not shape.completer_wins:
            self._negamax = self._negamax_misere  # type: ignore[method-assign]

    @contextlib.contextmanager
    def stopped_by(self, stop: StopSignal | None) -> Iterator[Solver]:
        """Searches inside this block raise SearchStopped soon after `stop` is set."""
        self._stop = stop
        try:
            yield self
        finally:
            self._stop = None

    # -- exact scores ----------------------------------------------------------------------------

    def score(self, mine: int, theirs: int) -> int:
        """The exact score of a position that is not over, for the side to move (`mine`)."""
        return self._negamax(mine, theirs, -self.win_base, self.win_base)

    def move_scores(self, mine: int, theirs: int) -> dict[int, int]:
        """For every empty cell, the exact score of playing there, for the side to move."""
        return {
            cell: final if final is not None else -self.score(theirs, after)
            for cell, after, final in moves_from(self.shape, mine, theirs, self._order)
        }

    def best_moves(self, mine: int, theirs: int) -> tuple[int, tuple[int, ...]]:
        """The exact score of the position and every move that achieves it, in cell order.

        Cheaper than `move_scores`: one full search, then a null-window test per move.
        """
        best = self.score(mine, theirs)
        cells = []
        for cell, after, final in moves_from(self.shape, mine, theirs, range(self.cell_count)):
            if final is not None:
                good = final == best
            else:
                # -v >= best  <=>  v <= -best: a null window just above -best.
                good = self._negamax(theirs, after, -best, 1 - best) <= -best
            if good:
                cells.append(cell)
        return best, tuple(cells)

    def mistakes(self, mine: int, theirs: int, best: int) -> int:
        """How many moves of the side to move score less than `best`, its best score.

        Cheaper than exact scores: each move needs only a null-window search.
        """
        below = 0
        for _, after, final in moves_from(self.shape, mine, theirs, self._order):
            if final is not None:
                below += final < best
            else:
                # -v < best  <=>  v >= 1 - best: a null window around that.
                below += self._negamax(theirs, after, -best, 1 - best) >= 1 - best
        return below

    def _negamax(self, mine: int, theirs: int, alpha: int, beta: int) -> int:
        """Score of a position that is not over, searched in the window (alpha, beta).

        Fail-soft: a result <= alpha is an upper bound, >= beta a lower bound.
        """
        self.nodes += 1
        if not self.nodes & STOP_CHECK_MASK and self._stop is not None and self._stop.is_set():
            raise SearchStopped()
        key = self._canonical(mine, theirs)
        entry = self.table.get(key)
        if entry is not None:
            kind, value = entry & KIND_MASK, entry >> KIND_BITS
            if decides(kind, value, alpha, beta):
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
        mine_open, theirs_open = self._open_lines(mine, theirs)
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
        self._store(key, bound_kind(best, alpha, beta), best)
        return best

    def _negamax_misere(self, mine: int, theirs: int, alpha: int, beta: int) -> int:
        """`_negamax` for misère, where completing a line of one's own loses at once."""
        self.nodes += 1
        if not self.nodes & STOP_CHECK_MASK and self._stop is not None and self._stop.is_set():
            raise SearchStopped()
        key = self._canonical(mine, theirs)
        entry = self.table.get(key)
        if entry is not None:
            kind, value = entry & KIND_MASK, entry >> KIND_BITS
            if decides(kind, value, alpha, beta):
                return value

        taken = mine | theirs
        placed = taken.bit_count() + 1
        masks_through = self._masks_through
        # A move that completes our own line loses now: the worst score, so only when forced.
        safe = []
        for cell in self._order:
            if not taken >> cell & 1:
                after = mine | 1 << cell
                if not any(after & mask == mask for mask in masks_through[cell]):
                    safe.append(cell)
        if not safe:
            lost = -(self.win_base - placed)
            self._store(key, EXACT, lost)
            return lost
        if placed == self.cell_count:
            self._store(key, EXACT, 0)
            return 0

        # A side can be made to lose only on a line free of the other's marks. At best they
        # lose on their next move; at worst we lose on our next one.
        mine_open, theirs_open = self._open_lines(mine, theirs)
        if not (mine_open or theirs_open):
            self._store(key, EXACT, 0)
            return 0
        highest = self.win_base - placed - 1 if theirs_open else 0
        lowest = -(self.win_base - placed - 2) if mine_open else 0
        if highest <= alpha:
            return highest
        if lowest >= beta:
            return lowest
        window_low, window_high = max(alpha, lowest - 1), min(beta, highest + 1)

        best = -self.win_base
        for cell in safe:
            value = -self._negamax_misere(
                theirs, mine | 1 << cell, -window_high, -max(window_low, best)
            )
            if value > best:
                best = value
                if best >= window_high:
                    break
        self._store(key, bound_kind(best, alpha, beta), best)
        return best

    def _open_lines(self, mine: int, theirs: int) -> tuple[bool, bool]:
        """Whether a line is still free of the other side's marks: for `mine`, for `theirs`."""
        mine_open = theirs_open = False
        for mask in self._line_masks:
            if not mask & theirs:
                mine_open = True
            if not mask & mine:
                theirs_open = True
        return mine_open, theirs_open

    def _store(self, key: int, kind: int, value: int) -> None:
        self.table.put(key, value << KIND_BITS | kind)


def genius_choice(solver: Solver, mine: int, theirs: int) -> tuple[int, ...]:
    """Genius's moves: the best score (the fastest win, the slowest loss); among equal moves
    that do not win, those after which the opponent has the most replies that lose ground."""
    top_score, top = solver.best_moves(mine, theirs)
    if len(top) == 1 or top_score > 0:
        return top
    # Every top move leaves the opponent a best reply scoring -top_score; count the others,
    # once for each set of moves whose positions are images of each other under symmetry.
    counted: dict[int, int] = {}
    traps = {}
    for cell in top:
        after = mine | 1 << cell
        key = solver.canonical_key(theirs, after)
        if key not in counted:
            counted[key] = solver.mistakes(theirs, after, -top_score)
        traps[cell] = counted[key]
    most = max(traps.values())
    return tuple(cell for cell in top if traps[cell] == most)


def cells_by_line_count(shape: Geometry) -> tuple[int, ...]:
    """Cells on more lines first: they are usually the better moves, so alpha-beta cuts sooner."""
    return tuple(
        sorted(range(shape.cell_count), key=lambda cell: (-len(shape.lines_through[cell]), cell))
    )


@cache
def solver_for(shape: Geometry) -> Solver:
    """One solver per geometry, shared so its table is built once per process."""
    return Solver(shape)


__all__ = ["Solver", "final_score", "genius_choice", "solver_for"]
