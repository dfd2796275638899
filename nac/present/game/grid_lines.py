"""Ultimate's board as lines of text runs: the nine small boards drawn as one 9×9 board
(`BoardLines`, heavy lines between the small boards), while the view counts its cells board by
board (`board * 9 + square`); this drawing turns one order into the other both ways."""

from __future__ import annotations

from ...core import COLUMN_LETTERS, Mark, grid_cell, grid_place
from ..looks import Shape
from .board_lines import EMPTY_MARKER, HINT_MARKER, BoardLines, Line, Run, junctions, merged
from .glyphs import glyph, glyph_width
from .metrics import (
    DENSE_HEIGHT,
    DENSE_WIDTH,
    GRID,
    MAX_GLYPH_ROWS,
    TIGHT_HEIGHT,
    TIGHT_WIDTH,
    BoardMetrics,
)
from .views import BoardView

_ARMS = {char: arms for arms, char in junctions().items()}
"""Each box-drawing junction's arms (up, down, left, right), by its character."""
GRID_ORDER = tuple(grid_cell(column, row) for row in range(9) for column in range(9))
"""For each square of the 9×9 grid, row by row, the cell it is."""


def _place(cell: int | None) -> int | None:
    if cell is None:
        return None
    column, row = grid_place(cell)
    return row * GRID + column


def in_grid_order(view: BoardView) -> BoardView:
    """`view` with its cells in the order of the 9×9 grid's squares."""
    return view._replace(
        marks=tuple(view.marks[cell] for cell in GRID_ORDER),
        labels=tuple(view.labels[cell] for cell in GRID_ORDER),
        notes=tuple(view.notes[cell] for cell in GRID_ORDER) if view.notes else (),
        last_move=_place(view.last_move),
        winning=frozenset(GRID_ORDER.index(cell) for cell in view.winning),
        hint=_place(view.hint),
        cursor=_place(view.cursor),
        dead=(),
        shape=Shape.BOARD,
    )


class GridLines(BoardLines):
    """Draws Ultimate's board at the given metrics (a 9×9 board's), one line at a time."""

    def __init__(self, metrics: BoardMetrics) -> None:
        super().__init__(metrics)
        self._last: tuple[BoardView, BoardView] | None = None

    def rows_of(self, cell: int) -> range:
        place = _place(cell)
        assert place is not None
        return super().rows_of(place)

    def cell_at(self, x: int, y: int) -> int | None:
        place = super().cell_at(x, y)
        return None if place is None else GRID_ORDER[place]

    def line(self, view: BoardView, y: int) -> Line:
        if self._last is None or self._last[0] is not view:
            self._last = (view, in_grid_order(view))
        drawn = super().line(self._last[1], y)
        metrics = self.metrics
        stride_x, stride_y = metrics.cell_width + 1, metrics.cell_height + 1
        for board, mark in enumerate(view.won):
            if mark:
                row, column = divmod(board, 3)
                x = self.left + 1 + 3 * column * stride_x
                top = self.top + 1 + 3 * row * stride_y
                width, height = 3 * metrics.cell_width + 2, 3 * metrics.cell_height + 2
                drawn = big_mark(drawn, mark, x, y - top, width, height)
                # the board's inner lines end at its borders now
                if 0 <= y - top < height:
                    drawn = _arm_gone(drawn, x - 1, "r")
                    drawn = _arm_gone(drawn, x + width, "l")
                elif y - top in (-1, height):
                    for inner in (x + metrics.cell_width, x + metrics.cell_width + stride_x):
                        drawn = _arm_gone(drawn, inner, "d" if y < top else "u")
        return drawn


def _arm_gone(line: Line, x: int, arm: str) -> Line:
    """`line` with the box-drawing junction at column `x` losing its arm up ("u"), down ("d"),
    left ("l") or right ("r"), where it has one."""
    chars = "".join(text for text, _ in line)
    if not 0 <= x < len(chars):
        return line
    arms = _ARMS.get(chars[x])
    if arms is None:
        return line
    kept = tuple(0 if name == arm else weight for name, weight in zip("udlr", arms, strict=True))
    found = junctions().get((kept[0], kept[1], kept[2], kept[3]))
    if found is None:
        return line
    return _overlaid(line, x, found, _chars(line)[x][1])


def _chars(line: Line) -> list[tuple[str, tuple[str, str]]]:
    return [(char, style) for text, style in line for char in text]


def big_mark(line: Line, mark: str, x: int, row: int, width: int, height: int) -> Line:
    """`line` with row `row` of a won board's inside (`width`×`height` from column `x`) covered
    by the winner's mark, as big as fits, centred (the board's squares no longer matter)."""
    if not 0 <= row < height:
        return line
    rows = max(
        (r for r in range(1, min(height, MAX_GLYPH_ROWS) + 1) if glyph_width(r) <= width),
        default=1,
    )
    top = (height - rows) // 2
    text = " " * width
    if top <= row < top + rows:
        shape = glyph(Mark(mark), rows)[row - top]
        left = (width - len(shape)) // 2
        text = (" " * left + shape).ljust(width)
    return _overlaid(line, x, text, ("x" if mark == "X" else "o", ""))


def _overlaid(line: Line, x: int, text: str, style: tuple[str, str]) -> Line:
    """`line` with `text` in `style` written over it from column `x`."""
    chars = _chars(line)
    for index, char in enumerate(text, x):
        if 0 <= index < len(chars):
            chars[index] = (char, style)
    return merged(chars)


CURSOR_MARKER = "▸"
"""Before the cursor's square in the dense grid, where no frame fits."""


class DenseGridLines:
    """Draws the dense grid: `┃ X · · ┃`, a square's mark or, where the next move may go, a dot;
    the cursor's square marked before it and in its colour, the last move and the winning lines
    by their colours."""

    width = DENSE_WIDTH
    height = DENSE_HEIGHT
    note_room = 1

    def rows_of(self, cell: int) -> range:
        _, row = grid_place(cell)
        y = 2 + row + row // 3
        return range(y, y + 1)

    def cell_at(self, x: int, y: int) -> int | None:
        row_line = y - 2
        if row_line < 0 or row_line % 4 == 3:
            return None
        row = row_line - row_line // 4
        offset = x - 3  # after the row number and the first heavy line
        board_column, inside = divmod(offset, 8)
        column = board_column * 3 + inside // 2
        if offset < 0 or inside >= 6 or not 0 <= row < 9 or not 0 <= column < 9:
            return None  # a line, a board's last space, or outside
        return grid_cell(column, row)

    def line(self, view: BoardView, y: int) -> Line:
        if y == 0:
            letters = "   ".join(" ".join(COLUMN_LETTERS[c : c + 3]) for c in (0, 3, 6))
            return ((f"    {letters}".ljust(DENSE_WIDTH), ("key", "")),)
        row_line = y - 1
        if row_line % 4 == 0:
            return ((f"  {_dense_rule(row_line // 4)}", ("frame", "")),)
        row = row_line - row_line // 4 - 1
        runs: list[Run] = [(f"{row + 1} ", ("key", "")), ("┃", ("frame", ""))]
        for column in range(9):
            cell = grid_cell(column, row)
            runs.extend(_dense_square(view, cell))
            if column % 3 == 2:
                runs += [(" ", ("", "")), ("┃", ("frame", ""))]
        drawn = tuple(runs)
        for board, mark in enumerate(view.won):
            if mark and board // 3 == row // 3:
                x = 3 + 8 * (board % 3)
                drawn = big_mark(drawn, mark, x, row % 3, 7, 3)
        return drawn


def _dense_rule(line: int) -> str:
    left, middle, right = "┏┳┓" if line == 0 else "┗┻┛" if line == 3 else "┣╋┫"
    return left + middle.join(["━" * 7] * 3) + right


def _dense_square(view: BoardView, cell: int) -> list[Run]:
    """A square: a space (`▸` before the cursor's square: it shows without colours) and its
    letter (`_letter`)."""
    here = cell == view.cursor
    background = "winning" if cell in view.winning else "cursor" if here else ""
    lead: Run = (CURSOR_MARKER if here else " ", ("frame" if here else "", background))
    return [lead, _letter(view, cell, background)]


def _letter(view: BoardView, cell: int, background: str) -> Run:
    """A square's one letter: its mark, the hint's marker, the analysis's first letter, or a
    dot where the next move may go."""
    mark = view.marks[cell]
    if mark:
        name = "x" if mark == "X" else "o"
        name += "-last" if cell == view.last_move else ""
        return (mark, (name, background))
    if view.hint == cell:
        return (HINT_MARKER, ("hint-mark", background))
    note = view.note(cell)
    if note is not None:
        return (note.short[:1], (note.tone, background))
    return (EMPTY_MARKER if view.labels[cell] else " ", ("key", background))


HERE = "+cursor"
"""After a letter's colour name: the cursor's square, drawn reversed (the tight grid has no
room for `▸`, and reversed shows without colours)."""
TIGHT_MARKS = {"X": ("╲ ╱", " ╳ ", "╱ ╲"), "O": ("╭─╮", "│ │", "╰─╯")}
"""A won small board in the tight grid: its winner's mark across its three squares a side."""


class TightGridLines:
    """Draws the tight grid (`TightGrid`): the dense grid's letters with no space between
    them and no outer frame, for the smallest terminals; the cursor's square reversed."""

    width = TIGHT_WIDTH
    height = TIGHT_HEIGHT
    note_room = 1

    def rows_of(self, cell: int) -> range:
        _, row = grid_place(cell)
        y = 1 + row + row // 3
        return range(y, y + 1)

    def cell_at(self, x: int, y: int) -> int | None:
        row_line, offset = y - 1, x - 2  # after the letters, after the row number
        board_row, inside_row = divmod(row_line, 4)
        board_column, inside = divmod(offset, 4)
        if row_line < 0 or offset < 0 or inside_row == 3 or inside == 3:
            return None  # a heavy line, or outside
        row, column = board_row * 3 + inside_row, board_column * 3 + inside
        return grid_cell(column, row) if row < 9 and column < 9 else None

    def line(self, view: BoardView, y: int) -> Line:
        if y == 0:
            letters = " ".join(COLUMN_LETTERS[c : c + 3] for c in (0, 3, 6))
            return (("  " + letters, ("key", "")),)
        row_line = y - 1
        if row_line % 4 == 3:
            return (("  " + "╋".join(["━━━"] * 3), ("frame", "")),)
        row = row_line - row_line // 4
        runs: list[Run] = [(f"{row + 1} ", ("key", ""))]
        for column in range(9):
            cell = grid_cell(column, row)
            background = "winning" if cell in view.winning else ""
            text, (name, background) = _letter(view, cell, background)
            runs.append((text, (name + HERE if cell == view.cursor else name, background)))
            if column in (2, 5):
                runs.append(("┃", ("frame", "")))
        drawn = tuple(runs)
        for board, mark in enumerate(view.won):
            if mark and board // 3 == row // 3:
                style = ("x" if mark == "X" else "o", "")
                drawn = _overlaid(drawn, 2 + 4 * (board % 3), TIGHT_MARKS[mark][row % 3], style)
        return drawn
