"""The game's settings and switches, in the player's words: each changes the session (the game
and the saved setting in one call) and says what it did.

A switch that would drop a game in progress (a new game, another board, mode or mark) asks
first: the first press asks, the same switch pressed again goes ahead. The question waits for
that second press only: any other command in between, or CONFIRM_SECONDS without one, drops it
(a later press asks again). A game that is over, watched, or where no person has moved yet
switches at once: there is nothing of the player's to lose."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..core import (
    BOARD_SIZES,
    NOTAKTO,
    Game,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    Starter,
    Variant,
)
from ..store import Session
from . import variant_words, words

CONFIRM_SECONDS = 10.0
"""How long a question waits for its second press."""
SWITCH_ACTIONS = frozenset(
    {"new_game", "next_size", "size", "next_mode", "mode", "mark", "next_variant", "variant"}
)
"""The commands that may be a question's second press (any other one drops the question)."""
ON_THE_WAY = frozenset({"command_palette"})
"""Commands on the way to a second press (the palette, to choose its entry again)."""


class Switches:
    def __init__(self, session: Session, clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.clock = clock
        self.asked: dict[str, Any] | None = None
        """The switch asked about, waiting for its second press (None for none)."""
        self._asked_at = 0.0

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
        return words.watch_level_set(self.session.game, mark)

    def keypad(self, name: str) -> str:
        layout = KeypadLayout.parse(name)
        self.session.change(keypad=layout)
        return words.keypad_set(layout)

    def starter(self, name: str) -> str:
        rule = Starter.parse(name)
        self.session.change(starter=rule)
        return words.starter_set(rule)

    @property
    def in_progress(self) -> bool:
        """Whether a switch now would drop a game a person has played in."""
        game = self.session.game
        return (
            not game.is_over
            and game.mode is not Mode.WATCH
            and any(not move.by_computer for move in game.moves)
        )

    def question(self, **switch: Any) -> str | None:
        """The question to ask before `switch` (mode=, size=, mark= or variant=; none for a new
        game of the same kind), or None if it may go ahead now."""
        waiting = self.asked == switch and self.clock() - self._asked_at <= CONFIRM_SECONDS
        if not self.in_progress or waiting:
            self.forget_question()
            return None
        self.asked = switch
        self._asked_at = self.clock()
        if "mode" in switch:
            return words.mode_switch_question(switch["mode"])
        if "size" in switch:
            return words.size_switch_question(switch["size"])
        if "mark" in switch:
            return words.mark_switch_question(switch["mark"])
        if "variant" in switch:
            return variant_words.variant_switch_question(switch["variant"])
        return words.NEW_GAME_QUESTION

    def heard(self, action: str) -> None:
        """A command is about to run: unless it may be the second press of the question
        asked, the question is dropped."""
        name = action.partition("(")[0].rpartition(".")[2]
        if name not in SWITCH_ACTIONS | ON_THE_WAY:
            self.forget_question()

    def forget_question(self) -> None:
        """Nothing is waiting for a second press any more."""
        self.asked = None

    def next_rules(self) -> str:
        """The rules after these in the rules switch's order: normal, misère, Notakto, and
        round again."""
        variant = self.session.game.variant
        return NOTAKTO if variant is Variant.MISERE else variant.next.value

    @property
    def expired(self) -> bool:
        """Whether a question was asked and has waited too long for its second press."""
        return self.asked is not None and self.clock() - self._asked_at > CONFIRM_SECONDS


def variant_switch(name: str) -> dict[str, Any] | None:
    """The switch to the variant `name`; None for Notakto, a game of its own."""
    return None if name == NOTAKTO else {"variant": Variant.parse(name)}


def next_board(game: Game) -> int:
    """The board after this one in the board switch's order."""
    return BOARD_SIZES[(BOARD_SIZES.index(game.size) + 1) % len(BOARD_SIZES)]
