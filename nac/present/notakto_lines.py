"""Notakto's boards side by side, as lines of text runs (no Textual): each board a 3×3 grid
with its caption under it, the cursor's square framed in heavy lines (its shape shows in any
terminal, colours or none), a dead board drawn in its own dim style, the killing line marked.

A run's style names: "grid", "frame" (the cursor's), "x", "dead" (a dead board's lines and
X's), "line" (the X's of a killing line), "last" (the last X put), "key" (an empty square's
key, on the cursor's board), "hint" (the hint's marker), "win" / "loss" (the analysis), and
"caption" / "caption-dead" / "caption-here" (the words under each board).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import Mark, NotaktoMove, NotaktoPosition
from ..core.notakto import is_dead
from .board_lines import HINT_MARKER, LAST_MOVE_MARKER, junctions
from .glyphs import glyph, glyph_width
from .runs import Line, Run

GAP = 2
"""Columns between two boards."""
CAPTION_ROWS = 1
CELL_SIZES = ((12, 5), (10, 4), (7, 3), (5, 3), (3, 1), (1, 1))
"""The insides of a square, widest first: (columns, rows)."""
LIGHT, HEAVY = 1, 2
DEAD_ACROSS, DEAD_VERTICAL = "╌", "╎"
"""A dead board's lines are dashed: its shape shows it in any terminal, colours or none."""


@dataclass(frozen=True)
class NotaktoView:
    """What the boards show."""

    position: NotaktoPosition
    cursor: NotaktoMove | None = None
    """The cursor's square, drawn while a person is to play."""
    keys: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    """The key of each square (the keypad layout's)."""
    last: int | None = None
    """The last move's cell across the boards."""
    line: tuple[int, ...] = ()
    """The cells of the line that killed the last board, once the game is over."""
    hint: NotaktoMove | None = None
    notes: dict[NotaktoMove, tuple[str, str, str]] = field(default_factory=dict)
    """The analysis: each empty square's words, their short form, and tone ("win", "loss")."""

    @property
    def boards(self) -> int:
        return len(self.position.boards)


@dataclass(frozen=True)
class Fit:
    """The size a square is drawn at, and the boards' width and height."""

    cell_width: int
    cell_height: int
    boards: int

    @property
    def board_width(self) -> int:
        return 3 * self.cell_width + 4

    @property
    def width(self) -> int:
        return self.boards * self.board_width + (self.boards - 1) * GAP

    @property
    def height(self) -> int:
        return 3 * self.cell_height + 4 + CAPTION_ROWS


def fit(boards: int, width: int, height: int) -> Fit | None:
    """The biggest squares at which `boards` boards fit side by side in width × height."""
    for cell_width, cell_height in CELL_SIZES:
        found = Fit(cell_width, cell_height, boards)
        if found.width <= width and found.height <= height:
            return found
    return None


def boards_height(boards: int, width: int, height: int) -> int:
    """The rows the boards take on a screen of width × height: the biggest that leave the
    title, the status, the footer and six rows of panel, else those that leave two."""
    for panel in (6, 2):
        found = fit(boards, width, height - 3 - panel)
        if found is not None:
            return found.height
    return max(1, height - 3)


def square_at(fit_: Fit, x: int, y: int) -> NotaktoMove | None:
    """The square at (x, y) of the drawing (None on a line, a gap or the captions)."""
    board, inside_x = divmod(x, fit_.board_width + GAP)
    if board >= fit_.boards or inside_x >= fit_.board_width:
        return None
    column, column_offset = divmod(inside_x - 1, fit_.cell_width + 1)
    row, row_offset = divmod(y - 1, fit_.cell_height + 1)
    inside = column_offset < fit_.cell_width and row_offset < fit_.cell_height
    if inside and 0 <= row < 3 and 0 <= column < 3 and x >= 0 and y >= 0:
        return NotaktoMove(board, row * 3 + column)
    return None


def lines(view: NotaktoView, fit_: Fit, captions: tuple[str, ...]) -> list[Line]:
    """Every line of the drawing: the grids, then a caption under each board."""
    drawn = [_board_lines(view, fit_, board) for board in range(view.boards)]
    gap: Run = (" " * GAP, "")
    out: list[Line] = []
    for y in range(fit_.height - CAPTION_ROWS):
        runs: list[Run] = []
        for board, board_lines in enumerate(drawn):
            if board:
                runs.append(gap)
            runs.extend(board_lines[y])
        out.append(tuple(runs))
    caption: list[Run] = []
    for board, text in enumerate(captions):
        if board:
            caption.append(gap)
        style = "caption-dead" if view.position.dead[board] else "caption"
        if view.cursor is not None and view.cursor.board == board:
            style = "caption-here"
        caption.append((_centred(text, fit_.board_width), style))
    out.append(tuple(caption))
    return out


def _centred(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _board_lines(view: NotaktoView, fit_: Fit, board: int) -> list[list[Run]]:
    bits = view.position.boards[board]
    dead = is_dead(bits)
    cursor = view.cursor.cell if view.cursor is not None and view.cursor.board == board else None
    grid = "dead" if dead else "grid"
    width, height = fit_.cell_width, fit_.cell_height
    out: list[list[Run]] = []
    for row_line in range(4):
        out.append(_rule(row_line, cursor, width, grid, dead))
        if row_line == 3:
            break
        for inner in range(height):
            runs: list[Run] = []
            for column in range(4):
                weight = _vertical(row_line, column, cursor)
                upright = DEAD_VERTICAL if dead else junctions()[(weight, weight, 0, 0)]
                runs.append((upright, _grid_style(weight, grid)))
                if column < 3:
                    square = row_line * 3 + column
                    runs.extend(_inside(view, fit_, board, square, inner, dead, bits))
            out.append(runs)
    return out


def _grid_style(weight: int, grid: str) -> str:
    return "frame" if weight == HEAVY else grid


def _edge(cell: int | None, row: int, column: int) -> bool:
    return cell is not None and 0 <= row < 3 and 0 <= column < 3 and cell == row * 3 + column


def _vertical(row: int, column: int, cursor: int | None) -> int:
    """The weight of the vertical line left of square (row, column)."""
    heavy = _edge(cursor, row, column - 1) or _edge(cursor, row, column)
    return HEAVY if heavy else LIGHT


def _horizontal(row_line: int, column: int, cursor: int | None) -> int:
    """The weight of the horizontal line above square (row_line, column)."""
    heavy = _edge(cursor, row_line - 1, column) or _edge(cursor, row_line, column)
    return HEAVY if heavy else LIGHT


def _rule(row_line: int, cursor: int | None, width: int, grid: str, dead: bool) -> list[Run]:
    """A horizontal line of the grid, its junctions weighed by the cursor's frame."""
    runs: list[Run] = []
    for column in range(4):
        up = _vertical(row_line - 1, column, cursor) if row_line > 0 else 0
        down = _vertical(row_line, column, cursor) if row_line < 3 else 0
        left = _horizontal(row_line, column - 1, cursor) if column > 0 else 0
        right = _horizontal(row_line, column, cursor) if column < 3 else 0
        corner = junctions()[(up, down, left, right)]
        runs.append((corner, _grid_style(max(up, down, left, right), grid)))
        if column < 3:
            weight = _horizontal(row_line, column, cursor)
            across = DEAD_ACROSS if dead else junctions()[(0, 0, weight, weight)]
            runs.append((across * width, _grid_style(weight, grid)))
    return runs


def _inside(
    view: NotaktoView, fit_: Fit, board: int, square: int, inner: int, dead: bool, bits: int
) -> list[Run]:
    """Row `inner` of a square's inside."""
    width, height = fit_.cell_width, fit_.cell_height
    cell = board * 9 + square
    move = NotaktoMove(board, square)
    if bits >> square & 1:
        rows = height if height <= 3 else height - 1
        top = height - rows
        if inner < top:
            marker = LAST_MOVE_MARKER if cell == view.last else " "
            return [(" " * (width - 1), ""), (marker, "last")]
        shape = glyph(Mark.X, rows)[inner - top]
        left = (width - glyph_width(rows)) // 2
        text = (" " * left + shape).ljust(width)
        style = "line" if cell in view.line else "dead" if dead else "x"
        if cell == view.last and width == 1:
            style = "last"  # no room for the marker: the X itself stands out
        if cell == view.last and inner == top == 0 and width > 1 and text[-1] == " ":
            return [(text[:-1], style), (LAST_MOVE_MARKER, "last")]
        return [(text, style)]
    runs: list[Run] = []
    label = ""
    note = view.notes.get(move) if not dead else None
    if inner == 0 and not dead and view.cursor is not None and view.cursor.board == board:
        label = str(view.keys[square])
    if note is not None and height == 1:  # no row of its own: the note, as short as needed
        words = note[0] if len(note[0]) <= width else note[1]
        return [(_centred(words[:width], width), note[2])]
    hint = view.hint == move and not dead
    if inner == 0:
        marker = HINT_MARKER if hint else ""
        text = label[: width - len(marker)].ljust(width - len(marker))
        runs = [(text, "key")]
        if marker:
            runs.append((marker, "hint"))
        return runs
    if note is not None and inner == height // 2:
        words = note[0] if len(note[0]) <= width else note[1]
        return [(_centred(words[:width], width), note[2])]
    return [(" " * width, "")]
