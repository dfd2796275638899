"""Perfect play in Notakto (`nac.core.notakto`): every position solved by negamax over
positions folded together: a dead board plays no part, boards are interchangeable, and each
board counts once for all its rotations and reflections. There are no draws (a full 3×3 board
always holds a line), so every position is a win or a loss for the player to move, in so many
plies: Genius wins as fast and loses as slowly as it can.
"""

from __future__ import annotations

import random
from functools import cache
from typing import NamedTuple

from ..core.errors import GameAlreadyOver
from ..core.levels import Level
from ..core.notakto import NotaktoMove, NotaktoPosition, is_dead
from .opponents import ADAPTIVE_PLAYS_LIKE, CLEVER_SLIP
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


def move_scores(position: NotaktoPosition) -> dict[NotaktoMove, int]:
    """Every legal move's score for the player to move."""
    scores = {}
    for move in position.legal_moves():
        after = position.play(move.board, move.cell)
        scores[move] = _move_score(folded(after.boards))
    return scores


def move_values(position: NotaktoPosition) -> dict[NotaktoMove, MoveValue]:
    """Every legal move's value: a win or a loss in so many plies, this one counted."""
    return {move: value_of(score) for move, score in move_scores(position).items()}


def value_of(score: int) -> MoveValue:
    if score > 0:
        return MoveValue(Result.WIN, WIN_BASE - score, score)
    return MoveValue(Result.LOSS, WIN_BASE + score, score)


def genius_moves(position: NotaktoPosition) -> tuple[NotaktoMove, ...]:
    """Every move of the best score: the fastest win, or the slowest loss."""
    scores = move_scores(position)
    best = max(scores.values())
    return tuple(move for move, score in scores.items() if score == best)


def genius_move(position: NotaktoPosition, rng: random.Random | None = None) -> NotaktoMove:
    return (rng or random.Random()).choice(genius_moves(position))


def kills(position: NotaktoPosition, move: NotaktoMove) -> bool:
    """Whether `move` makes three in a row on its board (kills it)."""
    return is_dead(position.boards[move.board] | 1 << move.cell)


def move_words(position: NotaktoPosition, move: NotaktoMove, value: MoveValue) -> str:
    """What a move does, for hints and the analysis: "kills board 2: you lose in 3"."""
    outcome = f"you {'win' if value.result is Result.WIN else 'lose'} in {value.moves}"
    if not kills(position, move):
        return outcome
    live = sum(1 for dead in position.dead if not dead)
    if live == 1:
        return "kills the last board: you lose"
    return f"kills board {move.board + 1}: {outcome}"


def hint(position: NotaktoPosition) -> tuple[NotaktoMove, str]:
    """Genius's move for the player to move, and why."""
    values = move_values(position)
    move = genius_moves(position)[0]
    return move, move_words(position, move, values[move])


def safe_moves(position: NotaktoPosition) -> tuple[NotaktoMove, ...]:
    """The moves that kill no board, or every move if each one kills one."""
    moves = tuple(position.legal_moves())
    safe = tuple(move for move in moves if not kills(position, move))
    return safe or moves


def choose_notakto(
    position: NotaktoPosition, level: Level, rng: random.Random | None = None
) -> NotaktoMove:
    """The move `level` (a fixed one) plays: Idiot any legal move; Average a move that kills no
    board while there is one (a person's rule of thumb, blind to what follows); Clever Genius's
    move but, one time in four, Average's; Genius a perfect one. GameAlreadyOver if it is over;
    ValueError for Adaptive, which plays like the level its results call for."""
    if position.is_over:
        raise GameAlreadyOver()
    rng = rng or random.Random()
    if level is Level.ADAPTIVE:
        raise ValueError(ADAPTIVE_PLAYS_LIKE)
    if level is Level.IDIOT:
        return rng.choice(tuple(position.legal_moves()))
    if level is Level.AVERAGE or (level is Level.CLEVER and rng.random() < CLEVER_SLIP):
        return rng.choice(safe_moves(position))
    return genius_move(position, rng)


class ReviewedMove(NamedTuple):
    """A move of a game, judged: what it led to for its player, and the best there was."""

    move: NotaktoMove
    value: MoveValue
    best: MoveValue
    best_moves: tuple[NotaktoMove, ...]

    @property
    def mistake(self) -> bool:
        """Whether it threw a win away (a slower loss than the best is no mistake: both lose)."""
        return self.best.result is Result.WIN and self.value.result is not Result.WIN


def review_notakto(position: NotaktoPosition, moves: tuple[NotaktoMove, ...]) -> list[ReviewedMove]:
    """Every move from `position` judged against perfect play."""
    reviewed = []
    for move in moves:
        values = move_values(position)
        best = max(values.values(), key=lambda value: value.score)
        best_moves = tuple(m for m, value in values.items() if value.score == best.score)
        reviewed.append(ReviewedMove(move, values[move], best, best_moves))
        position = position.play(move.board, move.cell)
    return reviewed


# Their names behind the engines' door (`nac.engine`), beside the noughts-and-crosses ones.
notakto_values = move_values
notakto_genius_moves = genius_moves
