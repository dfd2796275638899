"""The Board: an immutable position, its text form, and the rules of a move."""

from typing import Any

import pytest

from nac.core import (
    Board,
    GameAlreadyOver,
    InvalidPosition,
    Mark,
    NotASquare,
    Outcome,
    SquareTaken,
    geometry,
)


def test_a_new_board_is_empty_with_x_to_move() -> None:
    board = Board.empty()
    assert board.is_empty and board.to_move is Mark.X
    assert board.empty_cells == tuple(range(9))
    assert board.outcome is None and str(board) == ".../.../..."


def test_either_side_may_start() -> None:
    board = Board.empty(first=Mark.O)
    assert board.to_move is Mark.O
    assert board.play(4)[4] is Mark.O


def test_play_returns_a_new_board_and_leaves_the_old_one_alone() -> None:
    board = Board.empty()
    after = board.play(4)
    assert board.is_empty
    assert after[4] is Mark.X and after.to_move is Mark.O


def test_a_board_cannot_be_changed() -> None:
    board = Board.empty()
    with pytest.raises(AttributeError):
        setattr(board, "x_bits", 1)  # noqa: B010 - as a careless caller would


@pytest.mark.parametrize("text", ["X.O/.X./..O", "XXX/OO./...", "XOX/XOO/OXX", ".../.../..."])
def test_text_form_round_trips(text: str) -> None:
    assert str(Board.parse(text)) == text
    board = Board.parse(text)
    assert eval(repr(board)) == board


def test_parse_accepts_underscore_space_and_lower_case() -> None:
    assert Board.parse("x_o/ x /__o") == Board.parse("X.O/.X./..O")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("X.O/.X.", "not a square board"),
        ("X.O/.X./..", "not a square board"),
        ("X.Q/.X./..O", "'Q'"),
        ("XXX/OOO/...", "both have a line"),
        ("XX./.../...", "turns must alternate"),
        ("OO./X../...", "turns must alternate"),
        ("XXX/OO./O..", "X has a line, so the game ended"),
    ],
)
def test_parse_refuses_what_no_game_can_reach(text: str, reason: str) -> None:
    with pytest.raises(InvalidPosition, match=reason):
        Board.parse(text)


def test_a_move_that_completes_a_line_ends_the_game() -> None:
    board = Board.parse("XX./OO./...").play(2)
    assert board.outcome == Outcome(Mark.X, (0, 1, 2))
    assert board.is_over and board.legal_moves == ()


def test_one_move_completing_two_lines_reports_both() -> None:
    board = Board.parse(".XX/XOO/XOO", to_move="X").play(0)
    assert board.outcome == Outcome(Mark.X, (0, 1, 2, 3, 6))


def test_a_full_board_without_a_line_is_a_draw() -> None:
    board = Board.parse("XOX/XOO/OX.").play(8)
    assert board.outcome == Outcome(None) and board.outcome.is_draw


def test_refused_moves_say_why_and_name_the_cell() -> None:
    board = Board.parse("X../.O./...")
    with pytest.raises(SquareTaken, match="cell 4 is taken by O"):
        board.play(4)
    junk: tuple[Any, ...] = (-1, 9, "4", 4.0, None, True)
    for bad in junk:
        with pytest.raises(NotASquare):
            board.play(bad)
    with pytest.raises(GameAlreadyOver):
        Board.parse("XXX/OO./...").play(8)


@pytest.mark.parametrize(
    ("size", "win_length", "line_count"),
    [(3, 3, 8), (4, 4, 10), (4, 3, 24), (5, 4, 28), (5, 5, 12), (7, 4, 88)],
)
def test_winning_lines_for_bigger_boards(size: int, win_length: int, line_count: int) -> None:
    shape = geometry(size, win_length)
    assert len(shape.lines) == line_count
    for cell in range(size * size):
        through = [line for line in shape.lines if cell in line]
        assert [shape.lines[i] for i in shape.lines_through[cell]] == through


def test_geometry_is_made_once_per_shape() -> None:
    assert geometry(3) is geometry(3, 3)
    assert geometry(5) is geometry(5, 4)


@pytest.mark.parametrize(("size", "win_length"), [(2, 2), (8, 4), (4, 5), (4, 2)])
def test_unsupported_shapes_are_refused(size: int, win_length: int) -> None:
    with pytest.raises(ValueError):
        geometry(size, win_length)


def test_four_in_a_row_on_a_bigger_board() -> None:
    board = Board.parse("XXX../OOO../...../...../.....")
    assert board.win_length == 4 and board.outcome is None
    won = board.play(3)
    assert won.outcome == Outcome(Mark.X, (0, 1, 2, 3))


def test_boards_are_equal_by_position() -> None:
    assert Board.empty().play(4) == Board.parse(".../.X./...")
    assert Board.empty() != Board.empty(first=Mark.O)
    assert len({Board.empty(), Board.parse(".../.../...")}) == 1


def test_a_huge_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(InvalidPosition, match="1,000,000 characters is not a board"):
        Board.parse("X" * 1_000_000)


@pytest.mark.parametrize("cell", [9, -1, 100, "4", 4.0, True, None])
def test_a_cell_off_the_board_is_an_index_error(cell: Any) -> None:
    with pytest.raises(IndexError, match="is not a square: use a cell from 0 to 8"):
        Board.empty()[cell]
