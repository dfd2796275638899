"""An alpha-beta search one step at a time, for a learner to watch (the lab's step by step and
its tree's cuts): each move tried, each value backed up, each cut with the bound that made it.
Scores are the solver's (see `lab.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..core import Position
from .lab import DEFAULT_NODE_LIMIT
from .sources import space_of
from .spaces import State
from .stop import Counter, NodeLimit


class Step(NamedTuple):
    """One step of an alpha-beta search, for a learner to watch.

    `kind`: "try" (a move is tried: `line` is the moves from the start), "value" (a position's
    value is backed up: `score` for the side that moved last), "cut" (the moves left at a
    position are cut: `cut` lists them, because `score` reached the bound `bound`)."""

    kind: str
    line: tuple[int, ...]
    score: int | None = None
    bound: int | None = None
    cut: tuple[int, ...] = ()


def trace(board: Position, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Iterator[Step]:
    """An alpha-beta search of `board` (moves centre first), one step at a time."""
    space, start = space_of(board)
    order = space.centre_first()
    counter = Counter(node_limit, None)
    limit = space.cells + 1

    def walk(state: State, line: tuple[int, ...], alpha: int, beta: int) -> Iterator[Step | int]:
        counter.visit()
        moves = list(space.moves(state, order))
        best = -limit - 1
        for index, (cell, after, final) in enumerate(moves):
            here = (*line, cell)
            yield Step("try", here)
            score = final if final is not None else -limit - 1
            if final is None:
                for step in walk(after, here, -beta, -max(alpha, best)):
                    if isinstance(step, int):
                        score = -step
                    else:
                        yield step
            yield Step("value", here, score)
            best = max(best, score)
            if best >= beta:
                rest = tuple(move[0] for move in moves[index + 1 :])
                if rest:
                    yield Step("cut", line, best, beta, rest)
                break
        yield best

    try:
        for step in walk(start, (), -limit - 1, limit + 1):
            if isinstance(step, Step):
                yield step
    except NodeLimit:
        return
