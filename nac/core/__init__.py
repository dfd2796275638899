"""The rules of noughts and crosses and its variants: the rules by name (`Rules`, `find_rules`),
their positions (`Board`; `NotaktoBoard`; `UltimateBoard`), moves, outcome, the game, the match and
its lifecycle, keypad layouts, coordinates, the notation of a game, and the levels' names.

Plain Python with no UI library and no engine, so any front end (Textual, a console, a server,
a bot) can use it; finding moves and values is `nac.engine`'s job.

    from nac.core import Board, Game, Level
    from nac.engine import play
    board = Board.parse("X.O/.X./...", to_move="O")
    cell = play(board, Level.GENIUS)
"""

from __future__ import annotations

from .board import Board as Board
from .checks import (
    checked_cell as checked_cell,
    checked_size as checked_size,
    size_refusal as size_refusal,
)
from .clock import (
    GameClock as GameClock,
    TimeControl as TimeControl,
    parse_time_control as parse_time_control,
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
    shown as shown,
)
from .families import (
    check_square as check_square,
    parse_square as parse_square,
    square_name as square_name,
)
from .game import Game as Game
from .geometry import (
    BOARD_SIZES as BOARD_SIZES,
    CLASSIC_SIZE as CLASSIC_SIZE,
    Geometry as Geometry,
    geometry as geometry,
    win_length_for as win_length_for,
)
from .keypad import KeypadLayout as KeypadLayout
from .kinds import MIXED as MIXED, GameKind as GameKind, GameResult as GameResult
from .levels import (
    DEFAULT_LEVEL as DEFAULT_LEVEL,
    DEFAULT_WATCH_LEVELS as DEFAULT_WATCH_LEVELS,
    EVEN_SCORE_LEVEL as EVEN_SCORE_LEVEL,
    FIXED_LEVELS as FIXED_LEVELS,
    GENIUS_SECONDS as GENIUS_SECONDS,
    ComputerTurn as ComputerTurn,
    Level as Level,
    adaptive_level as adaptive_level,
)
from .mark import Mark as Mark
from .match import FinishedGame as FinishedGame, Match as Match, Score as Score, Starter as Starter
from .modes import LOCAL_MODES as LOCAL_MODES, Mode as Mode
from .moves import Cell as Cell, Change as Change, ChangeKind as ChangeKind, Move as Move
from .notakto import (
    NotaktoBoard as NotaktoBoard,
    NotaktoMove as NotaktoMove,
    dead_lines as dead_lines,
    notakto_cell as notakto_cell,
    notakto_move as notakto_move,
)
from .notation import (
    PERSON as PERSON,
    Ending as Ending,
    NotationError as NotationError,
    SavedGame as SavedGame,
    cell_of as cell_of,
    format_game as format_game,
    parse_game as parse_game,
    replay as replay,
    square_of as square_of,
)
from .outcome import Outcome as Outcome, Termination as Termination
from .players import LONGEST_NAME as LONGEST_NAME, named as named, player_name as player_name
from .positions import (
    checked_position as checked_position,
    read_position as read_position,
    start_position as start_position,
)
from .rules import (
    NORMAL as NORMAL,
    NOTAKTO_BOARDS as NOTAKTO_BOARDS,
    NUMBERS as NUMBERS,
    OFFERED as OFFERED,
    RULEBOOKS as RULEBOOKS,
    RULES as RULES,
    ULTIMATE as ULTIMATE,
    Family as Family,
    Position as Position,
    Rulebook as Rulebook,
    Rules as Rules,
    find_rules as find_rules,
)
from .ultimate import (
    UltimateBoard as UltimateBoard,
    grid_cell as grid_cell,
    grid_place as grid_place,
    ultimate_cell as ultimate_cell,
)
from .variants import Variant as Variant
