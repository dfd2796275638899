"""Notakto in the app: reached with the rules switch and left with it, the digits on the
cursor's board, a dead board refused, the computer's replies, hints and the analysis, the
questions before a switch drops a game, the games kept and counted, the review, every size."""

from __future__ import annotations

from pathlib import Path

import pytest

from nac.core import Level, Mode, NotaktoMove, NotaktoPosition, Variant, format_game
from nac.present import notakto_words
from nac.present.commands import key_for
from nac.present.notakto_commands import NOTAKTO_COMMANDS
from nac.store import Storage
from nac.store.paths import StorageDirs
from nac.ui.app import NacApp
from nac.ui.screens.notakto import NotaktoScreen
from nac.ui.screens.notakto_review import NotaktoReviewScreen
from nac.ui.widgets.notakto_boards import NotaktoBoards

from .helpers import make_app, press, settle


def screen(app: NacApp) -> NotaktoScreen:
    assert isinstance(app.screen, NotaktoScreen)
    return app.screen


def panel_text(app: NacApp) -> str:
    return str(screen(app).query_one("#notakto-panel").render())


def status_text(app: NacApp) -> str:
    return str(screen(app).query_one("#notakto-status").render())


def on_disk(tmp_path: Path) -> Storage:
    return Storage.at(StorageDirs(tmp_path / "config", tmp_path / "data"))


async def test_the_rules_switch_goes_from_misere_to_notakto_and_back_to_the_normal_game() -> None:
    app = make_app(level=Level.IDIOT, variant=Variant.MISERE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")  # a misère game in progress: left to wait, then dropped
        await settle(pilot, app)
        await press(pilot, key_for("next_variant"))
        await settle(pilot, app)
        assert screen(app).game.boards == 1 and app.session.settings.notakto
        assert "kill the last live board and you lose" in panel_text(app)
        await press(pilot, notakto_words.key("leave_notakto"))
        assert notakto_words.LEAVE_QUESTION in panel_text(app)
        await press(pilot, notakto_words.key("leave_notakto"))
        await settle(pilot, app)
        assert not isinstance(app.screen, NotaktoScreen)
        assert not app.session.settings.notakto and app.game.variant is Variant.NORMAL
        assert app.game.board.is_empty


async def test_the_digits_play_the_cursors_board_and_tab_goes_to_the_next_live_one() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3")  # board 1's top row: it is dead
        notakto = screen(app)
        assert notakto.game.position.dead == (True, False, False)
        assert notakto.cursor.board == 1  # the cursor left the dead board by itself
        await press(pilot, "5", "tab", "5")
        assert notakto.game.position == NotaktoPosition.parse("XXX/.../... .../.X./... .../.X./...")
        assert "Board 1 · dead" in "".join(
            text for line in notakto.query_one(NotaktoBoards)._lines for text, _ in line
        )


async def test_a_dead_board_or_a_taken_square_is_refused_and_changes_nothing() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5", "5")
        assert "already holds an X" in panel_text(app)
        await press(pilot, "1", "9")  # board 1's diagonal: dead
        notakto = screen(app)
        before = notakto.game.position
        notakto.cursor = NotaktoMove(0, 2)
        notakto.action_play_cursor()
        await pilot.pause()
        assert "board 1 is dead" in panel_text(app).lower()
        assert notakto.game.position == before


async def test_the_computer_replies_and_the_finished_game_is_kept(tmp_path: Path) -> None:
    storage = on_disk(tmp_path)
    app = make_app(level=Level.GENIUS, notakto=True, boards=1, storage=storage)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        notakto = screen(app)
        for _ in range(5):  # Genius wins from any reply of ours once we play a corner
            if notakto.game.is_over:
                break
            move = next(notakto.game.position.legal_moves())
            notakto.cursor = move
            await press(pilot, "enter")
            await settle(pilot, app)
        assert notakto.game.is_over
        assert "You lost" in status_text(app) or "You won" in status_text(app)
        [saved] = app.storage.games.games()
        assert saved.notakto == 1 and "variant=notakto boards=1" in format_game(saved)
        assert any(key.endswith("+notakto1") for key in app.storage.stats.records())


async def test_the_hint_shows_geniuss_move_and_the_analysis_labels_every_square() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "h")
        await settle(pilot, app)
        notakto = screen(app)
        assert notakto.hint == NotaktoMove(0, 4)
        assert "Hint: board 1, key 5 — you win in 3." in panel_text(app)
        await press(pilot, "t")
        await settle(pilot, app)
        assert set(notakto.notes) == set(notakto.game.position.legal_moves())
        assert notakto.notes[NotaktoMove(0, 4)] == ("win 3", "W3", "win")


async def test_mid_game_a_new_game_or_other_boards_are_asked_about_first() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5", "b")
        notakto = screen(app)
        assert notakto.game.boards == 1 and len(notakto.game.moves) == 1
        assert "press b again" in panel_text(app)
        await press(pilot, "b")
        assert notakto.game.boards == 2 and not notakto.game.moves
        assert app.session.settings.boards == 2
        await press(pilot, "5", "n", "t")  # another command drops the question
        await press(pilot, "n")
        assert "press n again" in panel_text(app)


async def test_a_click_plays_the_square_clicked() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        boards = screen(app).query_one(NotaktoBoards)
        fit = boards.fit
        assert fit is not None
        x = boards._left + fit.board_width + 2 + 1 + fit.cell_width // 2  # board 2, top left
        await pilot.click(NotaktoBoards, offset=(x, 1 + fit.cell_height // 2))
        await pilot.pause()
        assert screen(app).game.position.boards == (0, 1)


async def test_the_review_judges_every_move_and_steps_through_them() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, notakto=True, boards=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "5", "9")  # 9 completes the diagonal: it loses
        await press(pilot, notakto_words.key("review"))
        await settle(pilot, app)
        review = app.screen
        assert isinstance(review, NotaktoReviewScreen)
        assert review.reviewed is not None and len(review.reviewed) == 4
        assert review.reviewed[3].mistake  # 9 killed the board with other moves left
        await press(pilot, "home", "right")
        assert review.step == 1


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)])
async def test_three_boards_fit_at_the_sizes_players_use(size: tuple[int, int]) -> None:
    app = make_app(level=Level.IDIOT, notakto=True, boards=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")
        await settle(pilot, app)
        boards = screen(app).query_one(NotaktoBoards)
        assert boards.fit is not None and boards.fit.width <= size[0]
        assert boards.region.bottom <= size[1] - 1  # above the footer


def test_every_key_a_notakto_sentence_names_is_in_its_table() -> None:
    for action in ("next_game", "new_game", "next_boards", "leave_notakto", "review", "help"):
        assert notakto_words.key(action) in {command.shown for command in NOTAKTO_COMMANDS} | {
            key for command in NOTAKTO_COMMANDS for key, _ in command.keys
        }
