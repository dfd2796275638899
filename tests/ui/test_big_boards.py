"""Pilot tests: 4×4 and 5×5 boards, played by arrows, mouse and typed squares; searches in
the background, cancelled by a new game."""

from __future__ import annotations

import pytest
from textual.worker import WorkerState

from nac.core import Board, Level, Mark, Mode, Rules
from nac.present.game.metrics import minimum_terminal
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.move_prompt import MovePrompt

from .helpers import (
    board_widget,
    drawn_marks,
    drawn_metrics,
    game_screen,
    held_genius,
    make_app,
    panel,
    press,
    resize,
    searches,
    settle,
    until,
)
from .test_input import cell_centre


async def test_b_cycles_the_board_size_and_starts_a_new_game() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5")
        await settle(pilot, app)
        await press(pilot, "b")  # a game in progress: it asks first
        assert app.game.size == 3 and "press b again" in panel(app).message
        await press(pilot, "b")
        board = app.game.board
        assert app.game.size == 4 and board.is_empty
        assert isinstance(board, Board) and board.win_length == 4
        assert board_widget(app).view.labels[9] == "b3"
        await game_screen(app).run_action("size(5)")  # on 4×4, b begins a square: the palette
        assert app.game.size == 5
        await press(pilot, "m", "m", "b")  # watch mode: no square is typed, b is the board
        assert app.game.size == 3 and app.settings.rules == Rules.of(3)


async def test_typed_squares_play_on_4x4_and_the_computer_answers() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test() as pilot:
        await press(pilot, "colon")
        assert app.query_one(MovePrompt).is_open
        await press(pilot, *"b3", "enter")
        await settle(pilot, app)
        assert app.game.board[9] is Mark.X and app.game.board.mark_count == 2
        assert not app.query_one(MovePrompt).is_open
        assert panel(app).history.startswith("1. X b3   2. O ")


async def test_a_bad_or_taken_square_is_refused_and_the_prompt_stays() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"z9", "enter")
        assert "not a square" in panel(app).message and app.game.board.is_empty
        assert app.query_one(MovePrompt).is_open
        await press(pilot, "escape")
        assert not app.query_one(MovePrompt).is_open
        await press(pilot, "colon", *"a1", "enter")
        await settle(pilot, app)
        await press(pilot, "colon", *"a1", "enter")
        assert panel(app).message == "Square a1 is taken by X."


async def test_arrows_enter_and_the_mouse_play_on_5x5() -> None:
    app = make_app(rules=Rules.of(5))
    async with app.run_test() as pilot:
        await press(pilot, "down", "right", "enter")  # the cursor starts in the centre
        await settle(pilot, app)
        assert app.game.board[18] is Mark.X
        widget = board_widget(app)
        free = next(cell for cell in (0, 4, 20, 24) if app.game.board[cell] is None)
        await pilot.click(BoardWidget, offset=cell_centre(widget, free))
        await settle(pilot, app)
        assert app.game.board[free] is Mark.X and app.game.board.mark_count == 4
        assert drawn_marks(app) == tuple(app.game.board)


async def test_digits_on_a_bigger_board_say_what_to_use_instead() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert app.game.board.is_empty
        assert "Keys 1-9 play the 3×3 board" in panel(app).message


async def test_a_new_game_cancels_a_search_in_progress() -> None:
    held, strategies = held_genius()
    app = make_app(rules=Rules.of(5), level=Level.GENIUS, strategies=strategies)
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"c3", "enter")  # Genius starts searching at once
        assert held.started.wait(10) and searches(app).running
        (worker,) = searches(app).running
        await pilot.press("n", "n")  # a game in progress: n asks, n again goes ahead
        await settle(pilot, app)
        assert worker.state is WorkerState.CANCELLED and held.stopped.is_set()
        assert app.game.board.is_empty and app.game.is_human_turn
        assert panel(app).status == "Your move (X)"


async def test_quitting_cancels_a_search_in_progress() -> None:
    held, strategies = held_genius()
    app = make_app(rules=Rules.of(5), level=Level.GENIUS, strategies=strategies)
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"c3", "enter")
        assert held.started.wait(10)
        (worker,) = searches(app).running
        await pilot.press("q")
    assert worker.state is WorkerState.CANCELLED and held.stopped.is_set()
    assert app.return_code in (None, 0)


async def test_the_screen_answers_keys_while_the_computer_searches() -> None:
    """The search runs on a worker thread: while it goes on, keys move the cursor and show
    messages; when it ends, its move is played."""
    held, strategies = held_genius()
    app = make_app(rules=Rules.of(5), level=Level.GENIUS, strategies=strategies)
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"c3", "enter")
        assert held.started.wait(10)
        await press(pilot, "up", "up", "left", "t")
        assert board_widget(app).cursor == 1 and "Analysis on" in panel(app).message
        assert searches(app).running and panel(app).status == "Computer (O) thinking…"
        held.release.set()
        await settle(pilot, app)
        assert app.game.board.mark_count == 2 and app.game.is_human_turn


async def test_the_search_starts_with_the_thinking_pause_and_its_move_waits_for_the_pause() -> None:
    """The reply comes at max(pause, search): the search begins when the pause does, and a
    move found early is held until the pause is over."""
    held, strategies = held_genius()
    app = make_app(rules=Rules.of(5), level=Level.GENIUS, strategies=strategies, think_seconds=600)
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"c3", "enter")
        assert held.started.wait(10)  # searching already, with the pause far from over
        held.release.set()
        await until(pilot, lambda: not searches(app).running, "the move found")  # found...
        assert app.game.board.mark_count == 1 and game_screen(app).turns.replying  # ...and waits


async def test_other_keys_are_answered_while_the_computer_thinks() -> None:
    app = make_app(rules=Rules.of(5), think_seconds=30)
    async with app.run_test() as pilot:
        await press(pilot, "colon", *"c3", "enter")
        assert panel(app).status == "Computer (O) thinking…"
        await press(pilot, "t")
        assert "Analysis on" in panel(app).message


async def test_analysis_and_hints_on_4x4() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test() as pilot:
        await press(pilot, "t")
        await settle(pilot, app)
        notes = board_widget(app).view.notes
        assert [note.long for note in notes if note] == ["draw"] * 16
        await press(pilot, "h")
        await settle(pilot, app)
        assert board_widget(app).view.hint is not None
        assert panel(app).message.startswith("Hint for X: square ")


async def test_a_hint_and_the_analysis_on_5x5_come_from_the_book() -> None:
    app = make_app(rules=Rules.of(5))
    async with app.run_test() as pilot:
        await press(pilot, "h")
        await settle(pilot, app)
        assert board_widget(app).view.hint is not None
        assert "holds the draw" in panel(app).message
        await press(pilot, "escape", "colon", *"c3", "enter")
        await settle(pilot, app)
        await press(pilot, "t")
        await settle(pilot, app)
        notes = [note.long for note in board_widget(app).view.notes if note]
        # After X c3 and O's reply every X move is known: a draw or a win, never a loss.
        assert (
            len(notes) == 23
            and set(notes) <= {"win", "draw"}
            and "Analysis on" in (panel(app).message)
        )


@pytest.mark.parametrize("size", [4, 5])
async def test_watching_genius_against_itself_is_a_draw(size: int) -> None:
    app = make_app(rules=Rules.of(size), mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.GENIUS))
    async with app.run_test() as pilot:
        for _ in range(100):
            await settle(pilot, app)
            if app.game.is_over:
                break
        assert app.game.outcome is not None and app.game.outcome.is_draw


async def test_bigger_boards_resize_and_say_how_big_the_terminal_must_be() -> None:
    app = make_app(rules=Rules.of(5))
    async with app.run_test(size=(100, 32)) as pilot:
        metrics = drawn_metrics(board_widget(app))
        assert metrics is not None and metrics.glyph_rows >= 4 and metrics.edges
        await resize(pilot, 60, 22)
        metrics = drawn_metrics(board_widget(app))
        assert metrics is not None and metrics.compact
        columns, rows = minimum_terminal(Rules.of(5))
        await resize(pilot, columns, rows - 1)
        assert app.query_one("#main").has_class("-too-small")
        message = str(app.query_one("#too-small").render())
        assert "5×5" in message and f"{columns}×{rows}" in message and "press b" in message
        await press(pilot, "b")  # the biggest smaller board that fits: 4×4 needs 40×18
        assert app.game.size == 4 and not app.query_one("#main").has_class("-too-small")


def test_a_search_in_the_search_process_answers_and_can_be_stopped() -> None:
    import threading

    from nac.core import Board, Level
    from nac.engine import NO_LIMIT, Hint, SearchStopped
    from nac.engine.process import ChildFailed, Request, SearchProcess

    process = SearchProcess()
    try:
        board = Board.parse("XX../OO../..../....", to_move="X")
        move = Request("play", (board, Level.GENIUS, NO_LIMIT), 1)
        assert process.run(move, threading.Event()) == 2
        found = process.run(Request("hint", (board, NO_LIMIT), 1), threading.Event())
        assert isinstance(found, Hint) and found.cell == 2
        stopped = threading.Event()
        stopped.set()
        with pytest.raises(SearchStopped):
            process.run(Request("play", (Board.empty(5), Level.GENIUS, NO_LIMIT), 1), stopped)
        # the next request gets its own answer, not the stopped one's
        assert (
            process.run(Request("play", (board, Level.GENIUS, NO_LIMIT), 2), threading.Event()) == 2
        )
        with pytest.raises(ChildFailed, match="answers"):  # only the engine's questions
            process.run(Request("close", (), 1), threading.Event())
    finally:
        process.close()
