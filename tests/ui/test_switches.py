"""Switches that drop a game in progress ask first, and the question waits for its second press
only: any other command in between, or too long a wait, drops it."""

from __future__ import annotations

import pytest

from nac.core import Level, Mode
from nac.play import Session
from nac.store import Settings, Storage

from .helpers import game_screen, make_app, panel, press, settle


def free_key(app: object) -> str:
    game = app.game  # type: ignore[attr-defined]
    return str(next(game.key_for_cell(cell) for cell in game.board.empty_cells))


@pytest.mark.parametrize("switch", ["b", "m"])
@pytest.mark.parametrize("between", ["move", "h", "left", "g", "t", "k"])
async def test_any_other_action_cancels_a_pending_switch(switch: str, between: str) -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, switch)
        assert "again" in panel(app).message
        await press(pilot, free_key(app) if between == "move" else between)
        await settle(pilot, app)
        moves = app.game.moves
        await press(pilot, switch)
        assert app.game.size == 3 and app.game.mode is Mode.COMPUTER
        assert app.game.moves == moves  # the game goes on
        assert f"press {switch} again" in panel(app).message  # asked afresh


async def test_a_refused_key_in_between_cancels_a_pending_switch() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "b", "s", "b")  # s: the computer cannot start now
        assert app.game.size == 3 and "press b again" in panel(app).message


async def test_the_same_switch_pressed_twice_goes_ahead() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "m", "m")
        assert app.game.mode is Mode.TWO_PLAYER and app.game.board.is_empty


async def test_a_new_game_mid_game_asks_first_like_the_other_switches() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "n")
        assert app.game.board.mark_count == 2 and "press n again" in panel(app).message
        await press(pilot, "n")
        assert app.game.board.is_empty


async def test_a_new_game_before_the_player_has_moved_starts_at_once() -> None:
    app = make_app(computer_starts=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.game.board.mark_count == 1  # the computer opened: nothing of yours to lose
        await press(pilot, "n")
        assert app.game.board.mark_count == 1 and app.game.moves[0].by_computer
        assert app.match.score.draws == 0 and "again" not in panel(app).message


async def test_the_palettes_mark_entry_chosen_again_goes_ahead_and_names_itself() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        screen = game_screen(app)
        await screen.run_action("mark('O')")
        await pilot.pause()
        assert 'choose "Your mark: O" again' in panel(app).message
        await app.run_action("command_palette")  # opening the palette to choose it again
        await press(pilot, "escape")
        await screen.run_action("mark('O')")
        await settle(pilot, app)
        assert app.game.human.value == "O"


def test_a_question_left_unanswered_too_long_is_asked_again() -> None:
    from nac.play import CONFIRM_SECONDS, Switches

    now = [0.0]
    session = Session(Storage.in_memory(), Settings())
    switches = Switches(session, clock=lambda: now[0])
    session.game.play_key(5)
    assert switches.question(size=4) is not None
    now[0] += CONFIRM_SECONDS + 60  # a minute later
    assert switches.expired
    assert switches.question(size=4) is not None  # asked again, not gone ahead
    now[0] += 1
    assert switches.question(size=4) is None
