"""Keys a player meets at once: nothing happens unseen on a hidden board, the square prompt
keeps its typing to itself, switches ask before dropping a game, and every refusal says why."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll

from nac.core import Mark, Mode, Rules
from nac.present.game.words import HINT_AFTER_COMPUTER, WAIT_YOUR_TURN
from nac.ui.screens.help import HelpScreen
from nac.ui.widgets.keys_bar import KeysBar
from nac.ui.widgets.move_prompt import MovePrompt

from .helpers import game_screen, make_app, panel, press, resize, settle


async def test_keys_do_nothing_while_the_board_is_hidden_for_want_of_room() -> None:
    app = make_app()
    async with app.run_test(size=(30, 10)) as pilot:
        await press(pilot, "5", "1", "enter", "s", "h", "colon")
        await settle(pilot, app)
        assert app.game.board.is_empty and not game_screen(app).prompt.is_open
        await resize(pilot, 100, 32)
        await press(pilot, "5")
        await settle(pilot, app)
        assert app.game.board.mark_count == 2


async def test_a_prompt_left_open_closes_when_the_board_is_hidden_and_plays_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "colon")
        assert game_screen(app).prompt.is_open
        await resize(pilot, 20, 8)
        await pilot.pause()
        await press(pilot, "b", "2", "enter")
        await settle(pilot, app)
        assert app.game.board.is_empty and not game_screen(app).prompt.is_open
        assert game_screen(app).query_one(KeysBar).display  # the footer is back


async def test_the_prompt_takes_the_footers_line_and_gives_it_back_however_it_closes() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = game_screen(app)
        footer = screen.query_one(KeysBar)
        for closing in (("escape",), ("b", "2", "enter"), ("n",)):
            await press(pilot, "colon")
            await pilot.pause()
            assert screen.prompt.is_open and not footer.display
            if closing == ("n",):  # a new game from the palette while the prompt is open
                await screen.run_action("new_game")  # a game in progress: asked, then
                await screen.run_action("new_game")  # chosen again
            else:
                await press(pilot, *closing)
            await settle(pilot, app)
            assert not screen.prompt.is_open and footer.display, closing


async def test_escape_on_the_prompt_puts_back_what_the_panel_said() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        welcome = panel(app).message
        assert welcome
        await press(pilot, "colon", "enter")  # an empty prompt: told to type a square
        assert panel(app).message != welcome
        await press(pilot, "escape")
        assert panel(app).message == welcome


async def test_keys_for_a_move_while_the_computer_thinks_say_to_wait() -> None:
    app = make_app(think_seconds=600)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert game_screen(app).turns.replying
        for key in ("1", "colon"):
            game_screen(app).say("")
            await press(pilot, key)
            assert panel(app).message == WAIT_YOUR_TURN, key
        await press(pilot, "h")  # a hint is asked now and given after the computer's move
        assert panel(app).message == HINT_AFTER_COMPUTER
        assert app.game.board.mark_count == 1


async def test_the_square_prompt_opens_on_3x3_and_keeps_its_typing_to_itself() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "colon")
        prompt = game_screen(app).query_one(MovePrompt)
        assert prompt.is_open
        await press(pilot, "b", "colon", "2")  # b is typed, not "next board"; : is not typed
        assert prompt.value == "b2" and app.game.size == 3
        await press(pilot, "enter")
        await settle(pilot, app)
        assert app.game.board[4] is Mark.X and not prompt.is_open


async def test_the_prompt_says_so_on_empty_input_and_quotes_long_input_whole() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "colon", "enter")
        assert "Type a square first" in panel(app).message
        await press(pilot, *"nowhere1", "enter")
        assert "'nowhere1' is not a square" in panel(app).message
        assert app.game.board.is_empty


async def test_the_keypads_enter_plays_like_enter() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "ctrl+j")  # a numeric keypad's Enter, sent as a line feed
        await settle(pilot, app)
        assert app.game.board[4] is Mark.X


async def test_after_s_the_panel_says_the_computer_started_this_game() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        assert panel(app).value("Starts") == "you"
        await press(pilot, "s")
        await settle(pilot, app)
        assert panel(app).value("Starts") == "computer"
        assert app.game.moves[0].by_computer


async def test_the_move_list_says_which_keypad_numbers_it() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "1")
        await settle(pilot, app)
        assert panel(app).history_title == "Moves (phone keys)"
        await press(pilot, "k")
        assert panel(app).history_title == "Moves (numpad keys)"
        assert panel(app).history.startswith("1. X 7")


async def test_a_mode_switch_mid_game_asks_first_and_a_finished_game_switches_at_once() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        modes = [app.game.mode]
        await press(pilot, "m")
        assert "press m again" in panel(app).message
        assert app.game.board.mark_count == 2  # the game is still there
        modes.append(app.game.mode)
        await press(pilot, "m")
        assert app.game.board.is_empty
        modes.append(app.game.mode)
        await press(pilot, "m")  # an empty board: no question
        modes.append(app.game.mode)
        assert modes == [Mode.COMPUTER, Mode.COMPUTER, Mode.TWO_PLAYER, Mode.WATCH]


async def test_a_key_that_cannot_work_now_says_why() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "s")
        assert "only start on an empty board" in panel(app).message
        await press(pilot, "I")
        assert "O's level in watch mode" in panel(app).message


async def test_the_palette_holds_the_games_commands_and_the_theme_only() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "New game" in titles and "Quit" in titles
        for textual_own in ("Keys", "Screenshot", "Maximize", "Minimize"):
            assert textual_own not in titles
        assert not [title for title in titles if " o " in title or title.endswith(" o")]
        assert "Watch: O plays Genius" not in titles  # only in watch mode


async def test_the_help_scrolls_with_the_keys_and_names_the_keypad_in_use() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "k", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one(VerticalScroll)
        assert "numpad (7 8 9 on top) layout" in app.screen.text
        await press(pilot, "down", "down")
        assert box.scroll_y > 0
        await press(pilot, "end")
        assert box.scroll_y == box.max_scroll_y > 0
        await press(pilot, "home", "pagedown")
        assert box.scroll_y > 0
        await press(pilot, "home", "space")
        assert box.scroll_y > 0
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_a_square_typed_at_once_after_the_colon_reaches_the_prompt() -> None:
    """Fast typing or a paste: `:b2` and Enter arrive together, before the prompt is open."""
    app = make_app(rules=Rules.of(4))
    async with app.run_test() as pilot:
        for key, character in (("colon", ":"), ("b", "b"), ("2", "2"), ("enter", "\r")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await settle(pilot, app)
        assert app.game.board[5] is Mark.X and app.game.size == 4


def too_small_text(app: object) -> str:
    from textual.widgets import Static

    from nac.ui.app import NacApp

    assert isinstance(app, NacApp)
    return str(game_screen(app).query_one("#too-small", Static).content)


async def test_the_too_small_screens_advice_works_and_asks_where_it_can_be_seen() -> None:
    app = make_app(rules=Rules.of(5))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "colon", *"c3", "enter")
        await settle(pilot, app)
        await resize(pilot, 40, 17)
        await pilot.pause()
        assert game_screen(app).arrangement is None
        assert "press b for the 3×3 board" in too_small_text(app)
        await press(pilot, "b")  # a game in progress: asked, on the screen that shows
        assert app.game.size == 5 and "press b again" in too_small_text(app)
        await press(pilot, "b")
        assert app.game.size == 3 and game_screen(app).arrangement is not None


async def test_on_a_board_too_big_b_goes_to_a_smaller_one_that_fits_not_the_next() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(40, 17)) as pilot:  # 4×4 needs 18 rows
        await pilot.pause()
        assert "press b for the 3×3 board" in too_small_text(app)
        await press(pilot, "b")  # no game in progress: at once
        assert app.game.size == 3 and game_screen(app).arrangement is not None


async def test_the_help_keeps_clear_of_its_scrollbar_and_one_blank_line_after_keys() -> None:
    from textual.widgets import Static

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        box = app.screen.query_one(VerticalScroll)
        text = app.screen.query_one("#help-text", Static)
        assert text.region.right <= box.vertical_scrollbar.region.x
        lines = [
            "".join(segment.text for segment in strip).rstrip()
            for strip in text.render_lines(text.region.reset_offset)
        ]
        keys = next(index for index, line in enumerate(lines) if line.strip() == "Keys")
        assert lines[keys + 1] == "" and lines[keys + 2].split()[:2] == ["Key", "Does"]
