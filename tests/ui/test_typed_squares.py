"""On 4×4 and 5×5 a square's name typed on the board plays it: its column letter opens the
square prompt with the letter in it, instead of running the command the letter runs on 3×3."""

from __future__ import annotations

from textual import events

from nac.core import Level, Mark, Mode, Rules
from nac.ui.widgets.move_prompt import MovePrompt

from .helpers import game_screen, held_genius, make_app, panel, press, settle


async def test_a_square_name_typed_on_4x4_plays_it_and_changes_no_setting() -> None:
    app = make_app(rules=Rules.of(4), level=Level.GENIUS)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        assert game_screen(app).prompt.is_open and app.game.level is Level.GENIUS
        await press(pilot, "3", "enter")
        await settle(pilot, app)
        assert app.game.board[8] is Mark.X  # a3: column a, row 3
        assert app.game.level is Level.GENIUS and app.settings.level is Level.GENIUS
        assert app.game.moves[1].level is Level.GENIUS  # not saved as "mixed levels"


async def test_b_on_5x5_begins_a_square_instead_of_switching_the_board() -> None:
    app = make_app(rules=Rules.of(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        assert app.game.size == 5 and game_screen(app).prompt.is_open
        assert "b begins a square: the board is in the palette" in panel(app).message
        await press(pilot, "2", "enter")
        await settle(pilot, app)
        assert app.game.size == 5 and app.game.board[6] is Mark.X


async def test_a_square_typed_fast_on_the_board_reaches_the_prompt_whole() -> None:
    """Fast typing or a paste: `c4` and Enter arrive before the prompt has the focus."""
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, character in (("c", "c"), ("4", "4"), ("enter", "\r")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await settle(pilot, app)
        assert app.game.board[14] is Mark.X and "1-9" not in panel(app).message


async def test_a_capital_letter_begins_a_square_too() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "B", "1", "enter")
        await settle(pilot, app)
        assert app.game.board[1] is Mark.X


async def test_on_3x3_the_letters_keep_their_commands() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "a")
        assert app.game.level is Level.AVERAGE and not game_screen(app).prompt.is_open
        await press(pilot, "c", "e")
        assert app.settings.level is Level.ADAPTIVE and not game_screen(app).prompt.is_open
        await press(pilot, "D")  # no command: it says how to play here
        assert "1-9" in panel(app).message


async def test_in_watch_mode_the_letters_keep_their_commands_on_every_board() -> None:
    app = make_app(rules=Rules.of(5), mode=Mode.WATCH)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "b")
        assert app.game.size == 3 and not game_screen(app).prompt.is_open


async def test_a_letter_while_the_computer_thinks_says_to_wait_and_changes_nothing() -> None:
    held, strategies = held_genius()
    app = make_app(rules=Rules.of(5), level=Level.GENIUS, strategies=strategies)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "colon", *"c3", "enter")
        assert held.started.wait(10)
        await press(pilot, "a")
        assert app.game.level is Level.GENIUS and not game_screen(app).prompt.is_open
        assert "thinking" in panel(app).message
        held.release.set()
        await settle(pilot, app)


async def test_escape_closes_a_prompt_opened_by_a_letter_and_plays_nothing() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "d", "escape")
        assert not game_screen(app).prompt.is_open and app.game.board.is_empty
        assert not app.query_one(MovePrompt).is_open
