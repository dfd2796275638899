"""How online games end, from the app against real servers on loopback: the host quitting
mid-game resigns it (the guest is told they won, the watchers who won and why, and that is the
result kept), a player who quit comes back to the seat with the same line from the same home
(a stranger with the line still cannot), and a server that goes says at once that the
connection is lost."""

from __future__ import annotations

from pathlib import Path

from nac.core import GameResult, Mark
from nac.net.address import parse_address
from nac.net.server import CLOSED
from nac.net.start import OnlineStart
from nac.present.online import words as online_words
from nac.store import Storage

from ..net.helpers import game_server, player
from ..net.test_plain_online import Plain
from .helpers import press
from .online_helpers import (
    both_online,
    hosting,
    invite_line,
    online_app,
    online_ready,
    panel,
    panel_text,
    room_of,
    until,
)


async def test_the_host_quitting_mid_game_resigns_it_and_the_guest_is_told_they_won() -> None:
    app = online_app(hosting("Sam"))
    async with app.run_test(size=(100, 32)) as pilot:
        play = await online_ready(pilot, app)
        await until(pilot, lambda: bool(panel(app).invite), "the invite")
        watcher = player(invite_line(app, "watch"), "watch", "Lee")
        guest = player(invite_line(app, "join"), name="Ana")
        await until(pilot, lambda: both_online(play), "seated")
        await watcher.until(lambda one: one.table.room is not None, "watching")
        await press(pilot, "5")
        await guest.until(lambda one: one.moves == [4], "the host's move")
        assert await guest.play.move(0) is None
        await until(pilot, lambda: len(play.game.moves) == 2, "her move")
        await press(pilot, "q", "q")  # asked, then resigned
        await until(pilot, lambda: not app.is_running, "the app's end")
    for one in (guest, watcher):
        await one.until(lambda one: one.table.link == "closed", "the server gone")
    assert guest.play.game.resigned is Mark.X
    assert [finished.result for finished in guest.kept] == [GameResult.WON]
    guest_says = online_words.status(guest.table, 0)
    assert guest_says.startswith("You won: Sam resigned."), guest_says
    assert CLOSED in guest_says.lower()
    watcher_says = online_words.status(watcher.table, 0)
    assert watcher_says.startswith("Ana won (O): Sam resigned."), watcher_says
    rows = online_words.player_rows(guest.table)
    assert [row[3] for row in rows] == ["left", "offline"]
    assert watcher.kept == []
    for one in (guest, watcher):
        await one.stop()


async def test_a_killed_server_shows_at_once_that_the_connection_is_lost(tmp_path: Path) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    line = (await host.line(r"^nac join ")).split()[2]
    app = online_app(OnlineStart("join", "Ana", address=parse_address(line)))
    async with app.run_test(size=(100, 32)) as pilot:
        play = await online_ready(pilot, app)
        await until(pilot, lambda: both_online(play), "seated")
        assert "● online" in panel_text(app)
        host.process.kill()  # the server's process goes, and its sockets with it
        await host.process.wait()
        await until(pilot, lambda: play.table.link == "lost", "the loss seen")
        assert panel(app).status == "The connection to the game is lost: trying again…"
        assert [row[3] for row in panel(app).players] == ["unknown", "offline"]
        assert "● online" not in panel_text(app)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, "the app's end")


async def test_a_guest_who_quit_comes_back_to_the_seat_with_the_same_line_from_home() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        line = served.address(room.guest.key)
        app = online_app(OnlineStart("join", "Ana", address=line), Storage.default())
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            assert await host.play.move(4) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "the host's move")
            await press(pilot, "1")
            await until(pilot, lambda: len(play.game.moves) == 2, "her move")
            await press(pilot, "q", "q")  # asked, then resigned
            await until(pilot, lambda: not app.is_running, "the app's end")
        await host.until(lambda one: Mark.O in one.table.room.left, "her leaving seen")
        assert host.play.game.resigned is Mark.O
        stranger = player(line, name="Mal")  # the line without her claim
        await stranger.until(lambda one: one.table.link == "closed", "the refusal")
        assert stranger.table.error.startswith("this seat is Ana's")
        again = online_app(OnlineStart("join", "Ana", address=line), Storage.default())
        async with again.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, again)
            await until(pilot, lambda: both_online(play), "back in her seat")
            assert play.table.you is Mark.O and room_of(play).left == frozenset()
            assert panel(again).status == "Sam won: you resigned"
            await host.until(lambda one: one.table.room.online[Mark.O], "her return seen")
            assert host.table.room.left == frozenset()
            assert await host.play.rematch() is None
            await press(pilot, "r")  # the room goes on: a rematch
            await until(pilot, lambda: room_of(play).number == 2, "the rematch")
            await press(pilot, "q", "q")  # a game in progress again: asked first
            await until(pilot, lambda: not again.is_running, "the app's end")
        await host.stop()
