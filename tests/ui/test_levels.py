"""Pilot tests of the levels between Average and Genius: Clever and Adaptive chosen by key and
from the palette, the panel saying what Adaptive plays like now, and a game against Adaptive
saved, listed, counted and reviewed as Adaptive's."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from nac.core import Level, Mark, Mode, format_game
from nac.store import Storage
from nac.ui.app import NacApp
from nac.ui.screens.games import GamesScreen
from nac.ui.screens.review import ReviewScreen

from .helpers import make_app, panel, press, settle


def level_of(app: NacApp) -> Level:
    """The computer's level now (a call, so that mypy does not keep what it was)."""
    return app.game.level


async def test_c_and_e_choose_clever_and_adaptive_and_the_panel_says_so() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "c")
        assert level_of(app) is Level.CLEVER and app.settings.level is Level.CLEVER
        assert panel(app).value("Level") == "Clever"
        assert panel(app).message == "Level Clever, from the computer's next move."
        await press(pilot, "e")
        assert level_of(app) is Level.ADAPTIVE
        assert panel(app).value("Level") == "Adaptive"
        assert panel(app).value("Plays like") == "Average now"
        assert panel(app).message == (
            "Level Adaptive, from the computer's next move: it follows your results this "
            "session and aims at an even score (playing like Average now)."
        )


async def test_the_palette_offers_every_level() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        await commands["Level: Clever"].callback()
        await pilot.pause()
        assert level_of(app) is Level.CLEVER
        await commands["Level: Adaptive"].callback()
        await pilot.pause()
        assert level_of(app) is Level.ADAPTIVE


async def test_adaptive_plays_stronger_after_you_win_and_the_panel_says_how_strong() -> None:
    app = make_app(level=Level.ADAPTIVE)
    async with app.run_test() as pilot:
        assert panel(app).summary == "Adaptive (Average)"
        await press(pilot, "1", "9", "7", "4")  # a fork: Average, as Adaptive plays now, loses
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.X
        assert panel(app).value("Plays like") == "Clever now"
        await press(pilot, "enter")
        assert app.game.board.is_empty and app.match.score.first == 1
        assert panel(app).summary == "Adaptive (Clever)"


async def test_in_watch_mode_capitals_set_os_level_and_each_side_says_what_it_plays_like() -> None:
    app = make_app(mode=Mode.WATCH, think_seconds=30)
    async with app.run_test() as pilot:
        await press(pilot, "E", "C")
        assert app.game.watch_levels == (Level.GENIUS, Level.CLEVER)
        await press(pilot, "e")
        assert app.game.watch_levels == (Level.ADAPTIVE, Level.CLEVER)
        assert panel(app).value("X plays as") == "Adaptive (Average)"
        assert panel(app).value("O plays as") == "Clever"
        assert panel(app).message == (
            "X plays as Adaptive from its next move (playing like Average now)."
        )


async def test_a_game_against_adaptive_is_saved_listed_counted_and_reviewed_as_adaptives(
    nac_home: Path,
) -> None:
    app = make_app(storage=Storage.default(), level=Level.ADAPTIVE)
    async with app.run_test(size=(120, 36)) as pilot:
        await press(pilot, "1", "9", "7", "4")  # a fork beats Adaptive, playing like Average
        await press(pilot, "l")
        assert isinstance(app.screen, GamesScreen)
        cells = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert cells[:4] == ["You won", "3×3", "You (X)", "Adaptive (O)"]
        await press(pilot, "enter")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review is not None
    (saved,) = Storage.default().games.games()
    assert "O=adaptive" in format_game(saved) and saved.kind.key == "computer/adaptive"
    assert Storage.default().stats.records()["computer/adaptive"].won == 1
