"""The computer's opponents: Idiot (random), Average (rules of thumb), Clever (Genius's move
but now and then Average's) and Genius (perfect).

Every opponent is a `Strategy`: given a position that is not over, it returns the cell to play.
Random choices come from a `random.Random` passed in, so games can be replayed. The engines
(`nac.engine.Engine`) take their strategies as a mapping from each fixed `Level` (`STRATEGIES` by
default), so a front end or a test can put in its own. Adaptive has none: it plays like a fixed
level chosen by its results (`Game.plays_like`), and its turn names that level.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from types import MappingProxyType
from typing import Protocol

from ..core import FIXED_LEVELS, GameAlreadyOver, Level, Position
from ..core.checks import checked
from ..core.positions import checked_position
from .limits import NO_LIMIT, Limit
from .sources import row_of, source_for
from .stop import StopSignal


class Strategy(Protocol):
    def choose(
        self, board: Position, rng: Random, stop: StopSignal | None = None, limit: Limit = NO_LIMIT
    ) -> int:
        """The cell to play in `board`, which is not over. Setting `stop` (from another thread)
        cancels a long search: SearchStopped. `limit` bounds a search that can stop short."""
        ...


class Idiot:
    """A uniformly random legal move."""

    def choose(
        self, board: Position, rng: Random, stop: StopSignal | None = None, limit: Limit = NO_LIMIT
    ) -> int:
        return rng.choice(board.legal_moves)


class Average:
    """Rules of thumb. It wins if it can, else blocks; then on 3×3: the centre; the corner
    opposite theirs; a corner; a side; on bigger boards: the cell on the most open lines.

    It neither makes nor blocks forks, so a fork beats it: that is its intended weakness.

    In misère the rules are turned round: never complete a line of its own while another move
    is left; then not make one short of a line where that line is still free of the other
    side's marks; then the cell on the fewest lines free of the other side's marks (its marks
    hide where the other side's already are). It does not look ahead, so it can be squeezed
    into a position where every move completes a line.

    In Notakto it never kills a board while it has another move (a person's rule of thumb,
    blind to what follows). In Ultimate: win the game, win a board, block, and do not send the
    other side to a board it can win (`ultimate.state.average_moves`).
    """

    def choose(
        self, board: Position, rng: Random, stop: StopSignal | None = None, limit: Limit = NO_LIMIT
    ) -> int:
        return rng.choice(self.candidates(board))

    def candidates(self, board: Position) -> list[int]:
        """The equally good cells under the first rule that applies (the rules of `board`'s
        family: `sources.TABLE`)."""
        return list(row_of(board).rules_of_thumb(board))


class Genius:
    """Perfect play on the boards the game offers (where its answers come from: `sources.py`).

    On 3×3 and 4×4 it picks at random among equally good moves (the fastest win, the slowest
    loss, among draws the move leaving the most ways to go wrong), so games vary. On 5×5 (four
    in a row), perfect from the empty board as X or as O: its opening book, then an exact
    search (`make prove-5x5` checks every game it can play), a symmetric image of its move
    picked at random. Other boards: Unsolvable.
    """

    def choose(
        self, board: Position, rng: Random, stop: StopSignal | None = None, limit: Limit = NO_LIMIT
    ) -> int:
        return source_for(board).genius_move(board, rng, limit, stop)


CLEVER_SLIP = 0.25
"""How often Clever plays by Average's rules instead of as Genius (tuned with `make bench` so
that its results fall between Average's and Genius's against every reference player; the
README's table shows them)."""


class Clever:
    """Genius's move, except that with the chance `slip` it does not look ahead and plays by
    Average's rules of thumb, as a person might: it still wins when it can win at once and
    blocks a win at once, but then it may miss a fork of its own, walk into one of yours or let
    a trap go. Where it cannot stop both of two threats it blocks one, as a person would. In
    misère its slips are Average's misère rules: it never completes a line of its own while
    another move is left, but it may walk into a squeeze."""

    def __init__(self, slip: float = CLEVER_SLIP) -> None:
        if not 0 <= slip <= 1:
            raise ValueError(f"slip must be a chance from 0 to 1, not {slip!r}")
        self.slip = slip

    def choose(
        self, board: Position, rng: Random, stop: StopSignal | None = None, limit: Limit = NO_LIMIT
    ) -> int:
        if rng.random() < self.slip:
            return _AVERAGE.choose(board, rng)
        cell = _GENIUS.choose(board, rng, stop, limit)
        urgent = row_of(board).urgent(board)  # lost anyway, Genius may not block: a person would
        return rng.choice(urgent) if urgent and cell not in urgent else cell


_AVERAGE = Average()
_GENIUS = Genius()
STRATEGIES: Mapping[Level, Strategy] = MappingProxyType(
    {Level.IDIOT: Idiot(), Level.AVERAGE: _AVERAGE, Level.CLEVER: Clever(), Level.GENIUS: _GENIUS}
)
"""The standard opponents, one for each fixed level."""

_default_rng = Random()
ADAPTIVE_PLAYS_LIKE = (
    "Adaptive has no strategy of its own: it plays like the fixed level its opponent's "
    "results call for; ask the game's turn (game.computer_turn().level) or adaptive_level(lead)"
)
A_LIMIT = ("a Limit, like Limit(seconds=1)",)


def choose_move(
    board: Position,
    level: Level,
    rng: Random | None = None,
    stop: StopSignal | None = None,
    strategies: Mapping[Level, Strategy] = STRATEGIES,
    limit: Limit = NO_LIMIT,
) -> int:
    """The cell that `level` (a fixed one) plays in `board`. Raises GameAlreadyOver if
    it is over; SearchStopped if `stop` is set during a long search; ValueError for Adaptive,
    which plays like the level its results call for (`Game.computer_turn().level`)."""
    try:
        choose = strategies[level].choose
        over = board.outcome is not None
    except (KeyError, AttributeError, TypeError):  # checked only when it fails: a reply is hot
        checked_position(board)
        checked(level, Level, "level", Level)
        if level is Level.ADAPTIVE:
            raise ValueError(ADAPTIVE_PLAYS_LIKE) from None
        checked_strategies(strategies)
        raise
    if limit is not NO_LIMIT:
        checked(limit, Limit, "limit", A_LIMIT)
    if rng is not None and not isinstance(rng, Random):
        raise TypeError(f"rng must be a random.Random, like random.Random(7), not {rng!r}")
    if over:
        raise GameAlreadyOver()
    return choose(board, rng or _default_rng, stop, limit)


def checked_strategies(strategies: object) -> Mapping[Level, Strategy]:
    """`strategies` if it maps every fixed Level to a Strategy, else a TypeError (ValueError for
    a level it lacks) that says what to pass."""
    if not isinstance(strategies, Mapping):
        raise TypeError(
            f"strategies must map each fixed Level to a Strategy, like STRATEGIES, not "
            f"{strategies!r}"
        )
    missing = [level.value for level in FIXED_LEVELS if level not in strategies]
    if missing:
        raise ValueError(f"strategies has none for {', '.join(missing)}")
    for level in FIXED_LEVELS:
        if not callable(getattr(strategies[level], "choose", None)):
            raise TypeError(
                f"strategies[{level}] must be a Strategy (an object with choose(board, rng, "
                f"stop, limit) -> cell), not {strategies[level]!r}"
            )
    return strategies
