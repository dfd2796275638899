"""Pilot tests: the review of a game, the saved games list, and puzzles solved and failed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from nac.core import NORMAL, Level, Mark, Mode, format_game, parse_game
from nac.engine import all_puzzles, judge_move, review_game
from nac.present.learning.review_lines import ReviewView, review_lines
from nac.present.learning.value_strip import MARKS, strip_lines, x_values
from nac.present.learning.words import ALL_PUZZLES_SOLVED, saved_result
from nac.store import Settings, Storage
from nac.ui.app import NacApp
from nac.ui.screens.games import GamesScreen
from nac.ui.screens.puzzle import PuzzleScreen
from nac.ui.screens.review import ReviewScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.review_panel import ReviewPanel

from .helpers import make_app, press, settle


async def reviewed(pilot: Pilot[None], app: NacApp) -> ReviewScreen:
    """The review screen, once its ratings are found."""
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await settle(pilot, app)
    assert screen.review is not None
    return screen


def panel_text(screen: ReviewScreen) -> str:
    view = screen.query_one(ReviewPanel).view
    assert view is not None
    return "\n".join("".join(run for run, _ in line) for line in review_lines(view, 60, 60))


async def test_a_lost_game_is_reviewed_and_shows_the_losers_blunder() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "2", "4", "6")  # Genius wins
        await settle(pilot, app)
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.O
        await press(pilot, "v")
        screen = await reviewed(pilot, app)
        text = panel_text(screen)
        assert "blunder" in text and "You (X):" in text and "Computer" not in text.split("You")[0]
        assert screen.review is not None
        assert screen.review.summary(Mark.X).blunders  # the loser blundered somewhere
        assert not screen.review.summary(Mark.O).blunders
        board = screen.query_one(BoardWidget)
        assert sum(1 for mark in board.view.marks if mark) == len(app.game.moves)
        await press(pilot, "home")
        assert not any(board.view.marks)
        await press(pilot, "right")
        assert sum(1 for mark in board.view.marks if mark) == 1 and board.view.last_move == 1
        await press(pilot, "escape")
        assert not isinstance(app.screen, ReviewScreen)


async def test_a_game_in_progress_can_be_reviewed_so_far() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "v")
        screen = await reviewed(pilot, app)
        assert len(screen.game.moves) == 2 and screen.review is not None
        assert "1. X 5" in panel_text(screen)  # squares named as the game names them


async def test_finished_games_are_saved_and_listed_and_reviewed(nac_home: Path) -> None:
    app = make_app(storage=Storage.default(), mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "1", "4", "2", "5", "3")  # X wins the top row
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1
        cells = [str(cell) for cell in table.get_row_at(0)]
        assert cells[:5] + cells[6:] == ["X won", "3×3", "X", "O", "5", "Two players"]
        await press(pilot, "c")
        assert app.clipboard.startswith("nac1 ") and app.clipboard.endswith(": a1 a2 b1 b2 c1")
        await press(pilot, "enter")
        screen = await reviewed(pilot, app)
        assert screen.game.moves == (0, 3, 1, 4, 2)
    saved = Storage.default().games.games()
    assert len(saved) == 1 and format_game(saved[0]) == app.clipboard


async def test_a_pasted_line_is_reviewed_and_nothing_is_saved_without_saving() -> None:
    app = make_app()  # in memory: nothing kept on disk
    line = (
        "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=X-wins "
        ": b2 b1 a1 a2 c3"
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        app.screen.post_message(events.Paste(line))
        await pilot.pause()
        screen = await reviewed(pilot, app)
        assert screen.game.moves == (4, 1, 0, 3, 8)


async def play_until_solved(pilot: Pilot[None], app: NacApp, screen: PuzzleScreen) -> None:
    for _ in range(10):
        attempt = screen.attempt
        assert attempt is not None
        if attempt.solved:
            return
        board = attempt.board
        cell = next(c for c in board.empty_cells if judge_move(board, c).right)
        screen.play(cell)
        await pilot.pause()
    raise AssertionError("the puzzle was not solved")


async def test_a_puzzle_solved_counts_and_the_next_is_one_key_away(nac_home: Path) -> None:
    app = make_app(storage=Storage.default())
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        first = screen.puzzle
        assert screen.attempt is not None and screen.attempt.board == first.board
        await press(pilot, str(app.game.keypad.key_for_cell(first.winning_cell)))
        await play_until_solved(pilot, app, screen)
        record = app.storage.stats.puzzles()
        assert first.key in record.solved and record.streak == 1
        await press(pilot, "n")
        assert screen.puzzle != first and screen.attempt is not None
        assert not screen.attempt.solved


async def test_a_wrong_move_is_shown_wrong_with_its_refutation(nac_home: Path) -> None:
    app = make_app(storage=Storage.default())
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        board = screen.puzzle.board
        wrong = next(c for c in board.empty_cells if not judge_move(board, c).right)
        screen.play(wrong)
        await pilot.pause()
        attempt = screen.attempt
        assert attempt is not None and attempt.failed and "Not that one" in attempt.message
        refutation = judge_move(board, wrong).refutation
        if refutation is not None:
            assert attempt.board == board.play(wrong).play(refutation)
            assert screen.query_one(BoardWidget).view.last_move == refutation
            assert screen.square(refutation) in attempt.message
        assert app.storage.stats.puzzles().streak == 0
        await press(pilot, "r")
        assert screen.attempt is not None and screen.attempt.board == board
        await play_until_solved(pilot, app, screen)  # solved on another try: practice only
        assert screen.puzzle.key not in app.storage.stats.puzzles().solved
        assert "once it is solved at the first try" in screen.attempt.message


async def test_review_at_start_opens_the_game_given(nac_home: Path) -> None:
    game = parse_game(
        "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=genius first=X result=O-wins "
        ": b1 a1 a2 b2 c2 c3"
    )
    app = NacApp(Settings(), think_seconds=0, review=game)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await reviewed(pilot, app)
        # squares named as the 3×3 game names them: its keys
        assert screen.game == game and "5. X 6  blunder: 9 draws" in panel_text(screen)
        await press(pilot, "escape")
        assert app.screen is app.game_screen


def test_the_games_list_says_the_result_from_the_persons_side() -> None:
    line = (
        "nac1 2026-11-22T14:05:09Z computer 3x3 X={x} O={o} first=X result=O-wins "
        ": b1 a1 a2 b2 c2 c3"
    )
    lost = parse_game(line.format(x="person", o="genius"))
    watched = parse_game(line.replace("computer", "watch").format(x="idiot", o="genius"))
    assert saved_result(lost) == "You lost"
    assert saved_result(parse_game(line.format(x="genius", o="person"))) == "You won"
    assert saved_result(watched) == "O won"


def test_the_review_lists_every_move_from_the_first_when_they_fit() -> None:
    game = parse_game(
        "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=unfinished "
        ": b2 a1 c3 a3 a2 c1 b1"
    )
    at_end = ReviewView(game, review_game(game.moves, game.rules, game.first), 7, str)
    texts = ["".join(run for run, _ in line) for line in review_lines(at_end, 60, 20)]
    numbered = [m.group(1) for t in texts if (m := re.match(r"[▶ ]*(\d+)\. ", t))]
    assert numbered == ["1", "2", "3", "4", "5", "6", "7"]
    # Too short for them all: a run of moves that ends with the one on the board.
    short = ["".join(run for run, _ in line) for line in review_lines(at_end, 60, 8)]
    shown = [int(m.group(1)) for t in short if (m := re.match(r"[▶ ]*(\d+)\. ", t))]
    assert shown and shown == list(range(shown[0], 8)) and len(shown) < 7
    assert any(t.startswith("▶ 7.") for t in short)


def test_a_summary_never_breaks_between_move_and_its_number() -> None:
    game = parse_game(
        "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=X-wins "
        ": a1 b2 c3 a3 c1 c2 b1"
    )
    view = ReviewView(game, review_game(game.moves, game.rules, game.first), 7, str)
    for width in range(24, 61):
        texts = ["".join(run for run, _ in line) for line in review_lines(view, width, 40)]
        assert not any(text.rstrip().endswith(("(move", "(moves")) for text in texts), width
        assert any("(move 4)" in text for text in texts)


async def test_every_puzzle_solved_starts_again_from_the_first_and_says_so(
    nac_home: Path,
) -> None:
    storage = Storage.default()
    for puzzle in all_puzzles():
        storage.stats.record_puzzle(puzzle.key, solved=True)
    app = make_app(storage=storage)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.index == 0
        assert screen.attempt is not None and screen.attempt.message == ALL_PUZZLES_SOLVED


async def test_a_taken_square_in_a_puzzle_is_refused_and_changes_nothing(nac_home: Path) -> None:
    storage = Storage.default()
    storage.stats.record_puzzle(all_puzzles()[0].key, solved=True)  # a run of one
    app = make_app(storage=storage)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        board = screen.puzzle.board
        taken = next(cell for cell in range(board.cell_count) if board[cell] is not None)
        screen.play(taken)
        await pilot.pause()
        attempt = screen.attempt
        assert attempt is not None and attempt.board == board
        assert not attempt.failed and "is taken by" in attempt.message
        assert app.storage.stats.puzzles().streak == 1


@pytest.mark.parametrize("size", [(60, 20), (40, 15)])
async def test_narrow_saved_games_show_the_result_first_and_the_moves_at_60(
    nac_home: Path, size: tuple[int, int]
) -> None:
    app = make_app(storage=Storage.default(), mode=Mode.TWO_PLAYER)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "1", "4", "2", "5", "3")  # X wins the top row
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        table = app.screen.query_one(DataTable)
        columns = list(table.columns.values())
        labels = [str(column.label) for column in columns]
        assert labels[0] == "Result" and str(table.get_row_at(0)[0]) == "X won"
        shown = labels.index("Moves" if size[0] >= 60 else "Second") + 1
        width = sum(column.get_render_width(table) for column in columns[:shown])
        assert width <= table.scrollable_content_region.width


async def test_the_saved_games_filter_shows_yours_or_the_watched_ones(nac_home: Path) -> None:
    log = Storage.default().games
    for line in (
        "nac1 2026-11-22T14:05:09Z watch 3x3 X=genius O=idiot first=X result=X-wins "
        ": a1 b1 a2 b2 a3",
        "nac1 2026-11-22T14:06:09Z computer 3x3 X=person O=idiot first=X result=X-wins "
        ": b2 b1 a1 a2 c3",
    ):
        log.add(parse_game(line))
    app = make_app(storage=Storage.default())
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "l")
        screen = app.screen
        assert isinstance(screen, GamesScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 2
        await press(pilot, "f")
        assert table.row_count == 1 and [game.mode for game in screen.games] == [Mode.COMPUTER]
        await press(pilot, "f")
        assert table.row_count == 1 and [game.mode for game in screen.games] == [Mode.WATCH]
        await press(pilot, "f")
        assert table.row_count == 2


async def test_what_the_saved_games_say_stays_in_their_note_not_a_toast(nac_home: Path) -> None:
    app = make_app(storage=Storage.default(), mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "1", "4", "2", "5", "3")
        await press(pilot, "l", "c")
        assert isinstance(app.screen, GamesScreen)
        assert "copied" in str(app.screen.query_one("#games-note", Static).content)
        assert not app._notifications  # nothing left to show over the next screen


async def test_the_reviews_title_keeps_the_result_on_a_narrow_terminal() -> None:
    from nac.ui.widgets.title_bar import TitleBar

    game = parse_game(
        "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=genius first=X result=O-wins "
        ": b1 a1 a2 b2 c2 c3"
    )
    app = NacApp(Settings(), think_seconds=0, review=game)
    async with app.run_test(size=(40, 15)) as pilot:
        screen = await reviewed(pilot, app)
        title = str(screen.query_one(TitleBar).content)
        assert "You lost" in title and len(title) <= 40


async def test_the_review_of_a_lost_game_shows_the_value_falling_at_the_blunder() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "2", "4", "6")  # Genius wins
        await settle(pilot, app)
        await press(pilot, "v")
        screen = await reviewed(pilot, app)
        assert screen.review is not None
        values = x_values(screen.review)
        assert len(values) == len(app.game.moves) and values[-1] == "lost"
        blunder = screen.review.summary(Mark.X).blunders[0]
        assert values[blunder - 2 : blunder] == ("drawn", "lost")  # drawn before it, lost after
        text = panel_text(screen)
        assert "Value for X after each move" in text
        assert " ".join(MARKS[value] for value in values) in text


def test_the_value_strip_marks_the_move_on_the_board_and_wraps_to_the_width() -> None:
    review = review_game([4, 1, 0, 8, 2, 6, 3, 5, 7], NORMAL)
    assert x_values(review) == ("drawn", "won", "won", "won", "drawn", "drawn", "lost",
                                "drawn", "drawn")  # fmt: skip
    lines = strip_lines(review, 3, width=8)
    marks = [run for line in lines for run in line if run[0] in MARKS.values()]
    assert [style for _, style in marks][2] == "current" and len(marks) == 9
    assert all(sum(len(text) for text, _ in line) <= 8 for line in lines)  # the key too
