"""Genius is perfect: checked against the independent model over the whole 3×3 game tree."""

import random
from functools import cache

import pytest

from nac.core import Board, Level, Mark
from nac.engine import Genius, analyse, choose_move, genius_moves

from . import reference

genius = Genius()


def board_of(cells: str, first: str = "X") -> Board:
    return Board.parse(reference.as_text(cells), to_move=reference.to_move(cells, first))


def every_genius_move(cells: str, first: str) -> tuple[int, ...]:
    return genius_moves(board_of(cells, first))


@pytest.mark.parametrize("genius_mark", ["X", "O"])
@pytest.mark.parametrize("first", ["X", "O"])
def test_genius_never_loses_against_any_sequence_of_replies(genius_mark: str, first: str) -> None:
    """Every opponent reply at every turn, and every move Genius might pick: no loss."""
    games = {"win": 0, "draw": 0}

    @cache
    def explore(cells: str) -> None:
        won_by = reference.winner(cells)
        if won_by is not None:
            assert won_by == genius_mark, f"Genius lost: {reference.as_text(cells)}"
            games["win"] += 1
            return
        if "." not in cells:
            games["draw"] += 1
            return
        mark = reference.to_move(cells, first)
        if mark == genius_mark:
            moves: tuple[int, ...] = every_genius_move(cells, first)
        else:
            moves = tuple(i for i in range(9) if cells[i] == ".")
        for cell in moves:
            explore(reference.play(cells, cell, mark))

    explore(reference.EMPTY)
    assert games["win"] > 0 and games["draw"] > 0


@pytest.mark.parametrize("first", ["X", "O"])
def test_genius_keeps_the_value_of_every_position_and_wins_fastest(first: str) -> None:
    positions = list(reference.non_terminal_positions(first))
    assert len(positions) == 4520
    for cells in positions:
        mark = reference.to_move(cells, first)
        best = reference.preference(reference.value(cells, mark))
        for cell in every_genius_move(cells, first):
            chosen = reference.preference(reference.move_value(cells, cell, mark))
            assert chosen == best, f"{reference.as_text(cells)}: Genius plays {cell}"


def losing_replies(cells: str, cell: int, mark: str) -> int:
    """How many of the opponent's replies to `cell` are worse for them than their best."""
    after = reference.play(cells, cell, mark)
    if reference.is_terminal(after):
        return 0
    other = "O" if mark == "X" else "X"
    replies = [
        reference.preference(reference.move_value(after, i, other))
        for i in range(9)
        if after[i] == "."
    ]
    return sum(1 for reply in replies if reply < max(replies))


def test_among_drawing_moves_genius_leaves_the_most_ways_to_go_wrong() -> None:
    checked = 0
    for cells in reference.non_terminal_positions():
        mark = reference.to_move(cells, "X")
        result, _ = reference.value(cells, mark)
        if result != 0:
            continue
        drawing = [
            i for i in range(9) if cells[i] == "." and reference.move_value(cells, i, mark)[0] == 0
        ]
        most = max(losing_replies(cells, i, mark) for i in drawing)
        expected = {i for i in drawing if losing_replies(cells, i, mark) == most}
        assert set(every_genius_move(cells, "X")) == expected, reference.as_text(cells)
        checked += 1
    assert checked > 100


def test_genius_opens_in_a_corner_where_seven_of_eight_replies_lose() -> None:
    assert set(genius_moves(Board.empty())) == {0, 2, 6, 8}


def test_genius_varies_its_games_among_equal_moves() -> None:
    rng = random.Random(7)
    openings = {choose_move(Board.empty(), Level.GENIUS, rng) for _ in range(200)}
    assert openings == {0, 2, 6, 8}


def test_analysis_matches_the_independent_model_on_every_reachable_position() -> None:
    for first in ("X", "O"):
        for cells in reference.non_terminal_positions(first):
            mark = reference.to_move(cells, first)
            analysis = analyse(board_of(cells, first))
            assert sorted(analysis) == [i for i in range(9) if cells[i] == "."]
            for cell, move in analysis.items():
                result, plies = reference.move_value(cells, cell, mark)
                assert (move.result.value, move.plies) == (
                    {1: "win", 0: "draw", -1: "loss"}[result],
                    plies,
                ), f"{reference.as_text(cells)} cell {cell}"


def test_genius_takes_an_immediate_win_over_a_slower_one() -> None:
    board = Board.parse("XX./OO./...", to_move=Mark.X)
    assert genius_moves(board) == (2,)


def test_genius_as_the_losing_side_delays_the_loss() -> None:
    # X threatens the diagonal at 0 and will fork after the block; blocking loses in 4, not 2.
    board = Board.parse(".../.X./.OX", to_move="O")
    assert genius_moves(board) == (0,)
    assert analyse(board)[0].plies == 4 and analyse(board)[1].plies == 2
    assert str(analyse(board)[0]) == "loss in 2"  # counted in the mover's moves
    assert str(analyse(board)[1]) == "loss in 1"  # X wins with its next move
