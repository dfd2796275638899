"""Notakto in the app: the one game screen under Notakto's rules (started with them, or reached
with the rules switch, and left with it for a new normal game), the digits on the cursor's
board, Tab to the next live board, a dead board refused, the computer's replies, hints and the
analysis, undo, the questions before a switch drops a game, the boards switch, the games kept
and counted, the review, every size."""

from __future__ import annotations

from pathlib import Path

import pytest

from nac.core import NORMAL, ULTIMATE, Family, Level, Mode, NotaktoBoard, Rules, format_game
from nac.engine import Rating
from nac.present.commands import key_for
from nac.present.game import words
from nac.present.game.metrics import GAP
from nac.present.game.views import CellNote
from nac.store import Storage
from nac.store.paths import StorageDirs
from nac.ui.app import NacApp
from nac.ui.screens.game import GameScreen
from nac.ui.screens.help import HelpScreen, help_text
from nac.ui.screens.review import ReviewScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.review_panel import ReviewPanel

from .helpers import (
    banner_text,
    board_widget,
    drawn_fit,
    game_screen,
    make_app,
    panel,
    press,
    settle,
)

MISERE = Rules(Family.MISERE, 3)


def notakto_board(app: NacApp) -> NotaktoBoard:
    board = app.game.board
    assert isinstance(board, NotaktoBoard)
    return board


def drawn_text(app: NacApp) -> str:
    """The board widget's drawing, as text."""
    widget = board_widget(app)
    board = widget._board()
    assert board is not None
    return "\n".join(
        "".join(text for text, _ in board.line(widget.shown, y)) for y in range(board.height)
    )


def on_disk(tmp_path: Path) -> Storage:
    return Storage.at(StorageDirs(tmp_path / "config", tmp_path / "data"))


async def test_the_rules_switch_goes_from_misere_to_notakto_and_on_to_a_new_ultimate_game() -> None:
    app = make_app(level=Level.IDIOT, rules=MISERE)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        await press(pilot, "5")  # a misère game in progress: asked about first
        await settle(pilot, app)
        await press(pilot, key_for("next_variant"))
        assert app.game.rules == MISERE
        assert "press w again to play Notakto on 1 board" in panel(app).message
        await press(pilot, key_for("next_variant"))
        await settle(pilot, app)
        assert app.game.rules == Rules.notakto(1) and app.settings.rules == Rules.notakto(1)
        assert app.screen is screen  # the same game screen plays every rules
        assert "killing the last board loses" in panel(app).message
        await press(pilot, "5")  # a Notakto game in progress: asked about too
        await settle(pilot, app)
        await press(pilot, key_for("next_variant"))
        assert app.game.rules == Rules.notakto(1)
        assert "press w again to play Ultimate" in panel(app).message
        await press(pilot, key_for("next_variant"))
        await settle(pilot, app)
        assert app.screen is screen
        assert app.game.rules == ULTIMATE and app.settings.rules == ULTIMATE
        assert app.game.board.is_empty  # a new game: none waited under Notakto's


async def test_the_rules_switch_cycles_normal_misere_notakto_ultimate_and_normal_again() -> None:
    app = make_app(level=Level.IDIOT)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = [app.game.rules]
        for _ in range(4):  # no game in progress: each press switches at once
            await press(pilot, "w")
            await settle(pilot, app)
            seen.append(app.game.rules)
        assert seen == [NORMAL, MISERE, Rules.notakto(1), ULTIMATE, NORMAL]


async def test_the_digits_play_the_cursors_board_and_tab_goes_to_the_next_live_one() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3")  # board 1's top row: it is dead
        assert notakto_board(app).dead == (True, False, False)
        assert board_widget(app).board_of_cursor == 1  # the cursor left the dead board itself
        await press(pilot, "5", "tab", "5")
        assert app.game.board == NotaktoBoard.parse("XXX/.../... .../.X./... .../.X./...")
        assert "Board 1 · dead" in drawn_text(app)


async def test_tab_skips_dead_boards_and_says_when_no_other_board_lives() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(3))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        widget = board_widget(app)
        assert widget.board_of_cursor == 0
        await press(pilot, "tab")
        assert widget.board_of_cursor == 1 and widget.cursor == 9 + 4  # the same square
        await press(pilot, "tab", "tab")
        assert widget.board_of_cursor == 0  # round again
        await press(pilot, "1", "2", "3")  # board 1 dies
        assert widget.board_of_cursor == 1
        await press(pilot, "tab", "tab")
        assert widget.board_of_cursor == 1  # from board 3 past the dead board 1
        await press(pilot, "1", "2", "3")  # board 2 dies: board 3 alone lives
        assert notakto_board(app).dead == (True, True, False)
        assert widget.board_of_cursor == 2
        before = widget.cursor
        await press(pilot, "tab")
        assert widget.cursor == before and panel(app).message == words.ONE_BOARD


async def test_tab_after_the_game_never_says_that_no_other_board_lives() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3")  # the last board dies
        assert app.game.is_over
        await app.workers.wait_for_complete()  # the end's own notes (the review's) said first
        await pilot.pause()
        said = panel(app).message
        await press(pilot, "tab")
        assert panel(app).message in (said, words.GAME_OVER)


async def test_a_dead_board_or_a_taken_square_is_refused_and_changes_nothing() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5", "5")
        assert "already holds an X" in panel(app).message
        await press(pilot, "1", "9")  # board 1's diagonal: dead
        before = app.game.board
        assert notakto_board(app).dead == (True, False)
        board_widget(app).cursor = 2  # a square of the dead board
        await press(pilot, "enter")
        assert "board 1 is dead" in panel(app).message.lower()
        assert app.game.board == before


async def test_the_computer_replies_and_the_finished_game_is_kept(tmp_path: Path) -> None:
    storage = on_disk(tmp_path)
    app = make_app(level=Level.GENIUS, rules=Rules.notakto(1), storage=storage)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(5):  # Genius wins from any reply of ours once we play a corner
            if app.game.is_over:
                break
            board_widget(app).cursor = notakto_board(app).legal_moves[0]
            await press(pilot, "enter")
            await settle(pilot, app)
        assert app.game.is_over
        assert any(move.by_computer for move in app.game.moves)  # the computer's replies
        assert banner_text(app).startswith(("Genius won", "You won"))
        [saved] = app.storage.games.games()
        assert saved.rules == Rules.notakto(1)
        assert "variant=notakto boards=1" in format_game(saved)
        assert any(key.endswith("+notakto1") for key in app.storage.stats.records())


async def test_the_hint_shows_geniuss_move_and_the_analysis_labels_every_square() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "h")
        await settle(pilot, app)
        hint = game_screen(app).hint
        assert hint is not None and hint.cell == 4 and board_widget(app).view.hint == 4
        assert panel(app).message == "Hint: board 1, key 5: you win in 3."
        await press(pilot, "t")
        await settle(pilot, app)
        notes = board_widget(app).view.notes
        labelled = {cell for cell, note in enumerate(notes) if note is not None}
        assert labelled == set(notakto_board(app).legal_moves)
        assert notes[4] == CellNote("win in 3", "W3", "win")


async def test_the_analysis_marks_a_square_that_kills_its_board() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(2))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "t")  # board 1's key 3 would complete its top row
        await settle(pilot, app)
        room = board_widget(app).note_room
        assert panel(app).message == words.analysis_switched(True, app.game.rules, room)
        notes = board_widget(app).view.notes
        killing = notes[2]
        assert killing is not None and killing.long.startswith(words.KILLS_MARK)
        assert all(
            note is None or not note.long.startswith(words.KILLS_MARK)
            for cell, note in enumerate(notes)
            if cell != 2
        )


async def test_undo_takes_back_the_players_move_and_the_computers_reply() -> None:
    app = make_app(level=Level.IDIOT, rules=Rules.notakto(2))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")
        await settle(pilot, app)
        moves = app.game.moves
        assert len(moves) == 2 and moves[1].by_computer  # the computer replied
        await press(pilot, "u")
        await settle(pilot, app)
        assert not app.game.moves and app.game.is_human_turn
        assert panel(app).message == words.took_back(2)


async def test_mid_game_other_boards_are_asked_about_first() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5", "b")
        assert app.game.rules == Rules.notakto(1) and len(app.game.moves) == 1
        assert "press b again" in panel(app).message
        await press(pilot, "b")
        assert app.game.rules == Rules.notakto(2) and not app.game.moves
        assert app.settings.rules == Rules.notakto(2)


async def test_mid_game_a_new_game_is_asked_about_first_and_another_command_drops_it() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5", "n", "t")  # another command drops the question
        await press(pilot, "n")
        assert len(app.game.moves) == 1 and "press n again" in panel(app).message
        await press(pilot, "n")
        assert not app.game.moves and app.game.rules == Rules.notakto(2)


async def test_b_cycles_notaktos_boards_one_two_three_and_one_again() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        seen = [app.game.rules.boards]
        for _ in range(3):  # no game in progress: each press switches at once
            await press(pilot, "b")
            seen.append(app.game.rules.boards)
            fit = drawn_fit(board_widget(app))
            assert fit is not None and fit.boards == app.game.rules.boards
        assert seen == [1, 2, 3, 1]
        assert app.settings.rules == Rules.notakto(1)


async def test_a_click_plays_the_square_clicked() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        widget = board_widget(app)
        fit = drawn_fit(widget)
        assert fit is not None
        left, top = widget.origin()
        x = left + fit.board_width + GAP + 1 + fit.cell_width // 2  # board 2, top left
        await pilot.click(BoardWidget, offset=(x, top + 1 + fit.cell_height // 2))
        await pilot.pause()
        assert notakto_board(app).boards == (0, 1)


async def test_the_review_judges_every_move_and_steps_through_them() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "5", "9")  # 9 completes the diagonal: it loses
        assert app.game.is_over
        await press(pilot, key_for("review"))
        await settle(pilot, app)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.review is not None and len(review.review.moves) == 4
        # 9 killed the last board with a winning move left (key 4): a win thrown away
        assert review.review.moves[3].rating is Rating.BLUNDER
        await press(pilot, "home", "right")
        assert review.step == 1
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)])
async def test_three_boards_fit_at_the_sizes_players_use(size: tuple[int, int]) -> None:
    app = make_app(level=Level.IDIOT, rules=Rules.notakto(3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")
        await settle(pilot, app)
        widget = board_widget(app)
        fit = drawn_fit(widget)
        assert fit is not None and fit.width <= size[0]
        assert widget.region.bottom <= size[1] - 1  # above the footer


async def test_the_result_says_who_killed_the_last_board() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3")  # Player 1 kills the last board
        await settle(pilot, app)
        assert app.game.is_over and app.game.outcome is not None
        assert str(app.game.outcome.winner) == "O"  # the second seat: Player 2
        assert "Player 1 killed the last board: Player 2 won." in panel(app).message


async def test_the_keys_a_finished_notakto_game_names_do_what_they_say() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3")  # Player 1 kills the last board
        assert app.game.is_over
        said = banner_text(app)
        assert said.startswith("Player 2 won")
        assert f"{key_for('next_game')} next game" in said
        assert f"{key_for('review')} review" in said
        await press(pilot, key_for("review"))
        await settle(pilot, app)
        assert isinstance(app.screen, ReviewScreen)
        await press(pilot, "escape", "enter")  # Enter: the next game, by the same rules
        assert isinstance(app.screen, GameScreen)
        assert app.game.rules == Rules.notakto(1) and not app.game.moves
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "## Notakto" in help_text(app.game)


@pytest.mark.parametrize(("size", "legend"), [((80, 24), True), ((160, 50), False)])
async def test_where_squares_show_short_notes_the_analysis_says_what_they_mean(
    size: tuple[int, int], legend: bool
) -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(3))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "t")
        assert (board_widget(app).note_room < words.longest_note(app.game.rules)) is legend
        said = panel(app).message
        assert ("W3: a win in 3 of the mover's moves" in said) is legend
        assert ("D: a draw" in said) is False  # Notakto has no draws


async def test_the_review_of_three_boards_fits_wherever_the_game_does() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(3))
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot, app)
        await press(pilot, "1", "2", "3", "1", "2", "3", "1", "2", "3")  # the last board dies
        assert app.game.is_over
        await press(pilot, key_for("review"))
        await settle(pilot, app)
        review = app.screen
        assert isinstance(review, ReviewScreen)
        widget = review.query_one(BoardWidget)
        assert widget.fits and drawn_fit(widget) is not None
        assert widget.region.bottom <= 15 - 1  # above the footer
        assert review.query_one(ReviewPanel).region.height >= 5  # the panel under the board


async def test_the_last_move_reads_without_colours_where_a_square_is_one_letter() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, rules=Rules.notakto(3))
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")
        widget = board_widget(app)
        fit = drawn_fit(widget)
        assert fit is not None and fit.cell_width == 1  # one letter a square: no room for ●
        board = widget._board()
        assert board is not None
        runs = [run for y in range(board.height) for run in board.line(widget.shown, y)]
        assert [text for text, (name, _) in runs if name.endswith("-last")] == ["X"]  # underlined
