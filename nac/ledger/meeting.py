"""Where players on several servers of one database meet (a shared ledger: PostgreSQL): quick
match's seekers in `seeks`, the lobby's games waiting for a guest in `lobby`, and the news
between the servers on one channel (LISTEN/NOTIFY `nac_news`). The rule that pairs seekers and
the rooms their games are played in are the relay's (`nac.net.meeting`); here are only the
database's calls, each one transaction.

- A seek is a row of its server's (`servers.id`) until it is paired: the pairing transaction
  reads the unpaired seeks of live servers `FOR UPDATE SKIP LOCKED` (two servers pairing at
  once never take the same row, and never wait for each other), lets the relay choose the pairs
  and open their games, and in the same transaction deletes its own seekers' rows (it tells
  them itself) and marks the others' with the game's server, the seat's invite key and mark;
  their servers tell them (`found`) and delete those rows. A key seeks a pool once, whatever the
  server (a unique index).
- A lobby row is a listed game waiting for a guest, with its keys (a lobby shows them anyway):
  each server lists its own (`list_games`) and shows the others' (`games`).
- Rows of servers not alive (`live.alive`) are left out of every read, and deleted by whoever
  sees them (`clear_dead`).
- News: `notify` once a transaction changed what other servers show or do ("match", "seek",
  "lobby"); `News` listens on a connection of its own. Every server also polls, so a notice lost
  (while a listener reconnects) only delays."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .live import alive
from .schema import lobby, seeks, servers

NEWS = "nac_news"
"""The one channel servers tell each other news on (its payload: one of the words below)."""
MATCH = "match"
"""Seekers were paired: their servers look for their rows."""
SEEK = "seek"
"""A seeker joined a queue: servers with seekers of their own try to pair."""
LOBBY = "lobby"
"""A server's listed games changed: the lobbies show them again."""


def new_seek() -> str:
    """A new seek's id."""
    return secrets.token_urlsafe(12)


def _live_ids() -> sa.Select[Any]:
    return sa.select(servers.c.id).where(alive())


@dataclass(frozen=True)
class Sought:
    """An unpaired seek as the pairing transaction reads it; `since` in seconds on the
    database's clock (the rule measures waits from it, the same for every server)."""

    id: str
    server: str
    public_key: str
    name: str
    pool: str
    clock: str
    rated: bool
    rating: float
    since: float

    @property
    def queue(self) -> tuple[str, str, bool]:
        """The queue it waits in: the pool, the time control, rated or not."""
        return self.pool, self.clock, self.rated


@dataclass(frozen=True)
class Seat:
    """A seat the pairing server opened for a seeker: its invite key and mark (X or O)."""

    key: str
    mark: str


@dataclass(frozen=True)
class Found:
    """A seek of this server's that another server paired: where its game is (the server's
    address; None if that server is no longer alive) and the seat there."""

    id: str
    address: str | None
    seat: Seat


@dataclass(frozen=True)
class Listed:
    """A listed game waiting for a guest, as a lobby shows it."""

    join: str
    watch: str
    host: str
    rating: int | None
    provisional: bool
    rules: str


Chooser = Callable[[list[Sought], float], Iterable[tuple[Sought, Sought]]]
"""The relay's rule: the pairs (X, O) it makes of the waiting seeks now."""
Opener = Callable[[Sought, Sought], tuple[Seat, Seat] | None]
"""The relay opens a pair's game: the two seats (X's, O's), or None (no room: they wait)."""


class Meeting:
    """The database's calls for one server (`me`, its `servers.id`)."""

    def __init__(self, engine: AsyncEngine, me: str) -> None:
        self.engine = engine
        self.me = me

    # -- quick match -----------------------------------------------------------------------------

    async def seek(
        self,
        seek: str,
        *,
        public_key: str,
        name: str,
        pool: str,
        clock: str,
        rated: bool,
        rating: float,
    ) -> bool:
        """A seeker of this server's in the shared queue as `seek` (its id, `new_seek`): False
        where its key seeks this pool already (on any server)."""
        row = {
            "id": seek,
            "server": self.me,
            "public_key": public_key,
            "name": name,
            "pool": pool,
            "clock": clock,
            "rated": rated,
            "rating": rating,
            "since": sa.func.now(),
        }
        try:
            async with self.engine.begin() as connection:
                await connection.execute(sa.insert(seeks).values(**row))
                await _notify(connection, SEEK)
        except IntegrityError:
            return False
        return True

    async def cancel(self, seek: str) -> bool:
        """A seek taken out of the queue, unless it was paired already (a pairing under way
        is waited for): whether it was still unpaired."""
        async with self.engine.begin() as connection:
            done = await connection.execute(
                sa.delete(seeks).where(seeks.c.id == seek, seeks.c.owner.is_(None))
            )
        return bool(done.rowcount)

    async def pair(self, mine: set[str], choose: Chooser, open_game: Opener) -> list[Seat]:
        """One pairing: the unpaired seeks of live servers, locked (`FOR UPDATE SKIP LOCKED`:
        rows another server is pairing are skipped, not waited for), less this server's that are
        not in `mine` (joining or leaving here); of the pairs `choose` makes, those with a seeker
        in `mine` opened (`open_game`) and kept: this server's rows deleted (it tells its
        seekers), the others' marked with the seat. Committed before this returns (the opened
        seats are then the players'); the seats of `mine`'s seekers, in `open_game`'s order."""
        told: list[Seat] = []
        async with self.engine.begin() as connection:
            now = (await connection.execute(sa.select(sa.func.now()))).scalar_one()
            rows = await connection.execute(
                sa.select(seeks)
                .where(seeks.c.owner.is_(None), seeks.c.server.in_(_live_ids()))
                .order_by(seeks.c.since, seeks.c.id)
                .with_for_update(skip_locked=True, of=seeks)
            )
            waiting = [
                sought
                for sought in map(_sought, rows)
                if sought.server != self.me or sought.id in mine
            ]
            paired = False
            for x, o in choose(waiting, now.timestamp()):
                if x.id not in mine and o.id not in mine:
                    continue  # another server's pair: it pairs them itself
                seats = open_game(x, o)
                if seats is None:
                    break
                for sought, seat in zip((x, o), seats, strict=True):
                    if sought.id in mine:
                        told.append(seat)
                        await connection.execute(sa.delete(seeks).where(seeks.c.id == sought.id))
                    else:
                        paired = True
                        await connection.execute(
                            sa.update(seeks)
                            .where(seeks.c.id == sought.id)
                            .values(owner=self.me, seat=seat.key, mark=seat.mark)
                        )
            if paired:
                await _notify(connection, MATCH)
        return told

    async def found(self) -> list[Found]:
        """This server's seeks that other servers paired, with where their games are."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(seeks.c.id, seeks.c.seat, seeks.c.mark, servers.c.address)
                .outerjoin(servers, sa.and_(servers.c.id == seeks.c.owner, alive()))
                .where(seeks.c.server == self.me, seeks.c.owner.is_not(None))
            )
            return [Found(row.id, row.address, Seat(row.seat, row.mark)) for row in rows]

    async def forget(self, ids: Iterable[str]) -> None:
        """Seeks told where their games are, out of the table."""
        ids = list(ids)
        if ids:
            async with self.engine.begin() as connection:
                await connection.execute(sa.delete(seeks).where(seeks.c.id.in_(ids)))

    # -- the lobby -------------------------------------------------------------------------------

    async def list_games(self, added: Iterable[Listed], gone: Iterable[str]) -> None:
        """This server's lobby rows brought up to date: `added` listed, the games of the join
        keys `gone` no longer; the lobbies told."""
        added, gone = list(added), list(gone)
        if not added and not gone:
            return
        async with self.engine.begin() as connection:
            if gone:
                await connection.execute(sa.delete(lobby).where(lobby.c.join_key.in_(gone)))
            if added:
                await connection.execute(
                    insert(lobby).values(created=sa.func.now()).on_conflict_do_nothing(),
                    [
                        {
                            "join_key": game.join,
                            "watch_key": game.watch,
                            "server": self.me,
                            "host": game.host,
                            "rating": game.rating,
                            "provisional": game.provisional,
                            "rules": game.rules,
                        }
                        for game in added
                    ],
                )
            await _notify(connection, LOBBY)

    async def games(self) -> list[Listed]:
        """The games other live servers list, the oldest first."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(lobby)
                .where(lobby.c.server != self.me, lobby.c.server.in_(_live_ids()))
                .order_by(lobby.c.created, lobby.c.join_key)
            )
            return [
                Listed(r.join_key, r.watch_key, r.host, r.rating, r.provisional, r.rules)
                for r in rows
            ]

    # -- servers coming and going ----------------------------------------------------------------

    async def clear_dead(self) -> int:
        """The seeks and lobby rows of servers not alive deleted (unpaired seeks, and paired
        ones whose seeker's server died); how many."""
        async with self.engine.begin() as connection:
            live = _live_ids()
            counted = 0
            for table in (seeks, lobby):
                done = await connection.execute(sa.delete(table).where(table.c.server.not_in(live)))
                counted += done.rowcount
            if counted:
                await _notify(connection, LOBBY)
            return counted

    async def leave(self) -> None:
        """This server stops: its seeks and lobby rows go."""
        async with self.engine.begin() as connection:
            await connection.execute(sa.delete(seeks).where(seeks.c.server == self.me))
            await connection.execute(sa.delete(lobby).where(lobby.c.server == self.me))
            await _notify(connection, LOBBY)


async def _notify(connection: AsyncConnection, what: str) -> None:
    """NOTIFY nac_news, heard by the listening servers once the transaction commits."""
    await connection.execute(sa.select(sa.func.pg_notify(NEWS, what)))


def _sought(row: Any) -> Sought:
    return Sought(
        row.id,
        row.server,
        row.public_key,
        row.name,
        row.pool,
        row.clock,
        row.rated,
        row.rating,
        row.since.timestamp(),
    )


class News:
    """LISTEN nac_news on a connection of its own (asyncpg's `add_listener` on the engine's
    raw connection): `heard` is called with each notice's payload, in the event loop.
    `keep_up()` (each poll) opens it again if it was lost; a notice sent meanwhile is missed,
    which the poll makes up for."""

    def __init__(self, engine: AsyncEngine, heard: Callable[[str], object]) -> None:
        self.engine = engine
        self.heard = heard
        self._connection: AsyncConnection | None = None
        self._driver: Any = None

    async def keep_up(self) -> None:
        if self._driver is not None and not self._driver.is_closed():
            return
        await self.close()
        connection = await self.engine.connect()
        try:
            raw = await connection.get_raw_connection()
            driver = raw.driver_connection
            assert driver is not None
            await driver.add_listener(NEWS, self._notice)
        except BaseException:
            await connection.close()
            raise
        self._connection, self._driver = connection, driver

    def _notice(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        self.heard(payload)

    async def close(self) -> None:
        connection, driver = self._connection, self._driver
        self._connection = self._driver = None
        if driver is not None and not driver.is_closed():
            with contextlib.suppress(Exception):
                await driver.remove_listener(NEWS, self._notice)
        if connection is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(connection.close())
