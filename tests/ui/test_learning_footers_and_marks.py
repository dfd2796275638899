"""The learning screens' footers, help and marks (issue 36): each footer names the keys of the
board shown and keeps `?` and `q`; a drill answered shows the square tried; a count comes back
fresh; a board that does not fit says the terminal it needs. Headless, with the real screens."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.pilot import Pilot
from textual.widgets import Label

from nac.core import Board, Position, find_rules, read_position
from nac.present.learning import words as learning_words
from nac.ui.app import NacApp
from nac.ui.screens.drills import DrillScreen
from nac.ui.screens.games import GamesScreen
from nac.ui.screens.help import HelpScreen
from nac.ui.screens.number_prompt import NumberPrompt
from nac.ui.screens.puzzle import PuzzleScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.keys_bar import KeysBar
from nac.ui.widgets.puzzle_panel import PuzzlePanel

from .helpers import make_app, press, until


def footer(app: NacApp) -> str:
    return app.screen.query_one(KeysBar).text


def a_4x4_position() -> Position:
    """X to move on 4×4: X should block O's row at d2 (cell 7)."""
    board = Board.parse("X.X./OOO./X.../....")
    return read_position(find_rules("normal 4"), str(board), board.to_move)


def add_drill(app: NacApp, board: Position, played: int, answers: tuple[int, ...]) -> None:
    entry = ("drill-4x4", board, played, answers, "blunder")
    app.storage.stats.drills.add([entry], None, datetime.now(UTC))


async def a_drill(app: NacApp, pilot: Pilot[None]) -> DrillScreen:
    await press(pilot, "p", "m")
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    await until(pilot, lambda: screen.drill is not None, "the drill shown")
    await pilot.pause()
    return screen


async def test_a_4x4_drill_footer_names_the_letters_of_its_board() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        add_drill(app, a_4x4_position(), played=15, answers=(7,))
        screen = await a_drill(app, pilot)
        assert screen.drill is not None and screen.drill.board.size == 4
        said = footer(app)
        assert "a-d Play" in said and "a-e" not in said
        assert not screen.check_action("type_square", ("e",))


async def test_a_wrong_try_in_a_drill_leaves_a_mark_on_its_square() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        add_drill(app, a_4x4_position(), played=15, answers=(7,))
        screen = await a_drill(app, pilot)
        await press(pilot, "colon", *screen.square(15), "enter")  # not the answer
        await until(pilot, lambda: bool(screen.answered), "the answer judged")
        view = screen.query_one(BoardWidget).view
        assert view.marks[15] == "X" and view.last_move == 15  # the square tried
        assert view.hint == 7  # and the best move beside it


async def test_the_puzzles_count_of_mistakes_due_is_fresh_after_a_drill() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        add_drill(app, a_4x4_position(), played=15, answers=(7,))
        await press(pilot, "p")
        puzzles = app.screen
        assert isinstance(puzzles, PuzzleScreen)
        assert learning_words.mistakes_offer(1) in puzzles.query_one(PuzzlePanel).text[1]
        await press(pilot, "m")
        drills = app.screen
        assert isinstance(drills, DrillScreen)
        await until(pilot, lambda: drills.drill is not None, "the drill shown")
        await press(pilot, "colon", *drills.square(7), "enter")  # right: no longer due
        await until(pilot, lambda: bool(drills.answered), "the answer judged")
        await press(pilot, "escape")
        assert app.screen is puzzles
        assert learning_words.mistakes_offer(0) in puzzles.query_one(PuzzlePanel).text[1]


async def test_the_puzzle_number_question_shows_its_own_keys_and_keeps_help_and_quit() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p", "g")
        prompt = app.screen
        assert isinstance(prompt, NumberPrompt)
        said = footer(app)
        assert "Enter Go" in said and "Esc Back" in said and "? Help" in said
        assert "q Quit" in said and "Retry" not in said and "Next" not in said
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Go to a puzzle: its keys" in app.screen.text
        await press(pilot, "escape", "3", "enter")
        assert isinstance(app.screen, PuzzleScreen) and app.screen.index == 2


async def test_the_puzzle_number_question_refuses_a_number_it_cannot_take_in_its_words() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "p", "g")
        prompt = app.screen
        assert isinstance(prompt, NumberPrompt)
        await press(pilot, "0", "enter")
        refusal = prompt.query_one("#number-refusal", Label)
        assert str(refusal.render()) == learning_words.number_refusal(prompt.most)
        assert app.screen is prompt


async def test_the_empty_saved_games_footer_keeps_help_and_quit() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen) and not app.screen.all_games
        said = footer(app)
        assert "Esc Back" in said and "? Help" in said and "q Quit" in said
        assert "Review" not in said and "Filter" not in said


async def test_the_puzzles_help_explains_only_the_keys_puzzles_have() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p", "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        own = help_screen.text.split("## Puzzles: its keys", 1)[1].split("\n## ", 1)[0]
        for other in ("Notakto", "Ultimate", "5×5"):
            assert other not in own, other


async def test_a_4x4_puzzle_too_big_for_the_terminal_names_the_size_it_needs() -> None:
    app = make_app()
    async with app.run_test(size=(40, 15)) as pilot:
        await press(pilot, "p", "b", "b")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.puzzle.board.size == 4
        board = screen.query_one(BoardWidget)
        assert not board.fits
        drawn = "".join(board.render_line(y).text for y in range(board.content_size.height))
        columns, rows = board.terminal_needed()
        assert f"at least {columns}×{rows}" in " ".join(drawn.split())
        assert (columns, rows) > (40, 15)
    bigger = make_app()
    async with bigger.run_test(size=(columns, rows)) as pilot:
        await press(pilot, "p", "b", "b")
        assert bigger.screen.query_one(BoardWidget).fits  # and at that size it does
