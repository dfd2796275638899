"""The game's settings and switches, in the player's words: each changes the session (the game
and the saved setting in one call) and says what it did.

A switch that would drop a game in progress (a new game, other rules or board, mode or mark)
asks first, by the one confirm rule (`Confirm`): the same switch pressed again goes ahead; any
other command in between, or the time running out, drops the question. A game that is over,
watched, or where no person has moved yet switches at once: there is nothing of the player's to
lose."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core import NUMBERS, OFFERED, KeypadLayout, Level, Mark, Mode, Rules, Starter, find_rules
from ..present.game import switch_words
from .confirm import Confirm
from .session import Session

SWITCH_ACTIONS = frozenset(
    {"new_game", "next_size", "size", "next_mode", "mode", "mark", "next_variant", "rules"}
)
"""The commands that may be a question's second press (any other one drops the question)."""
ON_THE_WAY = frozenset({"command_palette"})
"""Commands on the way to a second press (the palette, to choose its entry again)."""


class Switches:
    def __init__(self, session: Session, clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.confirm = Confirm(clock)
        """The switch asked about waits here for its second press."""

    def level(self, name: str) -> str:
        """The computer's level; in watch mode, X's."""
        game = self.session.game
        if game.mode is Mode.WATCH:
            return self.watch_level(name, Mark.X)
        level = Level.parse(name)
        self.session.change(level=level)
        return switch_words.level_set(game, level)

    def watch_level(self, name: str, mark: Mark = Mark.O) -> str:
        """A side's level in watch mode (O's unless told)."""
        level = Level.parse(name)
        x, o = self.session.game.watch_levels
        self.session.change(watch_levels=(level, o) if mark is Mark.X else (x, level))
        return switch_words.watch_level_set(self.session.game, mark)

    def keypad(self, name: str) -> str:
        layout = KeypadLayout.parse(name)
        self.session.change(keypad=layout)
        return switch_words.keypad_set(layout)

    def starter(self, name: str) -> str:
        rule = Starter.parse(name)
        self.session.change(starter=rule)
        return switch_words.starter_set(rule)

    def question(self, **switch: Any) -> str | None:
        """The question to ask before `switch` (mode=, rules= or mark=; none for a new game of
        the same kind), or None if it may go ahead now."""
        if not self.session.in_progress:  # a switch now drops no game a person played in
            self.forget_question()
            return None
        if self.confirm.pressed(switch):
            return None
        if "mode" in switch:
            return switch_words.mode_switch_question(switch["mode"])
        if "rules" in switch:
            return switch_words.rules_switch_question(self.session.game.rules, switch["rules"])
        if "mark" in switch:
            return switch_words.mark_switch_question(switch["mark"])
        return switch_words.NEW_GAME_QUESTION

    def heard(self, action: str) -> None:
        """A command is about to run: unless it may be the second press of the question
        asked, the question is dropped."""
        self.confirm.heard(action, SWITCH_ACTIONS | ON_THE_WAY)

    def forget_question(self) -> None:
        """Nothing is waiting for a second press any more."""
        self.confirm.forget()

    @property
    def expired(self) -> bool:
        """Whether a question was asked and has waited too long for its second press."""
        return self.confirm.expired


def next_rules(rules: Rules) -> Rules:
    """The rules after `rules` in the rules switch's order: the same board from normal to
    misère, Notakto on one board, Ultimate, then the normal 3×3 game."""
    family = OFFERED[(OFFERED.index(rules.family) + 1) % len(OFFERED)]
    return rules_named(family.value, rules)


def rules_named(name: str, rules: Rules) -> Rules:
    """The rules `name` names (`misere 4`), or a family alone on the board of `rules` where it
    is played there (`misere` from normal 4×4: misère 4×4)."""
    found = find_rules(name)
    same = found.rulebook.numbered_by == rules.rulebook.numbered_by
    if len(name.split()) > 1 or not same or rules.number not in found.rulebook.numbers:
        return found
    return found.with_number(rules.number)


def next_board(rules: Rules) -> Rules:
    """The board after this one in the board switch's order (in Notakto, the boards; Ultimate
    has one board)."""
    numbers = NUMBERS[rules.family]
    return rules.with_number(numbers[(numbers.index(rules.number) + 1) % len(numbers)])
