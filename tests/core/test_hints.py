"""Hints are Genius's move, with a true word on why."""

import pytest

from nac.core import Board, GameAlreadyOver, Genius, Result, hint

from . import reference

genius = Genius()


@pytest.mark.parametrize("first", ["X", "O"])
def test_the_hint_is_a_move_genius_would_make_on_every_position(first: str) -> None:
    for cells in reference.non_terminal_positions(first):
        board = Board.parse(reference.as_text(cells), to_move=reference.to_move(cells, first))
        advice = hint(board)
        assert advice.cell in genius.best_moves(board)
        mark = board.to_move.value
        result, plies = reference.move_value(cells, advice.cell, mark)
        assert advice.value is not None and advice.value.plies == plies
        if result > 0:
            assert advice.reason == ("wins" if plies == 1 else f"wins in {plies}")
        elif result < 0:
            assert "every move loses" in advice.reason


@pytest.mark.parametrize(
    ("position", "to_move", "cell", "reason"),
    [
        ("XX./OO./...", "X", 2, "wins"),
        ("X../.O./X..", "O", 3, "blocks: the only move that draws"),
        ("X../.../...", "O", 4, "only move that draws"),
        (".../.X./.OX", "O", 0, "blocks, though every move loses"),
        ("X../.O./..X", "O", 1, "draws"),
    ],
)
def test_the_reason_says_why(position: str, to_move: str, cell: int, reason: str) -> None:
    advice = hint(Board.parse(position, to_move=to_move))
    assert (advice.cell, advice.reason) == (cell, reason)


def test_a_forced_win_says_in_how_many_moves() -> None:
    # O answered X's corner with an edge: X can force a win in 5 plies.
    advice = hint(Board.parse(".../.../.OX", to_move="X"))
    assert advice.value is not None and advice.value.result is Result.WIN
    assert advice.reason == "wins in 5"


def test_no_hint_once_the_game_is_over() -> None:
    with pytest.raises(GameAlreadyOver):
        hint(Board.parse("XXX/OO./..."))
