"""A match: a series of games, shared by every front end.

The lifecycle of play lives here, so every front end gets it by construction: the match starts
each game by the `Starter` rule (the first one as it is made), hears every game's end, keeps
this session's score, and hands each finished game, once, to `keep` (the one place that records
the stats and saves the game) and then to its listeners (the front ends).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum

from .checks import checked_listener
from .choices import parse_choice
from .game import Game
from .kinds import GameKind, GameResult
from .listeners import tell
from .mark import Mark
from .modes import Mode
from .notation import SavedGame
from .outcome import Outcome
from .rules import Rules

FinishedListener = Callable[["FinishedGame"], object]


class Starter(Enum):
    """Who starts each game: the person (X in two-player and watch mode), the computer (O in
    two-player and watch), or each in turn."""

    YOU = "you"
    COMPUTER = "computer"
    ALTERNATE = "alternate"

    @classmethod
    def parse(cls, text: str) -> Starter:
        return parse_choice(cls, text, "who starts")


@dataclass
class Score:
    """This session's results: the first side's wins, the second side's wins, draws."""

    first: int = 0
    second: int = 0
    draws: int = 0

    def add(self, result: GameResult) -> None:
        if result is GameResult.WON:
            self.first += 1
        elif result is GameResult.LOST:
            self.second += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.first + self.second + self.draws

    @property
    def lead(self) -> int:
        """The first side's wins less the second side's."""
        return self.first - self.second


@dataclass(frozen=True)
class FinishedGame:
    """A game that has ended: what kind it was, its result from the first side's view, how it
    ended, and the game as the notation saves it."""

    kind: GameKind
    result: GameResult
    outcome: Outcome
    saved: SavedGame = field(compare=False)


def utc_now() -> datetime:
    return datetime.now(UTC)


class Match:
    """Games one after another, under any rules, with the starter rule and the session score.

    Made, it begins the first game by the starter rule. `keep` (if given) receives every
    finished game first, then the listeners added with `listen`. The game is told the score's
    lead after every game (`Game.session_lead`): Adaptive plays by it.
    """

    def __init__(
        self,
        game: Game,
        starter: Starter = Starter.YOU,
        *,
        keep: FinishedListener | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a Match plays a Game, not {game!r}")
        if not isinstance(starter, Starter):
            raise TypeError(f"starter must be a Starter, not {starter!r}")
        self.game = game
        self.starter = starter
        self.score = Score()
        self.clock = clock
        """When a finished game was played, as it is saved."""
        self.last: FinishedGame | None = None
        """The last game finished, once one has."""
        self.games_started = 0
        self.opponent = ""
        """Online: the other player's name, as their games are counted and saved."""
        self._listeners: list[FinishedListener] = []
        if keep is not None:
            self._listeners.append(checked_listener(keep, "keep"))
        game.listen(on_game_over=self._game_over)
        self.new_game()

    def listen(self, on_finished: FinishedListener) -> None:
        """`on_finished` hears every finished game (after `keep`)."""
        self._listeners.append(checked_listener(on_finished, "on_finished"))

    def first_mover(self, mode: Mode, human: Mark) -> Mark:
        """Who starts the next game under the starter rule (online: X, then each in turn,
        as the game's server says)."""
        yours, theirs = (human, human.other) if mode is Mode.COMPUTER else (Mark.X, Mark.O)
        if self.starter is Starter.YOU:
            return yours
        if self.starter is Starter.COMPUTER:
            return theirs
        return yours if self.games_started % 2 == 0 else theirs

    def new_game(
        self,
        *,
        mode: Mode | None = None,
        human: Mark | None = None,
        rules: Rules | None = None,
        first: Mark | None = None,
    ) -> None:
        """The next game, who starts by the starter rule unless `first` says (online, the
        server's word), under other `rules` if given. A new mode starts a new score."""
        game = self.game
        mode = game.mode if mode is None else mode
        human = game.human if human is None else human
        first = self.first_mover(mode, human) if first is None else first
        changed_mode = mode is not game.mode
        game.new_game(human=human, mode=mode, first=first, rules=rules)
        if changed_mode:
            self.score = Score()
        game.session_lead = self.score.lead
        self.games_started += 1

    def result(self, outcome: Outcome) -> GameResult:
        """A finished game's result from the first side's view."""
        if outcome.winner is None:
            return GameResult.DRAWN
        return GameResult.WON if outcome.winner is self.game.first_side else GameResult.LOST

    def kind(self) -> GameKind:
        """The kind of the game on the board, from its moves so far."""
        game = self.game
        return GameKind.of(
            game.mode, game.rules, game.moves, game.levels_playing(), opponent=self.opponent
        )

    def saved_game(self, kind: GameKind | None = None) -> SavedGame:
        """The game so far as the notation holds it (its kind from its moves, if not given)."""
        game = self.game
        cells = [move.cell for move in game.moves]
        return SavedGame.of(
            kind or self.kind(),
            cells,
            game.first,
            human=game.human,
            date=self.clock(),
            resigned=game.resigned,
        )

    def _game_over(self, outcome: Outcome) -> None:
        result = self.result(outcome)
        self.score.add(result)
        self.game.session_lead = self.score.lead
        kind = self.kind()
        finished = FinishedGame(kind, result, outcome, self.saved_game(kind))
        self.last = finished
        tell(self._listeners, finished)
