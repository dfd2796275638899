"""The game screen's settings and switches: levels, keypad, who starts, and the switches of
mode, board and mark, which ask first when they would drop a game in progress."""

from __future__ import annotations

from ... import words
from ...core import BOARD_SIZES, KeypadLayout, Level, Mark, Mode, Starter
from .turns import TurnsScreen


class SwitchesScreen(TurnsScreen):
    """A screen with the game's settings (the game screen builds on it)."""

    switch_asked = ""
    """A switch asked about once: pressed again, it goes ahead."""

    def action_level(self, name: str) -> None:
        """The computer's level; in watch mode, X's."""
        level = Level.parse(name)
        game = self.game
        if game.mode is Mode.WATCH:
            self.action_o_level(name, Mark.X)
            return
        game.level = level
        self.host.change_settings(level=level)
        self.say(words.level_set(game, level))

    def action_o_level(self, name: str, mark: Mark = Mark.O) -> None:
        """O's level in watch mode (or X's, from `level`)."""
        level = Level.parse(name)
        self.game.set_watch_level(mark, level)
        self.host.change_settings(watch_levels=self.game.watch_levels)
        self.say(words.watch_level_set(mark, level))

    def action_keypad(self, name: str) -> None:
        layout = KeypadLayout.parse(name)
        self.game.keypad = layout
        self.host.change_settings(keypad=layout)
        self.say(words.keypad_set(layout))

    def action_switch_keypad(self) -> None:
        self.action_keypad(self.game.keypad.next.value)

    def action_starter(self, name: str) -> None:
        rule = Starter.parse(name)
        self.match.starter = rule
        self.host.change_settings(starter=rule)
        self.say(words.starter_set(rule))

    def action_new_game(self) -> None:
        self.begin_game()

    def action_next_mode(self) -> None:
        self.action_mode(self.game.mode.next.value)

    def action_mode(self, name: str) -> None:
        mode = Mode.parse(name)
        if not self._asks_first("mode", words.mode_switch_question(mode)):
            self.host.change_settings(mode=mode)
            self.begin_game(mode=mode)

    def action_next_size(self) -> None:
        self.action_size(BOARD_SIZES[(BOARD_SIZES.index(self.game.size) + 1) % len(BOARD_SIZES)])

    def action_size(self, size: int) -> None:
        if not self._asks_first("size", words.size_switch_question(size)):
            self.host.change_settings(size=size)
            self.begin_game(size=size)

    def action_mark(self, name: str) -> None:
        mark = Mark.parse(name)
        if not self._asks_first("mark", words.mark_switch_question(mark)):
            self.host.change_settings(mark=mark)
            self.begin_game(human=mark)

    def _asks_first(self, switch: str, question: str) -> bool:
        """For a switch that would drop a game in progress: ask (True), unless it was asked
        just before (False: go ahead). A finished or empty game, or one watched, switches at
        once."""
        game = self.game
        if game.is_over or not game.moves or game.mode is Mode.WATCH:
            return False
        if self.switch_asked == switch:
            return False
        self.switch_asked = switch
        self.say(question)
        return True
