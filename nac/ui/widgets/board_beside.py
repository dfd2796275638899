"""The board with its panel beside it, or under it where the board would not fit beside (the
learning screens' layout: the review, the puzzles, the drills, the lab's steps), as the game
screen stacks its own panel in a small terminal."""

from __future__ import annotations

from textual import events
from textual.containers import Horizontal
from textual.css.scalar import Scalar
from textual.geometry import Size

from ...present.game.metrics import SIDE_MARGIN, smallest_drawing
from .board import BoardWidget
from .lines import LinesWidget

LEAST_PANEL_ROWS = 5
"""Rows the panel keeps under the board (its divider and four lines), as the game screen's."""


class BoardBeside(Horizontal):
    """A `BoardWidget` and a panel (a `LinesWidget`): side by side while the board's smallest
    drawing fits beside the panel, else the panel under the board (`-stacked`, in app.tcss)."""

    def __init__(self) -> None:
        super().__init__()
        self._beside: tuple[Scalar | None, Scalar | None] | None = None
        """The panel's width and max-width beside the board, as the styles give them."""

    def on_mount(self) -> None:
        self.watch(self.query_one(BoardWidget), "view", self._arrange, init=False)

    def on_resize(self, event: events.Resize) -> None:
        self._arrange()

    def _arrange(self) -> None:
        board, panel = self.query_one(BoardWidget), self.query_one(LinesWidget)
        view, size = board.view, self.size
        if not view.marks or not size.width:
            return
        width, height = smallest_drawing(view.shape, view.cells, view.boards)
        stacked = width > size.width - self._panel_width_beside(panel, size)
        self.set_class(stacked, "-stacked")
        if stacked:
            panel.styles.height = max(LEAST_PANEL_ROWS, min(size.height - height, size.height // 2))
        else:
            panel.styles.clear_rule("height")

    def _panel_width_beside(self, panel: LinesWidget, size: Size) -> int:
        """The columns the panel takes beside the board: its width, at most its max-width (read
        from its styles before it was first stacked)."""
        if self._beside is None:
            styled = panel.styles.base
            self._beside = styled.width, styled.max_width
        width, most = self._beside
        viewport = self.app.size
        columns = int(width.resolve(size, viewport)) if width is not None else size.width // 2
        if most is not None:
            columns = min(columns, int(most.resolve(size, viewport)))
        return columns + SIDE_MARGIN
