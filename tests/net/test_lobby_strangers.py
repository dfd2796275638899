"""The lobby among strangers: thousands of lobby connections cost the games little (one
message written per change, shared, sent a slice at a time with the loop free between), a
stranger who takes a listed seat and never moves gives it back, and fresh rooms from a few
networks never push a waiting host out of the list."""

from __future__ import annotations

import asyncio
import contextlib
import json

from websockets.asyncio.client import ClientConnection

from nac.core import NORMAL
from nac.core.players import look
from nac.net.limits import Limits
from nac.net.lobby import SLICE, Lobby
from nac.net.referee import Referee
from nac.net.rooms import Room

from .helpers import Clock, game_server, hello, next_of, raw, replies

WATCHERS = 10 * SLICE


class Watcher:
    """A lobby connection that keeps what it is sent."""

    def __init__(self, number: int) -> None:
        self.address = f"127.0.{number // 50}.{number % 50 + 2}"
        self.said: list[str] = []

    async def send(self, text: str) -> None:
        self.said.append(text)

    async def close(self, code: int, reason: str) -> None:
        return


async def state_with_moves(ws: ClientConnection, moves: int) -> None:
    while len((await next_of(ws, "state"))["moves"]) < moves:
        pass


async def test_a_lobby_change_is_written_once_and_sent_a_slice_at_a_time() -> None:
    referee = Referee("ws://127.0.0.1:1", relay=True)
    room = referee.open_room(NORMAL, "Sam", listed=True, opened_by="127.0.0.2")
    writes = 0

    def rooms() -> list[Room]:
        nonlocal writes
        writes += 1
        return referee.rooms

    lobby = Lobby(Limits(), rooms)
    watchers = [Watcher(number) for number in range(WATCHERS)]
    for watcher in watchers:  # each new one is sent the lobby as it is
        lobby.links.add(watcher)
        await watcher.send(lobby.text())
    assert writes == 1
    room.game.play_cell(4)
    lobby.changed()
    sent_when_the_loop_ran: list[int] = []
    for _ in range(WATCHERS // SLICE + 5):  # a game's move gets the loop between slices
        await asyncio.sleep(0)
        sent_when_the_loop_ran.append(sum(len(w.said) == 2 for w in watchers))
    lobby.stop()
    assert writes == 2
    assert sent_when_the_loop_ran[-1] == WATCHERS
    assert 0 < min(n for n in sent_when_the_loop_ran if n) <= SLICE
    assert all(watcher.said[1] is watchers[0].said[1] for watcher in watchers)


async def test_a_lobby_guest_who_never_moves_gives_the_seat_back_and_cannot_take_it_again() -> None:
    clock = Clock()
    async with game_server(clock=clock, relay=True) as served, raw(served.url) as host:
        await host.send(hello("host", name="Sam", listed=True))
        welcome = await next_of(host, "welcome")
        room = served.referee.rooms[0]
        async with raw(served.url) as sniper:
            await sniper.send(hello("join", room.guest.key, name="Sid"))
            await next_of(sniper, "welcome")
            await host.send(json.dumps({"type": "move", "cell": 4}))
            await state_with_moves(sniper, 1)
            clock.now += Limits().first_move_seconds - 1
            await served.referee.tick()
            assert room.guest.name == "Sid"  # still in time
            clock.now += 2
            await served.referee.tick()
            said = await replies(sniper)
        assert (
            said[-1]["type"] == "error" and "did not move within 30 seconds" in said[-1]["reason"]
        )
        assert not room.guest.taken and not room.game.moves
        assert '"status": "waiting"' in served.referee.lobby.text().replace(":", ": ")
        async with raw(served.url) as again:  # the same address: not theirs to block again
            await again.send(hello("join", room.guest.key, name="Sid"))
            refused = await replies(again)
        assert "seat is for someone else" in refused[-1]["reason"]
        assert welcome["role"] == "host"


async def test_a_lobby_guest_who_moves_in_time_keeps_the_seat() -> None:
    clock = Clock()
    async with (
        game_server(clock=clock, relay=True) as served,
        raw(served.url) as host,
        raw(served.url) as guest,
    ):
        await host.send(hello("host", name="Sam", listed=True))
        await next_of(host, "welcome")
        room = served.referee.rooms[0]
        await guest.send(hello("join", room.guest.key, name="Ana"))
        await next_of(guest, "welcome")
        await host.send(json.dumps({"type": "move", "cell": 4}))
        await state_with_moves(guest, 1)
        clock.now += Limits().first_move_seconds - 1
        await guest.send(json.dumps({"type": "move", "cell": 0}))
        await state_with_moves(host, 2)
        clock.now += 10 * Limits().first_move_seconds
        await served.referee.tick()
        assert room.guest.name == "Ana" and len(room.game.moves) == 2


def test_fresh_rooms_from_many_networks_never_push_a_waiting_host_out_of_the_lobby() -> None:
    referee = Referee("ws://127.0.0.1:1", relay=True)
    real = referee.open_room(NORMAL, "Sam", listed=True, opened_by="127.0.0.2")
    real.sit(real.host, Watcher(0), "Sam")
    for round_ in range(4):  # junk rooms, each with its host here, from 50 networks, fresh
        for net in range(50):
            junk = referee.open_room(
                NORMAL, "Junk", listed=True, opened_by=f"127.1.{net}.{round_ + 2}"
            )
            junk.sit(junk.host, Watcher(net), "Junk")
            games = json.loads(referee.lobby.text())["games"]
            assert "Sam" in [game["host"] for game in games]
            referee.lobby.changed()
    referee.lobby.stop()
    gone = referee.open_room(NORMAL, "Gone", listed=True, opened_by="127.2.0.2")
    referee.lobby.changed()
    hosts = [game["host"] for game in json.loads(referee.lobby.text())["games"]]
    assert hosts[0] == "Sam" and "Gone" not in hosts  # a host who is not here comes after
    assert gone.host.link is None


LOOK_ALIKES = ["Sam", "SAM", "Ѕаm", "Sа m", "Ｓam", "Sám"]
"""The real host's name, then strangers' taking its look: case, Cyrillic Ѕ and а, a space,
a full-width Ｓ, an accent."""


async def test_a_stranger_never_takes_the_look_of_a_listed_players_name() -> None:
    async with game_server(relay=True) as served, contextlib.AsyncExitStack() as stack:
        for number, name in enumerate(LOOK_ALIKES):  # each host from a network of its own
            ws = await stack.enter_async_context(
                raw(served.url, local_addr=(f"127.0.{number}.2", 0))
            )
            await ws.send(hello("host", name=name, listed=True))
            await next_of(ws, "welcome")
        real = served.referee.rooms[0]
        guest = await stack.enter_async_context(raw(served.url, local_addr=("127.0.9.2", 0)))
        await guest.send(hello("join", real.guest.key, name="sam"))  # the host's name as a guest
        names = (await next_of(guest, "state"))["names"]
        lobby = await stack.enter_async_context(raw(served.url, local_addr=("127.0.10.2", 0)))
        await lobby.send(hello("lobby"))
        listed = [game["host"] for game in (await next_of(lobby, "lobby"))["games"]]
    assert names["X"] == "Sam" and look(names["O"]) != look("Sam")
    assert "Sam" in listed and len({look(name) for name in listed}) == len(LOOK_ALIKES)
