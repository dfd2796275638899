"""A review of a game: every move rated against perfect play, from the side that made it.

A move's rating compares the value of the move played with the value of the best move in the
same position (both for the mover, as `MoveValue`s: win, draw or loss, in so many plies):

- **best**: the same value: the fastest win, or the draw, or the slowest loss;
- **inaccuracy**: the same result, but a slower win or a faster loss;
- **mistake**: a win thrown to a draw;
- **blunder**: a draw or a win thrown to a loss.

On 3×3 and 4×4 the values are exact (`analysis.move_scores`: the solved 3×3 game, the 4×4
opening table, then the solver, which keeps its table between positions), so every move is
rated and `exact` is true.

On 5×5 nothing here knows the values, and the review says only what a search proved. Values
come from Genius's 5×5 search (`HeuristicSearch`, with a fixed node budget and seed, so a
review is the same on every machine): a win or a loss where it found one by force (sound, but
not always in the fewest plies), `None` where it found no forced result. So `exact` is false,
and a move is rated only if its own value is proven:

- a proven win: best, or an inaccuracy if the search found a faster one;
- a proven loss: best or an inaccuracy if every move was proven to lose; a blunder if the
  search had found a move it could not prove lost (likely, not certain, a thrown game);
- anything else is not rated (`rating` None): a 5×5 "mistake" is never claimed.

A move's own `exact` is true only for what no search is needed to know: a win at once, a move
where two threats cannot both be blocked, the last square of the board.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from .analysis import MoveValue, Result, is_solvable, move_scores, value_of
from .board import Board
from .checks import checked, checked_size
from .errors import StopSignal
from .heuristic import WIN, HeuristicSearch
from .mark import Mark
from .opponents import completing_cells

REVIEW_NODES = 20_000
"""Positions a 5×5 review searches for each position of the game (no time limit)."""
REVIEW_SEED = 0


class Rating(Enum):
    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


@dataclass(frozen=True)
class MoveReview:
    """One move of the game and its rating; values are from the mover's side."""

    number: int
    """1 for the game's first move."""
    cell: int
    mark: Mark
    rating: Rating | None
    """None when a search could not tell (5×5 only)."""
    played: MoveValue | None
    """The move's value; None when a search found no forced result (5×5 only)."""
    best: MoveValue | None
    """The best value in the position before the move; None as for `played`."""
    best_cells: tuple[int, ...]
    """Every move with the best value (on 5×5, the search's choice), in cell order."""
    exact: bool

    def what_was_best(self, name: Callable[[int], str]) -> str:
        """The best moves and their value, e.g. "7 wins in 3", "a1 or c3 draw"; `name` names
        a cell (a keypad key, a coordinate)."""
        names = _listed([name(cell) for cell in self.best_cells])
        plural = len(self.best_cells) > 1
        if self.best is None:
            return f"{names}, the search's choice"
        if self.best.result is Result.DRAW:
            verb = "draw" if plural else "draws"
        elif self.best.result is Result.WIN:
            verb = "win" if plural else "wins"
        else:
            verb = "lose" if plural else "loses"
        if self.best.result is Result.DRAW or (
            self.best.result is Result.WIN and self.best.plies == 1
        ):
            return f"{names} {verb}"
        return f"{names} {verb} in {self.best.plies}"


@dataclass(frozen=True)
class SideSummary:
    """How one side played: its moves counted by rating, and which were mistakes or blunders."""

    mark: Mark
    best: int
    inaccuracies: int
    mistakes: tuple[int, ...]
    """The move numbers of the mistakes."""
    blunders: tuple[int, ...]
    not_rated: int

    def count(self, rating: Rating) -> int:
        counts = {
            Rating.BEST: self.best,
            Rating.INACCURACY: self.inaccuracies,
            Rating.MISTAKE: len(self.mistakes),
            Rating.BLUNDER: len(self.blunders),
        }
        return counts[rating]

    def __str__(self) -> str:
        """ "3 best, 1 inaccuracy, 1 blunder (move 4)"; "no moves" for a side that made none."""
        parts = []
        if self.best:
            parts.append(f"{self.best} best")
        if self.inaccuracies:
            parts.append(_counted(self.inaccuracies, "inaccuracy", "inaccuracies"))
        for numbers, one, many in (
            (self.mistakes, "mistake", "mistakes"),
            (self.blunders, "blunder", "blunders"),
        ):
            if numbers:
                moves = "move" if len(numbers) == 1 else "moves"
                listed = ", ".join(map(str, numbers))
                parts.append(f"{_counted(len(numbers), one, many)} ({moves} {listed})")
        if self.not_rated:
            parts.append(f"{self.not_rated} not rated")
        return ", ".join(parts) or "no moves"


@dataclass(frozen=True)
class GameReview:
    size: int
    first: Mark
    moves: tuple[MoveReview, ...]
    exact: bool
    """Whether every value is exact (3×3 and 4×4); on 5×5 ratings come from a search."""

    def summary(self, mark: Mark) -> SideSummary:
        mine = [move for move in self.moves if move.mark is mark]

        def numbers(rating: Rating) -> tuple[int, ...]:
            return tuple(move.number for move in mine if move.rating is rating)

        return SideSummary(
            mark,
            best=len(numbers(Rating.BEST)),
            inaccuracies=len(numbers(Rating.INACCURACY)),
            mistakes=numbers(Rating.MISTAKE),
            blunders=numbers(Rating.BLUNDER),
            not_rated=sum(1 for move in mine if move.rating is None),
        )

    @property
    def summaries(self) -> dict[Mark, SideSummary]:
        """Each side's summary, the first mover's first."""
        return {mark: self.summary(mark) for mark in (self.first, self.first.other)}


def review_game(
    moves: Sequence[int],
    size: int = 3,
    first: Mark = Mark.X,
    stop: StopSignal | None = None,
    *,
    search_nodes: int = REVIEW_NODES,
) -> GameReview:
    """Every move of a game (finished or not) rated; see the module's docstring.

    The moves are cells (0..n²-1) from the first move on. An illegal sequence raises at once,
    before any search: IllegalMove for a move the rules refuse, ValueError for a board not
    offered, TypeError for a first mover that is not a Mark. `stop` cancels a long search
    (SearchStopped); `search_nodes` is the 5×5 search's budget per position.
    """
    start = Board.empty(checked_size(size), first=checked(first, Mark, "first", Mark))
    boards = positions_before(start, moves)
    if is_solvable(start):
        numbered = enumerate(zip(boards, moves, strict=True), 1)
        reviewed = [_exact(number, board, cell, stop) for number, (board, cell) in numbered]
        return GameReview(size, first, tuple(reviewed), exact=True)
    return GameReview(
        size, first, tuple(_Estimates(stop, search_nodes).review(boards, moves)), exact=False
    )


def positions_before(start: Board, moves: Sequence[int]) -> list[Board]:
    """The position before each move from `start` on; IllegalMove at the first illegal one."""
    boards = []
    board = start
    for cell in moves:
        after = board.play(cell)
        boards.append(board)
        board = after
    return boards


def rate(played: MoveValue, best: MoveValue) -> Rating:
    """The rating of a move worth `played` where the best move was worth `best`."""
    if played.score >= best.score:
        return Rating.BEST
    if played.result is best.result:
        return Rating.INACCURACY
    if played.result is Result.DRAW:
        return Rating.MISTAKE
    return Rating.BLUNDER


def _exact(number: int, board: Board, cell: int, stop: StopSignal | None) -> MoveReview:
    scores = move_scores(board, stop)
    top = max(scores.values())
    marks = board.mark_count
    played = value_of(board.geometry, scores[cell], marks)
    best = value_of(board.geometry, top, marks)
    best_cells = tuple(c for c in sorted(scores) if scores[c] == top)
    return MoveReview(
        number, cell, board.to_move, rate(played, best), played, best, best_cells, True
    )


Estimate = tuple[MoveValue | None, tuple[int, ...], bool]
"""The best value for the side to move (None if unknown), the best cells, and whether exact."""


class _Estimates:
    """Values of 5×5 positions from one private search, so that a review never disturbs (nor
    is disturbed by) Genius searching in another thread, and is the same every time."""

    def __init__(self, stop: StopSignal | None, nodes: int) -> None:
        self.stop = stop
        self.nodes = nodes
        self.search: HeuristicSearch | None = None
        self.known: dict[Board, Estimate] = {}

    def review(self, boards: list[Board], moves: Sequence[int]) -> list[MoveReview]:
        reviewed = []
        for number, (board, cell) in enumerate(zip(boards, moves, strict=True), 1):
            best, best_cells, best_exact = self.estimate(board)
            after = board.play(cell)
            marks = board.mark_count
            played: MoveValue | None
            if after.outcome is not None:
                won = after.outcome.winner is not None
                played = _ends_in(board, 1, won=True) if won else value_of(board.geometry, 0, marks)
                played_exact = True
            else:
                reply, _, played_exact = self.estimate(after)
                played = None if reply is None else _negated(board, reply)
            rating = _rate_estimate(played, best)
            exact = played_exact and best_exact and rating is not None
            reviewed.append(
                MoveReview(number, cell, board.to_move, rating, played, best, best_cells, exact)
            )
        return reviewed

    def estimate(self, board: Board) -> Estimate:
        """The side to move's best value as far as the search knows (the board is not over)."""
        known = self.known.get(board)
        if known is None:
            known = self.known[board] = self._estimate(board)
        return known

    def _estimate(self, board: Board) -> Estimate:
        shape = board.geometry
        mine, theirs = board.sides
        free = board.empty_cells
        marks = board.mark_count
        wins = completing_cells(shape, mine, free)
        if wins:
            return _ends_in(board, 1, won=True), tuple(wins), True
        threats = completing_cells(shape, theirs, free)
        if len(threats) > 1:  # whatever the move, the other side wins next
            return _ends_in(board, 2, won=False), free, True
        if len(threats) == 1 or len(free) == 1:  # one move does not lose at once, or is left
            (forced,) = threats or free
            after = board.play(forced)
            if after.outcome is not None:  # it filled the board
                return value_of(shape, 0, marks), (forced,), True
            reply, _, exact = self.estimate(after)
            return (None if reply is None else _negated(board, reply)), (forced,), exact
        if self.search is None:
            self.search = HeuristicSearch(shape)
        # A fresh table for each root: the search's win and loss scores count plies from its
        # root, so entries left by another root would miscount them.
        self.search.table.clear()
        found = self.search.best_move(
            mine,
            theirs,
            random.Random(REVIEW_SEED),
            seconds=None,
            nodes=self.nodes,
            stop=self.stop,
        )
        return _searched_value(board, found.score), (found.cell,), False


def _searched_value(board: Board, score: int) -> MoveValue | None:
    """A search's score as a value for the side to move, if it proves a win or a loss (the
    search scores a win WIN minus the plies after the root's move, a loss minus that)."""
    if abs(score) <= WIN // 2:
        return None
    return _ends_in(board, WIN - abs(score) + 1, won=score > 0)


def _ends_in(board: Board, plies: int, *, won: bool) -> MoveValue:
    """The value, for the side to move in `board`, of a game it wins (or loses) `plies` plies
    from now, its move included."""
    score = board.cell_count + 1 - (board.mark_count + plies)
    return value_of(board.geometry, score if won else -score, board.mark_count)


def _negated(board: Board, reply: MoveValue) -> MoveValue:
    """The value of a move in `board` whose answer, the opponent's best, is worth `reply`."""
    return value_of(board.geometry, -reply.score, board.mark_count)


def _rate_estimate(played: MoveValue | None, best: MoveValue | None) -> Rating | None:
    if played is None:
        return None
    if best is None:
        return {Result.WIN: Rating.BEST, Result.LOSS: Rating.BLUNDER}.get(played.result)
    return rate(played, best)


def _counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


__all__ = [
    "GameReview",
    "MoveReview",
    "Rating",
    "SideSummary",
    "positions_before",
    "rate",
    "review_game",
]
