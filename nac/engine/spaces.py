"""The lab's view of each rules' positions (`Space`), fast enough to search millions of them:
a state of bit masks, its moves, when it is over, its key and its canonical key under
symmetry. A new rules plugs into the lab with a space of its own (Notakto's is in `notakto.py`),
named in its row of the engine's table (`sources.py`)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, Protocol

from ..core import Board
from ..core.geometry import Geometry
from .symmetry import symmetries

State = Hashable
"""A position as the lab's searches keep it (bit masks): a `Space` makes and reads them."""


class Space(Protocol):
    """The lab's view of one rules' positions, fast enough to search millions of them: the
    moves from a state, each with the state it leads to and, where it ends the game, its score
    for the mover (`solver.py`'s: a game ending with `c` marks scores `cells + 1 - c` for the
    winner, minus that for the loser, a draw 0)."""

    cells: int

    def moves(self, state: Any, order: tuple[int, ...]) -> Iterator[tuple[int, Any, int | None]]:
        """The legal moves in `order`: the cell, the state after it, its final score or None."""
        ...

    def over(self, state: Any) -> bool: ...

    def key(self, state: Any) -> Hashable:
        """The state itself, for a transposition table."""
        ...

    def canonical(self, state: Any) -> Hashable:
        """The same for every symmetric image of the state."""
        ...

    def centre_first(self) -> tuple[int, ...]:
        """The cells on more lines first, then by index."""
        ...


class BoardSpace:
    """A `Board`'s positions as (the side to move's marks, the other's); misère too (a line
    of the mover's own then loses)."""

    def __init__(self, shape: Geometry) -> None:
        self.shape = shape
        self.cells = shape.cell_count
        self._canonical = symmetries(shape.size).canonical_key

    def moves(
        self, state: tuple[int, int], order: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, int], int | None]]:
        mine, theirs = state
        taken = mine | theirs
        placed = taken.bit_count() + 1
        for cell in order:
            bit = 1 << cell
            if not taken & bit:
                after = mine | bit
                yield cell, (theirs, after), ends(self.shape, after, cell, placed)

    def over(self, state: tuple[int, int]) -> bool:
        mine, theirs = state
        shape = self.shape
        if (mine | theirs).bit_count() == shape.cell_count:
            return True
        return any(mask & side == mask for mask in shape.line_masks for side in (mine, theirs))

    def key(self, state: tuple[int, int]) -> int:
        mine, theirs = state
        return mine | theirs << self.cells

    def canonical(self, state: tuple[int, int]) -> int:
        return self._canonical(*state)

    def centre_first(self) -> tuple[int, ...]:
        shape = self.shape
        return tuple(
            sorted(range(self.cells), key=lambda cell: (-len(shape.lines_through[cell]), cell))
        )


def board_space(board: Board) -> tuple[BoardSpace, tuple[int, int]]:
    """The lab's view of a `Board`'s rules, and the board as its state."""
    return BoardSpace(board.geometry), board.sides


def ends(shape: Geometry, after: int, cell: int, placed: int) -> int | None:
    """The score of the move to `cell` for its mover if it ends the game, else None (in
    misère a line of the mover's own is a loss)."""
    for mask in shape.masks_through[cell]:
        if after & mask == mask:
            score = shape.cell_count + 1 - placed
            return score if shape.completer_wins else -score
    return 0 if placed == shape.cell_count else None
