"""Genius's search for Ultimate noughts and crosses: a Monte Carlo tree search (UCT) whose
simulations end in random playouts (`state.playout`), that sees a win in one move
(a node where the side to move can win at once is a proven loss for the side that moved into
it, and the winning move is the only one tried), proves what the tree holds to the end as an
MCTS-Solver does (a node is lost for its mover once a reply wins; once every reply is tried
and proven, won if they all lose, else drawn), that leans at first toward the moves the
rules of thumb like (a progressive bias: `move_hint`), and that keeps its tree from
one move to the next (the subtree of the moves both sides then played).

Little is proven before the end of the game is near: a move's value is the share of the
simulations through it that its side won (a draw counts a half), with how many there were.

The same search runs compiled (`_ultimate.c`, built at install where a C compiler is found);
this one is its fallback, and `fast.new_search` chooses between them.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ...core.ultimate import BOARD_MASK
from ..values import Estimate
from .state import (
    FINISHERS,
    FORCED,
    TURN,
    WON_X,
    State,
    is_over,
    legal,
    play,
    playout,
    result_for,
    winning_moves,
)

EXPLORATION = 0.5
"""UCT's exploration constant. Tuned in head-to-head games at 6,000 simulations a move: 0.5
scored 0.60 ± 0.08 against 0.8 (120 games); again on the compiled search at 20,000: 0.3
scored 0.43 ± 0.10 and 0.8 scored 0.48 ± 0.10 against 0.5 (100 games each). Both with the
playouts of rules of thumb of before (issue 41); not tuned again since they are random."""
PROGRESSIVE_BIAS = 0.5
"""The weight of a move's rules of thumb (`move_hint`) in selection, `PROGRESSIVE_BIAS *
hint / (visits + 1)`: worth less with each simulation of the move. Tuned in head-to-head games
on the compiled search at 20,000 simulations a move: 0.5 scored 0.525 ± 0.05 against none (200
games), 1.0 scored 0.535 ± 0.04 (300) and 2.0 scored 0.39 ± 0.05 (200); 0.5 because a bias
slows the proof of a drawn endgame (it keeps the search off moves that look bad and must be
proven all the same): 1.0 took up to ten times the simulations of none, 0.5 about twice."""
CHECK_EVERY = 32
"""Simulations between looks at the clock and the stop signal."""
TREE_MEMORY = 200_000_000
"""The memory a search's tree may take (about 200 MB): a search stops when its tree is that
big, however long it was given. The compiled search's nodes are smaller: it holds more of
them (`fast.py`)."""
NODE_BYTES = 400
"""About what one of this search's nodes takes (one a simulation): its tree holds
`TREE_MEMORY // NODE_BYTES` simulations, half a million."""
PROVEN_WIN = 1
PROVEN_LOSS = -1
PROVEN_DRAW = 2
"""A node proven drawn (told as not proven in an `Estimate`, whose share then nears a half)."""
PROVEN_SCORE = 1e6
"""A proven node's `mean`: above (a win) or below (a loss) any UCT score; a half for a draw."""


class Node:
    """A position in the tree, reached by `move`; `wins` and `visits` from the view of the
    side that played `move`."""

    __slots__ = (
        "bias", "children", "mean", "move", "proven", "shy", "untried", "visits", "wins",
    )  # fmt: skip

    def __init__(self, move: int, state: State, bias: float = 0.0) -> None:
        self.move = move
        self.bias = bias
        """The progressive bias: `PROGRESSIVE_BIAS` times the move's `move_hint`."""
        self.children: list[Node] = []
        self.visits = 0
        self.wins = 0.0
        self.mean = 0.0
        """`wins / visits + bias / (visits + 1)`, or ±`PROVEN_SCORE` once proven (a half for
        a draw): what selection reads."""
        self.shy = 0.0
        """`1 / sqrt(visits)`: selection's exploration term is this times
        `EXPLORATION * sqrt(log(parent visits))`; 0 once proven (`_set_proven`)."""
        self.proven = 0
        """PROVEN_WIN: the side that played `move` wins whatever follows; PROVEN_LOSS: the
        other side does; PROVEN_DRAW: neither can win against the other's best; 0: not
        known."""
        if is_over(state):
            self.untried: list[int] = []
            outcome = result_for(state, 1 - state[TURN])
            _set_proven(
                self,
                PROVEN_WIN if outcome == 1.0 else (PROVEN_LOSS if outcome == 0 else PROVEN_DRAW),
            )
            return
        moves = legal(state)
        winning = winning_moves(state, moves)
        if winning:  # the side to move wins at once: nothing else is worth a look
            self.untried = winning[:1]
            self.proven = PROVEN_LOSS
            self.mean = -PROVEN_SCORE
        else:
            self.untried = moves


class Search:
    """One search tree, kept between the moves of a game."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.root: Node | None = None
        self.root_state: State | None = None
        self.simulations = 0
        """Simulations run by the last `run`."""

    @property
    def visits(self) -> int:
        """The root's simulations (0 before the first search)."""
        return 0 if self.root is None else self.root.visits

    def best_move(self) -> int:
        """The move to play from the last searched position (`best_child`)."""
        assert self.root is not None, "no move has been searched"
        return best_child(self.root).move

    def estimates(self, line: Sequence[int] = ()) -> list[Estimate]:
        """The estimates of the moves after `line` (the moves played from the last searched
        position; none: its own), most simulated first; none where the tree does not hold
        that line."""
        node = self.root
        for move in line:
            if node is None:
                break
            node = next((child for child in node.children if child.move == move), None)
        return [] if node is None else estimates(node)

    def _reuse(self, state: State) -> Node:
        """The node for `state`: from the kept tree where it holds it (up to two moves on),
        else a new one."""
        if self.root is not None and self.root_state is not None:
            if self.root_state == state:
                return self.root
            for child in self.root.children:
                after = self.root_state[:]
                play(after, child.move)
                if after == state:
                    return child
                for grandchild in child.children:
                    later = after[:]
                    play(later, grandchild.move)
                    if later == state:
                        return grandchild
        return Node(-1, state)

    def run(
        self,
        state: State,
        seconds: float | None,
        simulations: int | None = None,
        stopped: object = None,
    ) -> Node:
        """Search from `state` for `seconds` (or `simulations`), stopping early if `stopped()`
        says so, the root is proven or the tree fills TREE_MEMORY; returns the root."""
        root = self._reuse(state)
        self.root, self.root_state = root, state[:]
        deadline = None if seconds is None else time.perf_counter() + seconds
        rng, count = self.rng, 0
        most = TREE_MEMORY // NODE_BYTES
        while not root.proven and root.visits < most:
            if simulations is not None and count >= simulations:
                break
            if count % CHECK_EVERY == 0 and count:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                if callable(stopped) and stopped():
                    break
            self._simulate(root, state[:], rng)
            count += 1
        self.simulations = count
        return root

    def _simulate(self, root: Node, state: State, rng: random.Random) -> None:
        """One simulation: down the tree by UCT, one new node, a playout, the result up."""
        path = [root]
        node = root
        while not node.untried and node.children and not node.proven:
            node = _select(node)
            play(state, node.move)
            path.append(node)
        if node.untried and not node.proven:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            before = state[:]
            play(state, move)
            node = Node(move, state, PROGRESSIVE_BIAS * move_hint(before, state))
            path[-1].children.append(node)
            path.append(node)
        mover = 1 - state[TURN]  # the side that played the last node's move
        if node.proven:
            outcome = PROVEN_OUTCOME[node.proven]
        else:
            playout(state, rng)
            outcome = result_for(state, mover)
        for step in reversed(path):
            visits = step.visits = step.visits + 1
            wins = step.wins = step.wins + outcome
            if not step.proven:
                step.shy = visits**-0.5
                step.mean = wins / visits + step.bias / (visits + 1)
            outcome = 1.0 - outcome
        _prove(path)


def move_hint(before: State, after: State) -> int:
    """What rules of thumb think of the move from `before` to `after`, for its mover: a point
    for winning its small board, a point off for sending the other side to a board it can win
    at once or letting it play anywhere."""
    mover = before[TURN]
    hint = 1 if after[WON_X + mover] != before[WON_X + mover] else 0
    target = after[FORCED]
    if target < 0:
        return hint - 1
    free = BOARD_MASK & ~(after[target] | after[9 + target])
    return hint - 1 if FINISHERS[after[target + 9 * after[TURN]]] & free else hint


def _select(node: Node) -> Node:
    """The child UCT picks: a proven win at once, never a proven loss while another is left
    (their `mean` says so)."""
    explore = EXPLORATION * math.sqrt(math.log(node.visits))
    best, best_score = node.children[0], -math.inf
    for child in node.children:
        score = child.mean + explore * child.shy
        if score > best_score:
            best, best_score = child, score
    return best


PROVEN_OUTCOME = {PROVEN_WIN: 1.0, PROVEN_LOSS: 0.0, PROVEN_DRAW: 0.5}
"""What a simulation that reaches a proven node counts for its mover."""


def _prove(path: list[Node]) -> None:
    """Carry proofs up the path: a node is a loss for its mover if one reply wins; once every
    reply is tried and proven, a win if they all lose, else a draw."""
    for node in reversed(path):
        if node.proven or not node.children:
            continue
        if any(child.proven == PROVEN_WIN for child in node.children):
            _set_proven(node, PROVEN_LOSS)
        elif not node.untried and all(child.proven for child in node.children):
            lost = all(child.proven == PROVEN_LOSS for child in node.children)
            _set_proven(node, PROVEN_WIN if lost else PROVEN_DRAW)
        else:
            return


def _set_proven(node: Node, proven: int) -> None:
    """`node` proven: its `mean` its value, and no more exploration (a proven draw is chosen
    for its half alone, so the search proves its unproven siblings instead of going back to
    what it knows)."""
    node.proven = proven
    node.mean = 0.5 if proven == PROVEN_DRAW else proven * PROVEN_SCORE
    node.shy = 0.0


def best_child(root: Node) -> Node:
    """The move to play: a proven win; else the most simulated one that is not a proven loss
    (the most simulated of all when every move loses)."""
    for child in root.children:
        if child.proven == PROVEN_WIN:
            return child
    alive = [child for child in root.children if child.proven != PROVEN_LOSS]
    return max(alive or root.children, key=lambda child: (child.visits, child.wins))


def estimates(root: Node) -> list[Estimate]:
    """Every searched move's estimate, most simulated first."""
    return [
        Estimate(child.move, child.wins / child.visits, child.visits, told(child.proven))
        for child in sorted(root.children, key=lambda child: -child.visits)
        if child.visits
    ]


def told(proven: int) -> int:
    """A node's proof as an `Estimate` tells it: a win 1, a loss -1, else 0 (a draw too)."""
    return 0 if proven == PROVEN_DRAW else proven
