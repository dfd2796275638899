"""The big-glyph board: the grid, the marks, the keys of empty cells, cursor and highlights.

It only draws what it is told (`BoardView`) and reports clicks; it decides no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...core import Mark
from ...core.coordinates import COLUMN_LETTERS
from ..glyphs import glyph, glyph_width
from ..metrics import EDGE_COLUMNS, BoardMetrics, board_metrics
from ..views import BoardView

LAST_MOVE_MARKER = "●"
WINNING_MARKER = "★"
HINT_WORD = "hint"
HINT_MARKER = "◆"
EMPTY_MARKER = "·"


class BoardWidget(Widget):
    """Draws an n×n board scaled to its size: big glyphs when there is room, one letter when not."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--grid",
        "board--x",
        "board--o",
        "board--key",
        "board--cursor",
        "board--winning",
        "board--last",
        "board--hint",
        "board--win",
        "board--draw",
        "board--loss",
    }

    DEFAULT_CSS = """
    BoardWidget {
        width: 1fr;
        height: 1fr;
    }
    BoardWidget > .board--grid { color: $foreground 55%; }
    BoardWidget > .board--x { color: $text-primary; text-style: bold; }
    BoardWidget > .board--o { color: $text-warning; text-style: bold; }
    BoardWidget > .board--key { color: $text-muted; }
    BoardWidget > .board--cursor { background: $foreground 12%; }
    BoardWidget > .board--winning { background: $success 35%; text-style: bold; }
    BoardWidget > .board--last { color: $text-accent; text-style: bold; }
    BoardWidget > .board--hint { background: $primary 40%; color: $text; text-style: bold; }
    BoardWidget > .board--win { color: $text-success; text-style: bold; }
    BoardWidget > .board--draw { color: $text-warning; }
    BoardWidget > .board--loss { color: $text-error; }
    """

    view: reactive[BoardView] = reactive(BoardView.empty)

    @dataclass
    class CellClicked(Message):
        """The player clicked a cell."""

        cell: int

    @dataclass
    class CellPointed(Message):
        """The mouse moved over a cell."""

        cell: int

    def metrics(self) -> BoardMetrics | None:
        """The board that fits this widget's size now (None if none fits)."""
        return board_metrics(self.view.cells, self.content_size.width, self.content_size.height)

    def origin(self, metrics: BoardMetrics) -> tuple[int, int]:
        """Where the grid's top-left corner is drawn: the board (with its edge labels, if
        any) centred in the widget."""
        size = self.content_size
        left_labels, top_labels = (EDGE_COLUMNS, 1) if metrics.edges else (0, 0)
        return (
            max(0, (size.width - metrics.width) // 2) + left_labels,
            max(0, (size.height - metrics.height) // 2) + top_labels,
        )

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under content offset (x, y), or None on a grid line or outside the board."""
        metrics = self.metrics()
        if metrics is None:
            return None
        left, top = self.origin(metrics)
        column, column_offset = divmod(x - left - 1, metrics.cell_width + 1)
        row, row_offset = divmod(y - top - 1, metrics.cell_height + 1)
        inside = column_offset < metrics.cell_width and row_offset < metrics.cell_height
        if inside and 0 <= row < metrics.cells and 0 <= column < metrics.cells:
            return row * metrics.cells + column
        return None

    # -- events ----------------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None and cell != self.view.cursor:
            self.post_message(self.CellPointed(cell))

    # -- drawing ---------------------------------------------------------------------------------

    def render(self) -> Text:
        metrics = self.metrics()
        if metrics is None:
            return Text("")
        left, top = self.origin(metrics)
        styles = {name: self._style(name) for name in self.COMPONENT_CLASSES}
        backgrounds = {
            name: self._background(name)
            for name in ("board--cursor", "board--winning", "board--hint")
        }
        lines = self._board_lines(metrics, styles, backgrounds)
        if metrics.edges:
            lines = self._with_edge_labels(metrics, lines, styles["board--key"])
            left -= EDGE_COLUMNS
            top -= 1
        for line in lines:
            line.pad_left(left)
        return Text("\n").join([Text()] * top + lines)

    def _with_edge_labels(
        self, metrics: BoardMetrics, lines: list[Text], style: Style
    ) -> list[Text]:
        """Column letters above the grid and row numbers to its left, naming squares like b3."""
        stride = metrics.cell_width + 1
        letters = [" "] * metrics.grid_width
        for column in range(metrics.cells):
            letters[1 + column * stride + metrics.cell_width // 2] = COLUMN_LETTERS[column]
        labelled = [Text(" " * EDGE_COLUMNS + "".join(letters), style=style)]
        middle = metrics.cell_height // 2
        for index, line in enumerate(lines):
            row, offset = divmod(index - 1, metrics.cell_height + 1)
            number = f"{row + 1:>{EDGE_COLUMNS - 1}} " if index and offset == middle else ""
            labelled.append(Text(number.rjust(EDGE_COLUMNS), style=style) + line)
        return labelled

    def _style(self, name: str) -> Style:
        """A component's colours and text style, blended over the widget's background, without
        the background itself (so a mark keeps the cell's highlight under it)."""
        style = self.get_component_rich_style(name)
        return Style(
            color=style.color, bold=style.bold, italic=style.italic, underline=style.underline
        )

    def _background(self, name: str) -> Style:
        """A component's background, blended over the widget's background."""
        return Style(bgcolor=self.get_component_rich_style(name).bgcolor)

    def _board_lines(
        self, metrics: BoardMetrics, styles: dict[str, Style], backgrounds: dict[str, Style]
    ) -> list[Text]:
        grid = styles["board--grid"]
        n, width = metrics.cells, metrics.cell_width
        rule = "─" * width

        def border(left: str, middle: str, right: str) -> Text:
            return Text(left + middle.join([rule] * n) + right, style=grid)

        lines = [border("┌", "┬", "┐")]
        for row in range(n):
            cells = range(row * n, row * n + n)
            cell_backgrounds = {cell: self._cell_background(cell, backgrounds) for cell in cells}
            for cell_row in range(metrics.cell_height):
                line = Text("│", style=grid)
                for cell in cells:
                    for chars, style in self._cell_line(
                        cell, cell_row, metrics, styles, cell_backgrounds[cell]
                    ):
                        line.append(chars, style)
                    line.append("│", style=grid)
                lines.append(line)
            lines.append(border("├", "┼", "┤") if row < n - 1 else border("└", "┴", "┘"))
        return lines

    def _cell_background(self, cell: int, backgrounds: dict[str, Style]) -> Style:
        view = self.view
        if cell in view.winning:
            return backgrounds["board--winning"]
        if cell == view.hint:
            return backgrounds["board--hint"]
        if cell == view.cursor:
            return backgrounds["board--cursor"]
        return Style()

    def _cell_line(
        self,
        cell: int,
        cell_row: int,
        metrics: BoardMetrics,
        styles: dict[str, Style],
        background: Style,
    ) -> list[tuple[str, Style]]:
        """One row of one cell's interior, `metrics.cell_width` wide, as (text, style) runs."""
        view = self.view
        mark = Mark(view.marks[cell]) if view.marks[cell] else None
        line = _CellLine(metrics.cell_width, background)
        mark_style = styles["board--x" if mark is Mark.X else "board--o"]

        note = view.note(cell) if mark is None else None
        width = metrics.cell_width
        if metrics.compact:
            if note is not None:
                line.put(0, f"{note.short:^3}", styles[f"board--{note.tone}"])
            elif mark is None:
                # A small board shows its keys; a bigger one names squares along its edges.
                label = view.labels[cell] if not metrics.edges else EMPTY_MARKER
                label = HINT_MARKER if cell == view.hint else label or " "
                line.put(1, label, styles["board--key"])
            elif cell == view.last_move:
                line.put(1, mark.value, mark_style + Style(underline=True))
            else:
                line.put(1, mark.value, mark_style)
        elif mark is not None:
            rows = metrics.glyph_rows
            glyph_row = cell_row - metrics.glyph_top
            if 0 <= glyph_row < rows:
                left = (width - glyph_width(rows)) // 2
                line.put(left, glyph(mark, rows)[glyph_row], mark_style)
            if cell_row == 0 and cell in view.winning:
                line.put(0, WINNING_MARKER, styles["board--last"])
            if cell_row == 0 and cell == view.last_move:
                line.put(width - 1, LAST_MOVE_MARKER, styles["board--last"])
        else:
            if cell_row == 0 and view.labels[cell]:
                line.put(1, view.labels[cell], styles["board--key"])
            middle = metrics.cell_height // 2
            if note is not None and cell_row == middle:
                words = note.long if len(note.long) <= width - 2 else note.short
                line.put((width - len(words)) // 2, words, styles[f"board--{note.tone}"])
            if cell == view.hint and cell_row == min(middle + 1, metrics.cell_height - 1):
                line.put((width - len(HINT_WORD)) // 2, HINT_WORD, styles["board--hint"])
        return line.runs()


class _CellLine:
    """A row of a cell being drawn: characters, each with a style over the cell's background."""

    def __init__(self, width: int, background: Style) -> None:
        self.background = background
        self.chars = [" "] * width
        self.styles = [background] * width

    def put(self, start: int, chars: str, style: Style) -> None:
        combined = self.background + style
        for index, char in enumerate(chars, start):
            self.chars[index] = char
            self.styles[index] = combined

    def runs(self) -> list[tuple[str, Style]]:
        """The row as runs of characters sharing a style."""
        runs: list[tuple[str, Style]] = []
        start = 0
        for index in range(1, len(self.chars) + 1):
            if index == len(self.chars) or self.styles[index] is not self.styles[start]:
                runs.append(("".join(self.chars[start:index]), self.styles[start]))
                start = index
        return runs
