"""How well the computer plays: the levels a player picks, and the turn the computer moves in.

The rules name the levels; how each level finds its move is the engines' business
(`nac.engine`), so nothing here searches. Adaptive is the one level with no strategy of its
own: it plays like one of the fixed levels, chosen by its opponent's results this session
(`adaptive_level`), and the game says which (`Game.plays_like`).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from .checks import checked
from .choices import parse_choice

if TYPE_CHECKING:
    from .rules import Position


GENIUS_SECONDS = 1.0
"""Genius's time a move (and a hint's, an analysis's) where the game is not solved and it
searches for a time (Ultimate), unless a limit says otherwise (`--genius-seconds`)."""


class Level(Enum):
    IDIOT = "idiot"
    AVERAGE = "average"
    CLEVER = "clever"
    GENIUS = "genius"
    ADAPTIVE = "adaptive"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    def plays_like(self, lead: int) -> Level:
        """The fixed level that finds this level's moves when its opponent leads this session
        by `lead` games: itself, or for Adaptive `adaptive_level(lead)`."""
        return adaptive_level(lead) if self is Level.ADAPTIVE else self

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its name in any case ("Genius", "genius"); ValueError otherwise."""
        return parse_choice(cls, text, "a level")


FIXED_LEVELS = (Level.IDIOT, Level.AVERAGE, Level.CLEVER, Level.GENIUS)
"""The levels that play by a strategy of their own, weakest first (measured: `make bench`)."""
EVEN_SCORE_LEVEL = Level.AVERAGE
"""What Adaptive plays like while the score is even, the first game of a session included."""


def adaptive_level(lead: int) -> Level:
    """The fixed level Adaptive plays like when its opponent leads this session by `lead` games
    (their wins less Adaptive's; below zero when Adaptive leads): Average at an even score, one
    level stronger for each game the opponent is ahead, one weaker for each game behind, from
    Idiot to Genius (the whole lead counts: far behind, a win of the opponent's may leave it at
    Idiot; far ahead, at Genius); a draw leaves it."""
    if isinstance(lead, bool) or not isinstance(lead, int):
        raise TypeError(f"lead must be a whole number of games, like 1 or -2, not {lead!r}")
    even = FIXED_LEVELS.index(EVEN_SCORE_LEVEL)
    return FIXED_LEVELS[min(max(even + lead, 0), len(FIXED_LEVELS) - 1)]


DEFAULT_LEVEL = Level.AVERAGE
DEFAULT_WATCH_LEVELS = (Level.GENIUS, Level.AVERAGE)
"""X's and O's levels in watch mode unless told otherwise."""


class ComputerTurn(NamedTuple):
    """The position the computer moves in and the fixed level whose strategy finds its move
    (for Adaptive, the level it plays like now): a front end asks an engine for the move
    (`nac.engine.play(turn.board, turn.level)`, at once or in the background) and plays the
    cell found with `Game.computer_move`."""

    board: Position
    level: Level


def checked_pair(levels: tuple[Level, Level]) -> tuple[Level, Level]:
    if not isinstance(levels, tuple | list) or len(levels) != 2:
        raise TypeError(f"watch_levels must be two Levels, X's then O's, not {levels!r}")
    x = checked(levels[0], Level, "X's watch level", Level)
    o = checked(levels[1], Level, "O's watch level", Level)
    return x, o
