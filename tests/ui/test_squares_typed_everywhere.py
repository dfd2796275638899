"""A square's name typed plays that square on every screen where a square is chosen (the game,
online play as host or joiner, direct or through a relay, the puzzles, the drills), from one
place (`SquarePrompt`): also when a click on the board took the focus from the open prompt,
where Enter used to play the cursor's square (c3) instead, a move online cannot take back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual import events
from textual.pilot import Pilot

from nac.core import (
    Board,
    KeypadLayout,
    Mark,
    Position,
    Rules,
    find_rules,
    read_position,
    square_name,
)
from nac.net.start import OnlineStart
from nac.ui.app import NacApp
from nac.ui.screens.drills import DrillScreen
from nac.ui.screens.puzzle import PuzzleScreen
from nac.ui.widgets.board import BoardWidget

from ..net.helpers import game_server, player
from .helpers import game_screen, make_app, press, settle, until as waiting
from .online_helpers import both_online, online_app, online_ready, until


async def type_square(pilot: Pilot[None], name: str, *, click_between: bool) -> None:
    """`:`, the square's first letter, (a click on the board,) the rest and Enter."""
    await press(pilot, "colon", name[0])
    if click_between:
        await pilot.click(BoardWidget, offset=(0, 0))  # the board's corner: no square
    await press(pilot, *name[1:], "enter")


@pytest.mark.parametrize("click_between", [False, True], ids=["typed", "after-a-click"])
@pytest.mark.parametrize("size", [4, 5])
async def test_on_the_game_screen_a_typed_square_plays_that_square(
    size: int, click_between: bool
) -> None:
    app = make_app(rules=Rules.of(size))
    async with app.run_test(size=(100, 32)) as pilot:
        await type_square(pilot, "b2", click_between=click_between)
        await settle(pilot, app)
        assert app.game.moves[0].cell == size + 1 and not game_screen(app).prompt.is_open


@pytest.mark.parametrize("click_between", [False, True], ids=["typed", "after-a-click"])
@pytest.mark.parametrize("relay", [False, True], ids=["direct", "relay"])
@pytest.mark.parametrize(("size", "typed", "cell"), [(4, "b2", 5), (5, "b2", 6), (5, "e5", 24)])
async def test_online_a_typed_square_plays_that_square(
    relay: bool, size: int, typed: str, cell: int, click_between: bool
) -> None:
    async with game_server(relay=relay) as served:
        room = served.room(Rules.of(size), host="Sam")
        guest = player(served.address(room.guest.key), name="Ana")
        app = online_app(OnlineStart("join", "Sam", address=served.address(room.host.key)))
        async with app.run_test(size=(100, 40)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            await type_square(pilot, typed, click_between=click_between)
            await until(pilot, lambda: len(play.game.moves) == 1, "the move")
            assert play.game.moves[0].cell == cell and play.game.board[cell] is Mark.X
            await guest.until(lambda guest: guest.moves == [cell], "seen by Ana")
        await guest.stop()


async def test_online_the_joiner_types_a_square_after_the_hosts_move() -> None:
    async with game_server() as served:
        room = served.room(Rules.of(4), host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(80, 24)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.move(0) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "Sam's move")
            await type_square(pilot, "d4", click_between=True)
            await until(pilot, lambda: len(play.game.moves) == 2, "her move")
            assert play.game.moves[1].cell == 15 and play.game.moves[1].mark is Mark.O
        await host.stop()


async def test_online_keys_typed_fast_reach_the_prompt_the_first_time_it_opens() -> None:
    """A paste of `:b2` and Enter: the prompt is ready before the first `:` (as offline)."""
    async with game_server() as served:
        room = served.room(Rules.of(5), host="Sam")
        guest = player(served.address(room.guest.key), name="Ana")
        app = online_app(OnlineStart("join", "Sam", address=served.address(room.host.key)))
        async with app.run_test(size=(100, 40)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            for key, character in (("colon", ":"), ("b", "b"), ("2", "2"), ("enter", "\r")):
                app.post_message(events.Key(key, character))
            await until(pilot, lambda: len(play.game.moves) == 1, "the move")
            assert play.game.moves[0].cell == 6
        await guest.stop()


@pytest.mark.parametrize("click_between", [False, True], ids=["typed", "after-a-click"])
async def test_in_a_4x4_puzzle_a_typed_square_plays_that_square(click_between: bool) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "p")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        number = next(i for i, p in enumerate(screen.puzzles) if p.board.size == 4) + 1
        await press(pilot, "g", *str(number), "enter")
        board = screen.puzzle.board
        cell = next(c for c in range(16) if board[c] is None and name_of(board, c) != "c3")
        await type_square(pilot, name_of(board, cell), click_between=click_between)
        widget = screen.query_one(BoardWidget)
        await waiting(pilot, lambda: widget.view.marks[cell] == board.to_move.value, "played")


@pytest.mark.parametrize("click_between", [False, True], ids=["typed", "after-a-click"])
async def test_in_a_4x4_drill_a_typed_square_plays_that_square(click_between: bool) -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        add_drill(app, a_4x4_position(), played=15, answers=(7,))
        await press(pilot, "p", "m")
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        await waiting(pilot, lambda: screen.drill is not None, "the drill shown")
        await pilot.pause()
        await type_square(pilot, "d2", click_between=click_between)
        await waiting(pilot, lambda: bool(screen.answered), "the answer judged")
        assert screen.answered.startswith("Right")


def name_of(board: Position, cell: int) -> str:
    return square_name(cell, board.rules, KeypadLayout.PHONE)


def a_4x4_position() -> Position:
    """X to move on 4×4: X should block O's row at d2 (cell 7)."""
    board = Board.parse("X.X./OOO./X.../....")
    return read_position(find_rules("normal 4"), str(board), board.to_move)


def add_drill(app: NacApp, board: Position, played: int, answers: tuple[int, ...]) -> None:
    entry = ("drill-4x4", board, played, answers, "blunder")
    app.storage.stats.drills.add([entry], None, datetime.now(UTC))
