"""Every screen keeps the same conventions: `?` shows that screen's keys (then the help), the
palette lists that screen's commands, `q` quits from everywhere (a game in progress is kept
and comes back at the next start), and a square's name can be typed wherever a square is
chosen. Headless, with the real screens."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from nac.core import ULTIMATE, Family, Level, Mode, Rules, coordinate
from nac.engine import all_puzzles
from nac.present.game import words
from nac.store import Storage, storage_dirs
from nac.ui.app import NacApp
from nac.ui.screens.help import HelpScreen
from nac.ui.screens.puzzle import PuzzleScreen
from nac.ui.widgets.board import BoardWidget

from .helpers import make_app, press, settle, until

SCREENS = [
    ("v", "Review"),
    ("l", "Saved games"),
    ("p", "Puzzles"),
    ("y", "The lab"),
    ("r", "Stats"),
]
"""Each screen the game opens by a key, and the name its help gives its keys."""


@pytest.mark.parametrize(("key", "title"), SCREENS)
async def test_question_mark_shows_the_keys_of_the_screen_it_is_pressed_on(
    key: str, title: str
) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5", key)
        screen = app.screen
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert f"## {title}: its keys" in app.screen.text
        for command in screen.COMMAND_TABLE:  # type: ignore[attr-defined]
            if command.help:
                assert command.help.split("`")[0][:30] in app.screen.text
        await press(pilot, "escape")
        assert app.screen is screen


@pytest.mark.parametrize(("key", "title"), SCREENS)
async def test_the_palette_lists_the_commands_of_the_screen_it_is_opened_on(
    key: str, title: str
) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5", key)
        screen = app.screen
        titles = {command.title for command in app.get_system_commands(screen)}
        table = screen.COMMAND_TABLE  # type: ignore[attr-defined]
        allowed = [
            entry
            for command in table
            if command.label
            and command.keys
            and (app if command.action.startswith("app.") else screen).check_action(
                command.action.rpartition(".")[2].partition("(")[0], ()
            )
            for entry in ([e.title for e in command.palette] or [command.label])
        ]
        assert allowed and set(allowed) <= titles
        assert "Quit" in titles and "Help" in titles and "Theme" in titles
        assert "Level: Genius" not in titles  # the game's commands are not this screen's


@pytest.mark.parametrize(("key", "title"), [*SCREENS, ("question_mark", "Help")])
async def test_q_quits_from_every_screen(key: str, title: str) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5", key)
        assert app.screen is not app.game_screen
        await press(pilot, "q")
        assert not app.is_running


async def test_quitting_mid_game_keeps_the_game_and_the_next_start_brings_it_back(
    nac_home: Path,
) -> None:
    app = make_app(storage=Storage.at(storage_dirs()), rules=Rules.of(4))
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "colon", *"b2", "enter")
        await settle(pilot, app)
        played = [move.cell for move in app.game.moves]
        assert len(played) == 2  # the person's move and the computer's reply
        await press(pilot, "q")
    assert not app.is_running
    again = make_app(storage=Storage.at(storage_dirs()), rules=Rules.of(4))
    async with again.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert [move.cell for move in again.game.moves] == played
        assert again.game.is_human_turn and "left unfinished" in again.game_screen.activity.message
        await press(pilot, "colon", *"c3", "enter")
        await settle(pilot, again)
        assert len(again.game.moves) == 4
    third = make_app(storage=Storage.at(storage_dirs()), rules=Rules.of(4), mode=Mode.TWO_PLAYER)
    async with third.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert not third.game.moves  # brought back once only, and only to the same kind of game


async def first_4x4_puzzle(app: NacApp, pilot: Pilot[None]) -> PuzzleScreen:
    """The puzzles opened on their first 4×4 one."""
    big = next(index for index, puzzle in enumerate(all_puzzles()) if puzzle.board.size == 4)
    await press(pilot, "p")
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    screen.index = big
    screen._begin()
    await pilot.pause()
    return screen


async def test_a_square_typed_in_a_4x4_puzzle_is_the_square_played() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await first_4x4_puzzle(app, pilot)
        puzzle = screen.puzzle
        name = coordinate(puzzle.winning_cell, 4)
        await press(pilot, *name, "enter")
        await until(
            pilot,
            lambda: screen.attempt is not None and screen.attempt.last is not None,
            "the puzzle's attempt took the move",
        )
        assert screen.attempt is not None and not screen.attempt.failed
        assert puzzle.board.play(puzzle.winning_cell)[puzzle.winning_cell] is not None
        assert screen.attempt.board[puzzle.winning_cell] is puzzle.board.to_move


async def test_a_4x4_puzzle_where_its_board_does_not_fit_says_so_and_takes_no_move() -> None:
    app = make_app()
    async with app.run_test(size=(40, 15)) as pilot:
        screen = await first_4x4_puzzle(app, pilot)
        board = screen.query_one(BoardWidget)
        assert not board.fits
        drawn = "".join(board.render_line(y).text for y in range(board.content_size.height))
        assert "No room for the 4×4 board here" in " ".join(drawn.split())
        before = screen.attempt
        await press(pilot, *"a1", "enter", "colon")
        assert screen.attempt == before and not screen.prompt.is_open  # nothing played blind


async def test_a_key_typed_right_after_q_opens_no_screen_on_an_app_quitting() -> None:
    """`q` then `o` typed fast: the app is taking its screens down when `o` comes; it runs no
    command then (it used to push the online dialog, which found none of its widgets)."""
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        screens = len(app.screen_stack)
        app.exit()
        assert await app.run_action("app.online") is False
        assert len(app.screen_stack) == screens


async def test_a_bad_stats_file_is_said_at_the_start_not_after_a_game(nac_home: Path) -> None:
    (nac_home / "stats.json").write_bytes(b"{not json")
    app = make_app(storage=Storage.at(storage_dirs()))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert not app.game.moves
        assert any("stats" in notice.lower() for notice in app.notices_shown)


def screen_text(app: NacApp) -> str:
    """What the terminal shows, line by line; where the panel stands beside the board, its
    side of the rule (`▏`) only, so that its lines read on."""
    strips = app.screen._compositor.render_strips()
    lines = ("".join(segment.text for segment in strip) for strip in strips)
    return "\n".join(line.rsplit("▏", 1)[-1] for line in lines)


def flowed(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    "rules",
    [Rules.of(3), Rules(Family.MISERE, 3), *(Rules.notakto(n) for n in (1, 2, 3)), ULTIMATE],
    ids=str,
)
async def test_the_first_message_and_the_square_prompt_show_whole_at_40x15(rules: Rules) -> None:
    """At the smallest size the game draws, nothing a new game says is cut: its first message
    and the `:` prompt's words (which rules and keys) show to their last word."""
    app = make_app(level=Level.IDIOT, rules=rules)
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot, app)
        await press(pilot, ":")
        shown = flowed(screen_text(app))
        assert flowed(words.ui_welcome(app.match)) in shown
        assert flowed(words.prompt_placeholder(rules)) in shown
