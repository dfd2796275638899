"""Genius on 5×5 with four in a row (nac.engine.five): a sampled check of what
`make prove-5x5` (tools/five/prove.py) proves exhaustively with a C solver.

Needs no compiler: the decider here is an independent exact solver written below (a memoised
negamax over every move with only the obvious shortcuts, sharing no code with nac.engine.five),
used where it is fast, that is on positions with few empty cells. Nothing here measures time:
reply times belong to the benchmark (tests/benchmarks/bench_five.py); the search's work is
checked in positions searched, which do not depend on the machine.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from nac.core.board import Board
from nac.core.coordinates import parse_coordinate
from nac.core.geometry import geometry
from nac.core.mark import Mark
from nac.engine import SearchStopped
from nac.engine.five import book, genius, lines, search
from nac.engine.opponents import Genius
from nac.engine.symmetry import symmetries

SHAPE = geometry(5, 4)
SHAPES = symmetries(5)
BUDGET_NODES = 15_000
"""The most positions the search may visit for one of Genius's own moves: the book is built so
that every position of Genius's strategy past it needs at most this many (prove.py: 2,162)."""
REFERENCE_EMPTY = 11
"""The reference decides positions with up to this many empty cells (it is fast there)."""

Opponent = Callable[[Board, random.Random], int]


LINES = SHAPE.line_masks
"""The 28 lines of four."""


def completing_cells(bits: int, empty: int) -> int:
    """The empty cells (a mask) where a mark would complete a line of `bits`."""
    found = 0
    for line in LINES:
        gap = line & ~bits
        if not gap & (gap - 1):  # one cell of the line missing (or none)
            found |= gap
    return found & empty


@cache
def reference(mine: int, theirs: int) -> int:
    """1/0/-1 for the side to move (`mine`): plain negamax over every move, memoised, with
    only the obvious shortcuts: a move that completes a line wins; else, if the other side
    could complete a line in two places it wins, in one place that cell must be taken."""
    empty = SHAPE.full_mask ^ (mine | theirs)
    if completing_cells(mine, empty):
        return 1
    if not empty & (empty - 1):  # one cell left, and it does not win
        return 0
    blocks = completing_cells(theirs, empty)
    if blocks & (blocks - 1):
        return -1
    moves = blocks or empty
    best = -1
    while moves:
        bit = moves & -moves
        moves ^= bit
        after = mine | bit
        value = 0 if after | theirs == SHAPE.full_mask else -reference(theirs, after)
        if value > best:
            best = value
            if best == 1:
                return 1
    return best


@pytest.fixture(autouse=True, scope="module")
def _forget_the_reference() -> Iterator[None]:
    """The reference's memo holds about a million positions: let them go after this file."""
    yield
    reference.cache_clear()


def reference_move_value(board: Board, cell: int) -> int:
    """The reference's value of playing `cell`, for the side to move."""
    mine, theirs = board.sides
    after = mine | 1 << cell
    if SHAPE.completes_line(after, cell):
        return 1
    if after | theirs == SHAPE.full_mask:
        return 0
    return -reference(theirs, after)


def decidable(board: Board) -> bool:
    return len(board.empty_cells) <= REFERENCE_EMPTY


def random_move(board: Board, rng: random.Random) -> int:
    return rng.choice(board.empty_cells)


def average_move(board: Board, rng: random.Random) -> int:
    """Like nac's Average: win, else block, else a cell on the most lines still open to it."""
    mine, theirs = board.sides
    free = board.empty_cells
    for bits in (mine, theirs):
        wins = [c for c in free if SHAPE.completes_line(bits | 1 << c, c)]
        if wins:
            return rng.choice(wins)

    def open_lines(cell: int) -> int:
        return sum(1 for mask in SHAPE.masks_through[cell] if not mask & theirs)

    most = max(open_lines(c) for c in free)
    return rng.choice([c for c in free if open_lines(c) == most])


def best_reply(board: Board, rng: random.Random) -> int:
    """The reference's best replies where it is fast; before that, a move the book or the
    search says keeps the opponent's value (at random among them), else a random move."""
    if decidable(board):
        values = {c: reference_move_value(board, c) for c in board.empty_cells}
    else:
        values = {c: v for c, v in genius.move_values(board).items() if v is not None}
    if not values:
        return random_move(board, rng)
    best = max(values.values())
    return rng.choice([c for c, v in values.items() if v == best])


def one_slip(board: Board, rng: random.Random) -> int:
    """Best replies but for one random move in the middle of the game (its move at 9 or 10
    marks): Genius then often has a won position to convert where the reference checks it."""
    if board.mark_count in (9, 10):
        return random_move(board, rng)
    return best_reply(board, rng)


OPPONENTS: dict[str, Opponent] = {
    "random": random_move,
    "average": average_move,
    "best replies": best_reply,
    "one slip": one_slip,
}


def check_genius_move(board: Board, cell: int) -> None:
    """Where the reference is fast: Genius's position is not lost and its move keeps the value
    (so no loss, and every forced win taken)."""
    if not decidable(board):
        return
    value = reference(*board.sides)
    assert value >= 0, f"Genius to move loses in {board}"
    assert reference_move_value(board, cell) == value, f"{cell} changes the value in {board}"


def play_game(
    genius_move: Callable[[Board], int],
    opponent: Opponent,
    genius_mark: Mark,
    rng: random.Random,
    first: Mark = Mark.X,
) -> Mark | None:
    """One game, every Genius move checked where the reference is fast; the winner."""
    board = Board.empty(5, first=first)
    while not board.is_over:
        if board.to_move is genius_mark:
            cell = genius_move(board)
            check_genius_move(board, cell)
        else:
            cell = opponent(board, rng)
        board = board.play(cell)
    return board.winner


def same_move_up_to_symmetry(board: Board, cell: int, other: Board, other_cell: int) -> bool:
    """Whether the two moves lead to the same position up to symmetry."""
    mine, theirs = board.sides
    other_mine, other_theirs = other.sides
    return SHAPES.canonical_key(theirs, mine | 1 << cell) == SHAPES.canonical_key(
        other_theirs, other_mine | 1 << other_cell
    )


def image_of(board: Board, symmetry: int) -> Board:
    """The board turned or reflected by `symmetry`, the same side to move."""
    x = SHAPES.transform(board.x_bits, symmetry)
    o = SHAPES.transform(board.o_bits, symmetry)
    return Board(x, o, board.to_move, size=5)


def position_of_genius_games(seed: int, marks: int) -> Board:
    """A position of Genius's games as O after `marks` marks, X playing at random (the first
    game from `seed` on that lasts that long)."""
    rng = random.Random(seed)
    while True:
        board = Board.empty(5)
        while board.mark_count < marks and not board.is_over:
            if board.to_move is Mark.O:
                board = board.play(genius.best_move(board))
            else:
                board = board.play(rng.choice(board.empty_cells))
        if not board.is_over:
            return board


# -- the book and the values near the start ----------------------------------------------------


def test_the_book_loads_with_its_tables() -> None:
    loaded = book.read()
    assert len(loaded) > 1000
    assert loaded.analysis_marks >= 4
    assert loaded.first_move_losers == 0
    assert genius.book().header["entries"] == len(loaded)


def test_the_first_two_moves_come_from_the_book_and_draw() -> None:
    empty = Board.empty(5)
    decision = genius.decide(empty)
    assert (decision.source, decision.value, decision.nodes) == ("book", 0, 0)
    for cell in range(25):
        reply = genius.decide(empty.play(cell))
        assert (reply.source, reply.value) == ("book", 0)


def test_the_game_is_a_draw_and_o_draws_only_next_to_x_in_the_centre() -> None:
    empty = Board.empty(5)
    assert genius.position_value(empty) == 0
    assert set(genius.move_values(empty).values()) == {0}
    values = genius.move_values(empty.play(12))
    assert sorted(c for c, v in values.items() if v == 0) == [6, 8, 16, 18]
    assert all(v == -1 for c, v in values.items() if c not in (6, 8, 16, 18))


def test_after_a_book_move_the_book_knows_every_reply_and_the_search_agrees() -> None:
    board = Board.empty(5).play(0)
    board = board.play(genius.decide(board).cell)  # O (Genius) answers from the book
    values = genius.move_values(board, limit=0)  # no search allowed: from the book alone
    assert None not in values.values()
    searcher = search.Search5()
    mine, theirs = board.sides
    for cell in list(values)[:6]:
        after = mine | 1 << cell
        assert values[cell] == -searcher.value(lines.pad(theirs), lines.pad(after))


def test_values_agree_with_the_reference_on_positions_with_few_empty_cells() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 30:
        board = Board.empty(5)
        for _ in range(rng.randint(25 - REFERENCE_EMPTY, 19)):
            board = board.play(rng.choice(board.empty_cells))
            if board.is_over:
                break
        if board.is_over:
            continue
        assert genius.position_value(board, limit=None) == reference(*board.sides), board
        values = genius.move_values(board, limit=None)
        assert values == {c: reference_move_value(board, c) for c in board.empty_cells}, board
        checked += 1


# -- games -------------------------------------------------------------------------------------


@pytest.mark.parametrize("genius_mark", [Mark.X, Mark.O], ids=["as X", "as O"])
@pytest.mark.parametrize("opponent", list(OPPONENTS))
def test_the_genius_opponent_never_loses_from_the_empty_board(
    genius_mark: Mark, opponent: str
) -> None:
    """nac's Genius opponent (Genius().choose), as the game calls it: the move of the
    strategy that prove.py checks (genius.decide), up to symmetry."""
    player = Genius()
    rng = random.Random(f"{opponent} {genius_mark.name}")

    def move(board: Board) -> int:
        cell = player.choose(board, rng)
        assert same_move_up_to_symmetry(board, cell, board, genius.decide(board).cell)
        return cell

    for _ in range(3):
        winner = play_game(move, OPPONENTS[opponent], genius_mark, rng)
        assert winner in (None, genius_mark)


@pytest.mark.parametrize("genius_mark", [Mark.X, Mark.O], ids=["as X", "as O"])
@pytest.mark.parametrize("opponent", list(OPPONENTS))
def test_best_move_never_loses_and_stays_within_the_search_budget(
    genius_mark: Mark, opponent: str
) -> None:
    """genius.best_move, and decide's account of it: from the book or an exact search within
    the budget (never an estimate), with the value the reference finds."""
    rng = random.Random(f"best_move {opponent} {genius_mark.name}")

    def move(board: Board) -> int:
        decision = genius.decide(board)
        assert decision.source in ("book", "table", "search")
        assert decision.nodes <= BUDGET_NODES
        if decidable(board):
            assert decision.value == reference(*board.sides)
        cell = genius.best_move(board, rng)
        assert same_move_up_to_symmetry(board, cell, board, decision.cell)
        return cell

    for _ in range(3):
        winner = play_game(move, OPPONENTS[opponent], genius_mark, rng)
        assert winner in (None, genius_mark)


def test_genius_beats_random_and_average_players() -> None:
    """Against weak play a forced win turns up and Genius takes it."""
    rng = random.Random(5)
    for opponent in (random_move, average_move):
        for genius_mark in (Mark.X, Mark.O):
            winner = play_game(genius.best_move, opponent, genius_mark, rng)
            assert winner is genius_mark


@pytest.mark.parametrize("genius_mark", [Mark.O, Mark.X], ids=["Genius first", "Genius second"])
def test_o_moving_first_is_the_same_game_for_genius(genius_mark: Mark) -> None:
    """The book's keys are by side to move, so it serves games where O starts too."""
    player = Genius()
    rng = random.Random(f"O first, Genius {genius_mark.name}")
    start = Board.empty(5, first=Mark.O)
    assert genius.decide(start).source == "book"
    assert genius.decide(start.play(12)).source == "book"

    def move(board: Board) -> int:
        decision = genius.decide(board)
        assert decision.source in ("book", "table", "search")
        assert decision.nodes <= BUDGET_NODES
        return player.choose(board, rng)

    for opponent in (random_move, best_reply):
        winner = play_game(move, opponent, genius_mark, rng, first=Mark.O)
        assert winner in (None, genius_mark)


# -- symmetry and stopping ---------------------------------------------------------------------


@pytest.mark.parametrize("marks", [0, 1, 4, 5, 7, 9, 12])
def test_moves_are_the_same_in_every_orientation(marks: int) -> None:
    """In Genius's own positions (O to move, odd marks) and in others (X to move)."""
    board = position_of_genius_games(marks, marks)
    decision = genius.decide(board)
    for s in range(8):
        image = image_of(board, s)
        turned = genius.decide(image)
        assert turned.value == decision.value
        assert same_move_up_to_symmetry(board, decision.cell, image, turned.cell)
        chosen = genius.best_move(image, random.Random(s))
        assert same_move_up_to_symmetry(board, decision.cell, image, chosen)


@cache
def off_book_position_needing_a_search() -> Board:
    """A position past the tables (6 random marks) whose search visits more positions than
    the search checks its stop signal at: fixed by the seed."""
    rng = random.Random(8)
    while True:
        board = Board.empty(5)
        for _ in range(6):
            board = board.play(rng.choice(board.empty_cells))
            if board.is_over:
                break
        if board.is_over:
            continue
        decision = genius.decide(board)
        if decision.source == "search" and decision.nodes > 4 * (search.CHECK_EVERY + 1):
            return board


def test_a_stop_signal_set_before_a_long_search_stops_it() -> None:
    stop = threading.Event()
    stop.set()
    searcher = search.Search5()
    searcher.stop = stop
    with pytest.raises(SearchStopped):
        searcher.value(lines.pad(1 << 12), lines.pad(1 << 6))  # two marks: a long search
    board = off_book_position_needing_a_search()
    with pytest.raises(SearchStopped):
        genius.decide(board, stop)
    with pytest.raises(SearchStopped):
        genius.best_move(board, random.Random(1), stop)
    with pytest.raises(SearchStopped):
        Genius().choose(board, random.Random(1), stop)
    with pytest.raises(SearchStopped):
        genius.position_value(board, stop)


def test_a_stop_signal_left_unset_changes_nothing() -> None:
    board = off_book_position_needing_a_search()
    assert genius.decide(board, threading.Event()) == genius.decide(board)


def cells(*names: str) -> list[int]:
    return [parse_coordinate(name, 5) for name in names]


def after(*names: str) -> Board:
    board = Board.empty(5)
    for cell in cells(*names):
        board = board.play(cell)
    return board


def test_the_replies_that_lost_to_the_c_solver_are_no_longer_played() -> None:
    # Found by an independent exact solver (the issue): as X after b5 b2, c4 loses by force;
    # as O, b1 loses after X d5, and after X d3 only d2, b3, c3 and d4 hold the draw.
    [c4] = cells("c4")
    x_turn = after("b5", "b2")
    assert genius.move_values(x_turn)[c4] == -1
    assert genius.decide(x_turn).cell != c4
    assert genius.move_values(x_turn)[genius.decide(x_turn).cell] == 0

    [b1] = cells("b1")
    after_d5 = after("d5")
    assert genius.move_values(after_d5)[b1] == -1
    assert genius.move_values(after_d5)[genius.decide(after_d5).cell] == 0

    after_d3 = after("d3")
    values = genius.move_values(after_d3)
    assert sorted(c for c, v in values.items() if v == 0) == sorted(cells("d2", "b3", "c3", "d4"))
    assert genius.decide(after_d3).cell in cells("d2", "b3", "c3", "d4")
