"""Meeting across servers: two real `nac serve` processes on 127.0.0.2 and 127.0.0.3 sharing one
real PostgreSQL database (a throwaway cluster: tests/ledger/postgres.py), and real clients with
their own keys in temporary homes. Two players, one on each server, are paired by quick match and
play to the end, their ratings the same read from either server; a lobby's game hosted on one is
joined from the other; a cancelled search is never paired; a server killed with kill -9 leaves no
search and no listed game behind; a server stopped sends its seekers on to the other. Every wait
is for a state (bounded); every process is stopped, or killed, at the end."""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import ExitStack, asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import sqlalchemy as sa

from nac.core import NORMAL, Mark
from nac.core.clock import parse_time_control
from nac.ledger.ledger import Ledger
from nac.ledger.schema import lobby, seeks
from nac.net.address import Address, parse_server
from tools.web_screenshot import RunningServer, served_game

from ..ledger.postgres import Cluster
from ..waiting import until
from .helpers import LONGEST_WAIT, Player, both_here, key_in, play_moves, player

pytestmark = pytest.mark.postgres

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

THREE_PLUS_TWO = parse_time_control("3+2")
PLACES = ("127.0.0.2", "127.0.0.3")
"""The two servers' loopback addresses."""


@contextmanager
def two_servers(database: str, homes: Path) -> Iterator[tuple[RunningServer, RunningServer]]:
    """`nac serve --database URL` on each of PLACES, each with a home of its own; stopped (or
    killed) at the end."""
    with ExitStack() as stack:
        started = []
        for place in PLACES:
            home = homes / place
            environment = {**os.environ, "NAC_HOME": str(home)}
            options = ("--host", place, "--database", database)
            started.append(stack.enter_context(served_game(*options, environment=environment)))
        yield started[0], started[1]


def play_url(server: RunningServer) -> str:
    """The server's online play address (ws://HOST:PORT)."""
    return parse_server(server.url)


def seeker(server: RunningServer, name: str, home: Path) -> Player:
    """`nac match` at 3+2 on `server`, by the key in `home`."""
    return player(
        Address(play_url(server), ""),
        "match",
        name,
        rules=NORMAL,
        clock=THREE_PLUS_TWO,
        identity=key_in(home),
    )


def searching(one: Player) -> bool:
    return one.table.search is not None


def paired(one: Player) -> bool:
    room = one.table.room
    return one.table.you is not None and room is not None and all(room.online.values())


def listed(count: int) -> Callable[[Player], bool]:
    return lambda one: one.table.lobby is not None and len(one.table.lobby.games) == count


@asynccontextmanager
async def database_of(url: str) -> AsyncIterator[Ledger]:
    """The shared ledger, read by the test itself."""
    ledger = await Ledger.open(url)
    try:
        yield ledger
    finally:
        await ledger.close()


async def rows(ledger: Ledger, table: sa.Table) -> list[Any]:
    async with ledger.engine.connect() as connection:
        return list(await connection.execute(sa.select(table)))


async def player_page(server: RunningServer, name: str) -> Any:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{server.url.rstrip('/')}/api/player/{name}") as answer,
    ):
        assert answer.status == 200
        return await answer.json()


async def test_two_players_on_two_servers_meet_by_quick_match_and_play_to_the_end(
    tmp_path: Path, postgres: Cluster
) -> None:
    database = postgres.database()
    with two_servers(database, tmp_path / "servers") as (one, two):
        sam = seeker(one, "Sam", tmp_path / "sam")
        await sam.until(searching, "Sam searching on the first server")
        # a seeker's welcome names the live servers (its own first), as every welcome does
        assert sam.play.client.servers[:1] == [play_url(one)]
        ana = seeker(two, "Ana", tmp_path / "ana")
        for each in (sam, ana):
            await each.until(paired, "paired across the servers")
        assert sam.table.room.rated and ana.table.room.rated
        # one server opened the game: the other's seeker was sent there (`go`) with its seat
        (owner,) = {each.play.client.address.server for each in (sam, ana)}
        assert owner in (play_url(one), play_url(two))
        assert {sam.table.you, ana.table.you} == {Mark.X, Mark.O}
        x, o = (sam, ana) if sam.table.you is Mark.X else (ana, sam)
        await play_moves((x, o), [0, 3, 1, 4, 2])  # X's top row
        for each in (sam, ana):
            await each.until(lambda one: len(one.table.room.ratings) == 2, "the ratings told")
        told = {
            name: round(each.table.room.ratings[each.table.you].rating)
            for name, each in (("Sam", sam), ("Ana", ana))
        }
        for each in (sam, ana):
            await each.stop()
        for name, rating in told.items():
            pages = [await player_page(server, name) for server in (one, two)]
            assert pages[0] == pages[1]
            (pool,) = pages[0]["ratings"]
            assert round(pool["rating"]) == rating and pool["games"] == 1
        async with database_of(database) as ledger:
            assert await rows(ledger, seeks) == []


async def test_a_lobby_game_hosted_on_one_server_is_joined_from_the_other(
    tmp_path: Path, postgres: Cluster
) -> None:
    database = postgres.database()
    with two_servers(database, tmp_path / "servers") as (one, two):
        sam = player(Address(play_url(one), ""), "host", "Sam", identity=key_in(tmp_path / "sam"))
        lee = player(Address(play_url(two), ""), "lobby", "Lee")
        await lee.until(listed(1), "the first server's game in the second's lobby")
        (game,) = lee.table.lobby.games
        assert game.host == "Sam" and game.status == "waiting" and game.join
        ana = player(Address(play_url(two), game.join), name="Ana")  # picked from that lobby
        for each in (sam, ana):
            await each.until(both_here, "both seated on the first server")
        assert ana.play.client.address.server == play_url(one)
        await lee.until(listed(0), "the game taken: no longer open in the other lobby")
        await play_moves((sam, ana), [4, 0])
        for each in (sam, ana, lee):
            await each.stop()


async def test_a_cancelled_search_is_never_paired(tmp_path: Path, postgres: Cluster) -> None:
    database = postgres.database()
    async with database_of(database) as ledger:
        with two_servers(database, tmp_path / "servers") as (one, two):
            sam = seeker(one, "Sam", tmp_path / "sam")
            await sam.until(searching, "Sam searching")
            await sam.play.leave()

            async def no_seeks() -> bool:
                return await rows(ledger, seeks) == []

            await until(no_seeks, "Sam's search out of the shared queue")
            ana = seeker(two, "Ana", tmp_path / "ana")
            await ana.until(searching, "Ana searching")
            cal = seeker(one, "Cal", tmp_path / "cal")  # the servers pair whom they can
            for each in (ana, cal):
                await each.until(paired, "Ana paired with Cal, the one still searching")
            assert sam.table.you is None and sam.table.room is None
            for each in (sam, ana, cal):
                await each.stop()


async def test_a_dead_servers_searches_and_listed_games_vanish(
    tmp_path: Path, postgres: Cluster
) -> None:
    database = postgres.database()
    async with database_of(database) as ledger:
        with two_servers(database, tmp_path / "servers") as (one, two):
            sam = seeker(two, "Sam", tmp_path / "sam")
            gus = player(Address(play_url(two), ""), "host", "Gus")
            lee = player(Address(play_url(one), ""), "lobby", "Lee")
            await sam.until(searching, "Sam searching on the second server")
            await lee.until(listed(1), "Gus's game listed on the first server")

            async def the_second_servers_rows() -> bool:
                return len(await rows(ledger, seeks)) == 1 and len(await rows(ledger, lobby)) == 1

            await until(the_second_servers_rows, "the second server's rows")
            two.process.kill()  # kill -9: it deletes nothing itself
            two.process.wait()
            await lee.until(listed(0), "the dead server's game gone from the first's lobby")

            async def none_left() -> bool:
                return await rows(ledger, seeks) == [] and await rows(ledger, lobby) == []

            await until(none_left, "the dead server's rows cleared by the live one")
            for each in (sam, gus, lee):
                await each.stop()


async def test_a_stopping_servers_seekers_search_on_on_another(
    tmp_path: Path, postgres: Cluster
) -> None:
    database = postgres.database()
    with two_servers(database, tmp_path / "servers") as (one, two):
        sam = seeker(two, "Sam", tmp_path / "sam")
        await sam.until(searching, "Sam searching on the second server")
        two.process.send_signal(signal.SIGTERM)  # stopped for an upgrade
        await sam.until(
            lambda each: each.play.client.address.server == play_url(one) and searching(each),
            "Sam searching on the first server",
        )
        assert two.process.wait(LONGEST_WAIT) == 0
        ana = seeker(one, "Ana", tmp_path / "ana")
        for each in (sam, ana):
            await each.until(paired, "paired on the server left")
        for each in (sam, ana):
            await each.stop()
