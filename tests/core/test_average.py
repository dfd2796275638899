"""Average follows its rules of thumb, never misses a win or a block, and falls to a fork."""

import random

import pytest

from nac.core import Board, Level, Mark
from nac.engine import Average, choose_move

from . import reference

average = Average()


def immediate_wins(cells: str, mark: str) -> set[int]:
    return {
        i for i in range(9) if cells[i] == "." and reference.winner(reference.play(cells, i, mark))
    }


@pytest.mark.parametrize("first", ["X", "O"])
def test_average_never_misses_a_win_or_a_needed_block(first: str) -> None:
    for cells in reference.non_terminal_positions(first):
        mark = reference.to_move(cells, first)
        other = "O" if mark == "X" else "X"
        board = Board.parse(reference.as_text(cells), to_move=mark)
        candidates = set(average.candidates(board))
        wins = immediate_wins(cells, mark)
        blocks = immediate_wins(cells, other)
        if wins:
            assert candidates == wins, reference.as_text(cells)
        elif blocks:
            assert candidates == blocks, reference.as_text(cells)


@pytest.mark.parametrize(
    ("position", "expected"),
    [
        (".../.../...", {4}),  # the centre first
        ("O../.X./...", {8}),  # no win, no block, centre gone: the corner opposite theirs
        ("X../.O./..X", {2, 6}),  # their corners' opposites are taken: any corner
        ("XO./XO./..X", {7}),  # its own win comes before blocking X at 6
        ("X../.O./X..", {3}),  # no win of its own: block X's column
        ("OXO/.X./XOX", {3, 5}),  # only sides left
    ],
)
def test_average_applies_its_rules_in_order(position: str, expected: set[int]) -> None:
    assert set(average.candidates(Board.parse(position))) == expected


def test_average_chooses_at_random_among_equal_cells() -> None:
    board = Board.parse("X../.O./..X")
    rng = random.Random(3)
    assert {choose_move(board, Level.AVERAGE, rng) for _ in range(50)} == {2, 6}


def test_a_fork_beats_average_whatever_it_picks() -> None:
    """X takes corner 0, then the opposite corner 8; Average takes the centre and then a corner;
    X blocks with the last free corner, which makes two threats; Average can block only one.
    Checked for every choice Average could make."""

    def x_plays(board: Board) -> Board:
        if board.is_empty:
            return board.play(0)
        if board.mark_count == 2:
            return board.play(8)
        wins = [cell for cell in board.empty_cells if board.play(cell).winner is Mark.X]
        if wins:
            return board.play(wins[0])
        (block,) = [
            cell
            for cell in board.empty_cells
            if board.play(cell).outcome is None and _o_threatens(board, cell)
        ]
        return board.play(block)

    def follow(board: Board) -> int:
        if board.outcome is not None:
            assert board.winner is Mark.X, f"Average escaped the fork: {board}"
            return 1
        if board.to_move is Mark.X:
            return follow(x_plays(board))
        return sum(follow(board.play(cell)) for cell in average.candidates(board))

    assert follow(Board.empty()) >= 4


def _o_threatens(board: Board, cell: int) -> bool:
    """Whether O would win by playing `cell` (so X has to block it)."""
    as_o = Board.parse(str(board), to_move=Mark.O)
    return as_o.play(cell).winner is Mark.O
