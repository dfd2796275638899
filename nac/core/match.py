"""A match: a series of games under one set of rules, shared by every front end.

It decides who starts each game (the `Starter` rule), keeps this session's score, and says
what kind of game a finished game was (mode, board and the levels that actually played it),
which is what lifetime stats are kept under.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .choices import parse_choice
from .game import Game
from .geometry import BOARD_SIZES, CLASSIC_SIZE
from .mark import Mark
from .modes import Mode
from .moves import Move
from .opponents import Level
from .outcome import Outcome

MIXED = "mixed"
"""The level of a side whose level changed during the game."""


class Starter(Enum):
    """Who starts each game: the person (X in two-player and watch mode), the computer (O in
    two-player and watch), or each in turn."""

    YOU = "you"
    COMPUTER = "computer"
    ALTERNATE = "alternate"

    @classmethod
    def parse(cls, text: str) -> Starter:
        return parse_choice(cls, text, "who starts")


class GameResult(Enum):
    """A finished game from the first side's view: the person against the computer, X in
    two-player and watch mode."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


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


@dataclass(frozen=True)
class GameKind:
    """What kind of game a result belongs to: the mode, the board, and the levels that played
    (against the computer its level; in watch mode X's and O's; `MIXED` if one changed)."""

    mode: Mode
    size: int = CLASSIC_SIZE
    levels: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """ "computer/genius", "watch/genius-vs-idiot", "two-player@4x4" (no suffix on 3×3)."""
        if self.mode is Mode.COMPUTER:
            key = f"computer/{self.levels[0]}"
        elif self.mode is Mode.WATCH:
            key = f"watch/{self.levels[0]}-vs-{self.levels[1]}"
        else:
            key = Mode.TWO_PLAYER.value
        return key if self.size == CLASSIC_SIZE else f"{key}@{self.size}x{self.size}"

    @classmethod
    def parse(cls, key: str) -> GameKind:
        """The kind named by `key`; ValueError if it names none."""
        kind, at, board = key.partition("@")
        size = CLASSIC_SIZE
        if at:
            rows, _, columns = board.partition("x")
            if rows != columns or not rows.isdigit() or int(rows) not in BOARD_SIZES:
                raise ValueError(f"{key!r} names no board")
            size = int(rows)
        mode_name, _, detail = kind.partition("/")
        mode = Mode.parse(mode_name)
        levels: tuple[str, ...] = ()
        if mode is Mode.COMPUTER:
            levels = (detail,)
        elif mode is Mode.WATCH:
            x, _, o = detail.partition("-vs-")
            levels = (x, o)
        elif detail:
            raise ValueError(f"{key!r} names no kind of game")
        known = {level.value for level in Level} | {MIXED}
        if any(level not in known for level in levels):
            raise ValueError(f"{key!r} names no level")
        return cls(mode, size, levels)

    @classmethod
    def of(
        cls,
        mode: Mode,
        size: int,
        moves: tuple[Move, ...],
        playing: tuple[Level, ...] = (),
    ) -> GameKind:
        """The kind of a game from its moves: each computer side under the level it played.
        A side that has not moved yet counts under its level in `playing` (against the
        computer its level; in watch mode X's and O's), if given."""
        if mode is Mode.COMPUTER:
            return cls(mode, size, (_level_played(moves, None, playing[:1]),))
        if mode is Mode.WATCH:
            x, o = (playing[:1], playing[1:2]) if len(playing) == 2 else ((), ())
            return cls(
                mode, size, (_level_played(moves, Mark.X, x), _level_played(moves, Mark.O, o))
            )
        return cls(mode, size)


def _level_played(moves: tuple[Move, ...], mark: Mark | None, playing: tuple[Level, ...]) -> str:
    levels = {
        move.level
        for move in moves
        if move.level is not None and (mark is None or move.mark is mark)
    }
    if not levels and playing:
        return playing[0].value
    if len(levels) == 1:
        return next(iter(levels)).value
    return MIXED


@dataclass(frozen=True)
class FinishedGame:
    kind: GameKind
    result: GameResult
    outcome: Outcome


class Match:
    """Games one after another on one `Game`, with the starter rule and the session score."""

    def __init__(self, game: Game, starter: Starter = Starter.YOU) -> None:
        self.game = game
        self.starter = starter
        self.score = Score()
        self.games_started = 0
        """Games begun by `new_game` (a front end begins the first one too, so that the starter
        rule decides who starts it)."""

    def first_mover(self, mode: Mode, human: Mark) -> Mark:
        """Who starts the next game under the starter rule."""
        yours, theirs = (human, human.other) if mode is Mode.COMPUTER else (Mark.X, Mark.O)
        if self.starter is Starter.YOU:
            return yours
        if self.starter is Starter.COMPUTER:
            return theirs
        return yours if self.games_started % 2 == 0 else theirs

    def new_game(
        self, *, mode: Mode | None = None, human: Mark | None = None, size: int | None = None
    ) -> None:
        """The next game, who starts by the starter rule. A new mode starts a new score."""
        game = self.game
        mode = game.mode if mode is None else mode
        human = game.human if human is None else human
        first = self.first_mover(mode, human)
        changed_mode = mode is not game.mode
        game.new_game(human=human, mode=mode, first=first, size=size)
        if changed_mode:
            self.score = Score()
        self.games_started += 1

    def result(self, outcome: Outcome) -> GameResult:
        """A finished game's result from the first side's view."""
        game = self.game
        if outcome.winner is None:
            return GameResult.DRAWN
        first_side = game.human if game.mode is Mode.COMPUTER else Mark.X
        return GameResult.WON if outcome.winner is first_side else GameResult.LOST

    def finish(self, outcome: Outcome) -> FinishedGame:
        """Count a finished game (call it from the game's `on_game_over`)."""
        game = self.game
        result = self.result(outcome)
        self.score.add(result)
        kind = GameKind.of(game.mode, game.size, game.moves, game.levels_playing())
        return FinishedGame(kind, result, outcome)
