"""Small 3×3 boards side by side (Notakto's), as lines of text runs (no Textual): each board a
grid with its caption under it, the cursor's square framed in heavy lines (its shape shows in
any terminal, colours or none), a dead board drawn dashed in its own dim style, the killing line
marked. `BoardsLines` has the face of `BoardLines` (the one big board), so the board widget
draws either from the same `BoardView`.

A run's style is a pair, as `board_lines`: the foreground ("grid", "frame" (the cursor's), "x",
"dead" (a dead board's lines and X's), "line" (the X's of a killing line), "last" (the last X
put), "key" (an empty square's key, on the cursor's board), "hint-mark", "win" / "loss" (the
analysis), "caption", "caption-dead", "caption-here") and no background.
"""

from __future__ import annotations

from ...core import Mark
from .board_lines import HEAVY, HINT_MARKER, LAST_MOVE_MARKER, LIGHT, Line, Run, junctions
from .glyphs import glyph, glyph_width
from .metrics import GAP, Fit
from .views import BoardView

DEAD_ACROSS, DEAD_VERTICAL = "╌", "╎"
"""A dead board's lines are dashed: its shape shows it in any terminal, colours or none."""
SQUARES = 9


def caption(board: int, dead: bool, width: int) -> str:
    """The words under a board: "Board 2", "Board 2 · dead" (shorter where narrow)."""
    for text in (
        f"Board {board + 1}{' · dead' if dead else ''}",
        f"{board + 1}{' dead' if dead else ''}",
        f"{board + 1}{'†' if dead else ''}",
    ):
        if len(text) <= width:
            return text
    return ""


class BoardsLines:
    """Draws `fit.boards` boards side by side, one line at a time."""

    def __init__(self, fit_: Fit) -> None:
        self.fit = fit_

    @property
    def height(self) -> int:
        return self.fit.height

    @property
    def width(self) -> int:
        return self.fit.width

    @property
    def note_room(self) -> int:
        """Columns a square's note may take (a longer note shows its short form: "L1")."""
        return self.fit.cell_width

    def rows_of(self, cell: int) -> range:
        """The lines a square touches: all of them (a board's cursor frame and its caption
        change together)."""
        return range(self.fit.height)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell (across the boards) at (x, y), None on a line, a gap or the captions."""
        fit_ = self.fit
        board, inside_x = divmod(x, fit_.board_width + GAP)
        if board >= fit_.boards or inside_x >= fit_.board_width or x < 0 or y < 0:
            return None
        column, column_offset = divmod(inside_x - 1, fit_.cell_width + 1)
        row, row_offset = divmod(y - 1, fit_.cell_height + 1)
        inside = column_offset < fit_.cell_width and row_offset < fit_.cell_height
        if inside and 0 <= row < 3 and 0 <= column < 3:
            return board * SQUARES + row * 3 + column
        return None

    def line(self, view: BoardView, y: int) -> Line:
        """Line `y` of the drawing: the grids, then the captions."""
        fit_ = self.fit
        captions = fit_.caption_rows and y == fit_.height - fit_.caption_rows
        runs: list[Run] = []
        for board in range(fit_.boards):
            if board:
                runs.append((" " * GAP, ("", "")))
            if not captions:
                runs.extend(_board_line(view, fit_, board, y))
                continue
            dead = view.dead[board]
            style = "caption-dead" if dead else "caption"
            if view.cursor is not None and view.cursor // SQUARES == board:
                style = "caption-here"
            text = _centred(caption(board, dead, fit_.board_width), fit_.board_width)
            runs.append((text, (style, "")))
        return tuple(runs)


def _centred(text: str, width: int) -> str:
    text = text[:width]
    left = (width - len(text)) // 2
    return " " * left + text + " " * (width - len(text) - left)


def _board_line(view: BoardView, fit_: Fit, board: int, y: int) -> list[Run]:
    dead = view.dead[board]
    cursor = view.cursor
    on_board = (
        cursor - board * SQUARES if cursor is not None and cursor // SQUARES == board else None
    )
    grid = "dead" if dead else "grid"
    row_line, inner = divmod(y, fit_.cell_height + 1)
    if inner == 0:
        return _rule(row_line, on_board, fit_.cell_width, grid, dead)
    runs: list[Run] = []
    for column in range(4):
        weight = _vertical(row_line, column, on_board)
        upright = DEAD_VERTICAL if dead else junctions()[(weight, weight, 0, 0)]
        runs.append((upright, (_grid_style(weight, grid), "")))
        if column < 3:
            square = row_line * 3 + column
            runs.extend(_inside(view, fit_, board, square, inner - 1, on_board is not None))
    return runs


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
        runs.append((corner, (_grid_style(max(up, down, left, right), grid), "")))
        if column < 3:
            weight = _horizontal(row_line, column, cursor)
            across = DEAD_ACROSS if dead else junctions()[(0, 0, weight, weight)]
            runs.append((across * width, (_grid_style(weight, grid), "")))
    return runs


def _inside(
    view: BoardView, fit_: Fit, board: int, square: int, inner: int, here: bool
) -> list[Run]:
    """Row `inner` of a square's inside (`here`: the cursor is on this board)."""
    width, height = fit_.cell_width, fit_.cell_height
    cell = board * SQUARES + square
    dead = view.dead[board]
    if view.marks[cell]:
        rows = height if height <= 3 else height - 1
        top = height - rows
        if inner < top:
            marker = LAST_MOVE_MARKER if cell == view.last_move else " "
            return [(" " * (width - 1), ("", "")), (marker, ("last", ""))]
        shape = glyph(Mark.X, rows)[inner - top]
        left = (width - glyph_width(rows)) // 2
        text = (" " * left + shape).ljust(width)
        style = "line" if cell in view.winning else "dead" if dead else "x"
        if cell == view.last_move and width == 1:
            style = "last-last"  # no room for the marker: the X stands out, underlined too
        if cell == view.last_move and inner == top == 0 and width > 1 and text[-1] == " ":
            return [(text[:-1], (style, "")), (LAST_MOVE_MARKER, ("last", ""))]
        return [(text, (style, ""))]
    note = view.note(cell) if not dead else None
    label = view.labels[cell] if inner == 0 and not dead and here else ""
    if note is not None and inner == height // 2:  # the middle row (one row tall: no key then)
        words = note.long if len(note.long) <= width else note.short
        return [(_centred(words[:width], width), (note.tone, ""))]
    if inner == 0:
        marker = HINT_MARKER if view.hint == cell and not dead else ""
        margin = " " if label and width - len(marker) > len(label) + 1 else ""  # as one board
        text = (margin + label)[: width - len(marker)].ljust(width - len(marker))
        runs: list[Run] = [(text, ("key", ""))]
        if marker:
            runs.append((marker, ("hint-mark", "")))
        return runs
    return [(" " * width, ("", ""))]
