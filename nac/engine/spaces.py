"""The lab's view of each rules' positions (`Space`), fast enough to search millions of them:
a state of bit masks, its moves, when it is over, its key and its canonical key under
symmetry. A new rules plugs into the lab with a space of its own (Notakto's is in `notakto.py`),
named in its row of the engine's table (`sources.py`). Where no search reaches the game's end
(the game is not solved), the row names the family's own lab instead, whose techniques
estimate (`UnsolvedTechnique`) and say what they found (`Estimated`)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from enum import Enum
from typing import Any, NamedTuple, Protocol

from ..core import Board
from ..core.geometry import Geometry
from .solver import cells_by_line_count, final_score
from .symmetry import symmetries
from .values import MoveValue

State = Hashable
"""A position as the lab's searches keep it (bit masks): a `Space` makes and reads them."""
UNSOLVED_NODES = 200_000
"""Nodes each depth-limited technique may visit where the game is not solved."""
UNSOLVED_SIMULATIONS = 10_000
"""Simulations the tree search runs there (each plays a game to its end: far more work than a
node)."""
UNSOLVED_SEED = 30
"""The tree search's random source there, so that its figures are the same every time."""


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
                yield cell, (theirs, after), final_score(self.shape, after, cell, placed)

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
        return cells_by_line_count(self.shape)


def board_space(board: Board) -> tuple[BoardSpace, tuple[int, int]]:
    """The lab's view of a `Board`'s rules, and the board as its state."""
    return BoardSpace(board.geometry), board.sides


class UnsolvedTechnique(Enum):
    """The lab's techniques for a game no search reaches the end of, in the order it shows them."""

    MINIMAX = "minimax"
    ALPHA_BETA = "alpha-beta"
    ORDERING = "move ordering"
    TREE_SEARCH = "Monte Carlo tree search"


class Estimated(NamedTuple):
    """What one technique found on its budget and what it cost."""

    technique: UnsolvedTechnique
    work: int
    """Nodes visited (the depth-limited searches) or simulations run (the tree search)."""
    depth: int | None
    """The depth the last finished iteration reached (None for the tree search)."""
    cuts: int
    move: int | None
    """The move it picks (None when the game is over, or it was stopped before any)."""
    score: float | None
    """Heuristic points, a win's or a loss's `WIN` less its moves, or a share of simulations
    won (0..1), each for the side to move."""
    value: MoveValue | None
    """The position's value where the search proved it (a win or a loss it saw to the end,
    or every line searched to the game's end); None where the score is an estimate."""
    seconds: float
    stopped: bool
    """Whether `stop` ended it before its budget."""

    @property
    def is_share(self) -> bool:
        """Whether the score is a share of simulations won (else the heuristic's points)."""
        return self.technique is UnsolvedTechnique.TREE_SEARCH
