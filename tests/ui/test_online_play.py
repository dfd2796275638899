"""The app's online screen against a real game server on loopback: the app as host (its own
server, the invite on screen, a real client joining with it) and as joiner, whole games played
with the keys, results counted and saved, refusals said, resigning and leaving asked first, a
dropped opponent seen to go and come back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from unittest.mock import patch

import pytest

from nac.core import Mark, Rules
from nac.net.address import parse_address
from nac.net.server import CLOSED
from nac.net.start import OnlineStart
from nac.present.online import words as online_words
from nac.store import Storage
from nac.ui.screens.game import GameScreen
from nac.ui.widgets.board import BoardWidget

from ..net.helpers import Player, game_server, player
from .helpers import press
from .online_helpers import (
    both_online,
    footer,
    hosting,
    invite_line,
    online_app,
    online_ready,
    online_screen,
    panel,
    panel_text,
    room_of,
    until,
)


async def test_the_host_shows_the_invite_and_plays_the_joiner_to_the_end_with_its_keys() -> None:
    storage = Storage.default()
    app = online_app(hosting("Sam"), storage)
    async with app.run_test(size=(100, 32)) as pilot:
        play = await online_ready(pilot, app, "the host's room")
        await until(pilot, lambda: bool(panel(app).invite), "the invite")
        assert panel(app).status == online_words.WAITING_FOR_OPPONENT
        text = panel_text(app)
        join, watch = invite_line(app, "join"), invite_line(app, "watch")
        assert f"nac join {join}" in text.splitlines()  # whole, on a line of its own
        assert f"nac watch {watch}" in text.splitlines()
        assert join.startswith("127.0.0.1:") and join != watch
        assert "c Copy invite" in footer(app) and "w Watch line" in footer(app)
        await press(pilot, "c")
        assert app.clipboard == f"nac join {join}"
        assert panel(app).message == online_words.copied(f"nac join {join}")
        guest = player(join, name="Ana")
        await until(pilot, lambda: both_online(play), "Ana seated")
        assert panel(app).invite == () and panel(app).status == "Your move (X)"
        assert "Play" in footer(app) and "Copy invite" not in footer(app)
        assert panel(app).watch_line == f"nac watch {watch}"  # kept in sight during the game
        assert watch in panel_text(app).splitlines() and "w Watch line" in footer(app)
        for key, answer in (("1", 3), ("2", 4)):
            count = len(play.game.moves)
            await press(pilot, key)
            await guest.until(moved_to(count + 1), "the move seen")
            assert await guest.play.move(answer) is None
            await until(pilot, lambda n=count: len(play.game.moves) == n + 2, "the reply")  # type: ignore[misc]
        await press(pilot, "3")  # the top row: X wins
        await until(pilot, lambda: play.game.is_over, "the end")
        assert panel(app).status == "You won"
        assert panel(app).after == "r asks for a rematch (Ana moves first next time)."
        assert "r Rematch" in footer(app) and "Resign" not in footer(app)
        assert [row[:3] for row in panel(app).players] == [
            ("You", "X", "Sam"),
            ("Opponent", "O", "Ana"),
        ]
        assert list(storage.stats.records()) == ["online/Ana"]
        assert storage.stats.records()["online/Ana"].won == 1
        saved = storage.games.last()
        assert saved is not None and saved.opponent == "Ana"
        await guest.until(lambda guest: guest.play.game.is_over, "the end seen by Ana")
        await press(pilot, "r")
        await until(pilot, lambda: play.table.you in room_of(play).rematch, "asked")
        assert panel(app).after == "You asked for a rematch: waiting for Ana."
        assert await guest.play.rematch() is None
        await until(pilot, lambda: room_of(play).number == 2, "the rematch")
        assert panel(app).status == "Ana's move (O) …"
        await guest.stop()


async def test_the_app_as_joiner_plays_with_keys_and_a_click_and_says_why_a_key_does_nothing(
) -> None:  # fmt: skip
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        address = served.address(room.guest.key)
        app = online_app(OnlineStart("join", "Ana", address=address))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert panel(app).status == "Sam's move (X) …"
            assert "Play" not in footer(app)  # not this player's turn: no key to play
            with patch.object(app, "bell") as bell:
                await press(pilot, "5")
            bell.assert_not_called()
            assert panel(app).message == "It is Sam's turn."
            assert await host.play.move(4) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "Sam's move")
            assert panel(app).status == "Your move (O)" and panel(app).message == ""
            with patch.object(app, "bell") as bell:
                await press(pilot, "5")  # taken
            bell.assert_called_once()
            assert panel(app).message == "Square 5 is taken by X."
            board = online_screen(app).query_one(BoardWidget)
            await pilot.click(BoardWidget, offset=offset_of(board, 0))  # the top left
            await until(pilot, lambda: len(play.game.moves) == 2, "the click's move")
            assert play.game.moves[1].cell == 0 and play.game.moves[1].mark is Mark.O
            await host.until(lambda host: host.moves == [4, 0], "seen by Sam")
            await press(pilot, "h")
            assert panel(app).message == online_words.NO_LEARNING
            await press(pilot, "t")
            assert panel(app).message == online_words.NO_ANALYSIS
            assert "Analysis" not in footer(app) and "Hint" not in footer(app)
        await host.stop()


async def test_resigning_asks_first_and_any_other_key_drops_the_question() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        guest = player(served.address(room.guest.key), name="Ana")
        app = online_app(OnlineStart("join", "Sam", address=served.address(room.host.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            await press(pilot, "R")
            assert panel(app).message == online_words.RESIGN_QUESTION
            await press(pilot, "5")  # another command: the question goes, the move is made
            await until(pilot, lambda: len(play.game.moves) == 1, "the move")
            assert panel(app).message == ""
            await press(pilot, "R", "R")
            await until(pilot, lambda: play.game.is_over, "the resignation")
            assert panel(app).status == "Ana won: you resigned"
            await guest.until(lambda guest: guest.play.game.is_over, "seen by Ana")
            assert guest.play.game.resigned is Mark.X
        await guest.stop()


async def test_a_dropped_opponent_is_said_to_be_away_until_they_come_back_with_the_line() -> None:
    app = online_app(hosting("Sam"))
    async with app.run_test(size=(100, 32)) as pilot:
        play = await online_ready(pilot, app)
        await until(pilot, lambda: bool(panel(app).invite), "the invite")
        line = invite_line(app, "join")
        guest = player(line, name="Ana")
        await until(pilot, lambda: both_online(play), "seated")
        await press(pilot, "5")
        await guest.until(lambda guest: guest.moves == [4], "the move seen")
        await guest.stop()  # the joiner's nac ends mid-game
        await until(pilot, lambda: not room_of(play).online[Mark.O], "the drop")
        assert panel(app).status.startswith("Ana lost the connection: waiting 1:00 for them")
        assert panel(app).players[1][3] == "away" and "○ away" in panel_text(app)
        back = player(line, name="Ana", passes=guest.passes)  # her nac again
        await until(pilot, lambda: room_of(play).online[Mark.O], "the return")
        assert panel(app).status == "Ana's move (O) …"
        await back.until(lambda back: back.moves == [4], "the game where it was")
        await back.stop()


async def test_leaving_asks_first_during_a_game_then_closes_the_hosts_server() -> None:
    app = online_app(hosting("Sam"))
    async with app.run_test(size=(100, 32)) as pilot:
        play = await online_ready(pilot, app)
        await until(pilot, lambda: bool(panel(app).invite), "the invite")
        line = invite_line(app, "join")
        guest = player(line, name="Ana")
        await until(pilot, lambda: both_online(play), "seated")
        await press(pilot, "escape")
        assert panel(app).message == online_words.LEAVE_QUESTION
        await press(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
        await guest.until(lambda guest: guest.table.error == CLOSED, "the host's goodbye")
        assert guest.task is not None and guest.task.done()  # no more coming back
        with pytest.raises(ConnectionRefusedError):  # nothing listens there any more
            await asyncio.open_connection("127.0.0.1", parse_address(line).server.split(":")[-1])


def offset_of(board: BoardWidget, cell: int) -> tuple[int, int]:
    """Where on the board widget `cell` is drawn."""
    width, height = board.content_size
    return next((x, y) for y in range(height) for x in range(width) if board.cell_at(x, y) == cell)


def moved_to(count: int) -> Callable[[Player], bool]:
    return lambda one: len(one.moves) == count


async def test_in_online_notakto_a_digit_plays_the_board_the_cursor_is_on() -> None:
    async with game_server() as served:
        room = served.room(Rules.notakto(2), host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.move(4) is None  # board 1, key 5
            await until(pilot, lambda: len(play.game.moves) == 1, "Sam's move")
            await press(pilot, "tab")  # the cursor to board 2
            assert online_screen(app).query_one(BoardWidget).board_of_cursor == 1
            await press(pilot, "1")
            await until(pilot, lambda: len(play.game.moves) == 2, "her move")
            assert play.game.moves[1].cell == 9  # board 2's key 1, not board 1's
        await host.stop()
