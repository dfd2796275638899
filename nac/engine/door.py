"""The door to the engines, shaped like `chess.engine`: `play`, `analyse` and `hint` for a
position of any rules (`Board`, `NotaktoBoard`, `UltimateBoard`), a `Limit` on a search, and
an `Engine` object for a front end that wants its own random source, its own strategies (tests
put in scripted ones) or the answers from a child process (`process.ProcessEngine`)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..core.board import Board
from ..core.checks import checked
from ..core.game import Game
from ..core.levels import FIXED_LEVELS, Level
from ..core.moves import Cell
from ..core.notation import A_SAVED_GAME, SavedGame
from ..core.positions import checked_position
from ..core.rules import Position
from .hints import Hint
from .limits import NO_LIMIT, Limit
from .opponents import A_LIMIT, STRATEGIES, Strategy, checked_strategies, choose_move
from .puzzles import Judgement, defender_reply, judge_move
from .review import GameReview, review_game
from .sources import Estimating, exact_source, source_for
from .stop import StopSignal
from .values import Estimate, MoveValue, best_of


def play(
    board: Position,
    level: Level,
    limit: Limit = NO_LIMIT,
    *,
    rng: random.Random | None = None,
    stop: StopSignal | None = None,
) -> int:
    """The cell that `level` plays in `board` (across the boards in Notakto): GameAlreadyOver
    if it is over; SearchStopped if `stop` is set during a long search."""
    return choose_move(board, level, rng, stop, STRATEGIES, limit)


def analyse(
    board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
) -> dict[int, MoveValue]:
    """For every legal move whose value is known, the perfect-play outcome of playing it for
    the side to move: every move on 3×3, 4×4 and in Notakto (win, draw or loss in so many
    plies); on 5×5 the cells Genius's book or its exact search (within `limit`) proves a win, a
    draw or a loss; in Ultimate the wins in one move and the moves that let the other side win
    in one (the rest are estimates: `nac.engine.ultimate`). `stop` cancels (SearchStopped);
    Unsolvable for a board the game does not offer."""
    _check(board, limit)
    return source_for(board).values(board, limit, stop)


def estimates(
    board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
) -> list[Estimate]:
    """Where the game is not solved (Ultimate), every legal move's estimate by Genius's search
    within `limit` (one second by default): the share of the simulations through the move that
    its mover won, and how many there were, most simulated first. Empty for the rules whose
    values are proven (`analyse` has them all)."""
    _check(board, limit)
    source = source_for(board)
    return source.estimates(board, limit, stop) if isinstance(source, Estimating) else []


def hint(board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None) -> Hint:
    """The cell Genius would play for the side to move, and why."""
    _check(board, limit)
    return source_for(board).hint(board, limit, stop)


def genius_moves(board: Position, stop: StopSignal | None = None) -> tuple[int, ...]:
    """Every cell Genius might play here, all equally good (3×3 and 4×4: exact; Unsolvable on
    5×5, where Genius plays one move of its strategy)."""
    _check(board, NO_LIMIT)
    return exact_source(board).genius_moves(board, stop)


def position_value(board: Position, stop: StopSignal | None = None) -> MoveValue | None:
    """The perfect-play outcome for the side to move where it is known (None once the game is
    over, or on 5×5 where no move's value is proven within the default limit)."""
    _check(board, NO_LIMIT)
    return None if board.outcome is not None else best_of(analyse(board, stop=stop))


def is_instant(board: Position) -> bool:
    """Whether every answer for `board` is a lookup (3×3), needing no search in the background."""
    return board.outcome is not None or source_for(board).instant


def _check(board: object, limit: object) -> None:
    checked_position(board)
    checked(limit, Limit, "limit", A_LIMIT)


class Engine:
    """The engines in this process: every answer is found on the caller's thread.

    `strategies` are the opponents by fixed level (`STRATEGIES`: Idiot, Average, Clever,
    Genius); `rng` picks among equal moves (seed it to replay games); `limit` is what a move,
    a hint or an analysis may take where the caller names none (Genius's time a move in
    Ultimate: `--genius-seconds`); a review keeps its own budget.
    """

    def __init__(
        self,
        strategies: Mapping[Level, Strategy] = STRATEGIES,
        rng: random.Random | None = None,
        limit: Limit = NO_LIMIT,
    ) -> None:
        checked_strategies(strategies)
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {rng!r}")
        self.strategies = strategies
        self.rng = rng or random.Random()
        self.limit = checked(limit, Limit, "limit", A_LIMIT)

    def _limited(self, limit: Limit) -> Limit:
        """`limit`, or the engine's own where it is none."""
        return self.limit if limit == NO_LIMIT else limit

    @property
    def standard(self) -> bool:
        """Whether the opponents are the standard ones (another process can then play them)."""
        return all(self.strategies[level] is STRATEGIES[level] for level in FIXED_LEVELS)

    def is_instant(self, board: Position) -> bool:
        """Whether every answer for `board` is a lookup, so no search need run aside."""
        return self.standard and is_instant(board)

    def play(
        self,
        board: Position,
        level: Level,
        limit: Limit = NO_LIMIT,
        *,
        stop: StopSignal | None = None,
    ) -> int:
        return choose_move(board, level, self.rng, stop, self.strategies, self._limited(limit))

    def analyse(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> dict[int, MoveValue]:
        return analyse(board, self._limited(limit), stop=stop)

    def estimates(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> list[Estimate]:
        return estimates(board, self._limited(limit), stop=stop)

    def hint(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> Hint:
        return hint(board, self._limited(limit), stop=stop)

    def review(
        self, game: SavedGame, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> GameReview:
        """Every move of `game` rated (see `review.py`)."""
        checked(game, SavedGame, "game", A_SAVED_GAME)
        return review_game(game.moves, game.rules, game.first, stop, limit)

    def judge(self, board: Board, cell: int, *, stop: StopSignal | None = None) -> Judgement:
        """Whether `cell` keeps a forced win in a puzzle, and its refutation if not."""
        return judge_move(board, cell, stop)

    def defend(self, board: Board, *, stop: StopSignal | None = None) -> int:
        """Genius's defence in a puzzle: the slowest loss, the same reply every time."""
        return defender_reply(board, stop)

    def reply(self, game: Game, limit: Limit = NO_LIMIT) -> Cell:
        """The computer's move in `game`, found and played (NotYourTurn if it is not its turn)."""
        checked(game, Game, "game", ("a Game, like Game(level=Level.GENIUS)",))
        turn = game.computer_turn()
        return game.computer_move(self.play(turn.board, turn.level, limit))

    def start(self) -> None:
        """Be ready for the first search (nothing to do in this process)."""

    def close(self) -> None:
        """Let go of what the engine holds (nothing in this process)."""
