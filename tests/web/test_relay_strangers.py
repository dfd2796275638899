"""`nac serve`'s relay against a stranger with a script, from loopback (distinct 127.x source
addresses stand in for different people): rooms opened and dropped in a loop, a lobby of
hundreds of the widest names, wrong keys from one browser game or behind a proxy, a page from
another site, a flood of requests that change nothing, connections that never finish their
handshake, and objects left behind by closed connections. Each time the stranger gets a
clear refusal, and no one else notices."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("aiohttp", reason="aiohttp (the `web` extra) is not installed")

from aiohttp.http_exceptions import BadHttpMessage
from aiohttp.web_ws import WebSocketResponse
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.protocol import State

from nac.core import NORMAL, Mark
from nac.net.address import Address
from nac.net.client import LONGEST_SERVER_MESSAGE
from nac.net.limits import Limits
from nac.net.referee import GAVE_BACK, STOPPING, WRONG_KEYS
from nac.net.start import RELAY_GAME_HEADER, RELAY_GAME_VARIABLE, OnlineStart, begin
from nac.web.door import OneLine

from ..net.helpers import (
    LONGEST_WAIT,
    Clock,
    both_here,
    hello,
    next_of,
    play_moves,
    player,
    raw,
    replies,
    seated,
)
from .relay_helpers import relay_server

pytestmark = pytest.mark.long

TOO_MANY_ROOMS = "your address has 4 games open here already: finish one, or wait for one to close"
WIDEST = ("\U0001d400" + "\U0001d167\U0001d168") * 20
"""A name of 20 columns that takes the most bytes a name may (240): letters of 4 bytes, each
with two accents of 4 bytes."""


async def test_one_address_opens_a_few_rooms_and_a_room_whose_host_went_closes_in_a_minute() -> (
    None
):
    clock = Clock()
    async with relay_server(clock=clock) as served:
        for number in range(4):  # a hello as a host, then gone: the attack that filled it
            async with raw(served.url, local_addr=("127.0.0.5", 0)) as ws:
                await ws.send(hello("host", name=f"Eve{number}"))
                await next_of(ws, "welcome")
        async with raw(served.url, local_addr=("127.0.0.5", 0)) as ws:
            await ws.send(hello("host", name="Eve4"))
            said = await replies(ws)
        assert said[-1] == {"type": "error", "reason": TOO_MANY_ROOMS}
        async with raw(served.url, local_addr=("127.0.0.6", 0)) as ws:  # anyone else hosts
            await ws.send(hello("host", name="Sam"))
            assert (await next_of(ws, "welcome"))["role"] == "host"
        assert len(served.referee.rooms) == 5
        clock.now += Limits().back_seconds + 1  # the hold time, not the invite's 15 minutes
        await served.referee.tick()
        assert [room.host.name for room in served.referee.rooms] == []
        async with raw(served.url, local_addr=("127.0.0.5", 0)) as ws:
            await ws.send(hello("host", name="Eve5"))
            assert (await next_of(ws, "welcome"))["role"] == "host"


class Seated:
    """A connection that sits in a seat and hears nothing."""

    def __init__(self, address: str) -> None:
        self.address = address

    async def send(self, text: str) -> None:
        return None

    async def close(self, code: int, reason: str) -> None:
        return None


async def test_a_lobby_of_hundreds_of_the_widest_names_stays_small_and_counts_the_rest() -> None:
    limits = replace(Limits(), rooms_per_address=1000)
    async with relay_server(limits) as served:
        referee = served.referee
        for number in range(300):  # games being played, each with two of the widest names
            room = referee.open_room(NORMAL, WIDEST, listed=True, opened_by=f"10.0.{number}.1")
            room.sit(room.host, Seated("10.0.0.1"), WIDEST)
            room.sit(room.guest, Seated("10.0.0.2"), WIDEST)
        waiting = [referee.open_room(NORMAL, f"Host{number}", listed=True) for number in range(3)]
        async with raw(served.url) as ws:
            await ws.send(hello("lobby"))
            await next_of(ws, "welcome")
            text = await asyncio.wait_for(ws.recv(), LONGEST_WAIT)
        assert isinstance(text, str)
        assert len(text.encode()) <= LONGEST_SERVER_MESSAGE // 2
        games = json.loads(text)["games"]
        assert len(games) == limits.listed and json.loads(text)["more"] == 303 - limits.listed
        assert [game["host"] for game in games[:3]] == ["Host0", "Host1", "Host2"]  # open, older
        assert [game["join"] for game in games[:3]] == [room.guest.key for room in waiting]
        assert all(game["join"] is None for game in games[3:])  # seats sat in are not offered
        lobby = player(served.address(""), "lobby", "Lee")
        await lobby.until(lambda _: lobby.table.lobby is not None, "the lobby read")
        assert len(lobby.table.lobby.games) == limits.listed
        assert lobby.table.lobby.more == 303 - limits.listed
        await lobby.stop()


async def test_closed_connections_are_freed_at_once_without_a_garbage_collection() -> None:
    async with relay_server() as served:
        gc.collect()
        gc.disable()
        try:
            for _ in range(20):
                async with raw(served.url) as ws:
                    await ws.send(hello("lobby"))
                    await next_of(ws, "lobby")
            async with asyncio.timeout(LONGEST_WAIT):
                while served.referee.connections or served.gate.total:
                    await asyncio.sleep(0.05)
            await asyncio.sleep(0)
            alive = [thing for thing in gc.get_objects() if type(thing) is WebSocketResponse]
            assert alive == []
        finally:
            gc.enable()


async def test_each_browser_game_of_the_relay_counts_as_a_client_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    limits = replace(Limits(), wrong_keys=3)
    async with relay_server(limits) as served:
        room = served.room()
        first, second = served.relay.own_game(), served.relay.own_game()
        for attempt in range(3):  # one browser tab's visitor tries keys
            async with raw(served.url, additional_headers={RELAY_GAME_HEADER: first}) as ws:
                await ws.send(hello("watch", f"wrong-key-{attempt:04}-xxxxxx"))
                await replies(ws)
        async with raw(served.url, additional_headers={RELAY_GAME_HEADER: first}) as ws:
            await ws.send(hello("watch", room.watch_key))
            assert (await replies(ws))[-1]["reason"] == WRONG_KEYS
        made_up = {RELAY_GAME_HEADER: "not-a-pass-of-this-server"}
        for headers in ({RELAY_GAME_HEADER: second}, {}, made_up):  # every other tab, a terminal
            async with raw(served.url, additional_headers=headers) as ws:
                await ws.send(hello("watch", room.watch_key))
                assert (await next_of(ws, "welcome"))["role"] == "watch"
        # nac's own client shows its game's pass, to this relay only
        monkeypatch.setenv(RELAY_GAME_VARIABLE, f"{served.url} {second}")
        start = OnlineStart("lobby", "Lee", server=served.url)
        play = await begin(start, on_change=lambda: None, keep=None)
        running = asyncio.ensure_future(play.run())
        async with asyncio.timeout(LONGEST_WAIT):
            while "browser game 2" not in served.referee.connections:
                await asyncio.sleep(0.02)
        await play.stop()
        await running
        elsewhere = OnlineStart("join", "Lee", address=Address("ws://192.0.2.1:7878", "k" * 16))
        play = await begin(elsewhere, on_change=lambda: None, keep=None)
        assert play.client.headers == {}


@pytest.mark.parametrize("trusted", [False, True])
async def test_a_forwarded_address_counts_only_behind_a_proxy_that_is_trusted(
    trusted: bool,
) -> None:
    limits = replace(Limits(), wrong_keys=2)
    async with relay_server(limits, trust_proxy=trusted) as served:
        room = served.room()

        async def watch(forwarded: str, key: str) -> dict[str, Any]:
            headers = {"X-Forwarded-For": forwarded}
            async with raw(served.url, additional_headers=headers) as ws:
                await ws.send(hello("watch", key))
                first: dict[str, Any] = json.loads(await ws.recv())  # a welcome or an error
                return first

        for _ in range(2):  # the last address is the one the proxy saw; before it, anyone's say
            said = await watch("198.51.100.1, 203.0.113.7", "wrong-key-0000-xxxxxx")
            assert said["reason"].startswith("no game has that key")
        locked = await watch("203.0.113.7", room.watch_key)
        other = await watch("203.0.113.8", room.watch_key)
        assert locked.get("reason") == WRONG_KEYS
        if trusted:  # each address the proxy forwards counts apart
            wrong = set(served.referee.proving.wrong_keys)
            assert other["type"] == "welcome" and wrong == {"203.0.113.7"}
        else:  # a header anyone can send counts for nothing: it is all 127.0.0.1
            assert other.get("reason") == WRONG_KEYS
            assert set(served.referee.proving.wrong_keys) == {"127.0.0.1"}


async def test_a_web_page_from_another_site_cannot_use_online_play() -> None:
    async with relay_server() as served:
        room = served.room()
        with pytest.raises(InvalidStatus) as refused:
            async with raw(served.url, origin="http://evil.example"):
                pass
        assert refused.value.response.status_code == 403
        own = f"http://127.0.0.1:{served.port}"
        async with raw(served.url, origin=own) as ws:  # the relay's own page is let in
            await ws.send(hello("watch", room.watch_key))
            assert (await next_of(ws, "welcome"))["role"] == "watch"


async def test_requests_that_change_nothing_reach_no_one_else_and_end_the_noisy_client() -> None:
    async with relay_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        heard: list[str] = []
        async with raw(served.url) as quiet:
            await quiet.send(hello("watch", room.watch_key))
            await next_of(quiet, "state")
            listening = asyncio.ensure_future(_gather(quiet, heard))
            async with raw(served.url, local_addr=("127.0.0.7", 0)) as noisy:
                await noisy.send(hello("watch", room.watch_key))
                sent = 0
                with pytest.raises(Exception):  # noqa: B017 (the close, however it comes)
                    for sent in range(1, 301):  # noqa: B007
                        await noisy.send('{"type":"rematch"}')
                        await asyncio.sleep(0)
                said = await replies(noisy)
            refusals = [message for message in said if message["type"] == "refused"]
            assert said[-1] == {"type": "error", "reason": "too many messages: slow down"}
            assert len(refusals) <= Limits().burst // Limits().no_op_cost + 1 < sent
            await play_moves((host, guest), [0])
            async with asyncio.timeout(LONGEST_WAIT):
                while not any('"moves":[4,0]' in text for text in heard):
                    await asyncio.sleep(0.02)
            listening.cancel()
        states = [json.loads(text) for text in heard]
        # the watchers' count, told at a tick, is all the noisy one could change for the rest
        assert [state["moves"] for state in states].count([4]) <= 2
        await host.stop()
        await guest.stop()


async def _gather(ws: Any, heard: list[str]) -> None:
    async for frame in ws:
        heard.append(frame)


async def test_a_watcher_who_leaves_is_let_go_and_cannot_leave_again_and_again() -> None:
    async with relay_server() as served:
        room = served.room()
        async with raw(served.url) as ws:
            await ws.send(hello("watch", room.watch_key))
            await next_of(ws, "state")
            await ws.send('{"type":"leave"}')
            said = await replies(ws)  # closed at once, with no error
        assert all(message["type"] == "state" for message in said)
        assert ws.close_code == 1000 and not room.watchers


async def test_a_connection_that_never_finishes_its_handshake_is_closed() -> None:
    async with relay_server(replace(Limits(), hello_seconds=0.5)) as served:
        reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
        writer.write(b"GET /play HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        assert await asyncio.wait_for(reader.read(), LONGEST_WAIT) == b""
        writer.close()
        assert served.gate.total == 0


async def test_stopping_the_relay_tells_its_players_and_they_stop_trying() -> None:
    clock = Clock()
    async with relay_server(clock=clock) as served:
        host, guest, _ = await seated(served)
        lobby = player(served.address(""), "lobby", "Lee")
        await lobby.until(lambda _: lobby.table.lobby is not None, "the lobby")
        assert both_here(host)
    for one in (host, guest, lobby):
        await one.until(lambda one: one.table.error == STOPPING, "told the server stops")
        assert one.task is not None
        await asyncio.wait_for(one.task, LONGEST_WAIT)  # not trying to come back
        assert one.table.link == "closed"


async def test_a_relay_host_seat_is_theirs_alone() -> None:
    async with relay_server() as served:
        host = player(served.address(""), "host", "Sam")
        await host.until(lambda _: host.table.you is Mark.X, "hosting")
        key = host.play.client.key
        async with raw(served.url, local_addr=("127.0.0.8", 0)) as ws:  # the host's key alone
            await ws.send(hello("join", key, name="Mal"))
            said = await replies(ws)
        assert said[-1]["reason"].startswith("this seat is Sam's")
        assert len(served.referee.proving.wrong_keys["127.0.0.8"]) == 1  # a try at a seat: counted
        await host.stop()


async def sits_and_goes(url: str, key: str, source: str, *, drop: bool = False) -> None:
    """A stranger from `source` takes a seat with the lobby's join key, then leaves (or, `drop`,
    cuts the connection) without a move."""
    async with raw(url, local_addr=(source, 0)) as ws:
        await ws.send(hello("join", key, name="Mal"))
        assert (await next_of(ws, "welcome"))["you"] == "O"
        if not drop:
            await ws.send('{"type":"leave"}')
            await replies(ws)
            return
        ws.transport.abort()


def waiting(one: Any) -> bool:
    room = one.table.room
    return room is not None and room.names[Mark.O] is None and room.invite is not None


async def test_a_stranger_who_takes_a_lobby_seat_and_goes_gives_it_back_for_good() -> None:
    clock = Clock()
    async with relay_server(clock=clock) as served:
        host = player(served.address(""), "host", "Sam")
        await host.until(lambda _: host.table.room is not None, "hosting")
        room = served.referee.rooms[0]
        await sits_and_goes(served.url, room.guest.key, "127.0.0.21")
        await host.until(waiting, "the seat free again")
        async with raw(served.url, local_addr=("127.0.0.21", 0)) as ws:  # not again
            await ws.send(hello("join", room.guest.key, name="Mal"))
            said = await replies(ws)
        assert said[-1]["reason"] == GAVE_BACK
        await sits_and_goes(served.url, room.guest.key, "127.0.0.22", drop=True)
        await host.until(lambda one: not both_here(one) and one.table.room.names[Mark.O], "gone")
        clock.now += served.referee.limits.back_seconds + 1
        await served.referee.tick()
        await host.until(waiting, "the seat free again after the hold")
        guest = player(served.address(room.guest.key), name="Ana")
        for one in (host, guest):
            await one.until(both_here, "a real guest")
        await play_moves((host, guest), [4, 0, 8])
        await host.stop()
        await guest.stop()


async def test_a_guest_who_goes_before_moving_undoes_the_hosts_move_and_counts_no_game() -> None:
    async with relay_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        assert not guest.play.leaving_resigns  # nothing to resign: the seat is given back
        await guest.play.leave()
        await host.until(waiting, "the seat free again")
        assert host.moves == [] and host.kept == [] and guest.kept == []
        assert room.match.score.games == 0


async def test_an_unlisted_game_on_a_relay_is_reached_by_its_invite_alone() -> None:
    async with relay_server() as served:
        hidden = player(served.address(""), "host", "Sam", listed=False)
        shown = player(served.address(""), "host", "Kim")
        for one in (hidden, shown):
            await one.until(lambda one: one.table.room is not None, "hosting")
        lobby = player(served.address(""), "lobby", "Lee")
        await lobby.until(lambda one: one.table.lobby is not None, "the lobby")
        assert [game.host for game in lobby.table.lobby.games] == ["Kim"]
        invite = hidden.table.room.invite
        assert invite is not None
        guest = player(invite.join, name="Ana")
        await guest.until(both_here, "joined by the invite")
        for one in (hidden, shown, lobby, guest):
            await one.stop()


async def test_one_address_watches_a_game_a_few_times_and_leaves_room_for_others() -> None:
    async with relay_server(replace(Limits(), watchers_per_address=2)) as served:
        room = served.room()
        async with raw(served.url) as first, raw(served.url) as second:
            for ws in (first, second):
                await ws.send(hello("watch", room.watch_key))
                await next_of(ws, "state")
            async with raw(served.url) as third:
                await third.send(hello("watch", room.watch_key))
                said = await replies(third)
            assert said[-1]["reason"] == "your address watches this game 2 times already"
            async with raw(served.url, local_addr=("127.0.0.23", 0)) as elsewhere:
                await elsewhere.send(hello("watch", room.watch_key))
                assert (await next_of(elsewhere, "welcome"))["role"] == "watch"


async def test_a_fault_of_nacs_ends_one_connection_with_a_line_and_no_one_elses(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async with relay_server() as served:
        host, guest, room = await seated(served)
        other_host, other_guest, _ = await seated(served)

        def broken(link: object, cell: int) -> str | None:
            raise RuntimeError("a fault")

        monkeypatch.setattr(room, "move", broken)
        async with raw(served.url) as ws:
            await ws.send(hello("watch", room.watch_key))
            await next_of(ws, "state")
        refusal = await host.play.move(4)
        assert refusal is None  # sent: the server failed at it
        await host.until(lambda one: one.table.link != "open", "cut")
        assert any("a fault of nac's" in record.getMessage() for record in caplog.records)
        await play_moves((other_host, other_guest), [4, 0])  # another game goes on
        for one in (host, guest, other_host, other_guest):
            await one.stop()


FLOODS = 3
"""Floods from one address that used to turn the whole address away for a minute."""


async def test_a_flood_of_pings_on_the_relay_cuts_that_connection_and_no_one_else() -> None:
    async with relay_server() as served:
        host, guest, _ = await seated(served)
        room = served.room()
        async with raw(served.url, local_addr=("127.0.0.24", 0)) as ana:  # the same address
            await ana.send(hello("join", room.guest.key, name="Ana"))
            token = (await next_of(ana, "welcome"))["token"]
        for _ in range(FLOODS):
            async with raw(served.url, local_addr=("127.0.0.24", 0)) as ws:
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(20_000):
                        await ws.ping()
                    await asyncio.wait_for(ws.recv(), LONGEST_WAIT)
                await asyncio.wait_for(ws.wait_closed(), LONGEST_WAIT)
                assert ws.state is State.CLOSED
        async with raw(served.url, local_addr=("127.0.0.24", 0)) as back:  # her network blipped
            await back.send(hello("join", room.guest.key, name="Ana", token=token))
            assert (await next_of(back, "welcome"))["role"] == "play"
        async with raw(served.url, local_addr=("127.0.0.24", 0)) as neighbour:
            await neighbour.send(hello("lobby"))
            assert (await next_of(neighbour, "welcome"))["role"] == "lobby"
        await play_moves((host, guest), [4, 0])  # the game goes on
        await host.stop()
        await guest.stop()


def test_only_a_request_nac_could_not_read_is_logged_in_one_line() -> None:
    one_line = OneLine()

    def record(failure: BaseException) -> logging.LogRecord:
        return logging.LogRecord("aiohttp.server", logging.ERROR, "", 0, "x", (),
                                 (type(failure), failure, None))  # fmt: skip

    assert not one_line.filter(record(BadHttpMessage("bad request line")))
    assert one_line.filter(record(RuntimeError("a fault of nac's")))  # never hidden
