"""The rules of noughts and crosses: board, marks, moves, outcome, the game, the match and its
lifecycle, keypad layouts, coordinates, the notation of a game, and the levels' names; and
Notakto's (`NotaktoPosition`, `NotaktoGame`, `NotaktoMatch`).

Plain Python with no UI library and no engine, so any front end (Textual, a console, a server,
a bot) can use it; finding moves and values is `nac.engine`'s job.

    from nac.core import Board, Game, Level
    from nac.engine import play
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = play(board, Level.GENIUS)

Names load on first use (`faces.py`): `from nac.core import Board` loads the board, not the
notation. For code written before the engines moved out, `from nac.core import choose_move,
analyse, hint, ...` still works: those names are loaded from `nac.engine` when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .faces import lazy_face

# The function `geometry` shares its name with its module: bound now, or importing the module
# later would leave the module where the function belongs.
from .geometry import geometry as geometry

if TYPE_CHECKING:
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
    from .geometry import (
        BOARD_SIZES as BOARD_SIZES,
        CLASSIC_SIZE as CLASSIC_SIZE,
        Geometry as Geometry,
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
        NOTAKTO as NOTAKTO,
        GameKind as GameKind,
        GameResult as GameResult,
    )
    from .levels import (
        DEFAULT_LEVEL as DEFAULT_LEVEL,
        DEFAULT_WATCH_LEVELS as DEFAULT_WATCH_LEVELS,
        EVEN_SCORE_LEVEL as EVEN_SCORE_LEVEL,
        FIXED_LEVELS as FIXED_LEVELS,
        ComputerTurn as ComputerTurn,
        Level as Level,
        adaptive_level as adaptive_level,
    )
    from .mark import (
        Mark as Mark,
    )
    from .match import (
        FinishedGame as FinishedGame,
        Match as Match,
        NotaktoMatch as NotaktoMatch,
        Score as Score,
        Starter as Starter,
    )
    from .modes import (
        LOCAL_MODES as LOCAL_MODES,
        Mode as Mode,
    )
    from .moves import (
        Cell as Cell,
        Change as Change,
        ChangeKind as ChangeKind,
        Move as Move,
    )
    from .notakto import (
        NotaktoMove as NotaktoMove,
        NotaktoPosition as NotaktoPosition,
        dead_lines as dead_lines,
        notakto_cell as notakto_cell,
        notakto_move as notakto_move,
        replay_notakto as replay_notakto,
    )
    from .notakto_game import (
        NotaktoChange as NotaktoChange,
        NotaktoGame as NotaktoGame,
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
    from .variants import (
        Variant as Variant,
    )

__getattr__, __dir__, _public = lazy_face(
    __name__,
    {
        ".board": ("Board",),
        ".checks": ("checked_cell", "checked_size", "size_refusal"),
        ".coordinates": ("COLUMN_LETTERS", "coordinate", "parse_coordinate"),
        ".errors": (
            "GameAlreadyOver",
            "IllegalMove",
            "InvalidPosition",
            "NotASquare",
            "NothingToUndo",
            "NotYourTurn",
            "SquareTaken",
        ),
        ".game": ("Game",),
        ".geometry": ("BOARD_SIZES", "CLASSIC_SIZE", "Geometry", "win_length_for"),
        ".keypad": ("KeypadLayout", "check_square", "parse_square", "square_name"),
        ".kinds": ("MIXED", "NOTAKTO", "GameKind", "GameResult"),
        ".levels": (
            "DEFAULT_LEVEL",
            "DEFAULT_WATCH_LEVELS",
            "EVEN_SCORE_LEVEL",
            "FIXED_LEVELS",
            "ComputerTurn",
            "Level",
            "adaptive_level",
        ),
        ".mark": ("Mark",),
        ".match": ("FinishedGame", "Match", "NotaktoMatch", "Score", "Starter"),
        ".modes": ("LOCAL_MODES", "Mode"),
        ".moves": ("Cell", "Change", "ChangeKind", "Move"),
        ".notakto": (
            "NotaktoMove",
            "NotaktoPosition",
            "dead_lines",
            "notakto_cell",
            "notakto_move",
            "replay_notakto",
        ),
        ".notakto_game": ("NotaktoChange", "NotaktoGame"),
        ".notation": (
            "Ending",
            "NotationError",
            "SavedGame",
            "format_game",
            "parse_game",
            "replay",
        ),
        ".outcome": ("Outcome",),
        ".variants": ("Variant",),
        # for code written before the engines moved out: loaded on first use
        "nac.engine": (
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
            "STRATEGIES",
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
        ),
    },
)
__all__ = [*_public, "geometry"]
