"""One player's session: the match played, the settings it follows and where both are kept.

Every front end plays through a session, so a finished game is counted and saved the same way
everywhere (`Storage.keep`, handed each game by the match), and a change of setting changes
the game and the saved setting in one call.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..core import FinishedGame, Game, IllegalMove, Mode
from ..core.match import utc_now
from ..core.notation import PERSON
from ..store import Settings, Storage

GAME_SETTINGS = frozenset({"mode", "mark", "rules"})
"""Settings that start a new game when they change."""


class Session:
    def __init__(
        self,
        storage: Storage,
        settings: Settings | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        """Settings default to those saved in `storage`; options given for this run only (the
        command line's) are passed in `settings` and stay unsaved unless changed."""
        self.storage = storage
        self.settings = settings if settings is not None else storage.settings.load()
        self._after_saving: list[Callable[[], object]] = []
        self.match = self.settings.match(keep=self._keep, clock=clock)
        self.resumed = self._resume()
        """Whether the game on the board is the one left unfinished when nac last quit."""

    @property
    def game(self) -> Game:
        return self.match.game

    def after_saving(self, listener: Callable[[], object]) -> None:
        """`listener` is called after each time the session writes (a finished game kept, a
        setting changed): a front end shows the notices a bad file may have left."""
        self._after_saving.append(listener)

    def _saved(self) -> None:
        for listener in self._after_saving:
            listener()

    def _keep(self, finished: FinishedGame) -> None:
        self.storage.keep(finished)
        self._saved()

    def change(self, **changes: Any) -> None:
        """Change settings (`Settings` fields) for this run and save just these changes: the
        game follows at once (a new mode, rules or mark begins a new game, by the starter
        rule)."""
        settings = self.settings.but(**changes)
        game, match = self.match.game, self.match
        game.level = settings.level
        game.watch_levels = settings.watch_levels
        game.keypad = settings.keypad
        match.starter = settings.starter
        self.settings = settings
        self.storage.settings.change(**changes)
        if GAME_SETTINGS & changes.keys():
            match.new_game(mode=settings.mode, human=settings.mark, rules=settings.rules)
        self._saved()

    @property
    def in_progress(self) -> bool:
        """Whether a game a person has played in is going on (a switch would drop it; quitting
        keeps it for the next start)."""
        game = self.match.game
        return (
            not game.is_over
            and game.mode is not Mode.WATCH
            and any(not move.by_computer for move in game.moves)
        )

    def keep_unfinished(self) -> None:
        """nac is quitting: a game in progress is kept, to be brought back at the next start."""
        if self.in_progress:
            self.storage.left.keep(self.match.saved_game())

    def _resume(self) -> bool:
        """The game left unfinished, if one was and it is played by these settings (its
        rules, its mode, the player's mark), back on the board; whether it was."""
        saved = self.storage.left.take()
        game, settings = self.match.game, self.settings
        if saved is None or saved.rules != settings.rules or saved.mode is not settings.mode:
            return False
        if saved.mode is Mode.COMPUTER and saved.player(settings.mark) != PERSON:
            return False
        self.match.new_game(first=saved.first)
        try:
            for cell in saved.moves:
                if game.is_computer_turn:
                    game.computer_move(cell)
                else:
                    game.play_cell(cell)
        except IllegalMove:
            self.match.new_game()
            return False
        return not game.is_over

    @property
    def notices(self) -> list[str]:
        return self.storage.notices
