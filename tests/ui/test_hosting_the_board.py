"""Hosting from the app hosts the rules on the board (issue 36: it hosted 3×3 whatever was
played): `o` then `h` in a terminal, and a relay's lobby (as the browser's game and the SSH
door's, which run the same app), a real joiner seeing those rules."""

from __future__ import annotations

import functools

import pytest

from nac.core import Rules, find_rules
from nac.net.address import DEFAULT_PORT
from nac.net.start import OnlineStart
from nac.store import Settings
from nac.ui.app import NacApp
from nac.ui.screens.lobby import LobbyScreen

from ..net.helpers import game_server, player
from .helpers import press, seeded_engine
from .online_helpers import both_online, invite_line, online_ready, panel, until

BOARDS = ["misere 4", "normal 5", "notakto 2", "ultimate"]


def app_on(rules: Rules, relay: str | None = None) -> NacApp:
    return NacApp(Settings(rules=rules), think_seconds=0, engine=seeded_engine(1), relay=relay)


@pytest.fixture
def hosting_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the app hosts listens on loopback, on a free port: not on every address at the
    default port, which another test (run beside this one) holds or needs free."""
    on_loopback = functools.partial(OnlineStart, bind="127.0.0.1", port=0)
    for where in ("nac.ui.online_doors", "nac.ui.screens.online_dialog"):
        monkeypatch.setattr(f"{where}.OnlineStart", on_loopback)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.usefixtures("hosting_on_loopback")
async def test_o_then_h_hosts_the_rules_on_the_board(name: str) -> None:
    rules = find_rules(name)
    app = app_on(rules)
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.game.rules == rules
        await press(pilot, "o", "h")
        play = await online_ready(pilot, app, "the room hosted")
        assert play.game.rules == rules
        assert play.server is not None and play.server.port != DEFAULT_PORT
        await until(pilot, lambda: bool(panel(app).invite), "the invite")
        guest = player(invite_line(app, "join"), name="Ana")
        await until(pilot, lambda: both_online(play), "Ana seated")
        await guest.until(lambda guest: guest.table.room is not None, "Ana's room")
        assert guest.play.game.rules == rules
        await guest.stop()


@pytest.mark.parametrize("name", BOARDS)
async def test_hosting_from_a_relays_lobby_hosts_the_rules_on_the_board(name: str) -> None:
    rules = find_rules(name)
    async with game_server(relay=True) as served:
        app = app_on(rules, relay=served.url)
        async with app.run_test(size=(100, 40)) as pilot:
            await press(pilot, "o")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await press(pilot, "h")
            play = await online_ready(pilot, app, "the room hosted")
            assert play.game.rules == rules
            await until(pilot, lambda: bool(panel(app).invite), "the invite")
            guest = player(invite_line(app, "join"), name="Ana")
            await until(pilot, lambda: both_online(play), "Ana seated")
            assert guest.play.game.rules == rules
            await guest.stop()
