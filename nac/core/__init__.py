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
        StopSignal,
    )
    from .game import Game
    from .geometry import BOARD_SIZES, Geometry, win_length_for
    from .hints import Hint, hint
    from .keypad import KeypadLayout
    from .mark import Mark
    from .match import FinishedGame, GameKind, GameResult, Match, Score, Starter
    from .modes import Mode
    from .moves import Cell, Change, ChangeKind, Move
    from .notation import Ending, NotationError, SavedGame, format_game, parse_game
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
    from .puzzles import Judgement, Puzzle, all_puzzles, defender_reply, find_puzzle, judge_move
    from .review import GameReview, MoveReview, Rating, SideSummary, review_game

_MODULES = {
    "Average": "opponents",
    "BOARD_SIZES": "geometry",
    "Board": "board",
    "Cell": "moves",
    "Change": "moves",
    "ChangeKind": "moves",
    "ComputerTurn": "opponents",
    "Ending": "notation",
    "FinishedGame": "match",
    "Game": "game",
    "GameAlreadyOver": "errors",
    "GameKind": "match",
    "GameResult": "match",
    "GameReview": "review",
    "Genius": "opponents",
    "Geometry": "geometry",
    "Hint": "hints",
    "Idiot": "opponents",
    "IllegalMove": "errors",
    "InvalidPosition": "errors",
    "Judgement": "puzzles",
    "KeypadLayout": "keypad",
    "Level": "opponents",
    "Mark": "mark",
    "Match": "match",
    "Mode": "modes",
    "Move": "moves",
    "MoveReview": "review",
    "MoveValue": "analysis",
    "NotASquare": "errors",
    "NotYourTurn": "errors",
    "NotationError": "notation",
    "NothingToUndo": "errors",
    "Outcome": "outcome",
    "Puzzle": "puzzles",
    "Rating": "review",
    "Result": "analysis",
    "STRATEGIES": "opponents",
    "SavedGame": "notation",
    "Score": "match",
    "SearchStopped": "errors",
    "SideSummary": "review",
    "SquareTaken": "errors",
    "Starter": "match",
    "StopSignal": "errors",
    "Strategy": "opponents",
    "Unsolvable": "analysis",
    "all_puzzles": "puzzles",
    "analyse": "analysis",
    "choose_move": "opponents",
    "coordinate": "coordinates",
    "defender_reply": "puzzles",
    "find_puzzle": "puzzles",
    "format_game": "notation",
    "genius_moves": "analysis",
    "hint": "hints",
    "judge_move": "puzzles",
    "parse_coordinate": "coordinates",
    "parse_game": "notation",
    "position_value": "analysis",
    "review_game": "review",
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
    "Ending",
    "FinishedGame",
    "Game",
    "GameAlreadyOver",
    "GameKind",
    "GameResult",
    "GameReview",
    "Genius",
    "Geometry",
    "Hint",
    "Idiot",
    "IllegalMove",
    "InvalidPosition",
    "Judgement",
    "KeypadLayout",
    "Level",
    "Mark",
    "Match",
    "Mode",
    "Move",
    "MoveReview",
    "MoveValue",
    "NotASquare",
    "NotYourTurn",
    "NotationError",
    "NothingToUndo",
    "Outcome",
    "Puzzle",
    "Rating",
    "Result",
    "SavedGame",
    "Score",
    "SearchStopped",
    "SideSummary",
    "SquareTaken",
    "Starter",
    "StopSignal",
    "Strategy",
    "Unsolvable",
    "all_puzzles",
    "analyse",
    "choose_move",
    "coordinate",
    "defender_reply",
    "find_puzzle",
    "format_game",
    "genius_moves",
    "geometry",
    "hint",
    "judge_move",
    "parse_coordinate",
    "parse_game",
    "position_value",
    "review_game",
    "win_length_for",
]
