"""Small boards (3×3) solved whole on first use: every position's exact score and Genius's
moves, so every later question is one dictionary lookup. Scores as in `solver.py`. Misère 3×3
is solved here on first use (a few milliseconds): the shipped table is the normal game's."""

from __future__ import annotations

import sys
from array import array
from functools import cache

from ..core.board import Board
from ..core.geometry import Geometry
from .packaged import packaged
from .solver import moves_from

WHOLE_GAME_CELLS = 9
"""Boards this small are solved whole on first use (3×3: 4,520 positions, about 20 ms), or
read from the table written by `make openings` (`whole_3x3.bin`, about 1 ms)."""
TABLE_FILE = "whole_3x3.bin"
"""The solved 3×3 game as written by `tools/build_whole_game.py`: one little-endian 32-bit
entry per position, `key << 14 | (score + SCORE_BIAS) << 9 | genius_mask`, sorted by key."""
SCORE_BIAS = 16
TABLE_POSITIONS = 4_520
"""The positions of 3×3 that are not over: a table of any other length is not read."""


class WholeGame:
    """Every position of a small board, solved at once.

    Keys are `mine << cell_count | theirs` (the side to move's marks first), so positions from
    games that X started and games that O started share their entries.
    """

    def __init__(self, shape: Geometry, *, read_table: bool = True) -> None:
        """Read from the shipped table where there is one (`read_table`), else solved here."""
        self.shape = shape
        self._cells = shape.cell_count
        self.scores: dict[int, int] = {}
        """The exact score of every position that is not over."""
        self.genius: dict[int, tuple[int, ...]] = {}
        """Genius's moves in every position that is not over (see `genius_choice`)."""
        if not (read_table and self._read_table()):
            self._solve_everything()

    def _read_table(self) -> bool:
        """The solved game from the shipped table, if this is its board and the table reads;
        False (nothing changed) otherwise. tests/core check it equals `_solve_everything`."""
        shape = self.shape
        if self._cells != WHOLE_GAME_CELLS or shape.win_length != 3 or not shape.completer_wins:
            return False
        try:
            data = packaged(TABLE_FILE)
        except OSError:
            return False
        entries = array("I")
        if entries.itemsize != 4 or len(data) % 4:
            return False
        entries.frombytes(data)
        if len(entries) != TABLE_POSITIONS:
            return False
        if sys.byteorder == "big":
            entries.byteswap()
        moves: dict[int, tuple[int, ...]] = {}
        low = (1 << self._cells) - 1
        previous = -1
        for entry in entries:
            key, mask = entry >> 14, entry & 511
            if key <= previous or not mask or mask & (key | key >> self._cells) & low:
                self.scores, self.genius = {}, {}  # damaged: solved instead
                return False
            previous = key
            self.scores[key] = (entry >> 9 & 31) - SCORE_BIAS
            found = moves.get(mask)
            if found is None:
                found = moves[mask] = tuple(c for c in range(self._cells) if mask >> c & 1)
            self.genius[key] = found
        return True

    def table_bytes(self) -> bytes:
        """The solved game as `TABLE_FILE` holds it (see `tools/build_whole_game.py`)."""
        entries = array("I")
        for key in sorted(self.scores):
            mask = sum(1 << cell for cell in self.genius[key])
            entries.append(key << 14 | (self.scores[key] + SCORE_BIAS) << 9 | mask)
        if sys.byteorder == "big":
            entries.byteswap()
        return entries.tobytes()

    def genius_in(self, board: Board) -> tuple[int, ...]:
        """Genius's moves in `board` (not over): one lookup, the hot path of a 3×3 reply."""
        mine, theirs = board.sides
        return self.genius[mine << self._cells | theirs]

    def move_scores(self, mine: int, theirs: int) -> dict[int, int]:
        """For every empty cell, the exact score of playing there, for the side to move."""
        moves = moves_from(self.shape, mine, theirs, range(self._cells))
        return {
            cell: -self.scores[theirs << self._cells | after] if final is None else final
            for cell, after, final in moves
        }

    def _solve_everything(self) -> None:
        """Plain memoised negamax over every position, with Genius's moves kept on the way.

        Written for speed (it runs on the first question asked): the cells that complete a line for
        each set of marks are tabled first, and known positions are looked up before recursing.
        """
        shape = self.shape
        n = shape.cell_count
        win_base = n + 1
        line_sign = 1 if shape.completer_wins else -1  # misère: a line of one's own loses
        full = shape.full_mask
        completing = _completing_cells(shape)
        cells = [(1 << cell, cell) for cell in range(n)]
        scores, genius = self.scores, self.genius
        mistakes: dict[int, int] = {}

        def solve(mine: int, theirs: int) -> int:
            taken = mine | theirs
            placed = taken.bit_count() + 1
            free = full & ~taken
            wins = completing[mine] & free
            children: list[tuple[int, int]] = []
            for bit, cell in cells:
                if free & bit:
                    if wins & bit:
                        score = line_sign * (win_base - placed)
                    elif placed == n:
                        score = 0
                    else:
                        after = mine | bit
                        known = scores.get(theirs << n | after)
                        score = -(solve(theirs, after) if known is None else known)
                    children.append((cell, score))
            best = max(score for _, score in children)
            top = [cell for cell, score in children if score == best]
            if len(top) > 1 and best <= 0:
                # Every top move leaves the opponent a best reply; prefer the moves after
                # which the opponent has the most replies that lose ground.
                traps = {cell: mistakes.get(theirs << n | mine | 1 << cell, 0) for cell in top}
                most = max(traps.values())
                top = [cell for cell in top if traps[cell] == most]
            key = mine << n | theirs
            scores[key] = best
            genius[key] = tuple(top)
            mistakes[key] = sum(1 for _, score in children if score < best)
            return best

        solve(0, 0)


def _completing_cells(shape: Geometry) -> list[int]:
    """For every set of marks (as bits), the cells that would complete a line for them."""
    completing = [0] * (1 << shape.cell_count)
    for mask in shape.line_masks:
        for cell in range(shape.cell_count):
            if mask >> cell & 1:
                rest = mask & ~(1 << cell)
                missing = 1 << cell
                # Every set of marks holding the rest of the line but not this cell.
                others = shape.full_mask & ~mask
                subset = others
                while True:
                    completing[rest | subset] |= missing
                    if not subset:
                        break
                    subset = (subset - 1) & others
    return completing


@cache
def whole_game_for(shape: Geometry) -> WholeGame:
    """The solved game of a small board, built on first use and kept."""
    return WholeGame(shape)
