"""The game's settings and switches, in the player's words: each changes the session (the game
and the saved setting in one call) and says what it did. A switch that would drop a game in
progress asks first: the first press asks, the same switch again goes ahead; a game that is
over, empty or watched switches at once."""

from __future__ import annotations

from typing import Any

from ..core import KeypadLayout, Level, Mark, Mode, Starter
from ..store import Session
from . import words


class Switches:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.asked: dict[str, Any] = {}
        """The switch asked about, waiting for its second press (empty for none)."""

    def level(self, name: str) -> str:
        """The computer's level; in watch mode, X's."""
        game = self.session.game
        if game.mode is Mode.WATCH:
            return self.watch_level(name, Mark.X)
        level = Level.parse(name)
        self.session.change(level=level)
        return words.level_set(game, level)

    def watch_level(self, name: str, mark: Mark = Mark.O) -> str:
        """A side's level in watch mode (O's unless told)."""
        level = Level.parse(name)
        x, o = self.session.game.watch_levels
        self.session.change(watch_levels=(level, o) if mark is Mark.X else (x, level))
        return words.watch_level_set(mark, level)

    def keypad(self, name: str) -> str:
        layout = KeypadLayout.parse(name)
        self.session.change(keypad=layout)
        return words.keypad_set(layout)

    def starter(self, name: str) -> str:
        rule = Starter.parse(name)
        self.session.change(starter=rule)
        return words.starter_set(rule)

    def question(self, **switch: Any) -> str | None:
        """The question to ask before `switch` (mode=, size= or mark=: it begins a new game),
        or None if it may go ahead now."""
        game = self.session.game
        in_progress = not game.is_over and bool(game.moves) and game.mode is not Mode.WATCH
        if not in_progress or self.asked == switch:
            self.asked = {}
            return None
        self.asked = switch
        if "mode" in switch:
            return words.mode_switch_question(switch["mode"])
        if "size" in switch:
            return words.size_switch_question(switch["size"])
        return words.mark_switch_question(switch["mark"])

    def forget_question(self) -> None:
        """Nothing is waiting for a second press any more."""
        self.asked = {}
