"""Genius on boards too big to solve in play (5×5 and up): iterative deepening alpha-beta
with a threat-aware evaluation, under a time or node budget.

Tactics are exact: a move that wins at once is taken, a single threat is blocked (and the
search does not count that forced move against its depth), and two threats at once are a
loss. Beyond the horizon the evaluation counts, for every line still open to one side only,
that side's marks in it, worth ten times more for each mark.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from .bounds import KIND_MASK, bound_kind, decides, remember
from .errors import SearchStopped, StopSignal
from .geometry import Geometry

WIN = 1_000_000
"""A win scores WIN minus the plies it takes, so a quicker win scores more."""
FORK = 100_000
"""A quiet position where the side to move can make two threats at once."""
CHECK_EVERY = 255
TABLE_LIMIT = 200_000
"""Entries the search keeps before its table starts afresh (about 20 MB)."""
CELL_BITS = 6
DEPTH_BITS = 6
CELL_SHIFT = 2
DEPTH_SHIFT = CELL_SHIFT + CELL_BITS
SCORE_SHIFT = DEPTH_SHIFT + DEPTH_BITS
CELL_MASK = (1 << CELL_BITS) - 1
DEPTH_MASK = (1 << DEPTH_BITS) - 1
"""A table entry packs, from the low bits: the bound kind, the best cell plus one, the depth
searched and the score."""


class SearchResult(NamedTuple):
    cell: int
    score: int
    depth: int
    """The deepest search (in plies) completed within the budget."""
    nodes: int


class _OutOfBudget(Exception):
    pass


def _note_fork(threats_by_cell: dict[int, int], empty: int) -> None:
    """A line two marks short of complete: playing either empty cell threatens the other."""
    first = empty & -empty
    second = empty ^ first
    if second and not second & (second - 1):
        threats_by_cell[first] = threats_by_cell.get(first, 0) | second
        threats_by_cell[second] = threats_by_cell.get(second, 0) | first


class HeuristicSearch:
    """Searches positions of one geometry; keeps its table between moves."""

    def __init__(self, shape: Geometry) -> None:
        self.shape = shape
        self.cell_count = shape.cell_count
        self.full = shape.full_mask
        self.win_length = shape.win_length
        self.line_masks = shape.line_masks
        self.masks_through = shape.masks_through
        self.weights = tuple(0 if count == 0 else 10 ** (count - 1) for count in range(64))
        self.order = tuple(
            sorted(range(shape.cell_count), key=lambda cell: -len(shape.lines_through[cell]))
        )
        self.table: dict[int, int] = {}
        self.nodes = 0
        self._deadline = 0.0
        self._node_limit = 0
        self._stop: StopSignal | None = None

    # -- the root --------------------------------------------------------------------------------

    def best_move(
        self,
        mine: int,
        theirs: int,
        rng: random.Random,
        *,
        seconds: float | None = 1.0,
        nodes: int | None = None,
        stop: StopSignal | None = None,
    ) -> SearchResult:
        """The move to play, deepening until `seconds` or `nodes` run out (the deepest complete
        search decides; equal moves are chosen at random). `stop` cancels: SearchStopped."""
        self.nodes = 0
        self._deadline = time.perf_counter() + seconds if seconds is not None else float("inf")
        self._node_limit = nodes if nodes is not None else 1 << 62
        self._stop = stop
        taken = mine | theirs
        free = [cell for cell in self.order if not taken >> cell & 1]
        forced = self._forced(mine, theirs, free)
        if forced is not None:
            return SearchResult(forced, 0, 0, self.nodes)
        best = SearchResult(free[0], 0, 0, 0)
        for depth in range(1, len(free) + 1):
            try:
                scores = self._root(mine, theirs, free, depth)
            except _OutOfBudget:
                break
            top = max(scores.values())
            choices = [cell for cell in free if scores[cell] == top]
            best = SearchResult(rng.choice(choices), top, depth, self.nodes)
            if abs(top) > WIN // 2:  # a forced win or loss is found: deeper changes nothing
                break
            free.sort(key=lambda cell: -scores[cell])
        if stop is not None and stop.is_set():
            raise SearchStopped()
        return best._replace(nodes=self.nodes)

    def _forced(self, mine: int, theirs: int, free: list[int]) -> int | None:
        """A move that wins at once, or the only block of a single threat."""
        for cell in free:
            if self._completes(mine | 1 << cell, cell):
                return cell
        blocks = [cell for cell in free if self._completes(theirs | 1 << cell, cell)]
        return blocks[0] if len(blocks) == 1 else None

    def _root(self, mine: int, theirs: int, free: list[int], depth: int) -> dict[int, int]:
        # A full window for every move, so that equally good moves can be told from worse ones.
        return {
            cell: -self._search(theirs, mine | 1 << cell, depth - 1, -WIN - 1, WIN + 1, 1)
            for cell in free
        }

    # -- the tree --------------------------------------------------------------------------------

    def _search(self, mine: int, theirs: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._check_budget()
        taken = mine | theirs
        if taken == self.full:
            return 0
        free = [cell for cell in self.order if not taken >> cell & 1]
        threats = []
        for cell in free:
            if self._completes(mine | 1 << cell, cell):
                return WIN - ply
            if self._completes(theirs | 1 << cell, cell):
                threats.append(cell)
        if len(threats) > 1:
            return -(WIN - ply - 1)
        if not threats and depth <= 0:
            return self._evaluate(mine, theirs)

        key = mine << self.cell_count | theirs
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            value = entry >> SCORE_SHIFT
            first = (entry >> CELL_SHIFT & CELL_MASK) - 1
            stored_depth = entry >> DEPTH_SHIFT & DEPTH_MASK
            if stored_depth >= depth and decides(entry & KIND_MASK, value, alpha, beta):
                return value

        if threats:
            moves = threats  # forced: searched without using up depth
            next_depth = depth
        else:
            moves = self._ordered(mine, theirs, free, first)
            next_depth = depth - 1
        best, best_cell = -WIN - 1, moves[0]
        for cell in moves:
            value = -self._search(
                theirs, mine | 1 << cell, next_depth, -beta, -max(alpha, best), ply + 1
            )
            if value > best:
                best, best_cell = value, cell
                if best >= beta:
                    break
        entry = (
            best << SCORE_SHIFT
            | depth << DEPTH_SHIFT
            | (best_cell + 1) << CELL_SHIFT
            | bound_kind(best, alpha, beta)
        )
        remember(self.table, key, entry, TABLE_LIMIT)
        return best

    def _ordered(self, mine: int, theirs: int, free: list[int], first: int) -> list[int]:
        """Moves likely to be best first: the table's best, then cells on busy open lines."""
        weights = self.weights

        def promise(cell: int) -> int:
            total = 0
            for mask in self.masks_through[cell]:
                ours, others = mask & mine, mask & theirs
                if not others:
                    total += 2 * weights[ours.bit_count() + 1]
                if not ours:
                    total += weights[others.bit_count() + 1]
            return total

        ordered = sorted(free, key=promise, reverse=True)
        if first in free:
            ordered.remove(first)
            ordered.insert(0, first)
        return ordered

    def _evaluate(self, mine: int, theirs: int) -> int:
        """A quiet position (no immediate threats) from the side to move's view.

        A fork, a move that makes two threats at once, decides the game: the side to move
        wins with one of its own; two of the opponent's cannot both be blocked.
        """
        weights = self.weights
        taken = mine | theirs
        almost = self.win_length - 2
        score = 0
        my_forks: dict[int, int] = {}
        their_forks: dict[int, int] = {}
        for mask in self.line_masks:
            ours, others = mask & mine, mask & theirs
            if ours and not others:
                count = ours.bit_count()
                score += weights[count]
                if count == almost:
                    _note_fork(my_forks, mask & ~taken)
            elif others and not ours:
                count = others.bit_count()
                score -= weights[count]
                if count == almost:
                    _note_fork(their_forks, mask & ~taken)
        if any(threats.bit_count() > 1 for threats in my_forks.values()):
            return FORK
        forks = sum(1 for threats in their_forks.values() if threats.bit_count() > 1)
        if forks:
            score -= FORK // 4 if forks > 1 else FORK // 40
        return score

    def _completes(self, bits: int, cell: int) -> bool:
        for mask in self.masks_through[cell]:  # noqa: SIM110 - a plain loop is faster here
            if bits & mask == mask:
                return True
        return False

    def _check_budget(self) -> None:
        if self._stop is not None and self._stop.is_set():
            raise SearchStopped()
        if self.nodes >= self._node_limit or time.perf_counter() >= self._deadline:
            raise _OutOfBudget()
