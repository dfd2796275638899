"""The board's drawing at a size, chosen by the shape the rules' look gives it (`Shape`): one
board's lines, small boards side by side, or the grid's (its 9×9 board's lines where they fit,
else dense, else tight). The app's board widget asks here; the panel's place asks the same
sizes (`metrics.drawn`)."""

from __future__ import annotations

from .board_lines import BoardLines
from .boards_lines import BoardsLines
from .grid_lines import DenseGridLines, GridLines, TightGridLines
from .metrics import BoardMetrics, DenseGrid, Fit, TightGrid, drawn
from .views import BoardView

Drawing = BoardLines | BoardsLines | DenseGridLines | TightGridLines
"""A drawing of the board at one size."""


def drawing(view: BoardView, width: int, height: int) -> Drawing | None:
    """The drawing of `view`'s board as big as fits in width×height; None if none does."""
    found = drawn(view.shape, view.cells, view.boards, width, height)
    if found is None:
        return None
    size = found[0]
    if isinstance(size, Fit):
        return BoardsLines(size)
    if isinstance(size, DenseGrid):
        return DenseGridLines()
    if isinstance(size, TightGrid):
        return TightGridLines()
    assert isinstance(size, BoardMetrics)
    return GridLines(size) if view.grid else BoardLines(size)
