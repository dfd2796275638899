"""A review of a game: every move rated against perfect play, from the side that made it.

A move's rating compares the value of the move played with the value of the best move in the
same position (both for the mover, as `MoveValue`s: win, draw or loss, in so many plies):

- **best**: the same value: the fastest win, or the draw, or the slowest loss;
- **inaccuracy**: the same result, but a slower win or a faster loss;
- **mistake**: a win thrown to a draw;
- **blunder**: a draw or a win thrown to a loss.

On 3×3 and 4×4 the values are exact (`sources.py`: the solved 3×3 game, the 4×4 opening table, then
the solver, which keeps its table between positions), so every move is rated and `exact` is true.

On 5×5 the values come from Genius's book and its exact search within a budget of positions
(`sources.FiveByFive`): a win, a draw or a loss, proven, but not how many plies away, and
not every move's value when the search runs out. So `exact` is false (there is no
"inaccuracy" on 5×5: no distance to compare), and a move is rated only on what is proven:

- **best**: a win, or a value no known move beats when every move's value is known;
- **mistake**, **blunder**: a draw, or a loss, where a move proven better was there;
- otherwise not rated (`rating` None): a move whose value is unknown, or a draw or a loss when
  a move of unknown value might have been better.

Rated moves on 5×5 have `exact` true (the values compared are proven), the others false.

Ultimate is not solved: a move is rated on what is proven where that tells (a win at once taken or
walked past, a move after which the other side wins at once), else on estimates: a search of
`REVIEW_PLAYOUTS` simulations from the position before the move (`sources.Estimating`), each move's
share of them won by its mover (`share`), and the rating by how far the move played falls short of
the best one's (`ESTIMATE_DROPS`), less that gap's 95% margin (`margin`, from each share's
playouts): a move is rated worse only where the gap is wider than the margin; within it, best where
the gap is under the first drop, else **unclear**. A move not rated best on the first search is
searched again, `DEEPER` times as long. Such ratings are estimates (`exact` false).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from ..core import NORMAL, Mark, Position, Rules
from ..core.checks import checked, checked_cells
from ..core.positions import start_position
from .limits import NO_LIMIT, Limit
from .sources import Estimating, source_for
from .stop import SearchStopped, StopSignal
from .values import Estimate, MoveValue, Result, best_of


class Rating(Enum):
    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"
    UNCLEAR = "unclear"
    """Ultimate: the estimates cannot tell (the gap to the best within their margin)."""


REVIEW_PLAYOUTS = 2_000
"""Ultimate: the simulations of the search that estimates the moves of each position."""
DEEPER = 5
"""Ultimate: where a move is not rated best on that search, the positions before and after it
are searched again this many times as long (10,000 playouts: about a hundredth of a second on
the empty board on the compiled search, half a second on the Python one, less later)."""
CONFIDENCE_Z = 1.96
"""Ultimate: the margin of an estimate is its 95% interval."""
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
    margin: float | None = None
    """... and the 95% margin of the gap between the two (`gap_margin`)."""

    @property
    def shown_worse(self) -> bool:
        """Whether the move is known to be worse than the best: proven, or by estimates whose
        gap is wider than their margin."""
        if self.rating in (None, Rating.BEST, Rating.UNCLEAR):
            return False
        if self.share is None or self.best_share is None or self.margin is None:
            return True
        return self.best_share - self.share > self.margin


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
    unclear: int = 0
    """Ultimate: moves the estimates cannot tell from the best or from worse."""

    def count(self, rating: Rating) -> int:
        return {
            Rating.BEST: self.best,
            Rating.INACCURACY: self.inaccuracies,
            Rating.MISTAKE: len(self.mistakes),
            Rating.BLUNDER: len(self.blunders),
            Rating.UNCLEAR: self.unclear,
        }[rating]


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
            unclear=len(numbers(Rating.UNCLEAR)),
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
    boards = [start]
    for cell in moves:
        boards.append(boards[-1].play(cell))
    return boards[:-1]


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


class Share(NamedTuple):
    """What a move is worth to its mover: a share of playouts won out of `playouts`, or a
    proven value (`playouts` None: no margin)."""

    share: float
    playouts: int | None
    cell: int = -1

    def bounds(self) -> tuple[float, float]:
        """The share's 95% Wilson score interval (the share itself where it is proven)."""
        share, n = self.share, self.playouts
        if n is None:
            return share, share
        z2 = CONFIDENCE_Z**2
        centre = (share + z2 / (2 * n)) / (1 + z2 / n)
        half = CONFIDENCE_Z * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)


def gap_margin(best: Share, played: Share) -> float:
    """The 95% margin of how far `played` falls short of `best` (Newcombe's hybrid score
    interval: each share's Wilson interval, combined)."""
    low_best, _ = best.bounds()
    _, high_played = played.bounds()
    return math.hypot(best.share - low_best, high_played - played.share)


def rate_estimated(best: Share, played: Share) -> Rating:
    """A move rated by estimates: worse than best only by what the estimates show at 95%
    (the gap less its margin, `ESTIMATE_DROPS`); a gap within the margin is best where the
    estimates put it under the first drop, else unclear."""
    gap = best.share - played.share
    shown = gap - gap_margin(best, played)
    if shown > 0:
        return rate_by_estimate(shown)
    return Rating.BEST if gap < ESTIMATE_DROPS[0][0] else Rating.UNCLEAR


def _estimated(
    boards: list[Position], cells: Sequence[int], stop: StopSignal | None, limit: Limit
) -> list[MoveReview]:
    """Ultimate's moves rated on what is proven where that tells, else on estimates (see the
    module's docstring). One search a position; where a move is not rated best on it, the
    position before and the one after are searched again, `DEEPER` times as long."""
    after_last = boards[-1].play(cells[-1])
    searched = Limit(nodes=REVIEW_PLAYOUTS) if limit == NO_LIMIT else limit
    deeper = Limit(
        None if searched.seconds is None else searched.seconds * DEEPER,
        None if searched.nodes is None else searched.nodes * DEEPER,
    )
    source = source_for(boards[0])
    assert isinstance(source, Estimating)
    positions = [*boards, after_last]

    def estimates(index: int, budget: Limit) -> list[Estimate]:
        board = positions[index]  # seeded by its place: a game reviews the same twice
        return [] if board.is_over else source.estimates(board, budget, stop, seed=index)

    found = [estimates(index, searched) for index in range(len(positions))]
    reviews = []
    for number, (board, cell) in enumerate(zip(boards, cells, strict=True), 1):
        proven = _proven(number, board, cell, stop, limit)
        if proven.rating is not None:
            reviews.append(proven)
            continue
        judged = _judged(board, cell, proven, found[number - 1], found[number])
        if judged.rating is not Rating.BEST:  # search more: cheap, and a rating worth being sure of
            found[number - 1] = estimates(number - 1, deeper)
            found[number] = estimates(number, deeper)
            judged = _judged(board, cell, proven, found[number - 1], found[number])
        reviews.append(judged)
    return reviews


def _judged(
    board: Position, cell: int, proven: MoveReview, before: list[Estimate], after: list[Estimate]
) -> MoveReview:
    """The move `cell` from `board` rated on the searches before and after it. The best move
    is the search's choice, its most simulated; the move played is worth its share in that
    search or, where the search after it ran more playouts through its best reply, that
    reply's share turned round (a move the search hardly tried has too few to tell)."""
    proven_loss = proven.played is not None and proven.played.result is Result.LOSS
    played = _share_after(board.play(cell), after, board.to_move)
    if proven_loss:
        played = Share(0.0, None)
    if not before:  # the search stopped at once: a win at once was there (proven)
        best = Share(1.0, None)
        best_cells = proven.best_cells
    else:
        best = Share(before[0].share, before[0].simulations, before[0].cell)
        within = next((move for move in before if move.cell == cell), None)
        if within is not None and not proven_loss and within.simulations > (played.playouts or 0):
            played = Share(within.share, within.simulations, cell)
        tried = before[0].simulations * FAIR_SHARE
        best_cells = tuple(
            move.cell
            for move in before
            if move.simulations >= tried
            and best.share - move.share <= gap_margin(best, Share(move.share, move.simulations))
        )
    rating = rate_estimated(best, played)
    if proven_loss and rating not in (Rating.BEST, Rating.UNCLEAR):
        rating = Rating.BLUNDER  # a loss in one walked into where a better move was there
    if rating not in (Rating.BEST, Rating.UNCLEAR):
        best_cells = tuple(other for other in best_cells if other != cell)
    return replace(
        proven,
        rating=rating,
        best_cells=best_cells,
        share=played.share,
        best_share=best.share,
        margin=gap_margin(best, played),
        exact=False,
    )


def _share_after(position: Position, found: list[Estimate], mover: Mark) -> Share:
    """What the position after a move is worth to its mover: its end (a win 1, a draw a half),
    else what the search's choice there is worth to the other side, turned round."""
    outcome = position.outcome
    if outcome is not None:
        return Share(0.5 if outcome.winner is None else float(outcome.winner is mover), None)
    if not found:  # the search stopped at once: the other side wins at once (proven)
        return Share(0.0, None)
    return Share(1.0 - found[0].share, found[0].simulations)


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
