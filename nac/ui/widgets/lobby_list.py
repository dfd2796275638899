"""A relay's open games, one a line, the chosen one marked: the lobby's list. It scrolls to
keep the chosen game in sight."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive

from ...net.told import OpenGame
from ...present.online import words as online_words
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
        entries = [self._entry(index, game, width) for index, game in enumerate(self.games)]
        top = len(lines)
        first = self.chosen  # from the chosen game back, as many as fit with it
        while first > 0 and sum(map(len, entries[first - 1 : self.chosen + 1])) <= height - top:
            first -= 1
        for entry in entries[first:]:
            if len(lines) + len(entry) > height and len(lines) > top:
                break
            lines += entry
        self.show(lines)

    def _entry(self, index: int, game: OpenGame, width: int) -> list[Line]:
        """A game's lines, wrapped under itself; the chosen one marked and highlighted."""
        chosen = index == self.chosen
        style = "chosen" if chosen else ""
        texts = [text for ((text, _),) in wrapped(online_words.open_game(game), width - 2, "")]
        indent = " " * len(CHOSEN)
        return [
            ((((CHOSEN if chosen and at == 0 else indent) + text).ljust(width), style),)
            for at, text in enumerate(texts)
        ]

    watch_heading = watch_games = watch_chosen = relayout
