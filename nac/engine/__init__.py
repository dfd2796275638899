"""The engines: every way of finding a move or a value, behind one door shaped like `chess.engine`:

    from nac.core import Board, Level
    from nac.engine import Limit, analyse, hint, play

    board = Board.parse("X.O/.X./...", to_move="O")
    cell = play(board, Level.GENIUS, Limit(seconds=1))
    values = analyse(board)        # {cell: MoveValue}, e.g. "win in 3", "draw"
    found = hint(board)            # Hint(cell=8, value=..., blocks=True, only=True, ...)

Every rules' positions go through the same door (a `Board`, normal or misère; a `NotaktoBoard`; an
`UltimateBoard`). Where the answers come from (the solved 3×3 game, the 4×4 opening table and the
solver, the 5×5 book and search, Notakto's solver, Ultimate's search) is chosen in one place, the
engine's table (`sources.py`). `Engine` is the same door as an object, with its own random source
and strategies; `ProcessEngine` (in `process.py`) finds the same answers in a child process, so a
screen keeps answering while the computer thinks. No sentences here: a hint gives facts (blocks, the
only move that draws, the board it kills), and the front ends say them (`nac.present`).
"""

from __future__ import annotations

from .door import (
    Engine as Engine,
    analyse as analyse,
    estimates as estimates,
    genius_moves as genius_moves,
    hint as hint,
    is_instant as is_instant,
    play as play,
    position_value as position_value,
)
from .drills import (
    Drill as Drill,
    drills_of as drills_of,
    mistakes_in as mistakes_in,
    unscanned as unscanned,
)
from .hints import Hint as Hint
from .lab import (
    DEFAULT_NODE_LIMIT as DEFAULT_NODE_LIMIT,
    Census as Census,
    Searched as Searched,
    Technique as Technique,
    agree as agree,
    census as census,
    compare as compare,
    estimate as estimate,
    search as search,
)
from .lab_steps import Step as Step, trace as trace
from .limits import NO_LIMIT as NO_LIMIT, Limit as Limit
from .opponents import (
    STRATEGIES as STRATEGIES,
    Average as Average,
    Clever as Clever,
    Genius as Genius,
    Idiot as Idiot,
    Strategy as Strategy,
    choose_move as choose_move,
)
from .process import ProcessEngine as ProcessEngine
from .puzzles import (
    Judgement as Judgement,
    Puzzle as Puzzle,
    all_puzzles as all_puzzles,
    defender_reply as defender_reply,
    find_puzzle as find_puzzle,
    judge_move as judge_move,
)
from .review import (
    DEEPER as DEEPER,
    REVIEW_PLAYOUTS as REVIEW_PLAYOUTS,
    GameReview as GameReview,
    MoveReview as MoveReview,
    Rating as Rating,
    SideSummary as SideSummary,
    review_game as review_game,
)
from .sources import forget as forget, is_estimated as is_estimated
from .spaces import (
    UNSOLVED_NODES as UNSOLVED_NODES,
    UNSOLVED_SIMULATIONS as UNSOLVED_SIMULATIONS,
    Estimated as Estimated,
    UnsolvedTechnique as UnsolvedTechnique,
)
from .stop import SearchStopped as SearchStopped, StopSignal as StopSignal
from .values import (
    Estimate as Estimate,
    MoveValue as MoveValue,
    Result as Result,
    Unsolvable as Unsolvable,
)
