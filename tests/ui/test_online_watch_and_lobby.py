"""The app as a watcher (the moves so far at once, the analysis on its own screen), in a relay's
lobby (a hosted game listed, joined with Enter), and going online from a game (`o`, the
palette's entries, a line pasted in the dialog; hosting where the port is taken)."""

from __future__ import annotations

import socket

from textual.widgets import Input, Static

from nac.core import Mark
from nac.net.address import DEFAULT_PORT
from nac.net.start import OnlineStart
from nac.present.online import words as online_words
from nac.ui.screens.game import GameScreen
from nac.ui.screens.lobby import LobbyScreen
from nac.ui.screens.online import OnlineScreen
from nac.ui.screens.online_dialog import OnlineDialog
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.lobby_list import LobbyList

from ..net.helpers import game_server, play_moves, player, seated
from .helpers import make_app, press
from .online_helpers import (
    both_online,
    footer,
    online_app,
    online_ready,
    online_screen,
    panel,
    until,
)


async def test_a_late_watcher_sees_the_moves_so_far_and_may_turn_the_analysis_on() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0])
        app = online_app(OnlineStart("watch", "Lee", address=served.address(room.watch_key)))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            assert [move.cell for move in play.game.moves] == [4, 0]
            assert play.table.you is None
            assert panel(app).status == "Sam's move (X)"
            assert [row[:3] for row in panel(app).players] == [("X", "X", "Sam"), ("O", "O", "Ana")]
            board = online_screen(app).query_one(BoardWidget)
            assert board.view.marks[4] == "X" and board.view.marks[0] == "O"
            assert not board.view.playing and "Play" not in footer(app)
            assert "t Analysis" in footer(app) and "Resign" not in footer(app)
            await press(pilot, "t")
            await until(pilot, lambda: any(board.view.notes), "the analysis")
            notes = board.view.notes
            assert notes[4] is None and notes[0] is None  # taken squares show none
            assert {note.long for note in notes if note} <= {"draw", "win in 2", "win in 3"}
            await play_moves((host, guest), [8])
            await until(pilot, lambda: board.view.marks[8] == "X", "the next move")
            await until(pilot, lambda: any(board.view.notes), "the analysis again")
            assert board.view.notes[8] is None
            await press(pilot, "5")
            assert panel(app).message == "Watchers do not play: you are watching."
            await press(pilot, "h")
            assert panel(app).message == online_words.WATCHERS_ANALYSE
        for one in (host, guest):
            await one.stop()


async def test_the_lobby_lists_a_game_hosted_there_and_enter_joins_it() -> None:
    async with game_server(relay=True) as served:
        app = online_app(OnlineStart("lobby", "Ana", server=served.url))
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            listing = app.screen.query_one(LobbyList)
            await until(pilot, lambda: "Open games on" in listing.heading, "the lobby's games")
            assert not listing.games and "Join" not in footer(app)
            host = player(served.address(""), "host", "Sam")
            await until(pilot, lambda: len(listing.games) == 1, "Sam's game listed")
            assert online_words.open_game(listing.games[0]) == "Sam · 3×3 · waiting for an opponent"
            assert "Enter Join" in footer(app) and "w Watch" in footer(app)
            await press(pilot, "n")
            await pilot.press(*"Kim Lee", "enter")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "named")
            note = str(app.screen.query_one("#lobby-note", Static).content)
            assert "You play as Kim Lee (n changes it)." in note
            await press(pilot, "enter")
            play = await online_ready(pilot, app, "the game joined")
            await until(pilot, lambda: both_online(play), "seated")
            assert play.table.you is Mark.O and panel(app).status == "Sam's move (X) …"
            assert host.table.room.names[Mark.O] == "Kim Lee"
            assert await host.play.move(4) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "Sam's move")
            await press(pilot, "1")
            await host.until(lambda host: host.moves == [4, 0], "Ana's move")
            await press(pilot, "escape", "escape")  # the game in progress: asked first
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
            await press(pilot, "escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "back to the game")
        await host.stop()


async def test_o_asks_for_a_line_and_says_what_is_wrong_with_one_that_is_not() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await press(pilot, "o")
            assert isinstance(app.screen, OnlineDialog)
            assert "h Host" in footer(app) and "j Join" in footer(app)
            await press(pilot, "j")
            await pilot.press(*"192.168.1.5:7878", "enter")
            await pilot.pause()
            note = str(app.screen.query_one("#online-note", Static).content)
            assert note.startswith("'192.168.1.5:7878' has no invite key at its end")
            assert isinstance(app.screen, OnlineDialog)
            await press(pilot, "escape", "escape")
            assert isinstance(app.screen, GameScreen)
            await app.screen.run_action("app.online('join')")  # the palette's entry
            await pilot.pause()
            line = app.screen.query_one("#online-line", Input)
            line.value = f"nac join {served.address(room.guest.key)}"
            await press(pilot, "enter")
            play = await online_ready(pilot, app, "the game joined")
            await until(pilot, lambda: both_online(play), "seated")
            assert play.table.you is Mark.O
        await host.stop()


async def test_hosting_where_the_default_port_is_taken_hosts_on_another_and_says_so() -> None:
    blocker = socket.socket()
    try:
        blocker.bind(("127.0.0.1", DEFAULT_PORT))
        blocker.listen()
    except OSError:
        pass  # taken already: all the same for the test
    try:
        app = online_app(OnlineStart("host", "Sam", bind="127.0.0.1"))
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            assert play.server is not None and play.server.port != DEFAULT_PORT
            said = online_words.port_taken(DEFAULT_PORT, play.server.port)
            assert panel(app).message == said
    finally:
        blocker.close()


async def test_hosting_on_a_port_that_is_taken_says_why_and_offers_only_leaving() -> None:
    with socket.socket() as blocker:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        port = blocker.getsockname()[1]
        app = online_app(OnlineStart("host", "Sam", bind="127.0.0.1", port=port))
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, OnlineScreen)
            await until(pilot, lambda: bool(screen.failure), "the failure")
            assert panel(app).status == online_words.NOT_HOSTING
            assert panel(app).message.startswith(f"Cannot host a game on 127.0.0.1:{port}: ")
            assert footer(app) == "Esc Leave  ^p Commands  ? Help  q Quit"
            await press(pilot, "escape")
            assert isinstance(app.screen, GameScreen)
