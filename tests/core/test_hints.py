"""Hints are Genius's move, with a true word on why (the engine's facts, said by `hint_reason`)."""

import random

import pytest

from nac.core import NORMAL, Board, GameAlreadyOver
from nac.engine import Genius, Hint, Result, genius_moves, hint
from nac.present.game.hint_words import hint_reason

from . import big_reference, reference

genius = Genius()


def reason(board: Board, advice: Hint) -> str:
    return hint_reason(board.rules, advice)


@pytest.mark.parametrize("first", ["X", "O"])
def test_the_hint_is_a_move_genius_would_make_on_every_position(first: str) -> None:
    for cells in reference.non_terminal_positions(first):
        board = Board.parse(reference.as_text(cells), to_move=reference.to_move(cells, first))
        advice = hint(board)
        assert advice.cell in genius_moves(board)
        mark = board.to_move.value
        result, plies = reference.move_value(cells, advice.cell, mark)
        assert advice.value is not None and advice.value.plies == plies
        if result > 0:
            wins = "wins" if plies == 1 else f"wins in {(plies + 1) // 2}"
            assert reason(board, advice) == wins
        elif result < 0:
            assert "every move loses" in reason(board, advice)


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
    assert (advice.cell, hint_reason(NORMAL, advice)) == (cell, reason)


def test_a_forced_win_says_in_how_many_moves() -> None:
    # O answered X's corner with an edge: X can force a win in 5 plies.
    advice = hint(Board.parse(".../.../.OX", to_move="X"))
    assert advice.value is not None and advice.value.result is Result.WIN
    assert hint_reason(NORMAL, advice) == "wins in 3"  # X's moves, this one included


def test_no_hint_once_the_game_is_over() -> None:
    with pytest.raises(GameAlreadyOver):
        hint(Board.parse("XXX/OO./..."))


def test_a_5x5_hint_says_forces_a_win_only_where_it_is_proven() -> None:
    # The position from the issue: X c3, d3; O c2, b3. A search once called d4 "two threats
    # next" and then d2 "forces a win"; the book and the exact search say one thing.
    board = Board.parse("...../..O../.OXX./...../.....", "X", win_length=4)
    first, again = hint(board), hint(board)
    assert first == again and reason(board, first) == "forces a win"
    assert first.value is not None and first.value.result is Result.WIN
    after = board.play(first.cell)
    for reply in after.empty_cells:  # whatever O answers, X's next hint still wins by force
        answer = hint(after.play(reply))
        assert answer.value is not None and answer.value.result is Result.WIN, reply


def test_5x5_hints_agree_with_the_independent_solver_late_in_games() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(6):
        board = Board.empty(5)
        while board.outcome is None:
            if len(board.empty_cells) <= 9:
                advice = hint(board)
                cells = tuple(mark.value if mark else "." for mark in board)
                mover = board.to_move.value
                truth = big_reference.move_value(cells, advice.cell, mover, 5, 4)
                best = big_reference.value(cells, mover, 5, 4)
                assert advice.value is not None and truth == best == advice.value.score
                if reason(board, advice) == "forces a win":
                    assert truth == 1
                checked += 1
            board = board.play(rng.choice(board.empty_cells))
    assert checked


def test_an_ultimate_hint_says_it_is_a_searchs_pick_not_a_proof() -> None:
    from nac.core import ULTIMATE
    from nac.engine import Hint
    from nac.present.game.hint_words import UNSOLVED_PICK

    assert hint_reason(ULTIMATE, Hint(40, None)) == UNSOLVED_PICK
    assert "not proven" in hint_reason(ULTIMATE, Hint(40, None, blocks=True))
