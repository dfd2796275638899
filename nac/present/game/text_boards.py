"""The board as plain text (the plain console's and its online play's), drawn by the shape
its rules' look gives it: one board, small boards side by side, or the 9×9 grid."""

from __future__ import annotations

from collections.abc import Callable

from ...core import COLUMN_LETTERS, Game, NotaktoBoard, UltimateBoard, grid_cell
from ..looks import Shape, look_of


def board_text(game: Game) -> str:
    """The board as text, drawn as its rules' look's shape says."""
    return TEXTS[look_of(game.rules).shape](game)


def one_board_text(game: Game) -> str:
    """One board: keys in the empty squares of 3×3, names along the edges of bigger boards."""
    board = game.board
    n = board.size
    rule = "\n" + ("   " if n > 3 else "") + "+".join(["---"] * n) + "\n"
    rows = []
    for row in range(n):
        cells = []
        for column in range(n):
            cell = row * n + column
            mark = board[cell]
            empty = game.square_name(cell) if game.uses_keypad else "."
            cells.append(f" {mark.value if mark else empty} ")
        edge = f"{row + 1:>2} " if n > 3 else ""
        rows.append(edge + "|".join(cells))
    top = "    " + "   ".join(COLUMN_LETTERS[:n]) + "\n" if n > 3 else ""
    return "\n" + top + rule.join(rows) + "\n"


def boards_text(game: Game) -> str:
    """Small boards side by side: each empty square's key, X's, a dead board's squares as
    `#`."""
    board, keypad = game.board, game.keypad
    assert isinstance(board, NotaktoBoard)
    count = len(board.boards)
    rows = ["  ".join(f"  board {number + 1}  " for number in range(count))]
    for row in range(3):
        if row:
            rows.append("  ".join("---+---+---" for _ in range(count)))
        parts = []
        for number, bits in enumerate(board.boards):
            cells = []
            for column in range(3):
                square = row * 3 + column
                empty = "#" if board.dead[number] else str(keypad.key_for_cell(square))
                cells.append(f" {'X' if bits >> square & 1 else empty} ")
            parts.append("|".join(cells))
        rows.append("  ".join(parts))
    gone = [str(number + 1) for number, dead in enumerate(board.dead) if dead]
    tail = f"\n(dead: board{'s' * (len(gone) > 1)} {', '.join(gone)})" if gone else ""
    return "\n" + "\n".join(rows) + tail + "\n"


def grid_text(game: Game) -> str:
    """Nine boards as one 9×9 grid, its squares named by a letter and a number (`e5`): each
    mark, a dot where the next move may go, the small boards parted by lines; the boards won
    and the board to play in named by their keys."""
    board, keypad = game.board, game.keypad
    assert isinstance(board, UltimateBoard)
    legal = set(board.legal_moves)
    letters = "    " + "   ".join(" ".join(COLUMN_LETTERS[c : c + 3]) for c in (0, 3, 6))
    rule = "   +" + "+".join(["-------"] * 3) + "+"
    rows = [letters, rule]
    for row in range(9):
        parts = []
        for third in range(3):
            squares = []
            for column in range(third * 3, third * 3 + 3):
                cell = grid_cell(column, row)
                mark = board[cell]
                squares.append(mark.value if mark else "." if cell in legal else " ")
            parts.append(" " + " ".join(squares) + " ")
        rows.append(f"{row + 1:>2} |" + "|".join(parts) + "|")
        if row % 3 == 2:
            rows.append(rule)
    won = [
        f"{board.board_winner(index)} won board {keypad.key_for_cell(index)}"
        for index in range(9)
        if board.board_winner(index) is not None
    ]
    tail = f"\n({'; '.join(won)})" if won else ""
    where = ""
    if not board.is_over and board.forced is not None:
        where = f"\nPlay in board {keypad.key_for_cell(board.forced)}."
    return "\n" + "\n".join(rows) + tail + where + "\n"


TEXTS: dict[Shape, Callable[[Game], str]] = {
    Shape.BOARD: one_board_text,
    Shape.BOARDS: boards_text,
    Shape.GRID: grid_text,
}
"""Each shape's drawing in text."""
