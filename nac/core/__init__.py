"""The game core: board and rules, keypad layouts, opponents and a perfect-play solver.

Plain Python with no UI library, so any front end (Textual, curses, a web page, a bot) can use it.

    from nac.core import Board, Game, Level, choose_move
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = choose_move(board, Level.GENIUS)
"""

from .board import Board
from .errors import (
    GameAlreadyOver,
    IllegalMove,
    InvalidPosition,
    NotASquare,
    NotYourTurn,
    SquareTaken,
)
from .game import Cell, Change, ChangeKind, Game, Move
from .geometry import Geometry, geometry
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
    "Idiot",
    "IllegalMove",
    "InvalidPosition",
    "KeypadLayout",
    "Level",
    "Mark",
    "Move",
    "MoveValue",
    "NotASquare",
    "NotYourTurn",
    "Outcome",
    "Result",
    "SquareTaken",
    "Strategy",
    "analyse",
    "choose_move",
    "geometry",
    "position_value",
    "strategy_for",
]
