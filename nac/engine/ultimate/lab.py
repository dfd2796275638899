"""The lab for Ultimate, an unsolved game: one position searched by the techniques that matter
when no search reaches the end, side by side, each with a fixed budget of work and what it
found. No technique proves the position's value here (only a win or a loss it sees coming
within its depth is certain); each gives an estimate, and the lab says which kind.

- **Minimax with a heuristic**: every move to a depth, the positions there scored by
  `evaluate` (a rule of thumb), a game's end scored as what it is; iterative deepening (depth
  1, 2, 3, ...) until the node budget runs out: the depth reached is the last one finished.
- **+ alpha-beta**: the same, stopping at a position's moves once one is good enough that the
  side above would never allow it. The same score at a depth, for fewer nodes: deeper for
  the same budget.
- **+ move ordering**: the move found best at the last, shallower depth first (remembered by
  position in a table), then the moves that win a small board, then the rest, moves that send
  the other side to a board it can win at once last. More cuts, deeper still.
- **Monte Carlo tree search** (Genius's own, `fast.new_search`): simulations, each a
  walk down the tree, one new position, a game played to its end by random moves (but a win
  of the game in one) and its result carried back up; a move's score is the share of its
  simulations its side won.

Scores from the side to move: the heuristic's points, or `WIN` less the moves to a win seen
within the depth (a win is a win, the sooner the better), or the share of simulations won.
Every technique runs on its budget of nodes or simulations, so with a seeded random source the
figures are the same on every machine (only the seconds vary); `stop` ends a technique early
with what it has found so far (`stopped`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from ...core.ultimate import BOARD_MASK, UltimateBoard
from ..spaces import UNSOLVED_NODES, Estimated, UnsolvedTechnique
from ..stop import Counter, NodeLimit, SearchStopped, StopSignal
from ..values import MoveValue, Result
from .fast import new_search
from .state import (
    DECIDED,
    FINISHERS,
    TURN,
    WON_X,
    State,
    is_over,
    legal,
    play,
    state_of,
    winner,
    winning_moves,
)

WIN = 10_000
"""A won game's score, less the moves to it; every heuristic score is far below it."""
PLACE_WEIGHT = (3, 2, 3, 2, 4, 2, 3, 2, 3)
"""A place on a 3×3 board (a square of a small board, or a board of the big one): the lines
through it."""
BOARD_WON = 8
"""Points for a small board won, per line through its place on the big board (the centre
board 32, a corner 24, an edge 16)."""
BOARD_LINE = 24
"""Points for each open board that, won, would complete a line of won boards."""
SQUARE_LINE = 1
"""Points for each free square that would complete a line on an open small board, per line
through that board's place on the big board."""


def evaluate(state: State) -> int:
    """The rule of thumb at the depth limit, for the side to move: its points less the other
    side's (`points`). It knows nothing of where a move sends the other side: the search
    sees that."""
    mover = state[TURN]
    return points(state, mover) - points(state, 1 - mover)


def points(state: State, side: int) -> int:
    """`side`'s points (0: X, 1: O): its small boards won, by their place on the big board;
    the open boards that would complete a line of its won boards; on each open small board,
    the free squares that would complete a line of its marks, by the board's place."""
    won = state[WON_X + side]
    decided = state[DECIDED]
    total = 0
    for board in range(9):
        if won >> board & 1:
            total += BOARD_WON * PLACE_WEIGHT[board]
        elif not decided >> board & 1:
            free = BOARD_MASK & ~(state[board] | state[9 + board])
            threats = FINISHERS[state[board + 9 * side]] & free
            if threats:
                total += SQUARE_LINE * PLACE_WEIGHT[board] * threats.bit_count()
    return total + BOARD_LINE * (FINISHERS[won] & BOARD_MASK & ~decided).bit_count()


def ended_score(state: State, ply: int) -> int:
    """A finished game's score for the side to move: lost (the other side just won) the sooner
    the worse, or a draw."""
    return 0 if winner(state) is None else ply - WIN


def is_certain(score: float) -> bool:
    """Whether a depth-limited score is a win or a loss seen to its end."""
    return abs(score) > WIN // 2


def proven_value(score: int) -> MoveValue:
    """A certain score as a value: a win or a loss in so many plies, or a draw."""
    if score > 0:
        return MoveValue(Result.WIN, WIN - score, score)
    if score < 0:
        return MoveValue(Result.LOSS, WIN + score, score)
    return MoveValue(Result.DRAW, None, 0)


class Searcher:
    """One depth-limited search: plain minimax, with alpha-beta `pruning`, with `ordering`."""

    def __init__(self, counter: Counter, *, pruning: bool, ordering: bool) -> None:
        self.counter = counter
        self.pruning = pruning
        self.ordering = ordering
        self.horizon = False
        """Whether the last search scored a position by the rule of thumb (else every line
        it searched reached the game's end, and its score is exact)."""
        self.best_moves: dict[tuple[int, ...], int] = {}
        """With ordering: the move found best at each position searched, tried first there
        at the next depth."""

    def root(self, state: State, depth: int) -> tuple[int, int]:
        """The score of `state` (a game not over) searched `depth` moves deep, and the first
        best move."""
        self.horizon = False
        return self.negamax(state, depth, 0, -WIN - 1, WIN + 1), self.best_moves[tuple(state)]

    def negamax(self, state: State, depth: int, ply: int, alpha: int, beta: int) -> int:
        """The score of `state` for the side to move, `depth` moves deep, `ply` moves below
        the root; with pruning, exact between `alpha` and `beta` and a bound outside."""
        self.counter.visit()
        if is_over(state):
            return ended_score(state, ply)
        if depth == 0:
            self.horizon = True
            return evaluate(state)
        best, best_move = -WIN - 1, -1
        for move in self.moves(state):
            after = state[:]
            play(after, move)
            score = -self.negamax(after, depth - 1, ply + 1, -beta, -max(alpha, best))
            if score > best:
                best, best_move = score, move
            if self.pruning and best >= beta:
                self.counter.cuts += 1
                break
        if self.ordering or ply == 0:
            self.best_moves[tuple(state)] = best_move
        return best

    def moves(self, state: State) -> list[int]:
        """The legal moves, in the order searched: as `legal` gives them, or ordered."""
        moves = legal(state)
        if not self.ordering:
            return moves
        remembered = self.best_moves.get(tuple(state))
        mine, theirs = 9 * state[TURN], 9 - 9 * state[TURN]
        decided = state[DECIDED]

        def rank(move: int) -> int:
            board, square = divmod(move, 9)
            if move == remembered:
                return 0
            if FINISHERS[state[board + mine]] >> square & 1:
                return 1  # wins a small board
            free = BOARD_MASK & ~(state[square] | state[9 + square])
            if decided >> square & 1 or FINISHERS[state[square + theirs]] & free:
                return 3  # lets the other side play anywhere, or win the board it is sent to
            return 2

        return sorted(moves, key=rank)


class Deepened(NamedTuple):
    """Where iterative deepening got to."""

    nodes: int
    cuts: int
    depth: int
    """The last depth searched to the end (0: none)."""
    score: int | None
    move: int | None
    exact: bool
    """Whether the score is certain: a win or a loss seen, or every line to the game's end."""
    stopped: bool


def deepen(
    state: State,
    *,
    pruning: bool = True,
    ordering: bool = False,
    node_budget: int = UNSOLVED_NODES,
    max_depth: int | None = None,
    stop: StopSignal | None = None,
) -> Deepened:
    """Iterative deepening from `state`: depth 1, 2, ... (up to `max_depth`) until the node
    budget runs out, `stop` is set, or the score is certain."""
    counter = Counter(node_budget, stop)
    searcher = Searcher(counter, pruning=pruning, ordering=ordering)
    depth, score, move, exact, stopped = 0, None, None, False, False
    if is_over(state):
        counter.visit()
        return Deepened(counter.nodes, 0, 0, None, None, False, False)
    try:
        while not exact and (max_depth is None or depth < max_depth):
            found, best = searcher.root(state, depth + 1)
            depth, score, move = depth + 1, found, best
            exact = is_certain(found) or not searcher.horizon
    except NodeLimit:
        pass
    except SearchStopped:
        stopped = True
    return Deepened(counter.nodes, counter.cuts, depth, score, move, exact, stopped)


def depth_limited(
    board: UltimateBoard,
    technique: UnsolvedTechnique,
    *,
    node_budget: int,
    stop: StopSignal | None,
    timer: Callable[[], float],
) -> Estimated:
    """`board` searched by a depth-limited `technique` on `node_budget` nodes."""
    started = timer()
    found = deepen(
        state_of(board),
        pruning=technique is not UnsolvedTechnique.MINIMAX,
        ordering=technique is UnsolvedTechnique.ORDERING,
        node_budget=node_budget,
        stop=stop,
    )
    value = proven_value(found.score) if found.exact and found.score is not None else None
    return Estimated(
        technique, found.nodes, found.depth, found.cuts, found.move, found.score, value,
        timer() - started, found.stopped,
    )  # fmt: skip


def tree_search(
    board: UltimateBoard,
    *,
    simulations: int,
    seed: int,
    stop: StopSignal | None,
    timer: Callable[[], float],
) -> Estimated:
    """`board` searched by Genius's Monte Carlo tree search for `simulations`: the move it
    would play (a proven win, else the most simulated move not proven lost) and the share of
    that move's simulations its side won."""
    started = timer()
    state = state_of(board)
    technique = UnsolvedTechnique.TREE_SEARCH
    if is_over(state):
        return Estimated(technique, 0, None, 0, None, None, None, timer() - started, False)
    winning = winning_moves(state, legal(state))
    if winning:  # the search sees a win in one before it simulates anything
        won = MoveValue(Result.WIN, 1, WIN - 1)
        return Estimated(technique, 0, None, 0, winning[0], 1.0, won, timer() - started, False)
    search = new_search(random.Random(seed))
    search.run(state, None, simulations, stop.is_set if stop is not None else None)
    found = search.estimates()
    stopped = stop is not None and stop.is_set()
    pick = next((e for e in found if e.proven > 0), None) or next(
        (e for e in found if e.proven == 0), found[0] if found else None
    )
    move = share = value = None
    if pick is not None:
        move, share = pick.cell, pick.share
        value = MoveValue.of_result(pick.proven) if pick.proven else None
    return Estimated(
        technique, search.simulations, None, 0, move, share, value, timer() - started, stopped
    )


def estimate(
    board: UltimateBoard,
    technique: UnsolvedTechnique,
    *,
    node_budget: int,
    simulations: int,
    seed: int,
    stop: StopSignal | None,
    timer: Callable[[], float],
) -> Estimated:
    """`board` searched by `technique` on its budget: Ultimate's lab, in its row of the
    engine's table (`lab.estimate` asks it)."""
    if technique is UnsolvedTechnique.TREE_SEARCH:
        return tree_search(board, simulations=simulations, seed=seed, stop=stop, timer=timer)
    return depth_limited(board, technique, node_budget=node_budget, stop=stop, timer=timer)
