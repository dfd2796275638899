"""Leaving an online game from the app against a real game server on loopback: `q` and Esc ask
first during this player's game (leaving then counts as resigning), not between games nor for a
watcher; and a game that cannot go on (an invite expired unused, the host gone) says why,
shows its people offline and offers only leaving, quitting and help."""

from __future__ import annotations

from nac.core import Mark
from nac.net.limits import Limits
from nac.net.server import CLOSED
from nac.net.start import OnlineStart
from nac.present.online import words as online_words

from ..net.helpers import game_server, player, seated
from .helpers import press
from .online_helpers import (
    both_online,
    footer,
    online_app,
    online_ready,
    panel,
    panel_text,
    room_of,
    until,
)

ONLY_LEAVING = "Esc Leave  ^p Commands  ? Help  q Quit"


async def test_q_during_a_game_asks_first_and_the_second_q_resigns_and_quits() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.move(4) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "the host's move")
            await press(pilot, "1")  # both have moved: leaving now resigns
            await until(pilot, lambda: len(play.game.moves) == 2, "her move")
            await press(pilot, "ctrl+q")  # Textual's quit key asks too
            assert panel(app).message == online_words.QUIT_QUESTION
            assert "counts as resigned" in panel(app).message and app.is_running
            await press(pilot, "5")  # another command: the question goes
            assert panel(app).message != online_words.QUIT_QUESTION
            await press(pilot, "q", "q")
            await host.until(lambda host: host.play.game.is_over, "the resignation")
            assert host.play.game.resigned is Mark.O
            await until(pilot, lambda: not app.is_running, "the app's end")
        await host.stop()


async def test_between_games_q_quits_at_once_and_the_opponent_sees_no_resignation() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.resign() is None
            await until(pilot, lambda: play.game.is_over, "the game over")
            await press(pilot, "q")
            await until(pilot, lambda: not app.is_running, "the app's end")
        assert host.play.game.resigned is Mark.X  # the game as it ended: nothing more
        await host.stop()


async def test_a_watcher_quits_without_a_question() -> None:
    async with game_server() as served:
        sam, ana, room = await seated(served)
        app = online_app(OnlineStart("watch", "Lee", address=served.address(room.watch_key)))
        async with app.run_test(size=(100, 32)) as pilot:
            await online_ready(pilot, app)
            await press(pilot, "q")
            await until(pilot, lambda: not app.is_running, "the app's end")
        assert not sam.play.game.is_over
        for one in (sam, ana):
            await one.stop()


async def test_an_expired_invite_says_so_and_how_to_host_again_and_copies_nothing() -> None:
    now = [1000.0]
    async with game_server(Limits(), clock=lambda: now[0]) as served:
        room = served.room(host="Sam")
        app = online_app(OnlineStart("join", "Sam", address=served.address(room.host.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: bool(panel(app).invite), "the invite")
            assert "c Copy invite" in footer(app)
            now[0] += Limits().invite_seconds + 1  # the server's sweep closes the room
            await until(pilot, lambda: bool(play.table.error), "the room closed")
            assert panel(app).status == online_words.INVITE_EXPIRED
            assert "nobody joined in 15 minutes" in panel(app).status
            assert panel(app).after == online_words.HOST_AGAIN
            assert panel(app).invite == () and "nac join" not in panel_text(app)
            assert footer(app) == ONLY_LEAVING
            await press(pilot, "c")
            assert app.clipboard == "" and panel(app).message == online_words.INVITE_EXPIRED
            await press(pilot, "w")
            assert app.clipboard == ""
            assert panel(app).players[0][3] == "offline"


async def test_once_the_host_is_gone_the_people_show_offline_and_only_leaving_is_offered() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.resign() is None
            await until(pilot, lambda: play.game.is_over, "the game over")
            assert "r Rematch" in footer(app)
            await served.referee.close_all(CLOSED)
            await until(pilot, lambda: bool(play.table.error), "the host's goodbye")
            assert panel(app).status == "You won: Sam resigned. The host has closed the game."
            assert [row[3] for row in panel(app).players] == ["unknown", "offline"]
            assert "● online" not in panel_text(app) and panel(app).after == ""
            assert footer(app) == ONLY_LEAVING
            await press(pilot, "r")
            assert panel(app).message == panel(app).status  # why, not "the connection is down"
            assert room_of(play).rematch == frozenset()
            await press(pilot, "q")  # no question: the game cannot go on
            await until(pilot, lambda: not app.is_running, "the app's end")
        await host.stop()
