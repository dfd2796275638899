"""How big to draw the board in a given space: pure arithmetic, no Textual.

A board of n×n cells has n+1 grid lines each way. A cell holds a glyph `g` rows tall and
`glyph_width(g)` wide, with one free row above it (where an empty cell shows its key and a cell
its markers) and a margin each side. The largest glyph that fits is chosen; below the 2-row
line-drawn glyph comes the compact board with one-character marks. The board keeps a column
clear on each side of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ...core import Rules
from ..looks import Shape, look_of
from .glyphs import SMALL_ROWS, TINY_ROWS, glyph_width

MAX_GLYPH_ROWS = 24
MIN_TERMINAL = (40, 15)
"""The smallest terminal (columns, rows) the app draws in; below it says so."""

SIDE_PANEL_WIDTH = 30
"""Columns of the panel beside the board (kept equal to `InfoPanel.-side` in app.tcss)."""
STACKED_PANEL_HEIGHT = 5
"""Rows of the panel under the board (kept equal to `InfoPanel.-stacked` in app.tcss)."""
CHROME_ROWS = 3
"""Header, footer, and the result banner's row above the board."""


EDGE_COLUMNS = 2
"""Columns left of the grid for the row numbers of boards named like `b3`."""
GRID = 9
"""The grid's squares a side: drawn as one 9×9 board, heavy lines between its small boards."""


class BoardMetrics(NamedTuple):
    cells: int
    """Cells per side."""
    glyph_rows: int
    """Glyph height: 1 is the compact board."""
    cell_width: int
    cell_height: int

    @property
    def glyph_top(self) -> int:
        """The cell row the glyph starts on: 1 when a free row sits above it, else 0."""
        return self.cell_height - self.glyph_rows

    @property
    def edges(self) -> bool:
        """Whether column letters and row numbers run along the edges (boards over 3×3)."""
        return self.cells > 3

    @property
    def grid_width(self) -> int:
        return self.cells * self.cell_width + self.cells + 1

    @property
    def grid_height(self) -> int:
        return self.cells * self.cell_height + self.cells + 1

    @property
    def width(self) -> int:
        return self.grid_width + (EDGE_COLUMNS if self.edges else 0)

    @property
    def height(self) -> int:
        return self.grid_height + (1 if self.edges else 0)

    @property
    def compact(self) -> bool:
        return self.glyph_rows == 1

    @property
    def markers_fit(self) -> bool:
        """Whether the last-move and winning markers fit in a cell's corners clear of its glyph:
        in the free row, or beside a glyph with a wide margin."""
        return self.glyph_top > 0 or self.glyph_rows > SMALL_ROWS

    @property
    def dot_fits(self) -> bool:
        """Whether the last move's dot fits in a cell's top right corner, a column clear of its
        glyph (else the mark is underlined)."""
        wide = glyph_width(self.glyph_rows)
        right = self.cell_width - (self.cell_width - wide) // 2 - wide
        return self.markers_fit or right >= 2


def metrics_for(glyph_rows: int, cells: int, free_row: bool = True) -> BoardMetrics:
    if glyph_rows == 1:
        return BoardMetrics(cells, 1, 3, 1)
    margin = 2 if glyph_rows > SMALL_ROWS else 1  # room for the markers beside the glyph
    return BoardMetrics(
        cells, glyph_rows, glyph_width(glyph_rows) + 2 * margin, glyph_rows + free_row
    )


SIDE_MARGIN = 1
"""Columns kept clear each side of the board, so it never touches the panel's divider."""


def board_metrics(cells: int, width: int, height: int) -> BoardMetrics | None:
    """The biggest board of `cells`×`cells` that fits in width×height, or None if none does.

    Glyphs keep a free row above them if they can; a board with its squares named along the
    edges may do without it, for a bigger glyph.
    """
    free_rows = (True, False) if cells > 3 else (True,)
    tiers = [
        metrics_for(rows, cells, free_row)
        for rows in range(MAX_GLYPH_ROWS, TINY_ROWS - 1, -1)
        for free_row in free_rows
    ]
    tiers.append(metrics_for(1, cells))
    for metrics in tiers:
        if fits_in(metrics, width, height):
            return metrics
    return None


GAP = 2
"""Columns between two small boards side by side."""
CELL_SIZES = ((12, 5), (10, 4), (7, 3), (5, 3), (3, 1), (1, 1))
"""The insides of a small board's square, widest first: (columns, rows)."""


@dataclass(frozen=True)
class Fit:
    """Small 3×3 boards side by side: the size a square is drawn at, and the boards' width and
    height (a caption under each, but where a square is one row tall)."""

    cell_width: int
    cell_height: int
    boards: int
    captioned: bool = True
    """Whether a caption ("Board 2 · dead") goes under each board: not where there is no row
    for it (a dead board's dashes say it then)."""

    @property
    def board_width(self) -> int:
        return 3 * self.cell_width + 4

    @property
    def caption_rows(self) -> int:
        return 1 if self.captioned else 0

    @property
    def width(self) -> int:
        return self.boards * self.board_width + (self.boards - 1) * GAP

    @property
    def height(self) -> int:
        return 3 * self.cell_height + 4 + self.caption_rows

    @property
    def scale(self) -> int:
        """How big (bigger is better): to choose between two layouts."""
        return len(CELL_SIZES) - CELL_SIZES.index((self.cell_width, self.cell_height))


def fit(boards: int, width: int, height: int) -> Fit | None:
    """The biggest squares at which `boards` boards fit side by side in width × height, a
    column clear each side (as one big board keeps)."""
    for captioned in (True, False):  # captions kept while any size fits with them
        for cell_width, cell_height in CELL_SIZES:
            found = Fit(cell_width, cell_height, boards, captioned)
            if fits_in(found, width, height):
                return found
    return None


DENSE_WIDTH = 2 + 3 * 7 + 4
"""The dense grid's columns: the row numbers, then three boards of three 2-column squares and
a space, parted by four heavy lines."""
DENSE_HEIGHT = 1 + 9 + 4
"""Its rows: the column letters, nine rows of squares, four heavy lines."""


class DenseGrid(NamedTuple):
    """The grid where the 9×9 board's lines do not fit: a letter a square, the small
    boards parted by heavy lines only (`DenseGridLines`)."""

    width: int = DENSE_WIDTH
    height: int = DENSE_HEIGHT


TIGHT_WIDTH = 2 + 3 * 3 + 2
"""The tight grid's columns: the row numbers, then three boards of three 1-column squares,
parted by two heavy lines (no outer frame)."""
TIGHT_HEIGHT = 1 + 9 + 2
"""Its rows: the column letters, nine rows of squares, two heavy lines."""
NARROW_PANEL_WIDTH = 24
"""Columns of the panel beside the board when the usual one leaves the board no room (only
the grid's tight drawing needs it; kept equal to `-narrow` in app.tcss)."""


class TightGrid(NamedTuple):
    """The grid in the smallest terminals (40×15): a letter a square with no space
    between them, the small boards parted by heavy lines (`TightGridLines`)."""

    width: int = TIGHT_WIDTH
    height: int = TIGHT_HEIGHT


class Drawn(Protocol):
    """How big a board is drawn: one big board's `BoardMetrics`, or small boards' `Fit`."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


def fits_in(found: Drawn, width: int, height: int) -> bool:
    """Whether `found` fits in width×height, a column clear each side."""
    return found.width + 2 * SIDE_MARGIN <= width and found.height <= height


class ScreenLayout(NamedTuple):
    side_panel: bool
    """The panel beside the board (True) or under it (False)."""
    board: Drawn
    scale: int
    """How big the board is drawn there (bigger is better): to choose beside or under."""
    narrow: bool = False
    """The panel beside the board is the narrow one (NARROW_PANEL_WIDTH): neither the usual
    panel beside nor one under leaves room for the board."""


def drawn(
    shape: Shape, cells: int, boards: int, width: int, height: int
) -> tuple[Drawn, int] | None:
    """A board of `shape` drawn as big as fits in width×height, and its scale: one board of
    `cells` a side, `boards` small boards side by side, or the grid (where its lines do not
    fit, dense, else tight)."""
    if shape is Shape.BOARDS:
        found = fit(boards, width, height)
        return None if found is None else (found, found.scale)
    metrics = board_metrics(GRID if shape is Shape.GRID else cells, width, height)
    if metrics is None and shape is Shape.GRID:
        if fits_in(DenseGrid(), width, height):
            return DenseGrid(), 0
        return (TightGrid(), -1) if fits_in(TightGrid(), width, height) else None
    return None if metrics is None else (metrics, metrics.glyph_rows)


def board_drawn(rules: Rules, width: int, height: int) -> tuple[Drawn, int] | None:
    """The board of `rules` drawn as big as fits in width×height, and its scale."""
    return drawn(look_of(rules).shape, rules.size, rules.boards, width, height)


def smallest_drawing(shape: Shape, cells: int, boards: int) -> tuple[int, int]:
    """The columns and rows the smallest drawing of a board of `shape` takes, a column clear
    each side: `cells` a side, or `boards` small boards side by side, or the grid."""
    smallest: Drawn = metrics_for(1, cells)
    if shape is Shape.GRID:
        smallest = TightGrid()
    if shape is Shape.BOARDS:
        smallest = Fit(*CELL_SIZES[-1], boards, captioned=False)
    return smallest.width + 2 * SIDE_MARGIN, smallest.height


def minimum_terminal(rules: Rules) -> tuple[int, int]:
    """The smallest terminal (columns, rows) that shows the board of `rules` at its smallest,
    the fewest columns first: with the panel under it, or the narrow one beside it (the 3×3
    board: MIN_TERMINAL)."""
    width, height = smallest_drawing(look_of(rules).shape, rules.size, rules.boards)
    under = width, height + CHROME_ROWS + STACKED_PANEL_HEIGHT
    beside = width + NARROW_PANEL_WIDTH, height + CHROME_ROWS
    return min(
        (max(MIN_TERMINAL[0], columns), max(MIN_TERMINAL[1], rows))
        for columns, rows in (under, beside)
    )


def screen_layout(rules: Rules, columns: int, rows: int) -> ScreenLayout | None:
    """Where the panel goes in a terminal of columns×rows, and the board that fits; None if the
    terminal is too small. The panel goes beside the board unless under it the board is bigger."""
    if columns < MIN_TERMINAL[0] or rows < MIN_TERMINAL[1]:
        return None
    board_rows = rows - CHROME_ROWS
    beside = board_drawn(rules, columns - SIDE_PANEL_WIDTH, board_rows)
    under = board_drawn(rules, columns, board_rows - STACKED_PANEL_HEIGHT)
    if beside is None and under is None:
        narrow = board_drawn(rules, columns - NARROW_PANEL_WIDTH, board_rows)
        return None if narrow is None else ScreenLayout(True, *narrow, narrow=True)
    if under is None or (beside is not None and beside[1] >= under[1]):
        assert beside is not None
        return ScreenLayout(True, *beside)
    return ScreenLayout(False, *under)


def smaller_rules_that_fit(rules: Rules, columns: int, rows: int) -> Rules | None:
    """The same rules on the biggest smaller board (or fewer boards) that a terminal of
    columns×rows shows, or None if none does."""
    fitting = [
        rules.with_number(number)
        for number in rules.rulebook.numbers
        if number < rules.number and screen_layout(rules.with_number(number), columns, rows)
    ]
    return max(fitting, key=lambda found: found.number, default=None)
