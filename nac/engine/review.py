"""A review of a game: every move rated against perfect play, from the side that made it.

A move's rating compares the value of the move played with the value of the best move in the
same position (both for the mover, as `MoveValue`s: win, draw or loss, in so many plies):

- **best**: the same value: the fastest win, or the draw, or the slowest loss;
- **inaccuracy**: the same result, but a slower win or a faster loss;
- **mistake**: a win thrown to a draw;
- **blunder**: a draw or a win thrown to a loss.

On 3×3 and 4×4 the values are exact (`sources.py`: the solved 3×3 game, the 4×4 opening
table, then the solver, which keeps its table between positions), so every move is rated and
`exact` is true.

On 5×5 the values come from Genius's book and its exact search within a budget of positions
(`sources.FiveByFive`): a win, a draw or a loss, proven, but not how many plies away, and
not every move's value when the search runs out. So `exact` is false (there is no
"inaccuracy" on 5×5: no distance to compare), and a move is rated only on what is proven:

- **best**: a win, or a value no known move beats when every move's value is known;
- **mistake**, **blunder**: a draw, or a loss, where a move proven better was there;
- otherwise not rated (`rating` None): a move whose value is unknown, or a draw or a loss when
  a move of unknown value might have been better.

Rated moves on 5×5 have `exact` true (the values compared are proven), the others false.

Ultimate is not solved: a move is rated on what is proven where that tells (a win at once taken
or walked past, a move after which the other side wins at once), else on estimates: a search of
`REVIEW_PLAYOUTS` simulations from the position before the move (`sources.Estimating`), each
move's share of them won by its mover (`share`), and the rating by how far the move played
falls short of the best one's (`ESTIMATE_DROPS`). Such ratings are estimates (`exact` false).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from ..core import NORMAL, Mark, Position, Rules
from ..core.checks import checked, checked_cells
from ..core.positions import start_position
from .limits import NO_LIMIT, Limit
from .sources import Estimating, source_for
from .stop import SearchStopped, StopSignal
from .values import MoveValue, Result, best_of

if TYPE_CHECKING:
    from .ultimate_search import Estimate


class Rating(Enum):
    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


REVIEW_PLAYOUTS = 2_000
"""Ultimate: the simulations of the search that estimates the moves of each position."""
ESTIMATE_DROPS = ((0.05, Rating.BEST), (0.15, Rating.INACCURACY), (0.30, Rating.MISTAKE))
"""Ultimate: a move whose share falls short of the best one's by less than the first figure is
rated best, then an inaccuracy, a mistake; by more, a blunder."""
FAIR_SHARE = 0.1
"""Ultimate: a move counts as good as the best only if the search tried it at least this share
of as often as the best (its estimate is then worth comparing)."""


@dataclass(frozen=True)
class MoveReview:
    """One move of the game and its rating; values are from the mover's side."""

    number: int
    """1 for the game's first move."""
    cell: int
    mark: Mark
    rating: Rating | None
    """None when the values known cannot tell (5×5 only)."""
    played: MoveValue | None
    """The move's value; None when it is not known (5×5 only)."""
    best: MoveValue | None
    """The best value known in the position before the move; None if none is known."""
    best_cells: tuple[int, ...]
    """Every move with that value, in cell order (by estimate: every move rated best)."""
    exact: bool
    share: float | None = None
    """Ultimate, rated by estimate: the share of the search's playouts through the move played
    that its mover won."""
    best_share: float | None = None
    """... and the best move's share."""


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


@dataclass(frozen=True)
class GameReview:
    rules: Rules
    first: Mark
    moves: tuple[MoveReview, ...]
    exact: bool
    """Whether every value is exact, with its distance (3×3, 4×4, Notakto); on 5×5 only the
    results proven by the book and the search are known."""

    @property
    def size(self) -> int:
        return self.rules.size

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


def review_game(
    moves: Iterable[int],
    rules: Rules = NORMAL,
    first: Mark = Mark.X,
    stop: StopSignal | None = None,
    limit: Limit = NO_LIMIT,
) -> GameReview:
    """Every move of a game (finished or not) under `rules` rated; see the module's docstring.

    The moves are cells from the first move on. An illegal sequence raises at once, before any
    search: IllegalMove for a move the rules refuse, TypeError for moves that are not cells or
    a first mover that is not a Mark. `stop` cancels a long search (SearchStopped); `limit`
    bounds each 5×5 search.
    """
    checked(rules, Rules, "rules", ("a Rules, like Rules.of(4)",))
    start = start_position(rules, checked(first, Mark, "first", Mark))
    cells = checked_cells(moves)
    boards = positions_before(start, cells)
    source = source_for(start)
    exact = source.exact
    if isinstance(source, Estimating) and cells:
        reviewed = _estimated(boards, cells, stop, limit)
    else:
        rated = _exact if exact else _proven
        reviewed = [
            rated(number, board, cell, stop, limit)
            for number, (board, cell) in enumerate(zip(boards, cells, strict=True), 1)
        ]
    return GameReview(rules, first, tuple(reviewed), exact=exact)


def positions_before(start: Position, moves: Sequence[int]) -> list[Position]:
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


def _exact(
    number: int, board: Position, cell: int, stop: StopSignal | None, limit: Limit
) -> MoveReview:
    values = source_for(board).values(board, limit, stop)
    played = values[cell]
    best = best_of(values)
    assert best is not None
    best_cells = tuple(c for c in sorted(values) if values[c].score == best.score)
    return MoveReview(
        number, cell, board.to_move, rate(played, best), played, best, best_cells, True
    )


def rate_by_estimate(drop: float) -> Rating:
    """The rating of a move whose share is `drop` below the best move's (`ESTIMATE_DROPS`)."""
    return next((rating for most, rating in ESTIMATE_DROPS if drop < most), Rating.BLUNDER)


def _estimated(
    boards: list[Position], cells: Sequence[int], stop: StopSignal | None, limit: Limit
) -> list[MoveReview]:
    """Ultimate's moves rated on what is proven where that tells, else on estimates (see the
    module's docstring). One search a position. The best move is the search's choice, its most
    simulated; the move played is compared with it within that search where the search tried
    it a fair number (`FAIR_SHARE`), else by the search after it (what the position it left
    is worth to the other side, turned round): a move the search hardly tried gets few
    playouts, too few to say what it is worth."""
    after_last = boards[-1].play(cells[-1])
    unlimited = limit.nodes is None and limit.seconds is None
    searched = Limit(nodes=REVIEW_PLAYOUTS) if unlimited else limit
    source = source_for(boards[0])
    assert isinstance(source, Estimating)
    found = [  # each position's own search, seeded by its place: a game reviews the same twice
        [] if board.is_over else source.estimates(board, searched, stop, seed=number)
        for number, board in enumerate([*boards, after_last])
    ]
    reviews = []
    for number, (board, cell) in enumerate(zip(boards, cells, strict=True), 1):
        proven = _proven(number, board, cell, stop, limit)
        if proven.rating is not None:
            reviews.append(proven)
            continue
        before, after = found[number - 1], found[number]
        played = _share_after(board.play(cell), after, board.to_move)
        if not before:  # the search stopped at once: a win at once was there (proven)
            best, best_cells = 1.0, proven.best_cells
        else:
            best, tried = before[0].share, before[0].simulations * FAIR_SHARE
            fair = [move for move in before if move.simulations >= tried]
            # compared within one search where it tried the move played a fair number
            played = next((move.share for move in fair if move.cell == cell), played)
            as_good = {move.cell for move in fair if best - move.share < ESTIMATE_DROPS[0][0]}
            best_cells = tuple(sorted(as_good))
        rating = rate_by_estimate(best - played)
        proven_loss = proven.played is not None and proven.played.result is Result.LOSS
        if proven_loss and best - played >= ESTIMATE_DROPS[0][0]:
            rating = Rating.BLUNDER  # a loss in one walked into where a better move was there
        reviews.append(
            replace(
                proven,
                rating=rating,
                best_cells=best_cells,
                share=played,
                best_share=best,
                exact=False,
            )
        )
    return reviews


def _share_after(position: Position, found: list[Estimate], mover: Mark) -> float:
    """What the position after a move is worth to its mover: its end (a win 1, a draw a half),
    else what the search's choice there is worth to the other side, turned round."""
    outcome = position.outcome
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner is mover)
    if not found:  # the search stopped at once: the other side wins at once (proven)
        return 0.0
    return 1.0 - found[0].share


def _proven(
    number: int, board: Position, cell: int, stop: StopSignal | None, limit: Limit
) -> MoveReview:
    """A 5×5 move rated on the values proven (see the module's docstring)."""
    if stop is not None and stop.is_set():  # the book answers without searching: check here
        raise SearchStopped()
    values = source_for(board).values(board, limit, stop)
    played = values.get(cell)
    best = best_of(values)
    best_cells = tuple(c for c in sorted(values) if best is not None and values[c] == best)
    complete = len(values) == len(board.legal_moves)
    rating: Rating | None = None
    if played is not None and best is not None:
        if played.result is Result.WIN or (complete and played.score >= best.score):
            rating = Rating.BEST
        elif best.score > played.score:
            rating = Rating.MISTAKE if played.result is Result.DRAW else Rating.BLUNDER
    return MoveReview(
        number, cell, board.to_move, rating, played, best, best_cells, rating is not None
    )


__all__ = [
    "GameReview",
    "MoveReview",
    "Rating",
    "SideSummary",
    "positions_before",
    "rate",
    "review_game",
]
