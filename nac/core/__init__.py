"""The game core: board and rules, keypad layouts, opponents and a perfect-play solver.

Plain Python with no UI library, so any front end (Textual, curses, a web page, a bot) can use it.

    from nac.core import Board, Game, Level, choose_move
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = choose_move(board, Level.GENIUS)
"""

from .analysis import MoveValue, Result, Unsolvable, analyse, genius_moves, position_value
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
from .game import ComputerTurn, Game
from .geometry import BOARD_SIZES, Geometry, geometry, win_length_for
from .hints import Hint, hint
from .keypad import KeypadLayout
from .mark import Mark
from .match import FinishedGame, GameKind, GameResult, Match, Score, Starter
from .modes import Mode
from .moves import Cell, Change, ChangeKind, Move
from .opponents import STRATEGIES, Average, Genius, Idiot, Level, Strategy, choose_move
from .outcome import Outcome

__all__ = [
    "BOARD_SIZES",
    "STRATEGIES",
    "Average",
    "Board",
    "Cell",
    "Change",
    "ChangeKind",
    "ComputerTurn",
    "FinishedGame",
    "Game",
    "GameAlreadyOver",
    "GameKind",
    "GameResult",
    "Genius",
    "Geometry",
    "Hint",
    "Idiot",
    "IllegalMove",
    "InvalidPosition",
    "KeypadLayout",
    "Level",
    "Mark",
    "Match",
    "Mode",
    "Move",
    "MoveValue",
    "NotASquare",
    "NotYourTurn",
    "NothingToUndo",
    "Outcome",
    "Result",
    "Score",
    "SearchStopped",
    "SquareTaken",
    "Starter",
    "Strategy",
    "Unsolvable",
    "analyse",
    "choose_move",
    "coordinate",
    "genius_moves",
    "geometry",
    "hint",
    "parse_coordinate",
    "position_value",
    "win_length_for",
]
