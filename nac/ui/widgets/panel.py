"""The panel beside (or under) the board: whose turn, a message, settings, score and moves.

Every sentence wraps to the panel's width. When the panel is too short for everything, the
parts that matter least go first (the settings, then the score), never the message.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..views import PanelState

LABEL_WIDTH = 12
MOVE_GAP = "   "
SCORE_WIDTH = 4


class InfoPanel(Widget):
    """Shows a `PanelState`: sections beside the board, a few lines under it."""

    DEFAULT_CSS = """
    InfoPanel {
        padding: 0 1;
    }
    """

    state: reactive[PanelState | None] = reactive(None)
    stacked: reactive[bool] = reactive(False)

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        size = self.content_size
        if self.stacked:
            return fitted(self._stacked(state), size.width, size.height, gap=0)
        return fitted(self._beside(state), size.width, size.height, gap=1)

    def _beside(self, state: PanelState) -> list[tuple[int, Text]]:
        """(priority, text) sections in the order shown; lower priorities go first when short."""
        status = Text(f" {state.status} ", style="bold reverse")
        details = Text()
        for label, value in state.details:
            details.append(f"{label:<{LABEL_WIDTH}}", style="bold").append(f"{value}\n")
        score = Text("Score\n", style="bold")
        for label, count in state.score:
            score.append(f"  {label:<{LABEL_WIDTH}}").append(f"{count:>{SCORE_WIDTH}}\n")
        sections = [(9, status), (8, Text(state.message, style="italic"))]
        sections += [(2, details), (4, score)]
        if state.moves:
            lines = by_moves(state.moves, self.content_size.width)
            moves = Text(state.history_title + "\n", style="bold").append(lines + "\n")
            sections.append((6, moves))
        if state.analysis:
            sections.append((3, Text(state.analysis, style="dim")))
        return sections

    def _stacked(self, state: PanelState) -> list[tuple[int, Text]]:
        status = Text(f" {state.status} ", style="bold reverse")
        if state.summary:
            status.append(" " + state.summary, style="bold")
        score = Text("  ".join(f"{label} {count}" for label, count in state.score))
        return [(9, status), (4, score), (8, Text(state.message, style="italic"))]


def by_moves(moves: tuple[str, ...], width: int) -> str:
    """The moves in lines of at most `width` columns, never breaking inside a move."""
    lines: list[str] = []
    for move in moves:
        if lines and len(lines[-1]) + len(MOVE_GAP) + len(move) <= width:
            lines[-1] += MOVE_GAP + move
        else:
            lines.append(move)
    return "\n".join(lines)


KEPT_ALWAYS = 8
"""Sections of this priority or more (the status, the message) are never dropped."""


def fitted(sections: list[tuple[int, Text]], width: int, height: int, gap: int) -> Text:
    """The sections that fit in width×height, `gap` blank lines between them, dropping the
    lowest priorities first; each section wraps to the width."""
    console = Console(width=max(1, width), legacy_windows=False)
    kept = []
    for priority, section in sections:
        trimmed = section.copy()
        trimmed.rstrip()
        if trimmed.plain.strip():
            kept.append((priority, trimmed))

    def height_of(texts: list[tuple[int, Text]]) -> int:
        wrapped = sum(len(text.wrap(console, max(1, width))) for _, text in texts)
        return wrapped + gap * (len(texts) - 1)

    while kept and height_of(kept) > height:
        lowest = min(priority for priority, _ in kept)
        if lowest >= KEPT_ALWAYS:
            break
        kept = [(priority, text) for priority, text in kept if priority != lowest]
    return Text("\n" * (gap + 1)).join(text for _, text in kept)
