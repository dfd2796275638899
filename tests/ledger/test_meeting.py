"""The database's part of meeting across servers (`nac.ledger.meeting`), on a real PostgreSQL:
two servers' rows in one database (registered as `nac.ledger.live` registers them), seekers
paired by quick match's own rule in one transaction that skips the rows another is pairing, a
cancelled seek never paired, a key seeking a pool once whatever the server, the lobby's rows,
the news heard on LISTEN, and a dead server's rows left out and cleared."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
import sqlalchemy as sa

from nac.ledger.ledger import Ledger
from nac.ledger.live import Live
from nac.ledger.meeting import (
    LOBBY,
    MATCH,
    SEEK,
    Listed,
    Meeting,
    News,
    Opener,
    Seat,
    Sought,
    new_seek,
)
from nac.ledger.schema import lobby, seeks, servers
from nac.net.matching import pairs_of

from .postgres import Cluster

pytestmark = pytest.mark.postgres

KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
WAIT = 30.0
"""Bounds a wait for news (never a speed test)."""


@dataclass
class Server:
    """One server's calls on the shared database, and its address."""

    meeting: Meeting
    live: Live
    address: str

    async def seek(self, key: str = "", rating: float = 1500.0, pool: str = "normal 3") -> str:
        found = new_seek()
        sought = await self.meeting.seek(
            found,
            public_key=key,
            name="Sam",
            pool=pool,
            clock="3+2",
            rated=bool(key),
            rating=rating,
        )
        assert sought
        return found


@pytest.fixture
async def ledger(postgres: Cluster) -> AsyncIterator[Ledger]:
    opened = await Ledger.open(postgres.database())
    try:
        yield opened
    finally:
        await opened.close()


async def server(ledger: Ledger, name: str) -> Server:
    live = Live(ledger.engine, name)
    address = f"ws://{name}.example:8080"
    await live.register(address)
    return Server(Meeting(ledger.engine, name), live, address)


def opener(opened: list[tuple[Sought, Sought]]) -> Opener:
    """A relay's opener: each pair's seats made up, the pair noted."""

    def open_game(x: Sought, o: Sought) -> tuple[Seat, Seat]:
        opened.append((x, o))
        return Seat(f"x-key-{len(opened)}", "X"), Seat(f"o-key-{len(opened)}", "O")

    return open_game


async def rows(ledger: Ledger, table: sa.Table) -> list[sa.Row[tuple[object, ...]]]:
    async with ledger.engine.connect() as connection:
        return list(await connection.execute(sa.select(table)))


async def test_a_pair_across_two_servers_is_made_by_the_rule_once(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    high = await one.seek(KEY_A, rating=1550.0)
    low = await two.seek(KEY_B, rating=1480.0)
    opened: list[tuple[Sought, Sought]] = []
    told = await one.meeting.pair({high}, pairs_of, opener(opened))
    ((x, o),) = opened
    assert (x.id, o.id) == (low, high)  # the lower-rated moves first, as on one server
    assert told == [Seat("o-key-1", "O")]  # its own seeker: told by the pairing server itself
    (left,) = await rows(ledger, seeks)  # its own seeker's row gone, the other's marked
    assert (left.id, left.owner, left.seat, left.mark) == (low, "one", "x-key-1", "X")
    assert await one.meeting.found() == []
    (found,) = await two.meeting.found()
    assert (found.id, found.address, found.seat) == (low, one.address, Seat("x-key-1", "X"))
    assert await two.meeting.pair({low}, pairs_of, opener(opened)) == []  # paired already
    await two.meeting.forget([found.id])
    assert await rows(ledger, seeks) == []


async def test_a_server_pairs_only_pairs_with_a_seeker_of_its_own(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    first, second = await two.seek(KEY_A), await two.seek(KEY_B)
    opened: list[tuple[Sought, Sought]] = []
    assert await one.meeting.pair(set(), pairs_of, opener(opened)) == [] and opened == []
    # a seek of its own it does not count as its own (joining, or leaving) is left alone
    assert await two.meeting.pair({first}, pairs_of, opener(opened)) == [] and opened == []
    told = await two.meeting.pair({first, second}, pairs_of, opener(opened))
    assert told == [Seat("x-key-1", "X"), Seat("o-key-1", "O")]
    assert await rows(ledger, seeks) == []


async def test_rows_another_server_is_pairing_are_skipped_not_waited_for(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    mine, theirs = await one.seek(KEY_A), await two.seek(KEY_B)
    opened: list[tuple[Sought, Sought]] = []
    async with ledger.engine.begin() as pairing:  # another server's pairing, under way
        await pairing.execute(
            sa.select(seeks).where(seeks.c.id == theirs).with_for_update(skip_locked=True)
        )
        assert await one.meeting.pair({mine}, pairs_of, opener(opened)) == []
    assert opened == []
    assert len(await one.meeting.pair({mine}, pairs_of, opener(opened))) == 1  # once let go


async def test_a_cancelled_seek_is_never_paired(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    gone = await two.seek(KEY_B)
    assert await two.meeting.cancel(gone)
    mine = await one.seek(KEY_A)
    opened: list[tuple[Sought, Sought]] = []
    assert await one.meeting.pair({mine}, pairs_of, opener(opened)) == [] and opened == []
    late = await two.seek(KEY_B)
    await one.meeting.pair({mine}, pairs_of, opener(opened))
    assert not await two.meeting.cancel(late)  # paired first: the cancel is too late, and says so


async def test_a_key_seeks_a_pool_once_whatever_the_server(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    await one.seek(KEY_A)

    async def again(pool: str) -> bool:
        return await two.meeting.seek(
            new_seek(), public_key=KEY_A, name="Sam", pool=pool, clock="1+0", rated=True,
            rating=1500.0,
        )  # fmt: skip

    assert not await again("normal 3")
    assert await again("misere 3")
    for _ in range(2):  # guests are not kept to one search
        await two.seek("")


async def test_the_lobby_lists_each_servers_games_to_the_others(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    game = Listed("join-1", "watch-1", "Sam", 1500, True, "normal 3")
    await one.meeting.list_games([game], [])
    assert await two.meeting.games() == [game] and await one.meeting.games() == []
    await one.meeting.list_games([], ["join-1"])
    assert await two.meeting.games() == []


async def test_a_dead_servers_seeks_and_lobby_rows_vanish(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    dead = await two.seek(KEY_B)
    await two.meeting.list_games([Listed("join-2", "watch-2", "Ana", None, False, "normal 3")], [])
    async with ledger.engine.begin() as connection:  # its last heartbeat, a minute ago
        await connection.execute(
            sa.update(servers)
            .where(servers.c.id == "two")
            .values(heartbeat=sa.func.now() - sa.text("interval '1 minute'"))
        )
    mine = await one.seek(KEY_A)
    opened: list[tuple[Sought, Sought]] = []
    assert await one.meeting.pair({mine}, pairs_of, opener(opened)) == []
    assert await one.meeting.games() == []
    assert await one.meeting.clear_dead() == 2
    assert [row.id for row in await rows(ledger, seeks)] == [mine]
    assert await rows(ledger, lobby) == []
    assert dead not in {row.id for row in await rows(ledger, seeks)}


async def test_a_server_leaving_takes_its_rows_with_it(ledger: Ledger) -> None:
    one = await server(ledger, "one")
    await one.seek(KEY_A)
    await one.meeting.list_games([Listed("join-3", "watch-3", "Sam", None, False, "normal 3")], [])
    await one.meeting.leave()
    assert await rows(ledger, seeks) == [] and await rows(ledger, lobby) == []


async def test_news_reaches_every_listening_server(ledger: Ledger) -> None:
    one, two = await server(ledger, "one"), await server(ledger, "two")
    heard: asyncio.Queue[str] = asyncio.Queue()
    news = News(ledger.engine, heard.put_nowait)
    await news.keep_up()
    try:
        first = await one.seek(KEY_A)
        assert await asyncio.wait_for(heard.get(), WAIT) == SEEK
        await two.seek(KEY_B)
        assert await asyncio.wait_for(heard.get(), WAIT) == SEEK
        opened: list[tuple[Sought, Sought]] = []
        await one.meeting.pair({first}, pairs_of, opener(opened))
        assert await asyncio.wait_for(heard.get(), WAIT) == MATCH
        await two.meeting.list_games([Listed("j", "w", "Ana", None, False, "normal 3")], [])
        assert await asyncio.wait_for(heard.get(), WAIT) == LOBBY
        await news.keep_up()  # still listening: nothing opened again
    finally:
        await news.close()
