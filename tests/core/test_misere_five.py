"""Misère on 5×5 (four in a row loses): the mirror strategy's proof, checked on every line;
the strategy played out against many replies; Genius's exact search checked against a plain
minimax written here on positions near the end; and Genius as the first player never losing."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nac.core import Board, Level, Mark, Variant, geometry
from nac.engine import Limit, analyse, play
from nac.engine.misere_five import mirror, mirror_move

SHAPE = geometry(5, 4, Variant.MISERE)
CENTRE = 12


def lines() -> list[tuple[int, ...]]:
    """Every line of four on 5×5, listed here by hand: rows, columns, both diagonals."""
    found = []
    for row in range(5):
        for column in range(5):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + dr * k, column + dc * k) for k in range(4)]
                if all(0 <= r < 5 and 0 <= c < 5 for r, c in cells):
                    found.append(tuple(r * 5 + c for r, c in cells))
    return found


def test_the_lines_listed_here_are_the_games() -> None:
    listed = {sum(1 << cell for cell in line) for line in lines()}
    assert listed == set(SHAPE.line_masks) and len(listed) == 28


def test_every_line_through_the_centre_holds_two_squares_that_mirror_each_other() -> None:
    """So the first player, holding the centre and only mirrors of the other side's squares,
    never holds a whole line through the centre."""
    for line in lines():
        if CENTRE in line:
            assert any(mirror(cell, SHAPE) in line for cell in line if cell != CENTRE), line


def test_every_line_missing_the_centre_mirrors_a_line() -> None:
    """So a line of the first player's that misses the centre mirrors one of the other side's,
    completed by the move the first player answers: the other side lost first."""
    masks = set(SHAPE.line_masks)
    for line in lines():
        if CENTRE not in line:
            assert sum(1 << mirror(cell, SHAPE) for cell in line) in masks, line


@pytest.mark.parametrize("seed", range(40))
def test_the_mirror_strategy_never_loses_against_random_replies(seed: int) -> None:
    rng = random.Random(seed)
    board = Board.empty(5, variant=Variant.MISERE)
    while board.outcome is None:
        move = mirror_move(board)
        assert move is not None and board[move] is None
        board = board.play(move)
        if board.outcome is None:
            board = board.play(rng.choice(list(board.empty_cells)))
    assert board.outcome.winner is not Mark.O


@cache
def model(x: int, o: int, x_to_move: bool) -> int:
    """Plain minimax for the side to move: +1 win, 0 draw, -1 loss (a line of four loses)."""
    mine, theirs = (x, o) if x_to_move else (o, x)
    empty = [cell for cell in range(25) if not (x | o) >> cell & 1]
    if not empty:
        return 0
    best = -1
    for cell in empty:
        after = mine | 1 << cell
        if any(
            after >> a & 1 and after >> b & 1 and after >> c & 1 and after >> d & 1
            for a, b, c, d in lines()
        ):
            value = -1
        else:
            nx, no = (after, theirs) if x_to_move else (theirs, after)
            value = -model(nx, no, not x_to_move)
        best = max(best, value)
        if best == 1:
            break
    return best


def near_the_end(seed: int, empty: int) -> Board:
    """A position with `empty` squares left that no one has lost yet."""
    rng = random.Random(seed)
    while True:
        board = Board.empty(5, variant=Variant.MISERE)
        while board.outcome is None and len(board.empty_cells) > empty:
            board = board.play(rng.choice(list(board.empty_cells)))
        if board.outcome is None:
            return board


@pytest.mark.parametrize("seed", range(12))
def test_the_exact_search_matches_a_plain_minimax_near_the_end(seed: int) -> None:
    board = near_the_end(seed, 7)
    x, o = board.x_bits, board.o_bits
    x_to_move = board.to_move is Mark.X
    values = analyse(board)
    assert set(values) == set(board.empty_cells)
    for cell, value in values.items():
        after = board.play(cell)
        if after.outcome is not None:
            expected = (
                0
                if after.outcome.winner is None
                else (1 if after.outcome.winner is board.to_move else -1)
            )
        else:
            expected = -model(after.x_bits, after.o_bits, not x_to_move)
        assert {"win": 1, "draw": 0, "loss": -1}[value.result.value] == expected, (board, cell)
    best = max(v.score for v in values.values())
    chosen = play(board, Level.GENIUS)
    assert values[chosen].score == best
    assert x | o  # the position is a real one


@pytest.mark.parametrize("seed", range(3))
def test_genius_moving_first_never_loses(seed: int) -> None:
    rng = random.Random(seed)
    board = Board.empty(5, variant=Variant.MISERE)
    small = Limit(nodes=4096)  # the search rarely ends early on: the mirror carries it there
    while board.outcome is None:
        board = board.play(play(board, Level.GENIUS, small, rng=rng))
        if board.outcome is None:
            board = board.play(rng.choice(list(board.empty_cells)))
    assert board.outcome.winner is not Mark.O
