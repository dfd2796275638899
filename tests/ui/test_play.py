"""Pilot tests: whole games, the computer's turn, refusals, new games and levels."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from textual.worker import WorkerFailed

from nac.core import Level, Mark, Rules

from .helpers import (
    banner_text,
    board_widget,
    drawn_marks,
    game_screen,
    make_app,
    panel,
    press,
    scores,
    searches,
    settle,
)


async def test_a_fork_wins_against_average_and_the_score_counts_it() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "1", "9", "7", "4")
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.X
        assert banner_text(app) == "You won — Enter next game, v review"
        assert (app.match.score.first, app.match.score.second, app.match.score.draws) == (1, 0, 0)
        assert scores(app)["You"] == 1
        assert board_widget(app).view.winning == {0, 3, 6}


async def test_genius_beats_careless_play() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test() as pilot:
        await press(pilot, "2", "4", "6")
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.O
        assert banner_text(app) == "Genius won — Enter next game, v review"
        assert (app.match.score.first, app.match.score.second, app.match.score.draws) == (0, 1, 0)


async def test_careful_play_draws_with_genius() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test() as pilot:
        await press(pilot, "1", "2", "7", "6", "9")
        assert app.game.outcome is not None and app.game.outcome.is_draw
        assert banner_text(app) == "Draw — Enter next game, v review"
        assert (app.match.score.first, app.match.score.second, app.match.score.draws) == (0, 0, 1)


async def test_after_the_game_board_keys_do_nothing_and_the_score_counts_once() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test() as pilot:
        await press(pilot, "2", "4", "6")
        board = app.game.board
        await press(pilot, "1", "3", "s")
        assert app.game.board == board
        assert app.match.score.second == 1
        await pilot.click(board_widget(app), offset=(10, 5))
        await pilot.pause()
        assert app.game.board == board and app.match.score.second == 1


async def test_new_game_clears_the_board_and_keeps_the_score() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test() as pilot:
        await press(pilot, "2", "4", "6", "n")
        assert app.game.board.is_empty and not app.game.is_over
        assert drawn_marks(app) == (None,) * 9
        assert banner_text(app) == ""
        assert app.match.score.second == 1 and scores(app)["Computer"] == 1
        await press(pilot, "5")
        assert app.game.board.mark_count == 2


async def test_a_taken_square_rings_the_bell_says_so_and_changes_nothing() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5")
        board = app.game.board
        with patch.object(app, "bell") as bell:
            await press(pilot, "5")
        bell.assert_called_once()
        assert app.game.board == board
        assert panel(app).message == "Square 5 is taken by X."


async def test_keys_during_the_computers_turn_do_nothing_and_are_not_queued() -> None:
    app = make_app(think_seconds=30)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert panel(app).status == "Computer (O) thinking…"
        await press(pilot, "1", "enter", "space", "s")
        assert app.game.board.mark_count == 1 and app.game.is_computer_turn
        assert app.game.board[0] is None


async def test_new_game_during_the_thinking_pause_cancels_the_computers_move() -> None:
    app = make_app(think_seconds=30)
    async with app.run_test() as pilot:
        await press(pilot, "5", "n", "n")  # a game in progress: n asks, n again goes ahead
        assert not game_screen(app).turns.replying  # the reply was dropped, not just delayed
        await settle(pilot, app)
        assert app.game.board.is_empty
        assert panel(app).status == "Your move (X)"


async def test_the_computer_replies_after_the_thinking_pause() -> None:
    app = make_app(think_seconds=0.05)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        assert app.game.board.mark_count == 2 and app.game.is_human_turn


async def test_a_move_found_waits_for_the_end_of_the_pause() -> None:
    app = make_app(think_seconds=30)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert not searches(app).running  # the 3×3 move is found at once...
        assert game_screen(app).turns.replying and app.game.board.mark_count == 1  # ...and held
        assert panel(app).status == "Computer (O) thinking…"


async def test_the_computer_starts_on_an_empty_board() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "s")
        assert app.game.board.mark_count == 1
        assert app.game.moves[0].by_computer and app.game.moves[0].mark is Mark.O
        assert app.game.is_human_turn


async def test_the_computer_cannot_start_once_the_game_has_begun() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5")
        board = app.game.board
        await press(pilot, "s")
        assert app.game.board == board
        assert "only start on an empty board" in panel(app).message


async def test_computer_starts_option_makes_it_open_every_game() -> None:
    app = make_app(computer_starts=True)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.game.board.mark_count == 1
        await press(pilot, "n")
        assert app.game.board.mark_count == 1 and app.game.moves[0].by_computer


async def test_level_keys_update_the_panel_at_once() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        for key, level in (("g", Level.GENIUS), ("i", Level.IDIOT), ("a", Level.AVERAGE)):
            await press(pilot, key)
            assert app.game.level is level and panel(app).value("Level") == level.label


async def reply_after_switch(level_key: str, seed: int, first: str, second: str) -> int:
    """X plays `first`, Average replies, the level switches, X plays `second`: the reply cell."""
    app = make_app(seed=seed)
    async with app.run_test() as pilot:
        await press(pilot, first, level_key, second)
        return app.game.moves[-1].cell


async def test_switching_level_mid_game_changes_the_next_reply() -> None:
    # X takes opposite corners around Average's centre. Every corner reply loses to a fork, so
    # Genius answers on a side; Average, which cannot see forks, takes a corner.
    sides, corners = {1, 3, 5, 7}, {2, 6}
    for seed in range(2):
        assert await reply_after_switch("g", seed, "1", "9") in sides
        assert await reply_after_switch("a", seed, "1", "9") in corners
    # X threatens the top row: Average blocks at 3 every time; Idiot does not.
    replies = {await reply_after_switch("i", seed, "1", "2") for seed in range(8)}
    assert replies - {2}


class Broken:
    """A strategy with a bug in it."""

    def choose(self, board: object, rng: object, stop: object = None, limit: object = None) -> int:
        raise RuntimeError("a bug in a strategy")


async def test_an_error_inside_the_app_ends_it_with_a_failing_status() -> None:
    from nac.engine import STRATEGIES

    app = make_app(
        rules=Rules.of(4), level=Level.GENIUS, strategies={**STRATEGIES, Level.GENIUS: Broken()}
    )
    with pytest.raises(WorkerFailed, match="a bug in a strategy"):
        async with app.run_test() as pilot:
            await press(pilot, "colon", *"b2", "enter")
            for _ in range(500):
                if not app.is_running:
                    break
                await pilot.pause(0.01)
    assert app.return_code == 1
