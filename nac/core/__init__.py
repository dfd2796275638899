"""The game core: board and rules, keypad layouts, opponents and a perfect-play solver.

Plain Python with no UI library, so any front end (Textual, curses, a web page, a bot) can use it.

    from nac.core import Board, Game, Level, choose_move
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = choose_move(board, Level.GENIUS)
"""

from .board import Board
from .coordinates import coordinate, parse_coordinate
from .errors import (
    GameAlreadyOver,
    IllegalMove,
    InvalidPosition,
    NotASquare,
    NothingToUndo,
    NotYourTurn,
    SearchStopped,
    SquareTaken,
)
from .game import Cell, Change, ChangeKind, Game, Mode, Move
from .geometry import Geometry, geometry
from .hints import Hint, hint
from .keypad import KeypadLayout
from .mark import Mark
from .opponents import Average, Genius, Idiot, Level, Strategy, choose_move, strategy_for
from .outcome import Outcome
from .solver import MoveValue, Result, analyse, position_value

__all__ = [
    "Average",
    "Board",
    "Cell",
    "Change",
    "ChangeKind",
    "Game",
    "GameAlreadyOver",
    "Genius",
    "Geometry",
    "Hint",
    "Idiot",
    "IllegalMove",
    "InvalidPosition",
    "KeypadLayout",
    "Level",
    "Mark",
    "Mode",
    "Move",
    "MoveValue",
    "NotASquare",
    "NotYourTurn",
    "NothingToUndo",
    "Outcome",
    "Result",
    "SearchStopped",
    "SquareTaken",
    "Strategy",
    "analyse",
    "choose_move",
    "coordinate",
    "geometry",
    "hint",
    "parse_coordinate",
    "position_value",
    "strategy_for",
]
