"""The panel beside (or under) the board: turn, level, keypad, score and a one-line message."""

from __future__ import annotations

from typing import NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..session import SessionScore

LABEL_WIDTH = 12


class PanelState(NamedTuple):
    turn: str
    level: str
    keypad: str
    you: str
    score: SessionScore
    message: str = ""


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
        score = state.score
        text = Text()
        text.append(state.turn, style="bold reverse")
        text.append("\n\n")
        for label, value in (
            ("Level", state.level),
            ("You play", state.you),
            ("Keypad", state.keypad),
            ("", ""),
            ("Score", ""),
            ("  You", str(score.you)),
            ("  Computer", str(score.computer)),
            ("  Draws", str(score.draws)),
        ):
            text.append(f"{label:<{LABEL_WIDTH}}", style="bold").append(f"{value}\n")
        return Group(text, Text(state.message, style="italic"))

    def _stacked(self, state: PanelState) -> RenderableType:
        score = state.score
        summary = Text(no_wrap=True, overflow="ellipsis")
        summary.append(state.turn, style="bold reverse")
        summary.append("\n")
        summary.append(state.level, style="bold")
        summary.append(f" · You {score.you}  Computer {score.computer}  Draws {score.draws}")
        return Group(summary, Text(state.message, style="italic"))
