"""Reviews: every move rated as the independent solvers rate it, lost games always show the
loser's blunder, Geniuses play only best moves, and on 5×5 nothing unproven is rated."""

from __future__ import annotations

import random
import threading

import pytest

from nac.core import (
    FIXED_LEVELS,
    Board,
    IllegalMove,
    Level,
    Mark,
    NotaktoBoard,
    NotASquare,
    Rules,
    SquareTaken,
    coordinate,
)
from nac.engine import (
    MoveValue,
    Result,
    SearchStopped,
    choose_move,
)
from nac.engine.review import GameReview, Rating, rate, review_game
from nac.engine.sources import forget
from nac.present.learning.review_words import side_summary, what_was_best

from . import big_reference, reference
from .test_notakto import as_text, key, model_value, value
from .test_puzzles import as_cells

LEVELS = FIXED_LEVELS


def played_game(size: int, x: Level, o: Level, seed: int, first: Mark = Mark.X) -> list[int]:
    """The cells of a whole game between two levels, the same for the same seed."""
    rng = random.Random(seed)
    board = Board.empty(size, first=first)
    moves = []
    while board.outcome is None:
        level = x if board.to_move is Mark.X else o
        cell = choose_move(board, level, rng)
        moves.append(cell)
        board = board.play(cell)
    return moves


def final_board(moves: list[int], size: int, first: Mark = Mark.X) -> Board:
    board = Board.empty(size, first=first)
    for cell in moves:
        board = board.play(cell)
    return board


def reference_rating(played: tuple[int, int], best: tuple[int, int]) -> Rating:
    """The rating from the issue's words, on the reference solver's (result, plies)."""
    if played == best:
        return Rating.BEST
    if played[0] == best[0]:
        return Rating.INACCURACY
    if best[0] > 0 and played[0] == 0:
        return Rating.MISTAKE
    return Rating.BLUNDER


def random_games(size: int, count: int) -> list[tuple[list[int], Mark]]:
    rng = random.Random(size)
    games = []
    for seed in range(count):
        first = rng.choice(list(Mark))
        games.append(
            (played_game(size, rng.choice(LEVELS), rng.choice(LEVELS), seed, first), first)
        )
    return games


# -- exact reviews -------------------------------------------------------------------------------


def test_every_move_of_3x3_games_is_rated_as_the_reference_solver_says() -> None:
    for moves, first in random_games(3, 150):
        reviewed = review_game(moves, Rules.of(3), first)
        assert reviewed.exact and len(reviewed.moves) == len(moves)
        cells = reference.EMPTY
        for number, (move, cell) in enumerate(zip(reviewed.moves, moves, strict=True), 1):
            mark = reference.to_move(cells, first.value)
            played = reference.move_value(cells, cell, mark)
            best = reference.value(cells, mark)
            assert (move.number, move.cell, move.mark.value) == (number, cell, mark)
            assert move.played is not None and move.best is not None and move.exact
            assert as_pair(move.played) == played and as_pair(move.best) == best
            assert move.rating is reference_rating(played, best)
            assert move.best_cells == tuple(
                c
                for c in range(9)
                if cells[c] == "." and reference.move_value(cells, c, mark) == best
            )
            cells = reference.play(cells, cell, mark)


def as_pair(value: MoveValue) -> tuple[int, int | None]:
    return ({Result.WIN: 1, Result.DRAW: 0, Result.LOSS: -1}[value.result], value.plies)


def test_4x4_endgames_are_rated_on_results_the_independent_solver_confirms() -> None:
    for moves, first in random_games(4, 12):
        reviewed = review_game(moves, Rules.of(4), first)
        board = Board.empty(4, first=first)
        for move in reviewed.moves:
            if len(board.empty_cells) <= 9:
                cells, mark = as_cells(board), board.to_move.value
                played = big_reference.move_value(cells, move.cell, mark, 4, 4)
                best = max(
                    big_reference.move_value(cells, c, mark, 4, 4) for c in board.empty_cells
                )
                assert move.played is not None and move.best is not None
                assert as_pair(move.played)[0] == played and as_pair(move.best)[0] == best
            board = board.play(move.cell)


def test_a_lost_game_has_a_blunder_by_the_loser() -> None:
    lost = 0
    for size, count in ((3, 200), (4, 12)):
        for moves, first in random_games(size, count):
            winner = final_board(moves, size, first).winner
            if winner is None:
                continue
            lost += 1
            summary = review_game(moves, Rules.of(size), first).summary(winner.other)
            assert summary.blunders, f"{size}×{size} {moves}"
    assert lost > 50


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("first", list(Mark))
def test_a_game_between_two_geniuses_has_only_best_moves(size: int, first: Mark) -> None:
    for seed in range(4 if size == 3 else 2):
        moves = played_game(size, Level.GENIUS, Level.GENIUS, seed, first)
        reviewed = review_game(moves, Rules.of(size), first)
        assert {move.rating for move in reviewed.moves} == {Rating.BEST}
        for mark in Mark:
            summary = reviewed.summary(mark)
            assert summary.best == summary.count(Rating.BEST) > 0
            assert side_summary(summary) == f"{summary.best} best"


def test_a_corner_answered_in_the_wrong_corner_is_a_blunder_that_says_what_was_best() -> None:
    # X a1, O b2, X c3: O must take an edge; the corner a3 loses to the fork at c1.
    moves = [0, 4, 8, 6, 2, 5, 1]
    reviewed = review_game(moves, Rules.of(3))
    blunder = reviewed.moves[3]
    assert blunder.rating is Rating.BLUNDER
    assert blunder.played == MoveValue(Result.LOSS, 4, -3) and blunder.best is not None
    assert blunder.best.result is Result.DRAW and blunder.best_cells == (1, 3, 5, 7)
    assert what_was_best(blunder, lambda cell: coordinate(cell, 3)) == "b1, a2, c2 or b3 draw"
    assert side_summary(reviewed.summary(Mark.O)) == "2 best, 1 blunder (move 4)"
    assert side_summary(reviewed.summary(Mark.X)) == "4 best"


def test_what_was_best_says_how_fast_a_win_is() -> None:
    # O answered the centre with an edge, b1: X wins in 5 from any square but b3, which draws.
    reviewed = review_game([4, 1, 7], Rules.of(3))
    mistake = reviewed.moves[2]
    assert mistake.rating is Rating.MISTAKE
    assert what_was_best(mistake, lambda cell: str(cell + 1)) == "1, 3, 4, 6, 7 or 9 win in 3"
    assert side_summary(reviewed.summary(Mark.X)) == "1 best, 1 mistake (move 3)"
    assert side_summary(reviewed.summary(Mark.O)) == "1 blunder (move 2)"


def test_in_a_lost_position_the_best_move_is_the_one_that_lasts_longer() -> None:
    # X a1, O c1, X a2 threatens a3: O's b3 leaves it (X wins next); the block at a3 loses too,
    # but later.
    reviewed = review_game([0, 2, 3, 7], Rules.of(3))
    slower = reviewed.moves[3]
    assert slower.rating is Rating.INACCURACY
    best = what_was_best(slower, lambda cell: coordinate(cell, 3))
    assert best == "a3 holds out longer (loses in 2)"


def test_missing_a_win_in_one_names_the_winning_square() -> None:
    # X could complete the top row at b1; b3 instead lets O complete the middle row.
    reviewed = review_game([0, 4, 8, 6, 2, 5, 7], Rules.of(3))
    late = reviewed.moves[-1]
    assert late.rating is Rating.BLUNDER and late.best == MoveValue(Result.WIN, 1, 3)
    assert what_was_best(late, lambda cell: coordinate(cell, 3)) == "b1 wins"


@pytest.mark.parametrize(
    ("played", "best", "rating"),
    [
        ((Result.WIN, 3, 7), (Result.WIN, 3, 7), Rating.BEST),
        ((Result.WIN, 5, 5), (Result.WIN, 3, 7), Rating.INACCURACY),
        ((Result.LOSS, 2, -8), (Result.LOSS, 4, -6), Rating.INACCURACY),
        ((Result.DRAW, 6, 0), (Result.WIN, 3, 7), Rating.MISTAKE),
        ((Result.LOSS, 4, -6), (Result.DRAW, 6, 0), Rating.BLUNDER),
        ((Result.LOSS, 4, -6), (Result.WIN, 3, 7), Rating.BLUNDER),
    ],
)
def test_a_rating_compares_the_move_played_with_the_best(
    played: tuple[Result, int, int], best: tuple[Result, int, int], rating: Rating
) -> None:
    assert rate(MoveValue(*played), MoveValue(*best)) is rating


def test_a_game_in_progress_is_reviewed_up_to_its_last_move() -> None:
    reviewed = review_game([4, 0], Rules.of(3), Mark.O)
    assert [(move.mark, move.cell) for move in reviewed.moves] == [(Mark.O, 4), (Mark.X, 0)]
    assert review_game([], Rules.of(4)) == GameReview(Rules.of(4), Mark.X, (), exact=True)


@pytest.mark.parametrize(
    ("moves", "size", "error"),
    [
        ([4, 4], 3, SquareTaken),
        ([0, 3, 1, 4, 2, 5], 3, IllegalMove),  # a move after X's row ended the game
        ([9], 3, NotASquare),
        ([0, "b2"], 3, NotASquare),
        ([0], 6, ValueError),
    ],
)
def test_an_illegal_game_is_refused_before_any_search(
    moves: list[int], size: int, error: type[Exception], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object) -> None:
        raise AssertionError("searched an illegal game")

    monkeypatch.setattr("nac.engine.review.source_for", no_search)
    with pytest.raises(error):
        review_game(moves, Rules.of(size))


def test_a_4x4_review_can_be_stopped() -> None:
    forget()  # a cold solver: the position after five marks needs a search
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        review_game([5, 0, 10, 3, 6, 9], Rules.of(4), stop=stop)


@pytest.mark.parametrize("boards", [1, 2, 3])
def test_notakto_moves_are_rated_by_the_same_review_as_the_model_says(boards: int) -> None:
    """Notakto's review is the one review: a thrown win is a blunder (a win thrown to a loss:
    there are no draws), a faster loss or a slower win an inaccuracy."""
    rng = random.Random(boards)
    seen: set[Rating] = set()
    for _ in range(20):
        first = rng.choice(list(Mark))
        position = NotaktoBoard.empty(boards, first)
        positions, moves = [], []
        while position.outcome is None:
            level = rng.choice(LEVELS)
            cell = choose_move(position, level, rng)
            positions.append(position)
            moves.append(cell)
            position = position.play(cell)
        reviewed = review_game(moves, Rules.notakto(boards), first)
        assert reviewed.exact and reviewed.rules == Rules.notakto(boards) and reviewed.size == 3
        for move, before, cell in zip(reviewed.moves, positions, moves, strict=True):
            played, best = model_value(before, cell), value(key(as_text(before)))
            assert move.cell == cell and move.mark is before.to_move
            assert move.played is not None and move.best is not None
            assert as_pair(move.played) == played and as_pair(move.best) == best
            assert move.rating is reference_rating(played, best)
            seen.add(move.rating)
    assert Rating.MISTAKE not in seen  # no draws to throw a win to
    assert {Rating.BEST, Rating.BLUNDER} <= seen


def test_a_thrown_notakto_win_is_a_blunder_that_says_what_was_best() -> None:
    # On one board the first player wins by the centre; a corner throws the win away.
    reviewed = review_game([0], Rules.notakto(1))
    [thrown] = reviewed.moves
    assert thrown.rating is Rating.BLUNDER and thrown.played is not None
    assert thrown.played.result is Result.LOSS and thrown.best_cells == (4,)
    assert what_was_best(thrown, str) == "4 wins in 3"
    assert side_summary(reviewed.summary(Mark.X)) == "1 blunder (move 1)"


# -- 5×5: estimates -----------------------------------------------------------------------------


def test_a_5x5_review_rates_only_proven_values_and_the_reference_agrees() -> None:
    checked = 0
    for x, o in (
        (Level.IDIOT, Level.IDIOT),
        (Level.GENIUS, Level.GENIUS),
        (Level.IDIOT, Level.GENIUS),
    ):
        moves = played_game(5, x, o, seed=1)
        reviewed = review_game(moves, Rules.of(5))
        assert not reviewed.exact
        board = Board.empty(5)
        for move in reviewed.moves:
            if move.rating is not None:
                assert move.exact and move.played is not None and move.best is not None
                assert move.played.plies is None  # 5×5 values carry no distance
            if move.rating is Rating.BLUNDER:
                assert move.played is not None and move.played.result is Result.LOSS
            if move.rating is Rating.MISTAKE:
                assert move.played is not None and move.played.result is Result.DRAW
                assert move.best is not None and move.best.result is Result.WIN
            if move.played is not None and len(board.empty_cells) <= 9:
                mover = board.to_move.value
                truth = big_reference.move_value(as_cells(board), move.cell, mover, 5, 4)
                assert truth == move.played.score, (moves, move.number)
                checked += 1
            board = board.play(move.cell)
        last = reviewed.moves[-1]
        if board.winner is not None:
            assert last.rating is Rating.BEST and last.played == MoveValue.of_result(1)
    assert checked


def test_a_5x5_game_lost_to_genius_shows_the_losers_blunder() -> None:
    lost = 0
    for seed in range(4):
        moves = played_game(5, Level.IDIOT, Level.GENIUS, seed)
        if final_board(moves, 5).winner is not Mark.O:
            continue
        lost += 1
        assert review_game(moves, Rules.of(5)).summary(Mark.X).blunders, moves
    assert lost


@pytest.mark.parametrize("first", list(Mark))
def test_a_5x5_game_between_two_geniuses_has_only_best_moves(first: Mark) -> None:
    moves = played_game(5, Level.GENIUS, Level.GENIUS, 0, first)
    assert final_board(moves, 5, first).winner is None
    reviewed = review_game(moves, Rules.of(5), first)
    assert {move.rating for move in reviewed.moves} <= {Rating.BEST, None}
    assert sum(move.rating is Rating.BEST for move in reviewed.moves) > len(moves) // 2


def test_on_5x5_a_missed_block_in_a_lost_position_is_no_blunder() -> None:
    # X has a1 and b2 on the long diagonal; O's c1 (move 4) lets X win by force: a blunder.
    # Once lost, every move of O's loses, so its last one, not even blocking d4, is "best".
    reviewed = review_game([0, 1, 6, 2, 12, 20], Rules.of(5))
    blunder, after = reviewed.moves[3], reviewed.moves[-1]
    assert blunder.rating is Rating.BLUNDER and blunder.best is not None
    assert blunder.best.result is Result.DRAW and what_was_best(blunder, str).endswith("draw")
    assert after.rating is Rating.BEST and after.played == MoveValue.of_result(-1)


def test_a_5x5_review_can_be_stopped() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        review_game([12], Rules.of(5), stop=stop)
