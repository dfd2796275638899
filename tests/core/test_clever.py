"""Clever: Genius's move, but now and then one by Average's rules of thumb, as a person might
play. It never misses a win at once or a needed block, it is not Genius, and its games replay
from a seed."""

from __future__ import annotations

import random

import pytest

from nac.core import Board, Level, Mark
from nac.engine import Average, Clever, choose_move, genius_moves
from nac.engine.opponents import CLEVER_SLIP

from . import reference
from .test_average import immediate_wins

ALWAYS_SLIPS, NEVER_SLIPS = Clever(slip=1), Clever(slip=0)


@pytest.mark.parametrize("first", ["X", "O"])
@pytest.mark.parametrize(
    "clever", [ALWAYS_SLIPS, NEVER_SLIPS, Clever()], ids=["slips", "genius", "as-it-plays"]
)
def test_clever_always_wins_at_once_and_blocks_a_win_at_once(first: str, clever: Clever) -> None:
    """Every reachable position, with both sides of Clever (its slips and Genius's moves) and
    as it plays: where it can win at once it does, else where the other side threatens to win
    at once it blocks (one of two threats, where there are two)."""
    rng = random.Random(5)
    for cells in reference.non_terminal_positions(first):
        mark = reference.to_move(cells, first)
        other = "O" if mark == "X" else "X"
        board = Board.parse(reference.as_text(cells), to_move=mark)
        wins, blocks = immediate_wins(cells, mark), immediate_wins(cells, other)
        needed = wins or blocks
        if needed:
            for _ in range(3):
                assert clever.choose(board, rng) in needed, reference.as_text(cells)


def test_a_slip_misses_the_fork_genius_sees() -> None:
    """X has taken opposite corners around O's centre: O must take a side (a corner lets X
    fork). Genius always does; Clever now and then takes a corner, and the reference solver
    says that loses."""
    board = Board.parse("X../.O./..X")
    assert set(genius_moves(board)) == {1, 3, 5, 7}
    played = [choose_move(board, Level.CLEVER, random.Random(seed)) for seed in range(400)]
    slips = [cell for cell in played if cell in (2, 6)]
    assert slips and set(played) - set(slips) <= {1, 3, 5, 7}
    cells = "X...O...X"
    assert all(reference.move_value(cells, cell, "O")[0] < 0 for cell in slips)
    assert 0 < len(slips) / len(played) <= CLEVER_SLIP * 2


def test_a_slip_is_a_move_by_averages_rules_of_thumb() -> None:
    rng = random.Random(2)
    for cells in list(reference.non_terminal_positions("O"))[::5]:
        board = Board.parse(reference.as_text(cells), to_move=reference.to_move(cells, "O"))
        assert ALWAYS_SLIPS.choose(board, rng) in Average().candidates(board)


def test_clever_is_genius_when_it_never_slips() -> None:
    rng = random.Random(4)
    for cells in list(reference.non_terminal_positions("X"))[::7]:
        board = Board.parse(reference.as_text(cells), to_move=reference.to_move(cells))
        assert NEVER_SLIPS.choose(board, rng) in genius_moves(board)


def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> list[int]:
        rng = random.Random(seed)
        board, cells = Board.empty(), []
        while board.outcome is None:
            level = Level.CLEVER if board.to_move is Mark.X else Level.IDIOT
            cells.append(choose_move(board, level, rng))
            board = board.play(cells[-1])
        return cells

    assert [game(seed) for seed in range(30)] == [game(seed) for seed in range(30)]
    assert len({tuple(game(seed)) for seed in range(30)}) > 1


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        ("XX.X/OO../..../...O", {2}),  # X wins at once
        ("X.../OOO./X.../X...", {7}),  # X blocks O's row
    ],
)
def test_on_bigger_boards_a_slip_still_wins_and_blocks(text: str, needed: set[int]) -> None:
    board = Board.parse(text)
    rng = random.Random(1)
    assert {ALWAYS_SLIPS.choose(board, rng) for _ in range(10)} == needed


def test_a_chance_that_is_no_chance_is_refused() -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        Clever(slip=1.5)
