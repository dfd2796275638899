"""Small 3×3 boards played together, side by side (Notakto) or in a big board (Ultimate): a cell
across them is counted board by board, `board * 9 + square`, boards and squares each from the
first (the left, or the top left) on."""

from __future__ import annotations

from typing import NamedTuple

SQUARES = 9
"""The squares of one small board."""


class BoardSquare(NamedTuple):
    board: int
    """Which small board: 0 for the first."""
    square: int
    """The square on it: 0..8, row by row from the top left."""


def cell_across(board: int, square: int) -> int:
    """A cell across the boards: board 0's squares are 0..8, board 1's 9..17, ..."""
    return board * SQUARES + square


def board_square(cell: int) -> BoardSquare:
    """The board and square of a cell across the boards (`cell_across`'s inverse)."""
    board, square = divmod(cell, SQUARES)
    return BoardSquare(board, square)
