"""Misère, where a line of your own loses: the rules in the core, and a perfect Genius on 3×3
and 4×4, checked against an independent model (`misere_reference.py`)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nac.core import (
    Board,
    Game,
    GameKind,
    Level,
    Mark,
    Match,
    Mode,
    Rules,
    Variant,
    find_rules,
    format_game,
    parse_game,
)
from nac.core.notation import NotationError
from nac.engine import Average, analyse, choose_move, compare, genius_moves, hint, review_game

from . import misere_reference as reference

MISERE = Variant.MISERE


def board_of(cells: tuple[str, ...], mover: str) -> Board:
    size = {9: 3, 16: 4}[len(cells)]
    rows = ["".join(cells[row * size : row * size + size]) for row in range(size)]
    return Board.parse("/".join(rows), to_move=mover, variant=MISERE)


def as_cells(board: Board) -> tuple[str, ...]:
    return tuple("." if mark is None else mark.value for mark in board)


# -- the rules -------------------------------------------------------------------------------------


def test_completing_a_line_loses_and_the_line_is_shown() -> None:
    board = Board.parse("XX./OO./...", to_move="X", variant=MISERE)
    after = board.play(2)
    assert after.outcome is not None
    assert after.winner is Mark.O
    assert after.outcome.line == (0, 1, 2)


def test_a_position_read_with_a_line_already_made_names_the_other_side_the_winner() -> None:
    board = Board.parse("XXX/OO./...", variant=MISERE)
    assert board.winner is Mark.O
    assert Board.parse("XXX/OO./...").winner is Mark.X


def test_a_full_board_without_a_line_is_a_draw_in_misere_too() -> None:
    board = Board.parse("XOX/XOO/OX.", to_move="X", variant=MISERE)
    assert board.play(8).outcome is not None
    assert board.play(8).winner is None


def test_the_variant_is_part_of_the_position() -> None:
    normal, misere = Board.parse("X../.../..."), Board.parse("X../.../...", variant=MISERE)
    assert normal != misere
    assert misere.variant is MISERE
    assert eval(repr(misere), {"Board": Board, "Variant": Variant}) == misere
    import pickle

    assert pickle.loads(pickle.dumps(misere)) == misere


def test_misere_is_played_on_every_board() -> None:
    assert Game(variant=MISERE, size=4).board.rules.variant is MISERE
    game = Game(variant=MISERE, size=5)
    assert game.board.rules.variant is MISERE and game.size == 5
    assert game.rules == Rules.of(5, MISERE) == Game(rules=find_rules("misere 5")).rules
    game.new_game(rules=Rules.of(3, Variant.NORMAL))
    assert game.variant is Variant.NORMAL and game.board.rules.variant is Variant.NORMAL


def test_a_game_the_computer_wins_by_the_persons_line_is_the_computers() -> None:
    match = Match(Game(variant=MISERE, level=Level.GENIUS))
    game = match.game
    for cell in (0, 1):
        game.play_cell(cell)
        game.computer_move([c for c in game.board.empty_cells if c != 2][-1])
    game.play_cell(2)  # the person completes the top row
    assert game.outcome is not None and game.outcome.winner is Mark.O
    assert match.last is not None
    assert match.last.kind.key == "computer/genius+misere"


# -- the notation and the kinds of game ------------------------------------------------------------


def test_a_misere_line_carries_the_variant_and_an_old_line_reads_as_normal() -> None:
    match = Match(Game(variant=MISERE, size=4, level=Level.IDIOT))
    match.game.play_cell(5)
    line = format_game(match.saved_game())
    assert " 4x4 variant=misere X=person " in line
    again = parse_game(line)
    assert again.rules == again.kind.rules == Rules.of(4, MISERE)
    assert format_game(again) == line
    old = "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=genius first=X result=O-wins : a1 a2"
    assert parse_game(old.replace("result=O-wins", "result=unfinished")).rules == Rules.of(3)


def test_the_result_of_a_misere_line_is_checked_by_misere_rules() -> None:
    moves = "a1 a2 b1 b2 c1"  # X makes the top row: O wins
    line = "nac1 2026-11-22T14:05:09Z two-player 3x3 variant=misere X=person O=person first=X"
    assert parse_game(f"{line} result=O-wins : {moves}").ending.winner is Mark.O
    with pytest.raises(NotationError, match="lead to O-wins"):
        parse_game(f"{line} result=X-wins : {moves}")
    five = parse_game(line.replace("3x3", "5x5") + " result=unfinished : c3")
    assert five.rules.variant is MISERE and five.size == 5


@pytest.mark.parametrize(
    "kind",
    [
        GameKind(Mode.COMPUTER, Rules.of(3, MISERE), ("genius",)),
        GameKind(Mode.WATCH, Rules.of(4, MISERE), ("idiot", "clever")),
        GameKind(Mode.TWO_PLAYER, Rules.of(3, MISERE), ()),
    ],
)
def test_misere_counts_apart_in_the_stats(kind: GameKind) -> None:
    assert kind.key.endswith("+misere")
    assert GameKind.parse(kind.key) == kind
    assert GameKind.parse(kind.key.removesuffix("+misere")).rules.variant is Variant.NORMAL


# -- Genius on 3×3: the whole game tree ------------------------------------------------------------


def positions_3x3(first: str) -> list[tuple[str, ...]]:
    """Every position of misère 3×3 a game started by `first` can reach, not over."""
    seen: set[tuple[str, ...]] = set()
    stack: list[tuple[tuple[str, ...], str]] = [(("." * 9), first)]  # type: ignore[list-item]
    stack = [(tuple("." * 9), first)]
    found = []
    while stack:
        cells, mover = stack.pop()
        if cells in seen:
            continue
        seen.add(cells)
        if reference.loser(cells, 3, 3) or "." not in cells:
            continue
        found.append(cells)
        stack.extend(
            (reference.played(cells, cell, mover), reference.other(mover))
            for cell in range(9)
            if cells[cell] == "."
        )
    return found


@pytest.mark.parametrize("genius_mark", ["X", "O"])
@pytest.mark.parametrize("first", ["X", "O"])
def test_genius_never_loses_misere_3x3_against_any_sequence_of_replies(
    genius_mark: str, first: str
) -> None:
    ends = {"win": 0, "draw": 0}

    @cache
    def explore(cells: tuple[str, ...], mover: str) -> None:
        lost = reference.loser(cells, 3, 3)
        if lost is not None:
            assert lost != genius_mark, f"Genius lost: {cells}"
            ends["win"] += 1
            return
        if "." not in cells:
            ends["draw"] += 1
            return
        if mover == genius_mark:
            moves = genius_moves(board_of(cells, mover))
        else:
            moves = tuple(cell for cell in range(9) if cells[cell] == ".")
        for cell in moves:
            explore(reference.played(cells, cell, mover), reference.other(mover))

    explore(tuple("." * 9), first)
    assert ends["win"] > 0 and ends["draw"] > 0


@pytest.mark.parametrize("first", ["X", "O"])
def test_misere_3x3_analysis_and_genius_match_the_model_on_every_position(first: str) -> None:
    positions = positions_3x3(first)
    assert len(positions) > 3000
    for cells in positions:
        mover = "X" if cells.count("X") == cells.count("O") else "O"
        if first == "O":
            mover = "O" if cells.count("X") == cells.count("O") else "X"
        board = board_of(cells, mover)
        best = reference.preference(reference.value(cells, mover, 3, 3))
        for cell in genius_moves(board):
            chosen = reference.move_value(cells, cell, mover, 3, 3)
            assert reference.preference(chosen) == best, (cells, cell)
        for cell, move in analyse(board).items():
            result, plies = reference.move_value(cells, cell, mover, 3, 3)
            assert (move.result.value, move.plies) == (
                {1: "win", 0: "draw", -1: "loss"}[result],
                plies,
            ), (cells, cell)


def test_misere_3x3_is_a_draw_and_only_the_centre_holds_it() -> None:
    values = analyse(Board.empty(3, variant=MISERE))
    assert [cell for cell, value in values.items() if value.result.value == "draw"] == [4]
    assert hint(Board.empty(3, variant=MISERE)).cell == 4


def test_the_mirror_holds_misere_3x3_but_is_not_always_the_only_answer_that_does() -> None:
    """docs/play.md: after X5 O1 X9 O3 (the phone's keys), X6 draws as well as X7 (the mirror
    of O's 3), by the independent model as by the engine."""
    cells = tuple("O.O.X...X")  # X on 5 and 9 (cells 4, 8), O on 1 and 3 (cells 0, 2)
    drawing = {cell for cell in range(9) if cells[cell] == "." and
               reference.move_value(cells, cell, "X", 3, 3)[0] == 0}  # fmt: skip
    assert drawing == {5, 6}  # keys 6 and 7
    values = analyse(board_of(cells, "X"))
    assert {cell for cell, value in values.items() if value.result.value == "draw"} == drawing


# -- Genius on 4×4 ---------------------------------------------------------------------------------


def random_position(marks: int, rng: random.Random) -> Board:
    """A misère 4×4 position reached by `marks` random moves that did not end the game."""
    while True:
        board = Board.empty(4, variant=MISERE, first=rng.choice(list(Mark)))
        for _ in range(marks):
            if board.outcome is not None:
                break
            board = board.play(rng.choice(board.empty_cells))
        if board.outcome is None:
            return board


def genius_4x4_agrees_with_the_model(positions: int, seed: int) -> None:
    """Random positions with at most 9 empty cells: every move Genius might make keeps the
    position's exact value (the fastest win, the slowest loss), and so does the analysis."""
    rng = random.Random(seed)
    for number in range(positions):
        board = random_position(rng.randrange(7, 14), rng)
        while board.cell_count - board.mark_count > 9:
            board = board.play(rng.choice(board.empty_cells))
            if board.outcome is not None:
                board = random_position(10, rng)
        cells, mover = as_cells(board), board.to_move.value
        best = reference.preference(reference.value(cells, mover, 4, 4))
        for cell in genius_moves(board):
            chosen = reference.move_value(cells, cell, mover, 4, 4)
            assert reference.preference(chosen) == best, str(board)
        if number % 5 == 0:
            for cell, move in analyse(board).items():
                result, plies = reference.move_value(cells, cell, mover, 4, 4)
                assert move.plies == plies, (str(board), cell)
                assert move.result.value == {1: "win", 0: "draw", -1: "loss"}[result]


def test_genius_on_misere_4x4_agrees_with_the_independent_model() -> None:
    genius_4x4_agrees_with_the_model(60, seed=23)


@pytest.mark.strength
def test_genius_on_misere_4x4_agrees_with_the_independent_model_on_1000_positions() -> None:
    genius_4x4_agrees_with_the_model(1000, seed=2323)


def test_the_empty_misere_4x4_board_is_a_draw() -> None:
    values = analyse(Board.empty(4, variant=MISERE))
    assert {value.result.value for value in values.values()} == {"draw"}


@pytest.mark.strength
@pytest.mark.parametrize("genius_mark", [Mark.X, Mark.O])
def test_genius_on_misere_4x4_survives_every_reply_for_the_first_four_plies(
    genius_mark: Mark,
) -> None:
    """Every opponent reply in plies 1-4, then Average and Idiot play on: Genius never loses."""
    rng = random.Random(23)
    finished = 0

    def play_out(board: Board, opponent: Level) -> None:
        nonlocal finished
        while board.outcome is None:
            level = Level.GENIUS if board.to_move is genius_mark else opponent
            board = board.play(choose_move(board, level, rng))
        assert board.winner is not genius_mark.other, str(board)
        finished += 1

    def branch(board: Board, ply: int) -> None:
        if ply == 4:
            play_out(board, Level.AVERAGE)
            play_out(board, Level.IDIOT)
        elif board.to_move is genius_mark:
            branch(board.play(choose_move(board, Level.GENIUS, rng)), ply + 1)
        else:
            for cell in board.empty_cells:
                branch(board.play(cell), ply + 1)

    branch(Board.empty(4, variant=MISERE), 0)
    assert finished == 2 * (15 * 13 if genius_mark is Mark.X else 16 * 14)


def genius_plays_misere_against(size: int, opponent: Level, games: int) -> None:
    """Seeded games, Genius on either side; on 4×4 from three random marks in, to stay quick."""
    for seed in range(games):
        rng = random.Random(seed)
        genius_mark = Mark.X if seed % 2 else Mark.O
        board = Board.empty(size, variant=MISERE, first=rng.choice(list(Mark)))
        for _ in range(3 if size == 4 else 0):
            board = board.play(rng.choice(board.empty_cells))
        while board.outcome is None:
            level = Level.GENIUS if board.to_move is genius_mark else opponent
            board = board.play(choose_move(board, level, rng))
        assert board.winner is not genius_mark.other, str(board)


@pytest.mark.parametrize("opponent", [Level.IDIOT, Level.AVERAGE, Level.CLEVER])
def test_genius_never_loses_misere_3x3_to_the_other_levels(opponent: Level) -> None:
    genius_plays_misere_against(3, opponent, 20)


def test_genius_never_loses_misere_4x4_to_average() -> None:
    genius_plays_misere_against(4, Level.AVERAGE, 4)


@pytest.mark.strength
@pytest.mark.parametrize("opponent", [Level.IDIOT, Level.AVERAGE, Level.CLEVER])
def test_genius_never_loses_misere_4x4_to_the_other_levels_in_40_games(opponent: Level) -> None:
    genius_plays_misere_against(4, opponent, 40)


# -- the other levels in misère --------------------------------------------------------------------


def test_average_never_completes_a_line_of_its_own_while_it_has_another_move() -> None:
    rng = random.Random(3)
    average = Average()
    for first in ("X", "O"):
        for cells in positions_3x3(first):
            mover = "X" if cells.count("X") == cells.count("O") else "O"
            if first == "O":
                mover = "O" if cells.count("X") == cells.count("O") else "X"
            board = board_of(cells, mover)
            safe = [
                cell
                for cell in board.empty_cells
                if not reference.makes_a_line(
                    reference.played(cells, cell, mover), cell, mover, 3, 3
                )
            ]
            cell = average.choose(board, rng)
            if safe:
                assert cell in safe, (cells, cell)


def test_average_in_misere_does_not_set_up_a_line_of_its_own() -> None:
    board = Board.parse("X../.O./...", to_move="X", variant=MISERE)
    # 1 and 2 would put two X on the open top row, 3 and 6 two on the open left column.
    assert set(Average().candidates(board)) & {1, 2, 3, 6} == set()


def test_the_levels_line_up_in_misere_against_random_play() -> None:
    """Each level's points against a random player over seeded games: Idiot < Average <
    Genius, and Clever no worse than Average."""

    def points(level: Level) -> float:
        total = 0.0
        for seed in range(120):
            rng = random.Random(seed)
            board = Board.empty(3, variant=MISERE, first=Mark.X if seed % 2 else Mark.O)
            while board.outcome is None:
                mover = level if board.to_move is Mark.X else Level.IDIOT
                board = board.play(choose_move(board, mover, rng))
            total += 1 if board.winner is Mark.X else 0.5 if board.winner is None else 0
        return total

    idiot, average, clever, genius = map(
        points, (Level.IDIOT, Level.AVERAGE, Level.CLEVER, Level.GENIUS)
    )
    assert idiot < average <= clever <= genius


def test_the_review_rates_misere_moves_by_misere_values() -> None:
    # X opens in a corner (a loss against perfect play; only the centre draws), then O
    # completes a line of its own and loses at once.
    review = review_game([0, 4, 8, 3, 5, 6, 1, 2], Rules.of(3, MISERE))
    ratings = [move.rating.value if move.rating else None for move in review.moves]
    assert ratings[0] == "blunder"
    assert review.rules.variant is MISERE


@pytest.mark.parametrize("text", ["XX./OO./...", "X../.O./...", ".../.X./..."])
def test_the_labs_searches_play_misere_by_its_rules(text: str) -> None:
    board = Board.parse(text, variant=MISERE)
    best = max(value.score for value in analyse(board).values())
    results = compare(board)
    assert {result.score for result in results if not result.stopped} == {best}
