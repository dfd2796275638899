"""Clocks in the app (issue 38): the online screen's panel shows both clocks, the running one
marked, counting down between the server's states (the screen's 1 s timer redraws the panel
while a clock runs), at every size the app supports. Headless Pilot, a real server on
loopback; the screen's clock is moved by hand, so the countdown is read without waiting."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from nac.core import NORMAL, Mark
from nac.core.clock import TimeControl
from nac.net.play import OnlinePlay
from nac.net.start import OnlineStart
from nac.ui.app import NacApp
from nac.ui.screens.online_dialog import OnlineDialog

from ..net.helpers import game_server, player
from .helpers import seeded_engine
from .online_helpers import (
    both_online,
    online_app,
    online_ready,
    online_screen,
    panel_text,
    room_of,
    until,
)


def running(play: OnlinePlay) -> Mark | None:
    clocks = room_of(play).clock
    return None if clocks is None else clocks.running


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (40, 15)])
async def test_the_app_shows_both_clocks_and_they_count_down(size: tuple[int, int]) -> None:
    async with game_server() as served:
        room = served.referee.open_room(NORMAL, "Sam", time_control=TimeControl(3, 2))
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=size) as pilot:
            play = await online_ready(pilot, app)
            host = player(served.address(room.host.key), name="Sam")
            await until(pilot, lambda: both_online(play), "both players seated")
            await until(pilot, lambda: "first move" in panel_text(app), "the first move's time")
            assert "X 3:00" in panel_text(app) and "O 3:00" in panel_text(app)
            assert await host.play.move(4) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "his first move")
            assert await play.move(0) is None
            await until(pilot, lambda: running(play) is Mark.X, "his clock runs")
            await until(pilot, lambda: "▸X 3:00" in panel_text(app), "his clock shown running")
            assert "O 3:00" in panel_text(app)
            clocks = room_of(play).clock
            assert clocks is not None
            at = clocks.at
            online_screen(app).clock = lambda: at + 65  # a minute and 5 s on
            await until(pilot, lambda: "▸X 1:55" in panel_text(app), "his clock counted down")
            assert "O 3:00" in panel_text(app)  # hers waits
            await host.stop()


async def test_the_palette_hosts_a_game_with_the_clock_typed_and_refuses_what_is_no_clock() -> None:
    async with game_server(relay=True) as served:
        app = NacApp(think_seconds=0, engine=seeded_engine(1), relay=served.url)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.screen.run_action("app.online('clock')")  # the palette's entry
            await until(pilot, lambda: isinstance(app.screen, OnlineDialog), "the dialog")
            line = app.screen.query_one("#online-line", Input)
            line.value = "3 minutes"
            await pilot.press("enter")
            await pilot.pause()
            note = str(app.screen.query_one("#online-note", Static).content)
            assert note.startswith("A clock is minutes+seconds a move, like 3+2")
            line.value = "3+2"
            await pilot.press("enter")
            play = await online_ready(pilot, app, "the game hosted")
            assert room_of(play).clock is not None
            assert served.referee.rooms[0].time_control == TimeControl(3, 2)
            assert "Clock 3+2" in panel_text(app)
