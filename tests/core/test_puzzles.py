"""Puzzles: every shipped puzzle is what it says (checked by the independent solvers), the
file is sorted and is what the generator makes, and judging a move tells right from wrong."""

from __future__ import annotations

from functools import cache

import pytest

from nac.core import Board, IllegalMove, Mark, coordinate
from nac.engine import Result, analyse
from nac.engine.puzzles import (
    Puzzle,
    all_puzzles,
    defender_reply,
    difficulty_order,
    find_puzzle,
    format_puzzle,
    judge_move,
    makes_threat,
    parse_puzzle,
    puzzles_text,
)
from nac.present.learning.review_words import puzzle_goal
from tools.make_puzzles import build, one_per_class, reachable_3x3

from . import big_reference, reference


def as_cells(board: Board) -> tuple[str, ...]:
    return tuple("." if mark is None else mark.value for mark in board)


@cache
def wins_within(cells: tuple[str, ...], mover: str, size: int, length: int, plies: int) -> bool:
    """Whether `mover`, to move, can force a win within `plies` plies, its own moves counted,
    whatever the other side does. Plain memoised search, sharing nothing with `nac.core`."""
    if plies < 1:
        return False
    other = "O" if mover == "X" else "X"
    empty = [cell for cell, mark in enumerate(cells) if mark == "."]
    for cell in empty:
        after = (*cells[:cell], mover, *cells[cell + 1 :])
        if big_reference.completes(after, cell, mover, size, length):
            return True
    if plies < 3:
        return False
    for cell in empty:
        after = (*cells[:cell], mover, *cells[cell + 1 :])
        replies = [reply for reply in empty if reply != cell]
        if replies and all(
            not big_reference.completes(
                (*after[:reply], other, *after[reply + 1 :]), reply, other, size, length
            )
            and wins_within(
                (*after[:reply], other, *after[reply + 1 :]), mover, size, length, plies - 2
            )
            for reply in replies
        ):
            return True
    return False


def check_against_the_independent_solvers(puzzle: Puzzle) -> None:
    board = puzzle.board
    cells, mover = as_cells(board), board.to_move.value
    size, length = board.size, board.win_length
    if size == 3:
        values = {
            cell: reference.move_value("".join(cells), cell, mover) for cell in board.empty_cells
        }
        winning = [cell for cell, (result, _) in values.items() if result > 0]
        assert winning == [puzzle.winning_cell], puzzle.key
        assert values[puzzle.winning_cell][1] == puzzle.plies, puzzle.key
    else:
        results = {
            cell: big_reference.move_value(cells, cell, mover, size, length)
            for cell in board.empty_cells
        }
        winning = [cell for cell, result in results.items() if result > 0]
        assert winning == [puzzle.winning_cell], puzzle.key
        assert wins_within(cells, mover, size, length, puzzle.plies), puzzle.key
        assert not wins_within(cells, mover, size, length, puzzle.plies - 2), puzzle.key
    assert puzzle.plies >= 3 and puzzle.plies % 2 == 1
    threats = [
        cell
        for cell in board.empty_cells
        if cell != puzzle.winning_cell and makes_threat(board, cell)
    ]
    assert puzzle.tempting == len(threats)


def test_the_file_holds_a_few_hundred_puzzles_from_both_boards() -> None:
    shipped = all_puzzles()
    assert 100 <= len(shipped) <= 500
    assert {puzzle.board.size for puzzle in shipped} == {3, 4}
    assert len(puzzles_text().encode()) <= 100_000
    assert len({puzzle.key for puzzle in shipped}) == len(shipped)


def test_every_3x3_puzzle_has_exactly_one_winning_move_as_the_reference_solver_says() -> None:
    for puzzle in all_puzzles():
        if puzzle.board.size == 3:
            check_against_the_independent_solvers(puzzle)


def test_every_4x4_puzzle_agrees_with_the_independent_solver() -> None:
    for puzzle in all_puzzles():
        if puzzle.board.size == 4:
            check_against_the_independent_solvers(puzzle)


def test_the_file_is_sorted_easiest_first() -> None:
    shipped = list(all_puzzles())
    assert shipped == sorted(shipped, key=difficulty_order)
    assert shipped[0].difficulty < shipped[-1].difficulty


def test_the_3x3_puzzles_are_exactly_what_the_generator_finds() -> None:
    generated = {format_puzzle(puzzle) for puzzle in one_per_class(reachable_3x3())}
    shipped = {format_puzzle(puzzle) for puzzle in all_puzzles() if puzzle.board.size == 3}
    assert generated == shipped


def test_the_generator_run_on_a_few_games_reproduces_lines_of_the_file() -> None:
    lines = build(range(40))
    assert lines[:2] == puzzles_text().splitlines()[:2]  # the header
    from_games = [line for line in lines[2:] if len(line.split()[0]) > len("X.O/.X./O..")]
    assert from_games, "40 games should give some 4×4 puzzles"
    assert set(from_games) <= set(puzzles_text().splitlines())


def test_a_puzzle_line_round_trips() -> None:
    for puzzle in all_puzzles()[::25]:
        assert parse_puzzle(format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize(
    "line",
    [
        "",
        "X.O/.X./O.. X c3 3",
        "X.O/.X./O.. X c3 three 1",
        "X.O/.X./O.. X a1 3 1",
        "XXX/.../... O b2 3 0",
        "X.O/.X./O.. X z9 3 1",
    ],
)
def test_a_bad_puzzle_line_is_refused(line: str) -> None:
    with pytest.raises(ValueError):
        parse_puzzle(line)


def test_the_goal_says_who_plays_and_how_fast_the_win_is() -> None:
    puzzle = parse_puzzle("X.O/.X./O.. O c3 3 0")
    assert puzzle_goal(puzzle) == "O to play and win in 2"  # O's second move wins


# -- playing a puzzle ---------------------------------------------------------------------------


def test_the_winning_move_is_right_and_every_other_move_is_wrong_with_a_refutation() -> None:
    puzzle = all_puzzles()[0]
    for cell in puzzle.board.empty_cells:
        judgement = puzzle.judge(cell)
        assert judgement.right == (cell == puzzle.winning_cell)
        if judgement.right:
            assert judgement.value.result is Result.WIN and judgement.value.plies == puzzle.plies
            assert judgement.refutation is None
        else:
            assert judgement.value.result is not Result.WIN
            after = puzzle.board.play(cell)
            assert judgement.refutation in after.empty_cells
            # The refutation is the defender's best: it keeps what the wrong move gave away.
            reply = analyse(after)[judgement.refutation]
            assert reply.score == -judgement.value.score


def test_a_wrong_move_that_misses_a_block_is_refuted_by_the_win() -> None:
    # O threatens the diagonal c1-b2-a3; X must block at b2, which also makes two threats.
    puzzle = find_puzzle(Board.parse("..O/.../OXX", to_move="X"))
    assert puzzle is not None and coordinate(puzzle.winning_cell, 3) == "b2"
    wrong = puzzle.judge(0)
    assert wrong.value.result is Result.LOSS and wrong.value.plies == 2
    assert wrong.refutation == 4


def test_played_through_against_genius_the_right_moves_win_in_the_plies_stated() -> None:
    for puzzle in all_puzzles()[::10]:
        board, plies = puzzle.board, 0
        cell = puzzle.winning_cell
        while True:
            assert judge_move(board, cell).right
            board, plies = board.play(cell), plies + 1
            if board.outcome is not None:
                break
            board, plies = board.play(defender_reply(board)), plies + 1
            cell = fastest_win(board)
        assert board.winner is puzzle.board.to_move and plies == puzzle.plies


def fastest_win(board: Board) -> int:
    wins = {cell: value for cell, value in analyse(board).items() if value.result is Result.WIN}
    return max(wins, key=lambda cell: wins[cell].score)  # the fastest win scores highest


def test_a_later_move_that_lets_the_win_go_is_wrong() -> None:
    puzzle = find_puzzle(Board.parse("..O/.../OXX", to_move="X"))
    assert puzzle is not None
    board = puzzle.board.play(4)
    board = board.play(defender_reply(board))
    for cell in board.empty_cells:
        assert judge_move(board, cell).right == (analyse(board)[cell].result is Result.WIN)
    assert any(not judge_move(board, cell).right for cell in board.empty_cells)


def test_judging_a_taken_square_is_refused() -> None:
    puzzle = all_puzzles()[0]
    taken = next(cell for cell in range(puzzle.board.cell_count) if puzzle.board[cell] is not None)
    with pytest.raises(IllegalMove):
        puzzle.judge(taken)


def test_a_position_with_two_winning_moves_or_none_is_no_puzzle() -> None:
    assert find_puzzle(Board.empty(3)) is None  # a draw
    assert find_puzzle(Board.parse("X.X/OO./...", to_move=Mark.X)) is None  # a win in 1
    assert find_puzzle(Board.parse("X../.O./..X", to_move="O")) is None  # O cannot win
    assert find_puzzle(Board.empty(5)) is None  # too big to solve
