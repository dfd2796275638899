"""The panel beside (or under) the board: whose turn, settings, score, moves and a message."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..views import PanelState

LABEL_WIDTH = 12


class InfoPanel(Widget):
    """Shows a `PanelState`: a list beside the board, a few compact lines under it."""

    DEFAULT_CSS = """
    InfoPanel {
        padding: 0 1;
    }
    """

    state: reactive[PanelState | None] = reactive(None)
    stacked: reactive[bool] = reactive(False)

    def render(self) -> RenderableType:
        state = self.state
        if state is None:
            return Text("")
        return self._stacked(state) if self.stacked else self._beside(state)

    def _beside(self, state: PanelState) -> RenderableType:
        text = Text()
        text.append(f" {state.status} ", style="bold reverse")
        text.append("\n\n")
        for label, value in state.details:
            text.append(f"{label:<{LABEL_WIDTH}}", style="bold").append(f"{value}\n")
        text.append("\nScore\n", style="bold")
        for label, count in state.score:
            text.append(f"  {label:<{LABEL_WIDTH}}").append(f"{count}\n")
        parts: list[RenderableType] = [text]
        if state.history:
            parts += [Text(state.history_title, style="bold"), Text(state.history), Text()]
        if state.analysis:
            parts.append(Text(state.analysis, style="dim"))
        parts.append(Text(state.message, style="italic"))
        return Group(*parts)

    def _stacked(self, state: PanelState) -> RenderableType:
        summary = Text(no_wrap=True, overflow="ellipsis")
        summary.append(f" {state.status} ", style="bold reverse")
        summary.append("\n")
        if state.summary:
            summary.append(state.summary, style="bold").append(" · ")
        summary.append("  ".join(f"{label} {count}" for label, count in state.score))
        return Group(summary, Text(state.message, style="italic"))
