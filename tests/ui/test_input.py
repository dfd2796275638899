"""Pilot tests: keypad layouts, the cursor, the mouse, resizing, help and the palette."""

from __future__ import annotations

import pytest
from textual.command import Command, CommandList, CommandPalette
from textual.pilot import Pilot

from nac.core import Game, KeypadLayout, Mark, Rules
from nac.present.game.metrics import board_metrics
from nac.ui.screens.help import HelpScreen, help_text
from nac.ui.widgets.board import BoardWidget

from .helpers import (
    board_widget,
    drawn_marks,
    drawn_metrics,
    make_app,
    panel,
    press,
    resize,
    settle,
    until,
)


async def test_phone_layout_puts_1_2_3_on_the_top_row() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        assert board_widget(app).view.labels == tuple("123456789")
        await press(pilot, "7")
        assert app.game.board[6] is Mark.X  # bottom left


async def test_numpad_layout_puts_7_8_9_on_the_top_row() -> None:
    app = make_app(keypad=KeypadLayout.NUMPAD)
    async with app.run_test() as pilot:
        assert board_widget(app).view.labels == tuple("789456123")
        await press(pilot, "7")
        assert app.game.board[0] is Mark.X  # top left


async def test_k_switches_the_layout_and_the_numbers_drawn_follow() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "k")
        assert app.game.keypad is KeypadLayout.NUMPAD
        assert board_widget(app).view.labels == tuple("789456123")
        assert panel(app).value("Keypad") == "numpad"
        await press(pilot, "1")
        assert app.game.board[6] is Mark.X
        await press(pilot, "k")
        board = app.game.board
        phone = tuple("" if board[cell] else key for cell, key in enumerate("123456789"))
        assert board_widget(app).view.labels == phone  # the empty squares' keys


async def test_arrows_move_the_cursor_and_enter_plays_there() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        screen = board_widget(app)
        assert screen.cursor == 4 and board_widget(app).shown.cursor == 4
        await press(pilot, "up", "left", "left", "up")  # stops at the edges
        assert screen.cursor == 0
        await press(pilot, "enter")
        assert app.game.board[0] is Mark.X
        await press(pilot, "right", "right", "down", "down", "down")
        assert screen.cursor == 8 and board_widget(app).shown.cursor == 8
        free = 8 if app.game.board[8] is None else app.game.board.empty_cells[0]
        screen.cursor = free
        await press(pilot, "space")
        assert app.game.board[free] is Mark.X


async def test_the_keypad_with_numlock_off_moves_the_cursor() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        for key, cell in (("home", 0), ("pageup", 2), ("end", 6), ("pagedown", 8), ("kp_begin", 4)):
            await press(pilot, key)
            assert board_widget(app).cursor == cell, key
        assert app.game.board.is_empty


def cell_centre(widget: BoardWidget, cell: int) -> tuple[int, int]:
    metrics = drawn_metrics(widget)
    assert metrics is not None
    left, top = widget.origin()
    if metrics.edges:
        left, top = left + 2, top + 1
    row, column = divmod(cell, metrics.cells)
    x = left + 1 + column * (metrics.cell_width + 1) + metrics.cell_width // 2
    y = top + 1 + row * (metrics.cell_height + 1) + metrics.cell_height // 2
    return x, y


async def test_a_click_plays_the_cell_clicked() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        widget = board_widget(app)
        await pilot.click(BoardWidget, offset=cell_centre(widget, 2))
        await pilot.pause()
        assert app.game.board[2] is Mark.X
        assert app.game.board.mark_count == 2


async def test_a_click_on_a_grid_line_or_outside_the_board_does_nothing() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        widget = board_widget(app)
        metrics = drawn_metrics(widget)
        assert metrics is not None
        left, top = widget.origin()
        for offset in ((left, top + 3), (left + 5, top), (0, 0)):
            await pilot.click(BoardWidget, offset=offset)
            await pilot.pause()
        assert app.game.board.is_empty


async def test_the_board_scales_with_the_terminal() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5")
        big = drawn_metrics(board_widget(app))
        assert big is not None and big.glyph_rows >= 7
        await resize(pilot, 60, 24)
        assert (medium := drawn_metrics(board_widget(app))) is not None
        assert 1 < medium.glyph_rows < big.glyph_rows
        await resize(pilot, 40, 15)
        compact = drawn_metrics(board_widget(app))
        assert compact is not None and compact.compact
        assert app.query_one("#body").has_class("-stacked")
        assert drawn_marks(app) == tuple(app.game.board)


async def test_below_40_by_15_it_says_the_terminal_is_too_small() -> None:
    app = make_app()
    async with app.run_test(size=(40, 15)) as pilot:
        too_small = app.query_one("#too-small")
        assert not too_small.display or not app.query_one("#main").has_class("-too-small")
        for size in ((39, 15), (40, 14), (20, 5)):
            await resize(pilot, *size)
            assert app.query_one("#main").has_class("-too-small")
            message = str(app.query_one("#too-small").render())
            assert f"{size[0]}×{size[1]}" in message and "40×15" in message
        await resize(pilot, 100, 32)
        assert not app.query_one("#main").has_class("-too-small")
        await press(pilot, "5")  # still plays after growing back
        assert app.game.board.mark_count == 2


async def test_help_opens_with_question_mark_and_closes_with_escape() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "5")  # board keys do not reach the game behind the help
        assert app.game.board.is_empty
        await press(pilot, "escape")
        assert not isinstance(app.screen, HelpScreen)
        await press(pilot, "question_mark", "question_mark")  # ? closes it too
        assert not isinstance(app.screen, HelpScreen)
        assert app.is_running


def test_the_help_text_lists_every_key_the_levels_and_the_rules() -> None:
    text = help_text(Game())
    keys = (
        "`1-9`",
        "`arrows`",
        "`Enter`",
        "`s`",
        "`i` `a` `c` `g` `e`",
        "`n`",
        "`k`",
        "`?`",
        "`b`",
        "`:`",
    )
    for key in keys:
        assert key in text
    words = ("`x`, `ctrl+q`, `ctrl+c`", "Idiot", "Average", "Clever", "Genius", "Adaptive")
    for word in (*words, "three of your marks"):
        assert word.lower() in text.lower()
    assert "phone (1 2 3 on top) layout" in text
    assert "numpad (7 8 9 on top) layout" in help_text(Game(keypad=KeypadLayout.NUMPAD))


async def test_the_palette_offers_the_game_commands() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        for title in (
            "New game",
            "Computer starts this game",
            "Level: Idiot",
            "Level: Average",
            "Level: Genius",
            "Keypad: phone",
            "Keypad: numpad",
            "Your mark: O",
            "Who starts: the computer",
            "Help",
        ):
            assert title in commands
        assert "O starts in two-player and watch mode" in commands["Who starts: the computer"].help
        await commands["Level: Genius"].callback()
        await commands["Keypad: numpad"].callback()
        await commands["Computer starts this game"].callback()
        await settle(pilot, app)
        assert app.game.level.label == "Genius" and app.game.keypad is KeypadLayout.NUMPAD
        assert app.game.board.mark_count == 1


async def palette_offers(pilot: Pilot[None], title: str) -> None:
    """Wait until the palette's search for what was typed has ended with `title` highlighted,
    the command enter runs. (A fixed pause was not enough on a loaded machine: the search of
    the last key typed could still be under way, the list showing an earlier prefix's hits.)"""
    palette = pilot.app.screen
    assert isinstance(palette, CommandPalette)
    commands = palette.query_one(CommandList)

    def highlighted() -> str:
        index = commands.highlighted
        option = None if index is None else commands.get_option_at_index(index)
        return str(option.hit.text) if isinstance(option, Command) else ""

    def offered() -> bool:
        searching = any(
            worker.is_running and worker.group == palette._GATHER_COMMANDS_GROUP
            for worker in pilot.app.workers
        )
        return not searching and highlighted() == title

    await until(pilot, offered, f"the palette's search ended, offering {title!r}")


async def test_the_palette_runs_a_command_typed_into_it() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "ctrl+p")
        await pilot.press(*"level: genius")
        await palette_offers(pilot, "Level: Genius")
        await press(pilot, "enter")
        assert app.game.level.label == "Genius"


async def test_x_q_and_ctrl_c_quit() -> None:
    for key in ("x", "q", "ctrl+q", "ctrl+c"):
        app = make_app()
        async with app.run_test() as pilot:
            await pilot.press(key)
            await pilot.pause()
            assert not app.is_running
        assert app.return_code in (None, 0)


def test_metrics_choose_the_biggest_glyph_that_fits() -> None:
    big, small = board_metrics(3, 60, 28), board_metrics(3, 15, 7)
    assert big is not None and big.glyph_rows == 7
    assert small is not None and small.compact
    assert board_metrics(3, 12, 7) is None


async def test_the_panel_sizes_in_the_stylesheet_match_the_layout_arithmetic() -> None:
    from nac.present.game.metrics import SIDE_PANEL_WIDTH, STACKED_PANEL_HEIGHT
    from nac.ui.widgets.panel import InfoPanel

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        assert app.query_one(InfoPanel).region.width == SIDE_PANEL_WIDTH
        await resize(pilot, 40, 15)
        assert app.query_one(InfoPanel).region.height == STACKED_PANEL_HEIGHT
        metrics = drawn_metrics(board_widget(app))
        assert metrics is not None and metrics.compact


async def test_the_palette_finds_who_starts_by_the_command_lines_words() -> None:
    from textual.fuzzy import Matcher

    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for word in ("you", "computer", "alternate"):  # --starter's choices
            found = [title for title in titles if Matcher(f"starts {word}").match(title) > 0]
            assert any(title.startswith("Who starts") for title in found), word


@pytest.mark.parametrize(("typed", "size"), [("5x5", 5), ("4x4", 4), ("3X3", 3)])
async def test_the_palette_finds_a_board_typed_with_an_x(typed: str, size: int) -> None:
    app = make_app(rules=Rules.of(4 if size == 3 else 3))
    async with app.run_test() as pilot:
        await press(pilot, "ctrl+p")
        await pilot.press(*typed)
        await palette_offers(pilot, f"Board: {size}×{size}")
        await press(pilot, "enter")
        assert app.game.rules.size == size
