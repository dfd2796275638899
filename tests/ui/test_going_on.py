"""Going on from where the player is: the next game with Enter or space, a game's line pasted on
the board reviewed, what is said while the computer thinks taken back when it has moved, and a
review asked for before any move."""

from __future__ import annotations

import pytest
from textual import events

from nac.core import Level, Mark, Mode
from nac.ui.screens.review import ReviewScreen

from .helpers import banner_text, game_screen, held_genius, make_app, panel, press, settle

LINE = (
    "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=X-wins : b2 b1 a1 a2 c3"
)


@pytest.mark.parametrize("key", ["enter", "space"])
async def test_enter_or_space_starts_the_next_game_once_one_is_over(key: str) -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "2", "4", "6")  # Genius wins
        assert app.game.is_over and "Enter" in banner_text(app)
        await press(pilot, key)
        await settle(pilot, app)
        assert app.game.board.is_empty and not app.game.is_over
        assert app.match.score.second == 1


async def test_enter_in_a_game_plays_the_cursor_not_a_new_game() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # the cursor starts in the centre
        await settle(pilot, app)
        assert app.game.board[4] is Mark.X and app.game.board.mark_count == 2


async def test_a_games_line_pasted_on_the_board_opens_its_review() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        game_screen(app).post_message(events.Paste(LINE))
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.game.moves == (4, 1, 0, 3, 8)


async def test_anything_else_pasted_on_the_board_says_why_and_changes_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        game_screen(app).post_message(events.Paste("hello"))
        await pilot.pause()
        assert app.screen is game_screen(app) and app.game.board.is_empty
        assert "not a game's line" in panel(app).message


async def test_wait_for_the_computer_is_taken_back_once_it_has_moved() -> None:
    held, strategies = held_genius()
    app = make_app(level=Level.GENIUS, strategies=strategies)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        assert held.started.wait(10)
        await press(pilot, ":")  # a square typed while the computer thinks
        assert "thinking" in panel(app).message
        held.release.set()
        await settle(pilot, app)
        assert panel(app).status == "Your move (X)" and "thinking" not in panel(app).message


async def test_a_review_before_any_move_says_so_instead_of_opening_empty() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "v")
        assert app.screen is game_screen(app)
        assert "No moves yet" in panel(app).message


async def test_paused_watch_mode_offers_resume_in_the_footer() -> None:
    from nac.ui.widgets.keys_bar import KeysBar

    app = make_app(mode=Mode.WATCH, think_seconds=30)
    async with app.run_test(size=(120, 24)) as pilot:
        footer = game_screen(app).query_one(KeysBar)
        assert "space Pause" in footer.text
        await press(pilot, "space")
        assert "space Resume" in footer.text and "Pause" not in footer.text
        await press(pilot, "space")
        assert "space Pause" in footer.text
