"""Ultimate noughts and crosses against a reference model written here, the plainest reading of
the rules (a 9×9 grid of characters, every board's state worked out again at each move): the
legal moves, the boards won, the board sent to and the outcome agree on thousands of random
games; hypothesis checks the sending rule and decided boards on games it draws itself."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import (
    ULTIMATE,
    GameAlreadyOver,
    IllegalMove,
    InvalidPosition,
    KeypadLayout,
    Mark,
    UltimateBoard,
    find_rules,
    format_game,
    grid_cell,
    grid_place,
    parse_game,
    parse_square,
    read_position,
    square_name,
    start_position,
    ultimate_cell,
)

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Reference:
    """The rules as a person reads them: a 9×9 grid, rows from the top, and the last move."""

    def __init__(self) -> None:
        self.grid = [["."] * 9 for _ in range(9)]
        self.to_move = "X"
        self.last: tuple[int, int] | None = None  # (column, row) of the last move

    def square(self, board: int, square: int) -> str:
        column = (board % 3) * 3 + square % 3
        row = (board // 3) * 3 + square // 3
        return self.grid[row][column]

    def board_winner(self, board: int) -> str | None:
        for a, b, c in LINES:
            first = self.square(board, a)
            if first != "." and first == self.square(board, b) == self.square(board, c):
                return first
        return None

    def board_full(self, board: int) -> bool:
        return all(self.square(board, s) != "." for s in range(9))

    def decided(self, board: int) -> bool:
        return self.board_winner(board) is not None or self.board_full(board)

    def winner(self) -> str | None:
        for a, b, c in LINES:
            first = self.board_winner(a)
            if first is not None and first == self.board_winner(b) == self.board_winner(c):
                return first
        return None

    def over(self) -> bool:
        return self.winner() is not None or all(self.decided(b) for b in range(9))

    def legal(self) -> set[tuple[int, int]]:
        """(column, row) of every square the side to move may play."""
        if self.over():
            return set()
        boards = range(9)
        if self.last is not None:
            column, row = self.last
            sent = (row % 3) * 3 + column % 3
            if not self.decided(sent):
                boards = range(sent, sent + 1)
        return {
            ((b % 3) * 3 + s % 3, (b // 3) * 3 + s // 3)
            for b in boards
            if not self.decided(b)
            for s in range(9)
            if self.square(b, s) == "."
        }

    def play(self, column: int, row: int) -> None:
        assert (column, row) in self.legal()
        self.grid[row][column] = self.to_move
        self.to_move = "O" if self.to_move == "X" else "X"
        self.last = (column, row)


def as_places(cells: tuple[int, ...]) -> set[tuple[int, int]]:
    return {grid_place(cell) for cell in cells}


def test_random_games_agree_with_the_reference_at_every_move() -> None:
    rng = random.Random(30)
    endings = {"X": 0, "O": 0, "draw": 0}
    for _ in range(1000):
        position, reference = UltimateBoard.empty(), Reference()
        while True:
            assert as_places(position.legal_moves) == reference.legal()
            assert position.is_over is reference.over()
            for board in range(9):
                winner = position.board_winner(board)
                assert (winner.value if winner else None) == reference.board_winner(board)
            if position.is_over:
                break
            cell = rng.choice(position.legal_moves)
            position = position.play(cell)
            reference.play(*grid_place(cell))
            assert position.to_move.value == reference.to_move
        assert position.outcome is not None
        winner = position.outcome.winner
        assert (winner.value if winner else None) == reference.winner()
        endings[winner.value if winner else "draw"] += 1
        if winner is not None:  # the line shown: cells of the won boards, all the winner's
            assert position.outcome.line and all(
                position[c] is winner for c in position.outcome.line
            )
    assert all(count > 0 for count in endings.values())  # wins each side, and draws, were seen


@st.composite
def games(draw: st.DrawFn) -> UltimateBoard:
    position = UltimateBoard.empty()
    for _ in range(draw(st.integers(min_value=0, max_value=81))):
        if position.is_over:
            break
        position = position.play(draw(st.sampled_from(position.legal_moves)))
    return position


@settings(max_examples=150, deadline=None)
@given(games(), st.data())
def test_a_move_sends_the_other_side_to_the_board_of_its_square(
    position: UltimateBoard, data: st.DataObject
) -> None:
    if position.is_over:
        assert position.legal_moves == ()
        return
    cell = data.draw(st.sampled_from(position.legal_moves))
    after = position.play(cell)
    sent = cell % 9
    if after.is_over:
        return
    if after.decided >> sent & 1:  # a decided board sends the move anywhere still open
        assert after.forced is None
        assert {c // 9 for c in after.legal_moves} == {
            b for b in range(9) if not after.decided >> b & 1
        }
    else:
        assert after.forced == sent and {c // 9 for c in after.legal_moves} == {sent}


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_decided_board_takes_no_move_and_says_so(position: UltimateBoard) -> None:
    for board in range(9):
        if position.decided >> board & 1:
            assert not any(c // 9 == board for c in position.legal_moves)
            empty = [
                ultimate_cell(board, s)
                for s in range(9)
                if position[ultimate_cell(board, s)] is None
            ]
            if empty and not position.is_over:
                with pytest.raises(IllegalMove, match=f"board {board + 1} is decided"):
                    position.play(empty[0])
    assert UltimateBoard.parse(str(position), position.to_move) == position


def test_the_first_move_goes_anywhere_and_the_next_to_its_squares_board() -> None:
    position = start_position(ULTIMATE)
    assert isinstance(position, UltimateBoard) and len(position.legal_moves) == 81
    after = position.play(grid_cell(4, 4))  # e5: the centre of the centre board
    assert after.forced == 4 and len(after.legal_moves) == 8
    with pytest.raises(IllegalMove, match="must be played in board 5"):
        after.play(grid_cell(0, 0))
    with pytest.raises(IllegalMove, match="taken"):
        after.play(grid_cell(4, 4))


def test_three_won_boards_in_a_line_win_and_the_game_takes_no_more_moves() -> None:
    rows = [
        "XXXXXXXXX",  # boards 1, 2 and 3 won by X (their top rows)
        "OO.OO.OO.",
        "O..O..O..",  # as many O's, in no line
        *["........."] * 6,
    ]
    position = UltimateBoard.parse("/".join(rows), Mark.X)
    assert position.outcome is not None and position.outcome.winner is Mark.X
    assert position.legal_moves == ()
    with pytest.raises(GameAlreadyOver):
        position.play(grid_cell(0, 8))


def test_a_position_reads_back_with_the_board_it_sends_to() -> None:
    position = UltimateBoard.empty().play(grid_cell(4, 4)).play(grid_cell(3, 3))
    text = str(position)
    assert text.endswith(" 1") and read_position(ULTIMATE, text, Mark.X) == position
    assert eval(repr(position), {"UltimateBoard": UltimateBoard}) == position


@pytest.mark.parametrize(
    "text",
    [
        "X" * 81,
        "/".join(["........."] * 8),
        "/".join(["........."] * 9) + " 0",
        "/".join(["XXX......", "OOO......", *["........."] * 7]),  # both lines on board 1
        "/".join(["XX.......", *["........."] * 8]),  # X twice ahead: no game reaches it
    ],
)
def test_a_text_that_is_no_ultimate_position_is_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        UltimateBoard.parse(text)


def test_squares_are_named_on_the_9x9_grid_and_by_board_and_key() -> None:
    phone, numpad = KeypadLayout.PHONE, KeypadLayout.NUMPAD
    assert square_name(grid_cell(4, 4), ULTIMATE, phone) == "e5"
    assert square_name(grid_cell(8, 0), ULTIMATE, phone) == "i1"
    assert parse_square("E5", ULTIMATE, phone) == grid_cell(4, 4)
    assert parse_square("5:5", ULTIMATE, phone) == parse_square("55", ULTIMATE, phone) == 40
    assert parse_square("1 1", ULTIMATE, phone) == grid_cell(0, 0)
    assert parse_square("7 7", ULTIMATE, numpad) == grid_cell(0, 0)  # 7 is top left there
    assert find_rules("ultimate") is not None and find_rules("Ultimate 3") == ULTIMATE


def test_a_game_of_ultimate_reads_back_from_its_line() -> None:
    from datetime import UTC, datetime

    from nac.core import Ending, Mode, SavedGame

    rng = random.Random(3)
    position, moves = UltimateBoard.empty(), []
    while not position.is_over:
        moves.append(rng.choice(position.legal_moves))
        position = position.play(moves[-1])
    saved = SavedGame(
        datetime(2026, 11, 26, tzinfo=UTC),
        Mode.TWO_PLAYER,
        ULTIMATE,
        "person",
        "person",
        Mark.X,
        Ending.of(position),
        tuple(moves),
    )
    line = format_game(saved)
    assert " 9x9 variant=ultimate " in line and parse_game(line) == saved
