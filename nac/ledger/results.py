"""Finished games into the ledger by group commit: one writer task takes every result waiting and
writes them in one transaction (their ratings read in one statement, each rating written once,
the games inserted in one), and each `Results.keep` returns once that transaction is committed.
A game's two ratings are read and written in the transaction that keeps it, so several servers
sharing one database stay right (PostgreSQL reads the ratings `FOR UPDATE`).

A transaction's statements are written once, as plain (synchronous) SQLAlchemy core, and run
whole in one step (`Transactions`): on a SQLite file in a thread of the ledger's own with a
connection of its own, so a batch crosses between threads once; elsewhere on the async engine's
connection (`AsyncConnection.run_sync`). Through aiosqlite each statement would cross to its
thread and back, and under load each crossing waits for the event loop and the interpreter's
lock: a lone result's transaction took 5 ms at the median and 119 ms at the 99th percentile
(`bench_rated`, 1,000 games at once) where SQLite itself commits in 0.3 ms."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from . import glicko2, live
from .batches import Batches
from .glicko2 import Rating
from .live import Ended
from .schema import games, ratings

MOST_IN_ONE_COMMIT = 500
"""Results written in one transaction at most (more wait for the next): bounds a transaction's
length and the rows made at once."""

T = TypeVar("T")


@dataclass(frozen=True)
class PoolRating:
    pool: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class Recorded:
    """A game as the ledger committed it: its number, and for a rated game each side's rating
    before and after."""

    id: int
    x_before: Rating | None = None
    x_after: Rating | None = None
    o_before: Rating | None = None
    o_after: Rating | None = None


@dataclass(frozen=True)
class Finished:
    """A finished game on its way to the ledger (`Ledger.record_game`'s arguments, checked)."""

    pool: str
    rated: bool
    x: int | None
    o: int | None
    moves: str
    result: str
    why: str
    started: datetime
    ended: datetime
    clock: str | None
    first: str
    live: Ended | None = None
    """A shared database's room it was played in (`nac.ledger.live`): its row written as
    recorded in the transaction that keeps the game, which is kept only if the row was still
    its server's at its version (else `live.LostGame`: another server took the game over, and
    keeps it)."""


class Transactions:
    """Runs a transaction's body (a function of a synchronous connection) whole, committed when
    it returns: in the ledger's own thread on a SQLite file, on the async engine elsewhere."""

    def __init__(self, engine: AsyncEngine, settings: Callable[[sa.Engine], None]) -> None:
        self.engine = engine
        self._own: sa.Engine | None = None
        self._thread: ThreadPoolExecutor | None = None
        url = engine.url
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            self._own = sa.create_engine(url.set(drivername="sqlite+pysqlite"))
            settings(self._own)
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="nac-ledger")

    async def run(self, body: Callable[[sa.Connection], T]) -> T:
        if self._own is None or self._thread is None:
            async with self.engine.begin() as connection:
                return await connection.run_sync(body)
        own = self._own

        def whole() -> T:
            with own.begin() as connection:
                return body(connection)

        return await asyncio.get_running_loop().run_in_executor(self._thread, whole)

    def close(self) -> None:
        if self._thread is not None:
            self._thread.shutdown(wait=True)
        if self._own is not None:
            self._own.dispose()


class Results:
    """The group-commit writer: `await keep(finished)` returns once it is committed."""

    def __init__(self, transactions: Transactions, writing: asyncio.Lock) -> None:
        self.transactions = transactions
        self._writing = writing
        """Held while writing: one writer at a time within a server (SQLite takes one)."""
        self._results: Batches[Finished, Recorded] = Batches(
            self._write, MOST_IN_ONE_COMMIT, alone=True
        )
        """The results waiting, written in one transaction, each `keep` told once it is
        committed (a game lost to another server: `live.LostGame` raised). A batch that fails
        is written again a result a transaction, so one bad result fails alone."""

    async def keep(self, finished: Finished) -> Recorded:
        return await self._results.ask(finished)

    async def close(self) -> None:
        """The results waiting written."""
        await self._results.close()

    async def _write(self, batch: list[Finished]) -> list[Recorded | live.LostGame]:
        async with self._writing:
            return await self.transactions.run(lambda connection: write(connection, batch))


def write(connection: sa.Connection, batch: list[Finished]) -> list[Recorded | live.LostGame]:
    """Keep `batch` in the transaction of `connection`, in its order (a player's two games in
    one batch are rated one after the other): the ratings read in one statement, each changed
    rating written once, the games inserted in one statement. A game of a shared database's
    room whose row is no longer its server's is not kept (`live.LostGame` in its place)."""
    rooms = [one.live for one in batch if one.live is not None]
    marked = live.ended(connection, rooms) if rooms else set()
    lost = {at for at, one in enumerate(batch) if one.live and one.live.id not in marked}
    if lost:
        rest = [replace(one, live=None) for at, one in enumerate(batch) if at not in lost]
        kept = iter(write(connection, rest) if rest else [])
        return [
            live.LostGame(one.live.id if one.live else "") if at in lost else next(kept)
            for at, one in enumerate(batch)
        ]
    pairs = {(side, one.pool) for one in batch if one.rated for side in (one.x, one.o)}
    now_rated: dict[tuple[int | None, str], PoolRating] = {}
    if pairs:
        found = connection.execute(
            _RATINGS_OF,
            {
                "players": sorted({side for side, _ in pairs if side is not None}),
                "pools": sorted({pool for _, pool in pairs}),
            },
        )
        for row in found:
            now_rated[(row.player, row.pool)] = PoolRating(row.pool, rating_of(row), row.games)
    stored = set(now_rated)
    changed: dict[tuple[int | None, str], datetime] = {}
    recorded: list[_Sides] = []
    for one in batch:
        if not one.rated:
            recorded.append((None, None, None, None))
            continue
        x_now = now_rated.get((one.x, one.pool)) or PoolRating(one.pool, Rating(), 0)
        o_now = now_rated.get((one.o, one.pool)) or PoolRating(one.pool, Rating(), 0)
        score = {"X": 1.0, "O": 0.0, "draw": 0.5}[one.result]
        x_after, o_after = glicko2.after_game(x_now.rating, o_now.rating, score)
        now_rated[(one.x, one.pool)] = PoolRating(one.pool, x_after, x_now.games + 1)
        now_rated[(one.o, one.pool)] = PoolRating(one.pool, o_after, o_now.games + 1)
        changed[(one.x, one.pool)] = changed[(one.o, one.pool)] = one.ended
        recorded.append((x_now.rating, x_after, o_now.rating, o_after))
    updates = [
        _rating_row(player, pool, now_rated[(player, pool)], when, prefix="b_")
        for (player, pool), when in changed.items()
        if (player, pool) in stored
    ]
    inserts = [
        _rating_row(player, pool, now_rated[(player, pool)], when)
        for (player, pool), when in changed.items()
        if (player, pool) not in stored
    ]
    if updates:
        connection.execute(_SET_RATING, updates)
    if inserts:
        connection.execute(_NEW_RATING, inserts)
    made = connection.execute(
        _NEW_GAME, [_game_row(one, *sides) for one, sides in zip(batch, recorded, strict=True)]
    )
    ids = [int(row.id) for row in made]
    return [Recorded(game, *sides) for game, sides in zip(ids, recorded, strict=True)]


def rating_of(row: Any) -> Rating:
    return Rating(row.rating, row.deviation, row.volatility)


_Sides = tuple[Rating | None, Rating | None, Rating | None, Rating | None]
"""A game's ratings: X's before and after, O's before and after (None: unrated)."""
_RATINGS_OF = (
    sa.select(ratings)
    .where(
        ratings.c.player.in_(sa.bindparam("players", expanding=True)),
        ratings.c.pool.in_(sa.bindparam("pools", expanding=True)),
    )
    .order_by(ratings.c.player, ratings.c.pool)
    .with_for_update()
)
"""A batch's players' ratings in its pools (a few more rows than needed where a batch has
several pools), read for update: in the order of their keys, so two servers never wait on
each other in a circle. (The statements are made once: SQLAlchemy then finds each compiled in
its cache without building it anew.)"""
_SET_RATING = sa.update(ratings).where(
    ratings.c.player == sa.bindparam("b_player"), ratings.c.pool == sa.bindparam("b_pool")
)
_NEW_RATING = sa.insert(ratings)
_NEW_GAME = sa.insert(games).returning(games.c.id, sort_by_parameter_order=True)


def _rating_row(
    player: int | None, pool: str, now_rated: PoolRating, when: datetime, prefix: str = ""
) -> dict[str, object]:
    """A rating's parameters: the key columns named `prefix`+column (an UPDATE's WHERE)."""
    rating = now_rated.rating
    return {
        f"{prefix}player": player,
        f"{prefix}pool": pool,
        "rating": rating.rating,
        "deviation": rating.deviation,
        "volatility": rating.volatility,
        "games": now_rated.games,
        "updated": when,
    }


def _game_row(
    one: Finished,
    x_before: Rating | None,
    x_after: Rating | None,
    o_before: Rating | None,
    o_after: Rating | None,
) -> dict[str, object]:
    return {
        "pool": one.pool,
        "rated": one.rated,
        "clock": one.clock,
        "x_player": one.x,
        "o_player": one.o,
        "moves": one.moves,
        "result": one.result,
        "why": one.why,
        "first": one.first,
        "started": one.started,
        "ended": one.ended,
        "x_before": x_before.rating if x_before else None,
        "x_after": x_after.rating if x_after else None,
        "o_before": o_before.rating if o_before else None,
        "o_after": o_after.rating if o_after else None,
    }
