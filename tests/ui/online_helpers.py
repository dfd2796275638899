"""Driving the app's online screens headless against a real game server on loopback (the
servers and clients of tests/net/helpers.py): the app as host, joiner, watcher or in a lobby,
and waits for states, bounded in steps as `settle` is (a busy machine only makes them slower)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from nac.core import Mark
from nac.net.play import OnlinePlay
from nac.net.start import OnlineStart
from nac.net.told import Room
from nac.present.online.lines import online_panel_lines
from nac.present.online.view import OnlinePanelState
from nac.store import Storage
from nac.ui.app import NacApp
from nac.ui.screens.online import OnlineScreen
from nac.ui.widgets.keys_bar import KeysBar
from nac.ui.widgets.online_panel import OnlinePanel

from . import helpers
from .helpers import seeded_engine


def online_app(start: OnlineStart, storage: Storage | None = None) -> NacApp:
    """The app as `nac host`/`join`/`watch`/`lobby` open it (its files in the test's NAC_HOME
    when `storage` is given)."""
    return NacApp(storage=storage, think_seconds=0, engine=seeded_engine(1), online=start)


def hosting(name: str = "Sam") -> OnlineStart:
    """`nac host --bind 127.0.0.1 --port 0`: this machine only, any free port."""
    return OnlineStart("host", name, bind="127.0.0.1", port=0)


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until `condition()` holds (`helpers.until`), then draw what came."""
    await helpers.until(pilot, condition, what)
    await pilot.pause()


def online_screen(app: NacApp) -> OnlineScreen:
    screen = app.screen
    assert isinstance(screen, OnlineScreen), f"the screen is {screen}"
    return screen


def play_of(app: NacApp) -> OnlinePlay:
    play = online_screen(app).play
    assert play is not None
    return play


def panel(app: NacApp) -> OnlinePanelState:
    return online_screen(app).query_one(OnlinePanel).state


def panel_text(app: NacApp) -> str:
    """The panel as drawn, line by line."""
    widget = online_screen(app).query_one(OnlinePanel)
    size = widget.content_size
    lines = online_panel_lines(widget.state, size.width, size.height, widget.stacked)
    return "\n".join("".join(text for text, _ in line) for line in lines)


def footer(app: NacApp) -> str:
    return app.screen.query_one(KeysBar).text


async def online_ready(pilot: Pilot[None], app: NacApp, what: str = "the game") -> OnlinePlay:
    """The online screen once its game has a room."""
    await until(
        pilot,
        lambda: (
            isinstance(app.screen, OnlineScreen)
            and app.screen.play is not None
            and app.screen.play.table.room is not None
        ),
        what,
    )
    return play_of(app)


def invite_line(app: NacApp, command: str) -> str:
    """The address of the invite line the panel shows for `command` ("join", "watch")."""
    found = [line for line in panel(app).invite if line.startswith(f"nac {command} ")]
    assert found, panel(app)
    return found[0].split()[2]


def room_of(play: OnlinePlay) -> Room:
    room = play.table.room
    assert room is not None
    return room


def both_online(play: OnlinePlay) -> bool:
    room = play.table.room
    return room is not None and all(room.names.values()) and all(room.online[m] for m in Mark)
