"""Perfect play in Notakto (`nac.core.notakto`): the answers' source for a `NotaktoBoard`
(`sources.py` picks it), every position solved by negamax over positions folded together: a
dead board plays no part, boards are interchangeable, and each board counts once for all its
rotations and reflections. There are no draws (a full 3×3 board always holds a line), so every
position is a win or a loss for the player to move, in so many plies: Genius wins as fast and
loses as slowly as it can.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from ..core import geometry
from ..core.notakto import NotaktoBoard, is_dead, kills, notakto_move
from .hints import Hint
from .limits import Limit
from .spaces import BoardSpace
from .stop import StopSignal
from .symmetry import permutations, transform_bits
from .values import MoveValue, Result

WIN_BASE = 64
"""A win in `p` plies scores WIN_BASE - p; a loss in `p` plies, -(WIN_BASE - p)."""


@cache
def _canonical_board() -> tuple[int, ...]:
    """For every set of X's on a 3×3 board, the least of its eight images."""
    images = permutations(3)
    return tuple(min(transform_bits(bits, perm) for perm in images) for bits in range(512))


def folded(boards: tuple[int, ...]) -> tuple[int, ...]:
    """The position's key: its live boards, each in its canonical image, sorted."""
    canonical = _canonical_board()
    return tuple(sorted(canonical[bits] for bits in boards if not is_dead(bits)))


@cache
def _score(live: tuple[int, ...]) -> int:
    """The score of a position of live boards (folded) for the player to move."""
    best = -WIN_BASE
    for index, bits in enumerate(live):
        tried: set[tuple[int, ...]] = set()
        for cell in range(9):
            if bits >> cell & 1:
                continue
            after = bits | 1 << cell
            rest = (*live[:index], after, *live[index + 1 :])
            key = folded(rest)
            if key in tried:
                continue
            tried.add(key)
            best = max(best, _move_score(key))
    return best


def _move_score(after: tuple[int, ...]) -> int:
    """The score, for the player who made it, of a move that leaves the live boards `after`."""
    if not after:  # the last live board killed: a loss at once
        return -(WIN_BASE - 1)
    reply = _score(after)
    return -reply + 1 if reply > 0 else -reply - 1


def notakto_value(score: int) -> MoveValue:
    if score > 0:
        return MoveValue(Result.WIN, WIN_BASE - score, score)
    return MoveValue(Result.LOSS, WIN_BASE + score, score)


class NotaktoSource:
    """Notakto's answers: exact (a win or a loss, with its distance), a lookup once the
    position's folded key has been solved (3 empty boards: about a second the first time)."""

    exact = True
    instant = False

    def move_scores(self, position: NotaktoBoard, stop: StopSignal | None) -> dict[int, int]:
        """Every legal move's score for the player to move."""
        return {
            cell: _move_score(folded(position.play(cell).boards)) for cell in position.legal_moves
        }

    def values(
        self, position: NotaktoBoard, limit: Limit, stop: StopSignal | None
    ) -> dict[int, MoveValue]:
        scores = self.move_scores(position, stop)
        return {cell: notakto_value(score) for cell, score in scores.items()}

    def genius_moves(self, position: NotaktoBoard, stop: StopSignal | None) -> tuple[int, ...]:
        """Every move of the best score: the fastest win, or the slowest loss."""
        scores = self.move_scores(position, stop)
        best = max(scores.values())
        return tuple(cell for cell, score in scores.items() if score == best)

    def genius_move(
        self, position: NotaktoBoard, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        return rng.choice(self.genius_moves(position, stop))

    def hint(self, position: NotaktoBoard, limit: Limit, stop: StopSignal | None) -> Hint:
        """Genius's move, and the board it kills, if it kills one."""
        values = self.values(position, limit, stop)
        cell = self.genius_moves(position, stop)[0]
        if not kills(position, cell):
            return Hint(cell, values[cell])
        last = sum(1 for dead in position.dead if not dead) == 1
        return Hint(cell, values[cell], kills=notakto_move(cell).board, last=last)


def safe_moves(position: NotaktoBoard) -> tuple[int, ...]:
    """The moves that kill no board, or every move if each one kills one: Average's rule of
    thumb (a person's, blind to what follows)."""
    moves = position.legal_moves
    safe = tuple(cell for cell in moves if not kills(position, cell))
    return safe or moves


NOTAKTO = NotaktoSource()


class NotaktoSpace:
    """The lab's view of a `NotaktoBoard`'s positions (`spaces.Space`): its boards' X's. The game is
    the same for both seats, so the state needs no side; killing the last live board loses."""

    def __init__(self, boards: int) -> None:
        self.cells = 9 * boards
        self._centre = BoardSpace(geometry(3)).centre_first()

    def moves(
        self, state: tuple[int, ...], order: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], int | None]]:
        placed = sum(bits.bit_count() for bits in state) + 1
        for cell in order:
            board, square = divmod(cell, 9)
            bits = state[board]
            if is_dead(bits) or bits >> square & 1:
                continue
            after = (*state[:board], bits | 1 << square, *state[board + 1 :])
            final = -(self.cells + 1 - placed) if all(map(is_dead, after)) else None
            yield cell, after, final

    def over(self, state: tuple[int, ...]) -> bool:
        return all(map(is_dead, state))

    def key(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return state

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The boards folded by symmetry (dead ones dropped), with the count of X's: a score
        is a distance to the end, and the dropped boards' X's are moves already played."""
        return (sum(bits.bit_count() for bits in state), *folded(state))

    def centre_first(self) -> tuple[int, ...]:
        boards = self.cells // 9
        return tuple(board * 9 + square for board in range(boards) for square in self._centre)


def notakto_space(position: NotaktoBoard) -> tuple[NotaktoSpace, tuple[int, ...]]:
    """The lab's view of Notakto, and `position` as its state."""
    return NotaktoSpace(len(position.boards)), position.boards
