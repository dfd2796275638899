"""The lobby's quick match in the app (`m`), headless against a real relay on loopback: the
search shown on the online screen, Esc cancelling it (out of the relay's queue, back in the
lobby), and a search paired with another player's moving on to the game as a join does."""

from __future__ import annotations

from nac.core import Mark
from nac.net.address import Address
from nac.net.start import MATCH_CLOCK, OnlineStart
from nac.ui.screens.lobby import LobbyScreen
from nac.ui.screens.online import OnlineScreen

from ..net.helpers import game_server, player
from .helpers import press
from .online_helpers import both_online, footer, online_app, online_ready, panel, until


async def test_m_in_the_lobby_searches_and_esc_cancels_then_a_search_is_paired() -> None:
    async with game_server(relay=True) as served:
        app = online_app(OnlineStart("lobby", "Ana", server=served.url))
        queues = served.referee.queues
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
            await until(pilot, lambda: "m Quick match" in footer(app), "m in the lobby's footer")
            await press(pilot, "m")
            await until(pilot, lambda: isinstance(app.screen, OnlineScreen), "the search")
            await until(pilot, lambda: len(queues) == 1, "in the relay's queue")
            await until(pilot, lambda: panel(app).status.startswith("Searching"), "said")
            assert "3×3, 3+2, unrated · your rating 1500?" in panel(app).status
            assert panel(app).status.endswith("(Esc cancels)")
            await press(pilot, "escape")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "back in the lobby")
            await until(pilot, lambda: len(queues) == 0, "out of the queue")
            await press(pilot, "m")
            await until(pilot, lambda: len(queues) == 1, "searching again")
            sam = player(Address(served.url, ""), "match", "Sam", clock=MATCH_CLOCK)
            play = await online_ready(pilot, app, "paired")
            await until(pilot, lambda: both_online(play), "both seated")
            assert play.table.you is Mark.X  # the first to search, their ratings equal
            assert panel(app).status.startswith("Your move")
            await press(pilot, "5")
            await sam.until(lambda sam: sam.moves == [4], "Ana's move seen")
        await sam.stop()
