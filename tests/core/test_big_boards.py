"""4×4 and 5×5: coordinates, Average's rule of thumb, a perfect Genius on 4×4, and a Genius on
5×5 that never loses to the weaker levels."""

from __future__ import annotations

import random
import threading

import pytest

from nac.core import (
    Board,
    Game,
    Level,
    Mark,
    NotASquare,
    Rules,
    coordinate,
    geometry,
    parse_coordinate,
)
from nac.engine import (
    Average,
    Genius,
    SearchStopped,
    Unsolvable,
    analyse,
    book,
    choose_move,
    genius_moves,
)
from nac.engine.solver import Solver, genius_choice
from tools.build_openings import canonical_positions

from . import big_reference as reference


def as_cells(board: Board) -> tuple[str, ...]:
    return tuple("." if mark is None else mark.value for mark in board)


def random_position(size: int, marks: int, rng: random.Random) -> Board:
    """A position reached by random play, not over."""
    while True:
        board = Board.empty(size, first=rng.choice(list(Mark)))
        for _ in range(marks):
            board = board.play(rng.choice(board.empty_cells))
            if board.is_over:
                break
        else:
            return board


# -- coordinates -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size", "cell"), [("a1", 4, 0), ("b3", 4, 9), ("E5", 5, 24), (" c1 ", 5, 2)]
)
def test_coordinates_name_squares_from_the_top_left(name: str, size: int, cell: int) -> None:
    assert parse_coordinate(name, size) == cell
    assert coordinate(cell, size) == name.strip().lower()


@pytest.mark.parametrize(
    "name", ["", "b", "3b", "e1", "a5", "a0", "b33", "zz", "b-1", "b³", "b٣", 7, None]
)
def test_anything_else_is_not_a_square_on_4x4(name: object) -> None:
    with pytest.raises(NotASquare, match="a square like b3"):
        parse_coordinate(name, 4)


def test_a_very_long_name_is_refused_quickly_and_quoted_short() -> None:
    with pytest.raises(NotASquare) as refusal:
        Game(size=4).play_coordinate("a" + "1" * 5000)
    assert len(str(refusal.value)) < 120


@pytest.mark.parametrize(("cell", "size"), [(99, 3), (-1, 4), (25, 5), (True, 3)])
def test_a_cell_off_the_board_has_no_name(cell: int, size: int) -> None:
    with pytest.raises(NotASquare):
        coordinate(cell, size)


def test_a_board_that_does_not_exist_has_no_squares() -> None:
    with pytest.raises(NotASquare, match="10"):
        parse_coordinate("a1", 10)


def test_bigger_boards_are_played_by_coordinates_not_keys() -> None:
    game = Game(size=4)
    with pytest.raises(NotASquare, match="keys 1-9 play the 3×3 board only"):
        game.play_key(5)
    game.play_coordinate("b3")
    assert game.board[9] is Mark.X and game.square_name(9) == "b3"
    game.new_game(rules=Rules.of(5))
    board = game.board
    assert isinstance(board, Board)
    assert board.size == 5 and board.win_length == 4 and board.is_empty


# -- Average -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5])
def test_average_still_wins_and_blocks_on_bigger_boards(size: int) -> None:
    rng = random.Random(size)
    average = Average()
    for _ in range(300):
        board = random_position(size, rng.randrange(4, size * size - 2), rng)
        mine, theirs = board.sides
        shape = board.geometry
        wins = {c for c in board.empty_cells if shape.completes_line(mine | 1 << c, c)}
        blocks = {c for c in board.empty_cells if shape.completes_line(theirs | 1 << c, c)}
        expected = wins or blocks
        if expected:
            assert set(average.candidates(board)) == expected


def test_average_otherwise_takes_the_cell_on_the_most_open_lines() -> None:
    # 4×4: corners and centre cells lie on three lines (row, column, a diagonal), edges on
    # two. O in the top-left corner closes its row, its column and the main diagonal, which
    # leaves three open lines only through b3 and c2, on the other diagonal.
    board = Board.parse("O.../..../..../....", to_move="X")
    assert set(Average().candidates(board)) == {6, 9}


# -- Genius on 4×4: perfect --------------------------------------------------------------------


def test_the_empty_4x4_board_is_a_draw() -> None:
    solver = Solver(geometry(4, 4))
    assert solver.score(0, 0) == 0


def genius_agrees_with_the_independent_solver(positions: int, seed: int) -> None:
    """Random reachable positions with at most 9 empty cells: every move Genius might make
    keeps the position's value, and the analysis of every move is right."""
    rng = random.Random(seed)
    checked = 0
    while checked < positions:
        board = random_position(4, rng.randrange(7, 14), rng)
        cells, mover = as_cells(board), board.to_move.value
        if cells.count(".") > 9:
            continue
        best = reference.value(cells, mover, 4, 4)
        for cell in genius_moves(board):
            assert reference.move_value(cells, cell, mover, 4, 4) == best, str(board)
        if checked % 10 == 0:
            for cell, move in analyse(board).items():
                expected = reference.move_value(cells, cell, mover, 4, 4)
                assert move.result.value == {1: "win", 0: "draw", -1: "loss"}[expected]
        checked += 1


def test_genius_on_4x4_agrees_with_an_independent_solver() -> None:
    genius_agrees_with_the_independent_solver(200, seed=44)


@pytest.mark.strength
def test_genius_on_4x4_agrees_with_an_independent_solver_on_2000_positions() -> None:
    genius_agrees_with_the_independent_solver(2000, seed=44)


def test_the_opening_table_is_small_and_matches_the_solver() -> None:
    assert len(book.table_text()) < 2_000_000
    table = book.table()
    assert len(table) == len(canonical_positions(book.MAX_MARKS))
    solver = Solver(geometry(4, 4))
    low = (1 << 16) - 1
    for key in random.Random(4).sample(sorted(table), 25):
        mine, theirs = key >> 16, key & low
        assert table[key].scores == solver.move_scores(mine, theirs)
        assert table[key].genius == genius_choice(solver, mine, theirs)


def test_the_5x5_analysis_says_win_draw_or_loss_without_the_distance() -> None:
    values = analyse(Board.empty(5))
    assert len(values) == 25
    assert all(value.plies is None for value in values.values())
    assert max(value.score for value in values.values()) == 0  # the game is a draw


@pytest.mark.parametrize(("size", "win_length"), [(6, 4), (7, 5), (5, 5)])
def test_a_board_the_game_does_not_offer_has_no_genius(size: int, win_length: int) -> None:
    board = Board.empty(size, win_length)
    with pytest.raises(Unsolvable, match="the boards the game offers"):
        choose_move(board, Level.GENIUS)
    with pytest.raises(Unsolvable):
        analyse(board)
    assert board.play(choose_move(board, Level.AVERAGE)).mark_count == 1  # the others play on


@pytest.mark.strength
@pytest.mark.parametrize("genius_mark", [Mark.X, Mark.O])
def test_genius_on_4x4_survives_every_reply_for_the_first_four_plies(genius_mark: Mark) -> None:
    """Every opponent reply in plies 1-4, then Average plays on: Genius never loses."""
    rng = random.Random(7)
    finished = 0

    def play_out(board: Board) -> None:
        nonlocal finished
        while board.outcome is None:
            level = Level.GENIUS if board.to_move is genius_mark else Level.AVERAGE
            board = board.play(choose_move(board, level, rng))
        assert board.winner is not genius_mark.other, str(board)
        finished += 1

    def branch(board: Board, ply: int) -> None:
        if ply == 4:
            play_out(board)
        elif board.to_move is genius_mark:
            branch(board.play(choose_move(board, Level.GENIUS, rng)), ply + 1)
        else:
            for cell in board.empty_cells:
                branch(board.play(cell), ply + 1)

    branch(Board.empty(4), 0)
    assert finished == (15 * 13 if genius_mark is Mark.X else 16 * 14)


@pytest.mark.parametrize("opponent", [Level.IDIOT, Level.AVERAGE])
def test_genius_on_4x4_never_loses_to_the_weaker_levels(opponent: Level) -> None:
    for seed in range(10):
        rng = random.Random(seed)
        genius_mark = Mark.X if seed % 2 else Mark.O
        board = Board.empty(4, first=rng.choice(list(Mark)))
        while board.outcome is None:
            level = Level.GENIUS if board.to_move is genius_mark else opponent
            board = board.play(choose_move(board, level, rng))
        assert board.winner is not genius_mark.other, str(board)


# -- Genius on 5×5: never loses to the weaker levels --------------------------------------------


def genius_5x5_games(opponent: Level, games: int) -> None:
    """Seeded games, each side starting half of them, at Genius's usual node budget."""
    player = Genius()
    for seed in range(games):
        rng = random.Random(seed)
        genius_mark = Mark.X if seed % 2 else Mark.O
        board = Board.empty(5)
        while board.outcome is None:
            if board.to_move is genius_mark:
                cell = player.choose(board, rng)
            else:
                cell = choose_move(board, opponent, rng)
            board = board.play(cell)
        assert board.winner is not genius_mark.other, str(board)


def test_genius_on_5x5_does_not_lose_a_game_to_average() -> None:
    genius_5x5_games(Level.AVERAGE, 2)


@pytest.mark.strength
@pytest.mark.parametrize("opponent", [Level.IDIOT, Level.AVERAGE])
def test_genius_on_5x5_never_loses_to_the_weaker_levels(opponent: Level) -> None:
    genius_5x5_games(opponent, 12)


def test_genius_on_5x5_takes_a_win_and_blocks_a_threat() -> None:
    player = Genius()
    win = Board.parse("XXX../OO.../..O../...../.....", to_move="X")
    assert player.choose(win, random.Random(1)) == 3
    block = Board.parse("OOO../XX.../..X../...../.....", to_move="X")
    assert player.choose(block, random.Random(1)) == 3


# -- cancelling ---------------------------------------------------------------------------------


def test_a_stopped_search_raises_and_leaves_the_solver_usable() -> None:
    stop = threading.Event()
    stop.set()
    solver = Solver(geometry(4, 4))
    with pytest.raises(SearchStopped), solver.stopped_by(stop):
        solver.score(1 << 5, 1 << 10)
    assert solver.score(0, 0) == 0
