"""An alpha-beta search one step at a time, for a learner to watch (the lab's step by step and
its tree's cuts): each move tried, each value backed up, each cut with the bound that made it.
Scores are the solver's (see `lab.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..core import Board
from .lab import DEFAULT_NODE_LIMIT, Counter, NodeLimit, Position, centre_first, ends


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


def trace(board: Board, *, node_limit: int = DEFAULT_NODE_LIMIT) -> Iterator[Step]:
    """An alpha-beta search of `board` (moves centre first), one step at a time."""
    position = Position(board)
    shape = position.shape
    order = centre_first(shape)
    counter = Counter(node_limit, None)
    limit = shape.cell_count + 1

    def walk(
        mine: int, theirs: int, line: tuple[int, ...], alpha: int, beta: int
    ) -> Iterator[Step | int]:
        counter.visit()
        taken = mine | theirs
        placed = taken.bit_count() + 1
        moves = [cell for cell in order if not taken >> cell & 1]
        best = -limit - 1
        for index, cell in enumerate(moves):
            here = (*line, cell)
            yield Step("try", here)
            after = mine | 1 << cell
            final = ends(shape, after, cell, placed)
            score = final if final is not None else -limit - 1
            if final is None:
                for step in walk(theirs, after, here, -beta, -max(alpha, best)):
                    if isinstance(step, int):
                        score = -step
                    else:
                        yield step
            yield Step("value", here, score)
            best = max(best, score)
            if best >= beta:
                rest = tuple(moves[index + 1 :])
                if rest:
                    yield Step("cut", line, best, beta, rest)
                break
        yield best

    try:
        for step in walk(position.mine, position.theirs, (), -limit - 1, limit + 1):
            if isinstance(step, Step):
                yield step
    except NodeLimit:
        return
