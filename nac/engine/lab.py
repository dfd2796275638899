"""The lab: one position searched by each technique Genius's solver uses, one after another,
with what each costs: plain minimax, alpha-beta, alpha-beta with move ordering, with a
transposition table, with symmetry. Each is a plain negamax written to be read, counting the
positions it visits (`nodes`), the ones it keeps (`stored`) and the branches it cuts (`cuts`).
All five find the same value; the move each picks first may differ where moves are equal.

Scores are the solver's (`solver.py`): from the side to move, a game won when the board holds
`c` marks scores `cells + 1 - c` for the winner, minus that for the loser, a draw 0.

A search stops at `node_limit` nodes (it then says so: `stopped`) or when `stop` is set
(`SearchStopped`): the slow techniques on 4×4 would otherwise run for hours. `census` counts
the whole game from a position (its nodes, games, positions, and positions up to symmetry);
`lab_steps.trace` yields an alpha-beta search step by step, for a learner to watch.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from ..core import Board
from ..core.geometry import Geometry
from .stop import SearchStopped, StopSignal
from .symmetry import symmetries
from .values import MoveValue, value_of

DEFAULT_NODE_LIMIT = 2_000_000
"""Nodes a technique may visit before it stops and says so (plain minimax from the empty 4×4
board would visit about 10¹³)."""
STOP_CHECK_MASK = 4095
"""A search looks at its stop signal once every 4,096 nodes."""


class Technique(Enum):
    """The techniques in the order the lab adds them, each with all those before it."""

    MINIMAX = "minimax"
    ALPHA_BETA = "alpha-beta"
    ORDERING = "move ordering"
    TABLE = "transposition table"
    SYMMETRY = "symmetry"


class Searched(NamedTuple):
    """What one technique found and what it cost."""

    technique: Technique
    nodes: int
    stored: int
    cuts: int
    seconds: float
    score: int | None
    """The position's score for the side to move (None if the search stopped first)."""
    move: int | None
    value: MoveValue | None
    stopped: bool
    """Whether it stopped at its node limit before it finished."""


class Census(NamedTuple):
    """The whole game from a position: every node of its tree, the games (leaves), the
    different positions, and the positions different up to the board's 8 symmetries."""

    nodes: int
    games: int
    positions: int
    symmetric: int
    stopped: bool


class NodeLimit(Exception):
    """The node limit: the search stops and says how far it got."""


@dataclass
class Counter:
    limit: int
    stop: StopSignal | None
    nodes: int = 0
    cuts: int = 0

    def visit(self) -> None:
        if self.nodes >= self.limit:
            raise NodeLimit
        self.nodes += 1
        if self.nodes & STOP_CHECK_MASK == 0 and self.stop is not None and self.stop.is_set():
            raise SearchStopped


class Position:
    """A board as two bit masks, the side to move first."""

    __slots__ = ("cells", "empty", "mine", "shape", "theirs")

    def __init__(self, board: Board) -> None:
        self.shape: Geometry = board.geometry  # misère too: a line then loses
        self.mine, self.theirs = board.sides  # the side to move's marks first
        self.cells = self.shape.cell_count


def ends(shape: Geometry, after: int, cell: int, placed: int) -> int | None:
    """The score of the move to `cell` for its mover if it ends the game, else None (in
    misère a line of the mover's own is a loss)."""
    for mask in shape.masks_through[cell]:
        if after & mask == mask:
            score = shape.cell_count + 1 - placed
            return score if shape.completer_wins else -score
    return 0 if placed == shape.cell_count else None


def _natural(shape: Geometry) -> tuple[int, ...]:
    return tuple(range(shape.cell_count))


def centre_first(shape: Geometry) -> tuple[int, ...]:
    """Cells on more lines first (the centre, then the corners on 3×3), then by index."""
    return tuple(
        sorted(range(shape.cell_count), key=lambda cell: (-len(shape.lines_through[cell]), cell))
    )


def _negamax(
    shape: Geometry,
    mine: int,
    theirs: int,
    alpha: int,
    beta: int,
    counter: Counter,
    order: tuple[int, ...],
    *,
    pruning: bool,
    table: dict[int, tuple[int, int]] | None = None,
    key: Callable[[int, int], int] | None = None,
) -> int:
    """The score of the position for the side to move (`mine`), searched as the technique
    says: all moves (`pruning` False), or with alpha-beta, and a table of bounds if given."""
    counter.visit()
    alpha_in = alpha
    if table is not None and key is not None:
        found = table.get(key(mine, theirs))
        if found is not None:
            kind, score = found
            if kind == 0 or (kind > 0 and score >= beta) or (kind < 0 and score <= alpha):
                return score
    taken = mine | theirs
    placed = taken.bit_count() + 1
    best = -shape.cell_count - 2
    for cell in order:
        bit = 1 << cell
        if taken & bit:
            continue
        after = mine | bit
        final = ends(shape, after, cell, placed)
        score = (
            final
            if final is not None
            else -_negamax(
                shape,
                theirs,
                after,
                -beta,
                -max(alpha, best),
                counter,
                order,
                pruning=pruning,
                table=table,
                key=key,
            )
        )
        if final is not None:
            counter.visit()  # the position the move makes is a node too: the game's end
        if score > best:
            best = score
        if pruning and best >= beta:
            counter.cuts += 1
            break
    if table is not None and key is not None:
        kind = 1 if best >= beta else -1 if best <= alpha_in else 0
        table[key(mine, theirs)] = (kind if pruning else 0, best)
    return best


def _key(shape: Geometry) -> Callable[[int, int], int]:
    cells = shape.cell_count
    return lambda mine, theirs: mine | theirs << cells


def search(
    board: Board,
    technique: Technique,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    stop: StopSignal | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Searched:
    """`board` searched by `technique` (with all the techniques before it): its score and the
    first best move it meets, and its nodes, stored positions, cuts and time. A finished game
    has no move; the search then visits its one node."""
    position = Position(board)
    shape = position.shape
    counter = Counter(node_limit, stop)
    pruning = technique is not Technique.MINIMAX
    ordered = technique in (Technique.ORDERING, Technique.TABLE, Technique.SYMMETRY)
    order = centre_first(shape) if ordered else _natural(shape)
    table: dict[int, tuple[int, int]] | None = None
    key: Callable[[int, int], int] | None = None
    if technique in (Technique.TABLE, Technique.SYMMETRY):
        table = {}
        key = symmetries(shape.size).canonical_key if technique is Technique.SYMMETRY else None
        key = key or _key(shape)
    started = timer()
    score: int | None = None
    move: int | None = None
    stopped = False
    try:
        score, move = _root(position, counter, order, pruning, table, key)
    except NodeLimit:
        stopped = True
    seconds = timer() - started
    value = None
    if score is not None and move is not None:
        value = value_of(shape, score, board.mark_count)
    stored = len(table) if table is not None else 0
    return Searched(
        technique, counter.nodes, stored, counter.cuts, seconds, score, move, value, stopped
    )


def _root(
    position: Position,
    counter: Counter,
    order: tuple[int, ...],
    pruning: bool,
    table: dict[int, tuple[int, int]] | None,
    key: Callable[[int, int], int] | None,
) -> tuple[int | None, int | None]:
    """The root: each move searched, the best kept (the first of equals, in the order)."""
    counter.visit()
    shape, mine, theirs = position.shape, position.mine, position.theirs
    taken = mine | theirs
    if _over(shape, mine, theirs):
        return None, None
    placed = taken.bit_count() + 1
    best, move = -shape.cell_count - 2, None
    limit = shape.cell_count + 1
    for cell in order:
        bit = 1 << cell
        if taken & bit:
            continue
        after = mine | bit
        final = ends(shape, after, cell, placed)
        if final is not None:
            counter.visit()
            score = final
        else:
            alpha = best if pruning else -limit
            score = -_negamax(
                shape, theirs, after, -limit, -alpha, counter, order,
                pruning=pruning, table=table, key=key,
            )  # fmt: skip
        if score > best:
            best, move = score, cell
    return best, move


def _over(shape: Geometry, mine: int, theirs: int) -> bool:
    if (mine | theirs).bit_count() == shape.cell_count:
        return True
    return any(mask & side == mask for mask in shape.line_masks for side in (mine, theirs))


def compare(
    board: Board,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    stop: StopSignal | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> tuple[Searched, ...]:
    """Every technique in turn on `board`."""
    return tuple(
        search(board, technique, node_limit=node_limit, stop=stop, timer=timer)
        for technique in Technique
    )


def agree(results: tuple[Searched, ...]) -> bool:
    """Whether every technique that finished found the same score (at least one finished)."""
    scores = {result.score for result in results if not result.stopped}
    return len(scores) == 1


def census(
    board: Board, *, node_limit: int = DEFAULT_NODE_LIMIT, stop: StopSignal | None = None
) -> Census:
    """The whole game tree from `board`, counted (stopped at `node_limit` nodes)."""
    position = Position(board)
    shape = position.shape
    canonical = symmetries(shape.size).canonical_key
    counter = Counter(node_limit, stop)
    seen: set[tuple[int, int]] = set()
    shapes: set[int] = set()
    games = 0

    def walk(mine: int, theirs: int, over: bool) -> None:
        nonlocal games
        counter.visit()
        if (mine, theirs) not in seen:
            seen.add((mine, theirs))
            shapes.add(canonical(mine, theirs))
        if over:
            games += 1
            return
        taken = mine | theirs
        placed = taken.bit_count() + 1
        for cell in range(shape.cell_count):
            bit = 1 << cell
            if not taken & bit:
                after = mine | bit
                walk(theirs, after, ends(shape, after, cell, placed) is not None)

    stopped = False
    try:
        walk(position.mine, position.theirs, _over(shape, position.mine, position.theirs))
    except NodeLimit:
        stopped = True
    return Census(counter.nodes, games, len(seen), len(shapes), stopped)
