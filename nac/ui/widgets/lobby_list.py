"""A relay's open games, one a line, the chosen one marked: the lobby's list. It scrolls to
keep the chosen game in sight."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive

from ...net.table import OpenGame
from ...present import online_words
from ...present.panel_lines import wrapped
from ...present.runs import Line
from .lines import LinesWidget

CHOSEN = "▸ "
"""Before the chosen game (a sign as well as the highlight, for screens without colour)."""


class LobbyList(LinesWidget):
    """The heading (where, how many play and watch), a rule, then the games."""

    STYLE_PREFIX = "lobby"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"lobby--heading", "lobby--chosen", "lobby--dim"}
    DEFAULT_CSS = """
    LobbyList > .lobby--heading { text-style: bold; }
    LobbyList > .lobby--chosen { text-style: bold reverse; }
    LobbyList > .lobby--dim { color: $text-muted; }
    """

    heading: reactive[str] = reactive("", repaint=False)
    games: reactive[tuple[OpenGame, ...]] = reactive((), repaint=False)
    chosen: reactive[int] = reactive(0, repaint=False)

    def relayout(self) -> None:
        width, height = self.content_size
        lines: list[Line] = wrapped(self.heading, width, "heading")
        lines.append((("─" * width, "dim"),))
        if not self.games:
            lines += wrapped(online_words.NO_OPEN_GAMES, width, "dim")
            self.show(lines)
            return
        room = max(1, height - len(lines))
        first = max(0, min(self.chosen - room + 1, len(self.games) - room))
        for index, game in enumerate(self.games[first : first + room], first):
            text = online_words.open_game(game)
            if index == self.chosen:
                text = (CHOSEN + text)[:width].ljust(width)
                lines.append(((text, "chosen"),))
            else:
                lines.append(((("  " + text)[:width], ""),))
        self.show(lines)

    def watch_heading(self) -> None:
        self.relayout()

    def watch_games(self) -> None:
        self.relayout()

    def watch_chosen(self) -> None:
        self.relayout()
