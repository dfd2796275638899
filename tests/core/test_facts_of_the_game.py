"""Known facts of 3×3 noughts and crosses, from the independent model; the core agrees."""

from itertools import product

import pytest

from nac.core import Board, InvalidPosition
from nac.engine import Result, position_value

from . import reference


def test_there_are_5478_legal_positions() -> None:
    assert len(reference.reachable_positions()) == 5478


def test_4520_of_them_are_not_over() -> None:
    assert sum(1 for _ in reference.non_terminal_positions()) == 4520


def test_there_are_255168_possible_games() -> None:
    games = reference.count_games()
    assert sum(games.values()) == 255_168
    assert games["X"] == 131_184
    assert games["O"] == 77_904
    assert games["draw"] == 46_080


def test_the_empty_board_is_a_draw() -> None:
    assert reference.value(reference.EMPTY, "X") == (0, 9)
    value = position_value(Board.empty())
    assert value is not None and value.result is Result.DRAW


def test_board_parse_accepts_exactly_the_reachable_positions() -> None:
    """Of all 3^9 fillings, the core accepts as X-started positions exactly the reachable ones."""
    reachable = reference.reachable_positions()
    accepted = set()
    for cells in product(".XO", repeat=9):
        text = "".join(cells)
        try:
            board = Board.parse(reference.as_text(text))
        except InvalidPosition:
            continue
        accepted.add(text)
        assert (board.outcome is not None) == reference.is_terminal(text)
        if board.outcome is not None:
            expected = reference.winner(text)
            assert (board.winner.value if board.winner else None) == expected
    assert accepted == reachable


@pytest.mark.parametrize("first", ["X", "O"])
def test_the_core_agrees_on_every_outcome(first: str) -> None:
    for text in reference.reachable_positions(first):
        board = Board.parse(reference.as_text(text), to_move=reference.to_move(text, first))
        winner = reference.winner(text)
        if winner:
            assert board.outcome is not None and board.outcome.winner is not None
            assert board.outcome.winner.value == winner
        elif "." not in text:
            assert board.outcome is not None and board.outcome.is_draw
        else:
            assert board.outcome is None
