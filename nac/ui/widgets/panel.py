"""The panel beside (or under) the board: whose turn, a message, settings, score and moves,
laid out by `panel_lines` and drawn a line at a time (only changed lines are sent)."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive

from ...present.game.views import PanelState
from ...present.panel_lines import panel_lines
from .lines import LinesWidget


class InfoPanel(LinesWidget):
    """Shows a `PanelState`: sections beside the board, a few lines under it."""

    STYLE_PREFIX = "panel"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "panel--status",
        "panel--label",
        "panel--message",
        "panel--dim",
    }
    DEFAULT_CSS = """
    InfoPanel > .panel--status { text-style: bold reverse; }
    InfoPanel > .panel--label { text-style: bold; }
    InfoPanel > .panel--message { text-style: italic; }
    InfoPanel > .panel--dim { color: $text-muted; }
    """

    state: reactive[PanelState | None] = reactive(None, repaint=False)
    stacked: reactive[bool] = reactive(False, repaint=False)

    def relayout(self) -> None:
        state = self.state
        self.show([] if state is None else panel_lines(state, *self.content_size, self.stacked))

    watch_state = watch_stacked = relayout
