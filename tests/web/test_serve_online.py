"""`nac serve` is also a relay for online play, through the same referee as `nac host`: a player
hosts a game there, the lobby lists it, another joins it from the lobby's key, a watcher
watches; all from loopback with the clients the front ends use."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import pytest

from nac.core import Mark
from nac.net.address import Address, parse_server
from nac.net.told import OpenGame
from tools.web_screenshot import RunningServer, served_game

from ..net.helpers import LONGEST_WAIT, Player, play_moves, player

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

import aiohttp

pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    home = tmp_path_factory.mktemp("home")
    with served_game("--max-players", "2", environment={**os.environ, "NAC_HOME": str(home)}) as s:
        yield s


def lobby_of(server: RunningServer) -> Address:
    return Address(parse_server(server.url), "")


def lobby_entry(lobby: Player, host: str) -> OpenGame | None:
    games = lobby.table.lobby.games if lobby.table.lobby else ()
    return next((game for game in games if game.host == host), None)


async def test_a_game_hosted_on_the_relay_is_listed_joined_watched_and_played(
    relay: RunningServer,
) -> None:
    lobby = player(lobby_of(relay), "lobby", "Lee")
    host = player(lobby_of(relay), "host", "Sam")
    await host.until(lambda _: host.table.room is not None and host.table.room.invite is not None)
    invite = host.table.room.invite
    assert invite.join.startswith("nac join 127.0.0.1:") and invite.watch.startswith("nac watch")
    await lobby.until(lambda _: lobby_entry(lobby, "Sam") is not None, "the game listed")
    entry = lobby_entry(lobby, "Sam")
    assert entry is not None and entry.status == "waiting" and entry.join is not None
    guest = player(Address(lobby_of(relay).server, entry.join), name="Ana")
    await guest.until(lambda _: guest.table.you is Mark.O and guest.table.room is not None)
    watcher = player(invite.watch, "watch", "Kim")
    await play_moves((host, guest), [0, 4, 8])
    await watcher.until(lambda _: watcher.moves == [0, 4, 8], "the watcher follows")
    await lobby.until(
        lambda _: (found := lobby_entry(lobby, "Sam")) is not None and found.join is None,
        "the seat no longer offered",
    )
    await host.stop()  # the host's connection drops; the host comes back with its own key
    await guest.until(lambda _: not guest.table.room.online[Mark.X])
    again = player(
        Address(lobby_of(relay).server, host.play.client.key), name="Sam", passes=host.passes
    )
    await again.until(lambda _: again.moves == [0, 4, 8] and again.table.you is Mark.X)
    for one in (again, guest, watcher, lobby):
        await one.stop()


async def test_the_relays_address_for_players_answers_a_plain_request_in_one_line(
    relay: RunningServer,
) -> None:
    async with aiohttp.ClientSession() as session, session.get(f"{relay.url}/play") as answer:
        assert answer.status == 404
        assert (await answer.text()).startswith("nac: online play's address")


def test_serve_announces_where_terminals_play_online(relay: RunningServer) -> None:
    assert "terminals play online with nac lobby 127.0.0.1:" in "".join(relay.said)


async def test_malformed_requests_get_a_short_answer_and_one_line_in_the_log(
    relay: RunningServer,
) -> None:
    port = int(relay.url.rsplit(":", 1)[1])
    before = len(relay.lines_so_far())
    for number in range(20):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        # one write: a second one landing after the server's close would be answered with a
        # reset that throws the answer away (seen on a busy machine)
        request = b"GET /play HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header" + bytes([number])
        writer.write(request + b"\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(), LONGEST_WAIT)
        writer.close()
        assert answer.split(b"\r\n")[0].endswith(b" 400 Bad Request") and len(answer) < 1024
    said = relay.lines_so_far()[before:]
    assert not any("Traceback" in line for line in said)
    assert len([line for line in said if "could not read" in line]) <= 1
