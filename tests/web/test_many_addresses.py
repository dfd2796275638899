"""`nac serve`'s relay against strangers from many addresses (distinct 127.x source addresses,
in a few /24 networks or many): its rooms and its connections are counted per network too, the
last of them kept for those who have none, and a full gate closes the idlest stranger's
connection rather than turn away a player or the lobby. Real servers on loopback; every loop
bounded in count, every wait a bounded wait for a state."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="aiohttp (the `web` extra) is not installed")

from nac.net.limits import Limits

from ..net.helpers import LONGEST_WAIT, hello, next_of, raw
from .relay_helpers import relay_server

pytestmark = pytest.mark.long


async def hosts(url: str, source: str) -> str:
    """A hello as a host from `source`, then gone (its room stays a minute): the role it was
    welcomed as, or the reason it was refused."""
    async with raw(url, local_addr=(source, 0)) as ws:
        await ws.send(hello("host", name="Eve"))
        said: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), LONGEST_WAIT))
    return str(said.get("role") or said.get("reason"))


async def test_one_network_opens_a_few_rooms_however_many_addresses_it_has() -> None:
    async with relay_server() as served:
        limits = served.referee.limits
        said = [
            await hosts(served.url, f"127.0.5.{1 + number // limits.rooms_per_address}")
            for number in range(limits.rooms_per_network + 1)
        ]  # 5 addresses of one /24, 4 rooms each until the network has its 16
        assert said[:-1] == ["host"] * limits.rooms_per_network
        assert said[-1].startswith(f"your network has {limits.rooms_per_network} games open")
        assert await hosts(served.url, "127.0.6.1") == "host"  # another network hosts


async def test_the_last_quarter_of_the_rooms_is_for_networks_that_have_none() -> None:
    async with relay_server(replace(Limits(), rooms=8)) as served:
        said = [await hosts(served.url, f"127.0.7.{number}") for number in range(1, 8)]
        assert said[:6] == ["host"] * 6  # the first three quarters: anyone's
        assert said[6].startswith("the server is nearly full")
        assert await hosts(served.url, "127.0.8.1") == "host"  # a network with none
        assert await hosts(served.url, "127.0.9.1") == "host"
        assert (await hosts(served.url, "127.0.10.1")).startswith("the server has as many games")


async def test_a_gate_full_of_strangers_closes_the_idlest_for_the_lobby_and_a_player() -> None:
    limits = replace(Limits(), connections=40, per_address=4, per_network=16, hello_seconds=2)
    async with relay_server(limits) as served:
        room = served.room()
        async with raw(served.url, local_addr=("127.0.2.1", 0)) as host:
            await host.send(hello("join", room.host.key, name="Sam"))
            await next_of(host, "welcome")  # seated: never closed for room
            async with raw(served.url, local_addr=("127.0.2.2", 0)) as guest:
                await guest.send(hello("join", room.guest.key, name="Ana"))
                token = (await next_of(guest, "welcome"))["token"]
            silent = []
            for number in range(2 * served.gate.limit):  # 4 from each of 22 networks
                where = f"127.1.{1 + number // limits.per_address}.{1 + number % 4}"
                silent.append(
                    await asyncio.open_connection("127.0.0.1", served.port, local_addr=(where, 0))
                )
            assert served.gate.total <= served.gate.limit
            async with raw(served.url, local_addr=("127.0.3.1", 0)) as lobby:
                await lobby.send(hello("lobby"))
                assert (await next_of(lobby, "welcome"))["role"] == "lobby"
            async with raw(served.url, local_addr=("127.0.2.2", 0)) as back:  # a blip, back
                await back.send(hello("join", room.guest.key, name="Ana", token=token))
                assert (await next_of(back, "welcome"))["role"] == "play"
                await host.send(json.dumps({"type": "move", "cell": 4}))
                for _ in range(10):  # the game goes on: the move reaches her
                    if (await next_of(back, "state")).get("moves") == [4]:
                        break
                else:
                    raise AssertionError("the move never came")
        answers = await asyncio.wait_for(
            asyncio.gather(*(reader.read() for reader, _ in silent)),
            LONGEST_WAIT,
        )
        for _, writer in silent:
            writer.close()
        closed_for_room = [answer for answer in answers if answer]  # the rest: no hello
        assert len(closed_for_room) >= len(silent) - served.gate.limit
        assert all(
            answer.endswith(b"the server is full: try again later\n") for answer in closed_for_room
        )


def browser_at(source: str) -> Any:
    """A browser at `source` (aiohttp's client, its socket bound there)."""
    import aiohttp

    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))


async def test_one_network_plays_its_share_of_the_browser_games_however_many_addresses() -> None:
    pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is missing")
    import aiohttp

    from nac.web.server import TRY_AGAIN_LATER, YOUR_NETWORK
    from tools.web_screenshot import served_game

    from .test_serve_limits import screen_until, ws_url

    with served_game("--max-players", "2") as running:
        async with browser_at("127.0.4.1") as first, browser_at("127.0.4.2") as neighbour:
            playing = await first.ws_connect(ws_url(running))
            await screen_until(playing, "Noughts & Crosses")
            second = await neighbour.ws_connect(ws_url(running))
            refusal = await second.receive(timeout=60)
            assert refusal.type is aiohttp.WSMsgType.CLOSE and refusal.data == TRY_AGAIN_LATER
            assert refusal.extra == YOUR_NETWORK.format(count=1)
            async with browser_at("127.0.5.1") as elsewhere:  # another network plays
                other = await elsewhere.ws_connect(ws_url(running))
                await screen_until(other, "Noughts & Crosses")
                await other.close()
            await playing.close()


@pytest.mark.strangers
async def test_a_browser_game_with_nothing_typed_ends_saying_why() -> None:
    pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is missing")
    import aiohttp

    from nac.web.server import GOING_AWAY, IDLE
    from tools.web_screenshot import served_game

    from .test_serve_limits import screen_until, ws_url

    with served_game("--browser-idle-minutes", "0.1") as running:
        async with browser_at("127.0.4.1") as browser:
            socket = await browser.ws_connect(ws_url(running))
            await screen_until(socket, "Noughts & Crosses")
            for _ in range(1000):  # frames until the close (each waited for at most a minute)
                frame = await socket.receive(timeout=60)
                if frame.type is not aiohttp.WSMsgType.BINARY:
                    break
            assert frame.type is aiohttp.WSMsgType.CLOSE and frame.data == GOING_AWAY
            assert frame.extra == IDLE.format(minutes=0.1)
