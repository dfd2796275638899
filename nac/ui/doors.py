"""The other screens the game screen opens, a plain helper it owns: each screen made from the
session and the engine (its module loaded when first opened), and a game's line pasted on the
game screen opened as a review."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ..core import NotationError, parse_game
from ..play import Session
from ..present.learning import words as learning_words
from ..present.looks import look_of

if TYPE_CHECKING:
    from ..engine import Engine


class Doors:
    def __init__(self, screen: Screen[None], session: Session, engine: Engine) -> None:
        self._screen = screen
        self._session = session
        self._engine = engine

    def review(self) -> None:
        """The review of the game on the board."""
        from .screens.review import ReviewScreen

        game = self._session.game
        saved = self._session.match.saved_game()
        self._screen.app.push_screen(ReviewScreen(saved, game.square_name, self._engine))

    def review_line(self, text: str) -> str | None:
        """A game's line pasted: its review opens; else why it is not a game's line."""
        from .screens.games import review_screen

        try:
            game = parse_game(text.strip())
        except NotationError as error:
            return learning_words.not_a_game(str(error))
        self._screen.app.push_screen(review_screen(game, self._engine, self._session.game.keypad))
        return None

    def games(self) -> None:
        from .screens.games import GamesScreen

        storage, keypad = self._session.storage, self._session.game.keypad
        self._screen.app.push_screen(GamesScreen(storage.games, self._engine, keypad))

    def puzzles(self) -> None:
        from .screens.puzzle import PuzzleScreen

        storage, keypad = self._session.storage, self._session.game.keypad
        self._screen.app.push_screen(PuzzleScreen(storage, keypad, self._engine))

    def drill(self, first: str) -> None:
        """The drills, from the one the last game gave."""
        from .screens.drills import DrillScreen

        storage, keypad = self._session.storage, self._session.game.keypad
        self._screen.app.push_screen(DrillScreen(storage, keypad, first=first, engine=self._engine))

    def help(self) -> None:
        """The help (its section on the rules first, where the rules' look names one)."""
        from .screens.help import HelpScreen, help_text

        game = self._session.game
        first = look_of(game.rules).help_section
        self._screen.app.push_screen(HelpScreen(help_text(game, first=first)))

    def stats(self) -> None:
        from .screens.stats import StatsScreen

        stats = self._session.storage.stats
        records = stats.records()  # read first: a bad file is set aside, with a notice
        self._screen.app.push_screen(StatsScreen(records, stats.where, tuple(stats.notices)))
