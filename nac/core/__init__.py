"""The game core: board and rules, keypad layouts, opponents and a perfect-play solver.

Plain Python with no UI library, so any front end (Textual, curses, a web page, a bot) can use it.

    from nac.core import Board, Game, Level, choose_move
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = choose_move(board, Level.GENIUS)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The function `geometry` shares its name with its module: bound now, or importing the module
# later would leave the module where the function belongs.
from .geometry import geometry

if TYPE_CHECKING:
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
    from .game import Game
    from .geometry import BOARD_SIZES, Geometry, win_length_for
    from .hints import Hint, hint
    from .keypad import KeypadLayout
    from .mark import Mark
    from .match import FinishedGame, GameKind, GameResult, Match, Score, Starter
    from .modes import Mode
    from .moves import Cell, Change, ChangeKind, Move
    from .opponents import (
        STRATEGIES,
        Average,
        ComputerTurn,
        Genius,
        Idiot,
        Level,
        Strategy,
        choose_move,
    )
    from .outcome import Outcome

_MODULES = {
    "Average": "opponents",
    "BOARD_SIZES": "geometry",
    "Board": "board",
    "Cell": "moves",
    "Change": "moves",
    "ChangeKind": "moves",
    "ComputerTurn": "opponents",
    "FinishedGame": "match",
    "Game": "game",
    "GameAlreadyOver": "errors",
    "GameKind": "match",
    "GameResult": "match",
    "Genius": "opponents",
    "Geometry": "geometry",
    "Hint": "hints",
    "Idiot": "opponents",
    "IllegalMove": "errors",
    "InvalidPosition": "errors",
    "KeypadLayout": "keypad",
    "Level": "opponents",
    "Mark": "mark",
    "Match": "match",
    "Mode": "modes",
    "Move": "moves",
    "MoveValue": "analysis",
    "NotASquare": "errors",
    "NotYourTurn": "errors",
    "NothingToUndo": "errors",
    "Outcome": "outcome",
    "Result": "analysis",
    "STRATEGIES": "opponents",
    "Score": "match",
    "SearchStopped": "errors",
    "SquareTaken": "errors",
    "Starter": "match",
    "Strategy": "opponents",
    "Unsolvable": "analysis",
    "analyse": "analysis",
    "choose_move": "opponents",
    "coordinate": "coordinates",
    "genius_moves": "analysis",
    "hint": "hints",
    "parse_coordinate": "coordinates",
    "position_value": "analysis",
    "win_length_for": "geometry",
}
"""Each public name and the module (of this package) that defines it."""


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use, and keep the name here."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


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
