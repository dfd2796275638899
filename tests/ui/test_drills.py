"""Pilot tests of your mistakes, drilled: a game with a blunder of yours offers it at once
(`d`), the drill is answered on the board, the next session finds it among the puzzles' `m`;
and the puzzles' `g` (go to) and `b` (boards)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from nac.core import Level, Mark
from nac.present.learning import words as learning_words
from nac.store import Storage
from nac.ui.app import NacApp
from nac.ui.screens.drills import DrillScreen
from nac.ui.screens.help import HelpScreen
from nac.ui.screens.puzzle import PuzzleScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.puzzle_panel import PuzzlePanel

from .helpers import make_app, press, settle, until


async def lose_to_genius(pilot: Pilot[None], app: NacApp) -> None:
    await press(pilot, "2", "4", "6")  # a blunder of X's along the way: Genius wins
    await settle(pilot, app)
    assert app.game.outcome is not None and app.game.outcome.winner is Mark.O


async def test_a_game_with_a_blunder_offers_it_as_a_drill_answered_on_the_board() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(100, 32)) as pilot:
        await lose_to_genius(pilot, app)
        await until(pilot, lambda: app.game_screen.last_drill is not None, "the drill offered")
        assert "a blunder of yours: d drills it" in app.game_screen.activity.message
        await press(pilot, "d")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await until(pilot, lambda: screen.drill is not None, "the drill shown")
        drill = screen.drill
        assert drill is not None and drill.key == app.game_screen.last_drill
        cell = drill.answers[0]
        key = app.game.keypad.key_for_cell(cell)
        await press(pilot, str(key))
        said = screen.query_one(PuzzlePanel).text[2]
        assert said.startswith("Right:") and "In your game you played" in said
        kept = app.storage.stats.drills.all()
        assert [d.right for d in kept if d.key == drill.key] == [1]


async def test_a_wrong_answer_says_what_was_best_and_the_drill_comes_back() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(100, 32)) as pilot:
        await lose_to_genius(pilot, app)
        await until(pilot, lambda: app.game_screen.last_drill is not None, "the drill offered")
        await press(pilot, "d")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await until(pilot, lambda: screen.drill is not None, "the drill shown")
        drill = screen.drill
        assert drill is not None
        await press(pilot, str(app.game.keypad.key_for_cell(drill.played)))
        said = screen.query_one(PuzzlePanel).text[2]
        assert said.startswith("Not that one:") and "comes back soon" in said
        [kept] = [d for d in app.storage.stats.drills.all() if d.key == drill.key]
        assert kept.right == 0


async def test_the_next_session_finds_the_mistake_among_the_puzzles(nac_home: Path) -> None:
    first = make_app(level=Level.GENIUS, storage=Storage.default())
    async with first.run_test(size=(100, 32)) as pilot:
        await lose_to_genius(pilot, first)
    later = make_app(storage=Storage.default())
    async with later.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p")
        assert isinstance(later.screen, PuzzleScreen)
        await press(pilot, "m")
        screen = later.screen
        assert isinstance(screen, DrillScreen)
        await until(pilot, lambda: screen.scanned, "the saved games looked through")
        assert screen.drill is not None and screen.drill.rating == "blunder"
        assert learning_words.mistakes_count(len(screen.due), screen.later).startswith("1 due")


async def test_puzzles_go_to_a_number_and_filter_by_board() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        total = len(screen.puzzles)
        await press(pilot, "g", "5", "enter")
        assert screen.index == 4 and app.screen is screen
        await press(pilot, "g", str(total + 7), "enter")  # refused: the question stays
        assert app.screen is not screen
        await press(pilot, "escape")
        assert app.screen is screen and screen.index == 4
        boards = {command.title: command for command in app.get_system_commands(screen)}
        assert "Boards" in boards  # the palette runs every command of the screen
        await boards["Boards"].callback()
        await pilot.pause()
        assert {p.board.size for p in screen.puzzles} == {3} and screen.index == 0
        await press(pilot, "b")  # on 3×3, b is the boards' key again
        assert {p.board.size for p in screen.puzzles} == {4}
        board = screen.query_one(BoardWidget)
        size_before = board.size
        await press(pilot, "b")  # on 4×4 it begins a square's name, and says where boards went
        assert screen.prompt.is_open and screen.attempt is not None
        assert "Boards is in the palette" in screen.attempt.message
        assert board.size == size_before  # the prompt takes the footer's line, not the board's
        await press(pilot, "escape", "a")  # a only begins a square: its command went nowhere
        assert screen.prompt.is_open and "palette" not in screen.attempt.message
        await press(pilot, "escape")
        await boards["Boards"].callback()
        await pilot.pause()
        assert len(screen.puzzles) == total


async def test_with_no_mistake_due_the_drills_say_so_rather_than_look_forever() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p", "m")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        panel = screen.query_one(PuzzlePanel)
        await until(pilot, lambda: screen.scanned, "the saved games looked through")
        await pilot.pause()
        assert panel.text[2] == learning_words.NO_MISTAKES_DUE


async def test_d_with_nothing_to_drill_says_so() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "d")
        assert app.screen is app.game_screen
        assert app.game_screen.activity.message == learning_words.NO_DRILL_NOW


async def test_the_help_of_a_3x3_drill_lists_its_digits_and_no_column_letters() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(100, 32)) as pilot:
        await lose_to_genius(pilot, app)
        await until(pilot, lambda: app.game_screen.last_drill is not None, "the drill offered")
        await press(pilot, "d")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await until(pilot, lambda: screen.drill is not None, "the drill shown")
        await press(pilot, "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        keys = help_screen.text.partition("## Your mistakes: its keys")[2].partition("\n## ")[0]
        assert "`1-9`" in keys
        assert "a-e" not in keys and "column letter" not in keys
