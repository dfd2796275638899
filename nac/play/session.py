"""One player's session: the match played, the settings it follows and where both are kept.

Every front end plays through a session, so a finished game is counted and saved the same way
everywhere (`Storage.keep`, handed each game by the match), a game in progress is kept as it
goes (after every move, undo and new game: a crash loses at most the move being made) and
brought back at the next start, and a change of setting changes the game and the saved
setting in one call.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection
from datetime import datetime
from typing import Any

from ..core import (
    LOCAL_MODES,
    FinishedGame,
    Game,
    IllegalMove,
    Level,
    Mark,
    Mode,
    SavedGame,
    format_game,
)
from ..core.match import utc_now
from ..core.notation import PERSON
from ..store import Settings, Storage

GAME_SETTINGS = frozenset({"mode", "mark", "rules"})
"""Settings that start a new game when they change."""
KIND_SETTINGS = ("mode", "rules", "mark", "level")
"""Settings that say which game is played: a game brought back brings its own, unless the
run asks for others."""


class Session:
    def __init__(
        self,
        storage: Storage,
        settings: Settings | None = None,
        *,
        given: Collection[str] | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        """Settings default to those saved in `storage`; options given for this run only (the
        command line's) are passed in `settings` and stay unsaved unless changed. `given`
        names the settings asked for this run (by default all of `settings`, none without):
        a game left unfinished comes back in its own mode, rules and mark unless the run
        asks for others."""
        self.storage = storage
        self.settings = settings if settings is not None else storage.settings.load()
        self.given = frozenset(
            given if given is not None else (KIND_SETTINGS if settings is not None else ())
        )
        self._after_saving: list[Callable[[], object]] = []
        self.match = self.settings.match(keep=self.keep, clock=clock)
        self._kept: str | None = None
        """The game as this session last kept it for the next start (its line without the
        date), "" once it cleared it; None while the file holds what another run left."""
        self.resumed = self._resume()
        """Whether the game on the board is the one left unfinished when nac last quit."""
        self.match.game.listen(
            on_change=lambda _change: self._follow(),
            on_new_game=lambda _board: self._follow(),
            on_game_over=lambda _outcome: self._clear(),
        )

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

    def keep(self, finished: FinishedGame) -> None:
        """A finished game (the match's, or an online one) counted in the stats and saved."""
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
        """nac is quitting: a game in progress is kept, to be brought back at the next start
        (it is already, unless its last change could not be written)."""
        self._follow()

    def _follow(self) -> None:
        """The game changed (a move, an undo, a new game): a game in progress is kept as it
        now stands; one no longer in progress is no longer kept. A finished game is cleared
        once the match has kept it (the match hears the game's end first), so it is never in
        neither file."""
        if self.in_progress:
            saved = self.match.saved_game()
            line = _undated(saved)
            if line != self._kept:
                self.storage.left.keep(saved)
                self._kept = line
                self._saved()
        elif not self.match.game.is_over:
            self._clear()

    def _clear(self) -> None:
        """What this session kept is kept no more (a game another run left, not brought
        back, stays until this session has a game of its own to keep)."""
        if self._kept:
            self.storage.left.clear()
            self._kept = ""
            self._saved()

    def _resume(self) -> bool:
        """The game left unfinished, if one was and this run asks for no other kind of game
        (other rules, mode, mark or level than its own), back on the board, in its own mode,
        rules, mark and level for this run; whether it was."""
        saved = self.storage.left.kept()
        if saved is None or saved.mode not in LOCAL_MODES or saved.mode is Mode.WATCH:
            return False
        mark, level = self.settings.mark, self.settings.level
        if saved.mode is Mode.COMPUTER:
            mark = Mark.X if saved.player(Mark.X) == PERSON else Mark.O
            with contextlib.suppress(ValueError):  # "mixed": changed mid-game
                level = Level(saved.player(mark.other))
        own = {"mode": saved.mode, "rules": saved.rules, "mark": mark, "level": level}
        settings = self.settings
        if any(getattr(settings, name) != own[name] for name in self.given & own.keys()):
            return False
        game = self.match.game
        game.level = level
        self.match.new_game(mode=saved.mode, human=mark, rules=saved.rules, first=saved.first)
        try:
            for cell in saved.moves:
                if game.is_computer_turn:
                    game.computer_move(cell)
                else:
                    game.play_cell(cell)
        except IllegalMove:
            game.level = settings.level
            self.match.new_game(mode=settings.mode, human=settings.mark, rules=settings.rules)
            return False
        if game.is_over:
            return False
        self.settings = settings.but(**own)
        self._kept = _undated(saved)
        return True


def _undated(saved: SavedGame) -> str:
    """A game's line without its date: what changes when the game does."""
    return format_game(saved).split(" ", 2)[2]
