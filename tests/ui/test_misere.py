"""Misère in the app: the rules switch (w, the palette's entries), asked first mid-game as the
board's is, kept in the settings, refused on 5×5, and the panel and the result in its words."""

from __future__ import annotations

from nac.core import NORMAL, ULTIMATE, Board, Family, Game, Level, Mode, Rules, Variant
from nac.engine import analyse
from nac.play import next_board
from nac.present.commands import key_for
from nac.present.game import words
from nac.present.game.views import analysis_notes
from nac.store import Settings, Storage

from .helpers import game_screen, make_app, panel, press, settle


async def test_the_rules_switch_plays_misere_from_a_new_game_and_keeps_it() -> None:
    app = make_app(level=Level.IDIOT, storage=Storage.in_memory())
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, key_for("next_variant"))
        await settle(pilot, app)
        assert app.game.variant is Variant.MISERE
        assert ("Rules", "misère: a line loses") in panel(app).details
        assert "three in a row of your own loses" in panel(app).message
        assert app.session.settings.rules == Rules(Family.MISERE, 3)


async def test_mid_game_the_rules_switch_asks_first_and_goes_ahead_on_a_second_press() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "w")
        assert app.game.variant.value == "normal"
        assert "press w again to play misère" in panel(app).message
        await press(pilot, "w")
        await settle(pilot, app)
        assert app.game.variant is Variant.MISERE and app.game.board.is_empty


async def test_the_rules_switch_on_5x5_plays_misere_notakto_ultimate_then_normal() -> None:
    app = make_app(level=Level.IDIOT, rules=Rules.of(5))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "w")
        await settle(pilot, app)
        assert app.game.variant is Variant.MISERE and app.game.size == 5
        assert "four in a row of your own loses" in panel(app).message
        await press(pilot, "w")
        await settle(pilot, app)
        assert app.game.rules == Rules.notakto(1) and app.screen is game_screen(app)
        await press(pilot, "w")
        await settle(pilot, app)
        assert app.game.rules == ULTIMATE and app.screen is game_screen(app)
        await press(pilot, "w")
        await settle(pilot, app)
        assert app.screen is game_screen(app)
        game = app.game  # a new normal game, on the 3×3 board: nothing waited under Ultimate
        assert game.rules == NORMAL and game.variant is Variant.NORMAL and game.size == 3
        assert game.board.is_empty and app.session.settings.rules == NORMAL


async def test_the_board_switch_in_misere_goes_from_3x3_to_4x4_and_keeps_misere() -> None:
    app = make_app(level=Level.IDIOT, rules=Rules.of(3, Variant.MISERE))
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "b")
        await settle(pilot, app)
        assert app.game.size == 4 and app.game.variant is Variant.MISERE


def test_the_board_switch_goes_through_every_board_in_either_rules() -> None:
    assert next_board(Rules.of(4, Variant.MISERE)) == Rules.of(5, Variant.MISERE)
    assert next_board(Rules.of(5, Variant.MISERE)) == Rules.of(3, Variant.MISERE)
    assert next_board(Rules.of(4)) == Rules.of(5)


async def test_a_line_of_your_own_loses_and_the_result_says_so() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.of(3, Variant.MISERE))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "1", "5", "2", "9", "3")  # X makes the top row
        await settle(pilot, app)
        assert app.game.is_over and app.game.outcome is not None
        assert str(app.game.outcome.winner) == "O"
        assert "X made three in a row: misère, so O won" in panel(app).message


def test_misere_settings_on_5x5_are_kept() -> None:
    settings, bad = Settings.from_json({"size": 5, "variant": "misere"})  # an old file
    assert settings.rules == Rules.of(5, Variant.MISERE)
    assert bad == []
    settings, bad = Settings.from_json({"rules": "misere 5"})
    assert settings.rules == Rules.of(5, Variant.MISERE)
    assert bad == []


def test_the_analysis_marks_a_square_that_makes_your_own_line() -> None:
    board = Board.parse("XX./OO./...", to_move="X", variant=Variant.MISERE)
    notes = analysis_notes(analyse(board), board)
    assert notes[2] is not None and notes[2].long == "line: loses"
    assert notes[5] is not None and notes[5].long != "line: loses"


def test_in_watch_mode_the_misere_result_says_the_next_game_comes_by_itself() -> None:
    game = Game(mode=Mode.WATCH, variant=Variant.MISERE)  # Genius (X) against Average (O)
    for cell in (0, 4, 1, 8, 2):  # X makes the top row
        game.computer_move(cell)
    assert game.outcome is not None
    said = words.after_game(game, game.outcome)
    assert said.startswith(
        "Genius (X) made three in a row: misère, so Average (O) beat Genius (X)."
    )
    assert "The next game starts in a moment" in said
