"""The engines: every way of finding a move or a value, behind one door shaped like
`chess.engine`:

    from nac.core import Board, Level
    from nac.engine import Limit, analyse, hint, play

    board = Board.parse("X.O/.X./...", to_move="O")
    cell = play(board, Level.GENIUS, Limit(seconds=1))
    values = analyse(board)        # {cell: MoveValue}, e.g. "win in 3", "draw"
    why = hint(board).reason       # "blocks", "wins in 3", ...

Where the answers come from (the solved 3×3 game, the 4×4 opening table and the solver, the
5×5 book and search) is chosen in one place, `sources.py`. `Engine` is the same door as an
object, with its own random source and strategies; `ProcessEngine` (in `process.py`) finds the
same answers in a child process, so a screen keeps answering while the computer thinks.
"""

from __future__ import annotations

from .door import Engine, analyse, genius_moves, hint, is_instant, play, position_value
from .hints import Hint
from .limits import NO_LIMIT, Limit
from .opponents import STRATEGIES, Average, Genius, Idiot, Strategy, choose_move
from .process import ProcessEngine
from .puzzles import Judgement, Puzzle, all_puzzles, defender_reply, find_puzzle, judge_move
from .review import GameReview, MoveReview, Rating, SideSummary, review_game
from .sources import forget
from .stop import SearchStopped, StopSignal
from .values import MoveValue, Result, Unsolvable

__all__ = [
    "NO_LIMIT",
    "STRATEGIES",
    "Average",
    "Engine",
    "GameReview",
    "Genius",
    "Hint",
    "Idiot",
    "Judgement",
    "Limit",
    "MoveReview",
    "MoveValue",
    "ProcessEngine",
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
    "forget",
    "genius_moves",
    "hint",
    "is_instant",
    "judge_move",
    "play",
    "position_value",
    "review_game",
]
