"""The footer: help and quit at every width, only the keys that work now, no stray character,
and a click on a key runs it."""

from __future__ import annotations

import pytest

from nac.core import Mode, Rules
from nac.ui.widgets.keys_bar import KeysBar

from .helpers import make_app, press, settle

SIZES = [(200, 60), (100, 32), (80, 24), (60, 20), (50, 40), (40, 15), (30, 10), (20, 8)]


def footer_text(app: object) -> str:
    from nac.ui.app import NacApp

    assert isinstance(app, NacApp)
    return app.screen.query_one(KeysBar).text


@pytest.mark.parametrize("size", SIZES)
async def test_help_and_quit_are_always_in_the_footer_and_it_fits(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = footer_text(app)
        assert "? " in text and "q" in text.split("?")[-1]
        assert len(text) <= size[0]
        if size[0] >= 40:
            assert ("? Help" in text or "? More" in text) and "q Quit" in text


async def test_the_footer_shows_only_the_keys_that_work_in_watch_mode() -> None:
    app = make_app(mode=Mode.WATCH, think_seconds=30)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        for missing in ("1-9", "h Hint", "u Undo", ": Square"):
            assert missing not in text
        assert "space Pause" in text and "I A C G E" in text


async def test_the_footer_of_a_bigger_board_has_no_keypad_keys() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        assert "1-9" not in text and "k Keypad" not in text and ": Square" in text


async def test_the_footer_follows_the_game() -> None:
    app = make_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        assert "s Start" in footer_text(app) and "u Undo" not in footer_text(app)
        await press(pilot, "5")
        await settle(pilot, app)
        assert "s Start" not in footer_text(app) and "u Undo" in footer_text(app)


async def test_a_click_on_a_footer_key_runs_it() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        await pilot.click(KeysBar, offset=(text.index("? More"), 0))
        await pilot.pause()
        from nac.ui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (60, 20), (40, 20)])
@pytest.mark.parametrize("board", [4, 5])
async def test_on_the_bigger_boards_the_footer_always_shows_a_way_to_play(
    size: tuple[int, int], board: int
) -> None:
    app = make_app(rules=Rules.of(board))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert f"a-{'abcde'[board - 1]} Play" in footer_text(app)  # its own columns only


async def test_a_key_that_begins_a_square_is_left_out_of_its_other_commands_entry() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        assert "i g e Level" in text and "i a g" not in text and "b Board" not in text
    app = make_app(rules=Rules.of(5))  # on 5×5 `e` begins a square's name too
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        assert "a-e Play" in text and "i g Level" in text


async def test_when_the_footer_leaves_commands_out_help_says_there_is_more() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = footer_text(app)
        assert "? More" in text and "^p" in text  # the palette holds what is left out
    app = make_app()
    async with app.run_test(size=(240, 40)) as pilot:
        await pilot.pause()
        assert "? Help" in footer_text(app)


async def test_a_4x4_puzzle_offers_the_cursor_and_enter_not_the_digits() -> None:
    from nac.ui.screens.puzzle import PuzzleScreen

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        assert "1-9 Play" in footer_text(app) and "Enter" not in footer_text(app)
        while screen.puzzle.board.size == 3:
            await press(pilot, "n")
        text = footer_text(app)
        assert "1-9" not in text and "Enter Play" in text and "a-d Play" in text
        assert "b Boards" not in text  # b begins a square there: Boards is in the palette


async def test_the_helps_footer_keeps_its_close_key_at_40_columns() -> None:
    from nac.ui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(40, 15)) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = footer_text(app)
        assert "Escape ? Close" in text and "q Quit" in text and len(text) <= 40
