"""The lab: one position, under any rules, searched by each technique Genius's solver uses, one
after another, with what each costs: plain minimax, alpha-beta, alpha-beta with move ordering,
with a transposition table, with symmetry. Each is a plain negamax written to be read, counting
the positions it visits (`nodes`), the ones it keeps (`stored`) and the branches it cuts (`cuts`).
All five find the same value; the move each picks first may differ where moves are equal.

Scores are the solver's (`solver.py`): from the side to move, a game won when the board holds
`c` marks scores `cells + 1 - c` for the winner, minus that for the loser, a draw 0.

A search stops at `node_limit` nodes (it then says so: `stopped`) or when `stop` is set
(`SearchStopped`): the slow techniques on 4×4 would otherwise run for hours. `census` counts
the whole game from a position (its nodes, games, positions, and positions up to symmetry);
`lab_steps.trace` yields an alpha-beta search step by step, for a learner to watch.

Where no search reaches the game's end (`is_estimated`), `estimate` asks the family's own lab
(its row of the engine's table) for what each of its techniques estimates.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from enum import Enum
from typing import Any, NamedTuple

from ..core import Position
from .sources import row_of, space_of
from .spaces import (
    UNSOLVED_NODES,
    UNSOLVED_SEED,
    UNSOLVED_SIMULATIONS,
    Estimated,
    Space,
    State,
    UnsolvedTechnique,
)
from .stop import Counter, NodeLimit, StopSignal
from .values import MoveValue, value_of

DEFAULT_NODE_LIMIT = 2_000_000
"""Nodes a technique may visit before it stops and says so (plain minimax from the empty 4×4
board would visit about 10¹³)."""


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


def _negamax(
    space: Space,
    state: State,
    alpha: int,
    beta: int,
    counter: Counter,
    order: tuple[int, ...],
    *,
    pruning: bool,
    table: dict[Hashable, tuple[int, int]] | None = None,
    key: Callable[[Any], Hashable] | None = None,
) -> int:
    """The score of the position for the side to move, searched as the technique says: all
    moves (`pruning` False), or with alpha-beta, and a table of bounds if given."""
    counter.visit()
    alpha_in = alpha
    if table is not None and key is not None:
        found = table.get(key(state))
        if found is not None:
            kind, score = found
            if kind == 0 or (kind > 0 and score >= beta) or (kind < 0 and score <= alpha):
                return score
    best = -space.cells - 2
    for _, after, final in space.moves(state, order):
        if final is not None:
            counter.visit()  # the position the move makes is a node too: the game's end
            score = final
        else:
            score = -_negamax(
                space, after, -beta, -max(alpha, best), counter, order,
                pruning=pruning, table=table, key=key,
            )  # fmt: skip
        if score > best:
            best = score
        if pruning and best >= beta:
            counter.cuts += 1
            break
    if table is not None and key is not None:
        kind = 1 if best >= beta else -1 if best <= alpha_in else 0
        table[key(state)] = (kind if pruning else 0, best)
    return best


def search(
    board: Position,
    technique: Technique,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    stop: StopSignal | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Searched:
    """`board` searched by `technique` (with all the techniques before it): its score and the
    first best move it meets, and its nodes, stored positions, cuts and time. A finished game
    has no move; the search then visits its one node."""
    space, state = space_of(board)
    counter = Counter(node_limit, stop)
    pruning = technique is not Technique.MINIMAX
    ordered = technique in (Technique.ORDERING, Technique.TABLE, Technique.SYMMETRY)
    order = space.centre_first() if ordered else tuple(range(space.cells))
    key = {Technique.TABLE: space.key, Technique.SYMMETRY: space.canonical}.get(technique)
    table: dict[Hashable, tuple[int, int]] | None = None if key is None else {}
    started = timer()
    score: int | None = None
    move: int | None = None
    stopped = False
    try:
        score, move = _root(space, state, counter, order, pruning, table, key)
    except NodeLimit:
        stopped = True
    seconds = timer() - started
    value = None
    if score is not None and move is not None:
        value = value_of(space.cells, score, board.mark_count)
    stored = len(table) if table is not None else 0
    return Searched(
        technique, counter.nodes, stored, counter.cuts, seconds, score, move, value, stopped
    )


def _root(
    space: Space,
    state: State,
    counter: Counter,
    order: tuple[int, ...],
    pruning: bool,
    table: dict[Hashable, tuple[int, int]] | None,
    key: Callable[[Any], Hashable] | None,
) -> tuple[int | None, int | None]:
    """The root: each move searched, the best kept (the first of equals, in the order)."""
    counter.visit()
    if space.over(state):
        return None, None
    best, move = -space.cells - 2, None
    limit = space.cells + 1
    for cell, after, final in space.moves(state, order):
        if final is not None:
            counter.visit()
            score = final
        else:
            alpha = best if pruning else -limit
            score = -_negamax(
                space, after, -limit, -alpha, counter, order,
                pruning=pruning, table=table, key=key,
            )  # fmt: skip
        if score > best:
            best, move = score, cell
    return best, move


def compare(
    board: Position,
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
    return len({result.score for result in results if not result.stopped}) == 1


def census(
    board: Position, *, node_limit: int = DEFAULT_NODE_LIMIT, stop: StopSignal | None = None
) -> Census:
    """The whole game tree from `board`, counted (stopped at `node_limit` nodes)."""
    space, start = space_of(board)
    counter = Counter(node_limit, stop)
    order = tuple(range(space.cells))
    seen: set[Hashable] = set()
    shapes: set[Hashable] = set()
    games = 0

    def walk(state: State, over: bool) -> None:
        nonlocal games
        counter.visit()
        if state not in seen:
            seen.add(state)
            shapes.add(space.canonical(state))
        if over:
            games += 1
            return
        for _, after, final in space.moves(state, order):
            walk(after, final is not None)

    stopped = False
    try:
        walk(start, space.over(start))
    except NodeLimit:
        stopped = True
    return Census(counter.nodes, games, len(seen), len(shapes), stopped)


def estimate(
    board: Position,
    technique: UnsolvedTechnique,
    *,
    node_budget: int = UNSOLVED_NODES,
    simulations: int = UNSOLVED_SIMULATIONS,
    seed: int = UNSOLVED_SEED,
    stop: StopSignal | None = None,
    timer: Callable[[], float] = time.perf_counter,
) -> Estimated:
    """`board` (a position of a game no search reaches the end of) searched by `technique` on
    its budget, by its family's own lab; ValueError where a search reaches the end (`search`)."""
    lab = row_of(board).estimate
    if lab is None:
        raise ValueError(f"a search reaches the end of {board.rules}: the lab searches it")
    return lab(
        board, technique, node_budget=node_budget, simulations=simulations, seed=seed,
        stop=stop, timer=timer,
    )  # fmt: skip
