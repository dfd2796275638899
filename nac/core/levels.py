"""How well the computer plays: the levels a player picks, and the turn the computer moves in.

The rules name the levels; how each level finds its move is the engines' business
(`nac.engine`), so nothing here searches.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from .board import Board
from .checks import checked
from .choices import parse_choice


class Level(Enum):
    IDIOT = "idiot"
    AVERAGE = "average"
    GENIUS = "genius"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its name in any case ("Genius", "genius"); ValueError otherwise."""
        return parse_choice(cls, text, "a level")


DEFAULT_LEVEL = Level.AVERAGE
DEFAULT_WATCH_LEVELS = (Level.GENIUS, Level.AVERAGE)
"""X's and O's levels in watch mode unless told otherwise."""


class ComputerTurn(NamedTuple):
    """The position the computer moves in and the level it plays: a front end asks an engine
    for the move (`nac.engine.play(turn.board, turn.level)`, at once or in the background) and
    plays the cell found with `Game.computer_move`."""

    board: Board
    level: Level


def checked_pair(levels: tuple[Level, Level]) -> tuple[Level, Level]:
    if not isinstance(levels, tuple | list) or len(levels) != 2:
        raise TypeError(f"watch_levels must be two Levels, X's then O's, not {levels!r}")
    x = checked(levels[0], Level, "X's watch level", Level)
    o = checked(levels[1], Level, "O's watch level", Level)
    return x, o
