"""Average's rules of thumb for misère (a line of your own loses), shared by the levels that play by
them (`opponents.py`) and by Genius on 5×5 misère where its search runs out (`misere_five.py`)."""

from __future__ import annotations

from ..core import Board
from .normal_rules import on_open_lines


def safe_cells(board: Board) -> list[int]:
    """Misère: the free cells that do not complete a line of the side to move (a line loses)."""
    shape, free = board.geometry, board.empty_cells
    mine, _ = board.sides
    return [cell for cell in free if not shape.completes_line(mine | 1 << cell, cell)]


def misere_candidates(board: Board) -> list[int]:
    """Average's misère rules (see `Average`)."""
    shape = board.geometry
    mine, theirs = board.sides
    safe = safe_cells(board)
    if not safe:
        return list(board.empty_cells)
    one_short = shape.win_length - 1

    def sets_up_a_line(cell: int) -> bool:
        after = mine | 1 << cell
        return any(
            not mask & theirs and (after & mask).bit_count() >= one_short
            for mask in shape.masks_through[cell]
        )

    quiet = [cell for cell in safe if not sets_up_a_line(cell)] or safe
    return on_open_lines(shape, theirs, quiet, min)
