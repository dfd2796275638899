"""Notakto's cursor, as pure arithmetic: the arrows move it within a board and across to the
next, Tab takes it to the next live board, and it never rests on a dead one."""

from __future__ import annotations

from ..core import NotaktoMove


def moved(cursor: NotaktoMove, rows: int, columns: int, boards: int) -> NotaktoMove:
    """The cursor moved by `rows` and `columns`: off a board's side onto the next board."""
    row, column = divmod(cursor.cell, 3)
    board = cursor.board
    row = min(2, max(0, row + rows))
    column += columns
    if column > 2 and board < boards - 1:
        board, column = board + 1, 0
    elif column < 0 and board > 0:
        board, column = board - 1, 2
    return NotaktoMove(board, row * 3 + min(2, max(0, column)))


def on_live_board(
    cursor: NotaktoMove, dead: tuple[bool, ...], start: int | None = None
) -> NotaktoMove:
    """The cursor on a live board: where it is if that one lives (unless `start` is given),
    else on the same square of the next live board from `start` (its own board by default)."""
    if start is None:
        if cursor.board < len(dead) and not dead[cursor.board]:
            return cursor
        start = cursor.board
    for step in range(len(dead)):
        board = (start + step) % len(dead)
        if not dead[board]:
            return NotaktoMove(board, cursor.cell)
    return NotaktoMove(min(cursor.board, len(dead) - 1), cursor.cell)
