"""How big to draw the board in a given space: pure arithmetic, no Textual.

A board of n×n cells has n+1 grid lines each way. A cell holds a glyph `g` rows tall and
`glyph_width(g)` wide, with one free row above it (where an empty cell shows its key and a cell
its markers) and a margin each side. The largest glyph that fits is chosen; below the
3-row line-drawn glyph comes the compact board with one-character marks.
"""

from __future__ import annotations

from typing import NamedTuple

from .glyphs import SMALL_ROWS, glyph_width

MAX_GLYPH_ROWS = 11
MIN_TERMINAL = (40, 15)
"""The smallest terminal (columns, rows) the app draws in; below it says so."""

SIDE_PANEL_WIDTH = 32
"""Columns of the panel beside the board (kept equal to `InfoPanel.-side` in app.tcss)."""
STACKED_PANEL_HEIGHT = 5
"""Rows of the panel under the board (kept equal to `InfoPanel.-stacked` in app.tcss)."""
CHROME_ROWS = 3
"""Header, footer, and the result banner's row above the board."""


class BoardMetrics(NamedTuple):
    cells: int
    """Cells per side."""
    glyph_rows: int
    """Glyph height: 1 is the compact board."""
    cell_width: int
    cell_height: int

    @property
    def width(self) -> int:
        return self.cells * self.cell_width + self.cells + 1

    @property
    def height(self) -> int:
        return self.cells * self.cell_height + self.cells + 1

    @property
    def compact(self) -> bool:
        return self.glyph_rows == 1


def metrics_for(glyph_rows: int, cells: int) -> BoardMetrics:
    if glyph_rows == 1:
        return BoardMetrics(cells, 1, 3, 1)
    margin = 2 if glyph_rows > SMALL_ROWS else 1
    return BoardMetrics(cells, glyph_rows, glyph_width(glyph_rows) + 2 * margin, glyph_rows + 1)


def board_metrics(cells: int, width: int, height: int) -> BoardMetrics | None:
    """The biggest board of `cells`×`cells` that fits in width×height, or None if none does."""
    for rows in (*range(MAX_GLYPH_ROWS, SMALL_ROWS - 1, -1), 1):
        metrics = metrics_for(rows, cells)
        if metrics.width <= width and metrics.height <= height:
            return metrics
    return None


class ScreenLayout(NamedTuple):
    side_panel: bool
    """The panel beside the board (True) or under it (False)."""
    board: BoardMetrics


def screen_layout(cells: int, columns: int, rows: int) -> ScreenLayout | None:
    """Where the panel goes in a terminal of columns×rows, and the board that fits; None if the
    terminal is too small. The panel goes beside the board unless under it the board is bigger."""
    if columns < MIN_TERMINAL[0] or rows < MIN_TERMINAL[1]:
        return None
    board_rows = rows - CHROME_ROWS
    beside = board_metrics(cells, columns - SIDE_PANEL_WIDTH, board_rows)
    under = board_metrics(cells, columns, board_rows - STACKED_PANEL_HEIGHT)
    if beside is None and under is None:
        return None
    if under is None or (beside is not None and beside.glyph_rows >= under.glyph_rows):
        assert beside is not None
        return ScreenLayout(True, beside)
    return ScreenLayout(False, under)
