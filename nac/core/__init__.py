"""The rules of noughts and crosses: board, marks, moves, outcome, the game, the match and its
lifecycle, keypad layouts, coordinates, the notation of a game, and the levels' names.

Plain Python with no UI library and no engine, so any front end (Textual, a console, a server,
a bot) can use it; finding moves and values is `nac.engine`'s job.

    from nac.core import Board, Game, Level
    from nac.engine import play
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = play(board, Level.GENIUS)

For code written before the engines moved out, `from nac.core import choose_move, analyse,
hint, ...` still works: those names are loaded from `nac.engine` on first use.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .board import (
    Board as Board,
)
from .checks import (
    checked_cell as checked_cell,
    checked_size as checked_size,
    size_refusal as size_refusal,
)
from .coordinates import (
    COLUMN_LETTERS as COLUMN_LETTERS,
    coordinate as coordinate,
    parse_coordinate as parse_coordinate,
)
from .errors import (
    GameAlreadyOver as GameAlreadyOver,
    IllegalMove as IllegalMove,
    InvalidPosition as InvalidPosition,
    NotASquare as NotASquare,
    NothingToUndo as NothingToUndo,
    NotYourTurn as NotYourTurn,
    SquareTaken as SquareTaken,
)
from .game import Game as Game

# The function `geometry` shares its name with its module: bound after the module is loaded,
# so the name here is the function.
from .geometry import (
    BOARD_SIZES as BOARD_SIZES,
    CLASSIC_SIZE as CLASSIC_SIZE,
    Geometry as Geometry,
    geometry as geometry,
    win_length_for as win_length_for,
)
from .keypad import (
    KeypadLayout as KeypadLayout,
    check_square as check_square,
    parse_square as parse_square,
    square_name as square_name,
)
from .kinds import (
    MIXED as MIXED,
    GameKind as GameKind,
    GameResult as GameResult,
)
from .levels import (
    DEFAULT_LEVEL as DEFAULT_LEVEL,
    DEFAULT_WATCH_LEVELS as DEFAULT_WATCH_LEVELS,
    ComputerTurn as ComputerTurn,
    Level as Level,
)
from .mark import (
    Mark as Mark,
)
from .match import (
    FinishedGame as FinishedGame,
    Match as Match,
    Score as Score,
    Starter as Starter,
)
from .modes import (
    Mode as Mode,
)
from .moves import (
    Cell as Cell,
    Change as Change,
    ChangeKind as ChangeKind,
    Move as Move,
)
from .notation import (
    Ending as Ending,
    NotationError as NotationError,
    SavedGame as SavedGame,
    format_game as format_game,
    parse_game as parse_game,
    replay as replay,
)
from .outcome import (
    Outcome as Outcome,
)

_FROM_THE_ENGINES = frozenset(
    {
        "STRATEGIES",
        "Average",
        "GameReview",
        "Genius",
        "Hint",
        "Idiot",
        "Judgement",
        "MoveReview",
        "MoveValue",
        "Puzzle",
        "Rating",
        "Result",
        "SearchStopped",
        "SideSummary",
        "StopSignal",
        "Strategy",
        "Unsolvable",
        "all_puzzles",
        "analyse",
        "choose_move",
        "defender_reply",
        "find_puzzle",
        "genius_moves",
        "hint",
        "judge_move",
        "position_value",
        "review_game",
    }
)
"""Names of `nac.engine` that this package still answers to, loaded on first use."""


def __getattr__(name: str) -> Any:
    """An engine's name asked for here: `nac.engine` is imported on first use."""
    if name not in _FROM_THE_ENGINES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module("nac.engine"), name)


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = sorted(
    {
        name
        for name, value in globals().items()
        if not name.startswith("_")
        and not isinstance(value, ModuleType)
        and name not in {"annotations", "importlib", "Any", "ModuleType"}
    }
    | _FROM_THE_ENGINES
)
"""Every name imported above (each written once, `as` itself: an explicit re-export) and the
engines' names this package still answers to."""
