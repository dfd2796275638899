"""The games in progress of a shared database's servers (PostgreSQL: `Ledger.shared`), and the
servers themselves: the database's calls, each one transaction. What a room is and how it is
rebuilt are the relay's (`nac.net.cluster`); here are only rows.

- A server is a `servers` row of its own from its start (`register`), its heartbeat written
  every second on the database's clock (so the servers' own clocks never need to agree): alive
  while younger than DEAD_AFTER. A draining one is alive but is named to no client.
- A room is a `live_games` row of its server's (`owner`) from its first change to its close;
  each change is a write fenced by the owner and the row's `version` (`save`), committed
  before anyone is told it. A write that changes no row means another server took the game
  over: the writer has lost it.
- The rooms' changes are written by group commit (`add`, `save`, `remove`): one writer task
  takes every change waiting and writes them in one statement (its own transaction: one round
  trip), and each call returns once it is committed. A move's write was a transaction of its
  own (BEGIN, UPDATE, COMMIT, and SQLAlchemy's CPU each time): at 2,000 games the writes
  queued for the pool past its timeout (bench_cluster). The writer, the results' writer and
  the heartbeat run on a pool of their own (`Ledger.writer`), so no burst of reads (takeovers,
  the meeting) holds them up.
- A server that does not know an invite key looks its hash up (`find`); it takes over a room
  whose owner is dead, or released it (`claim`): the side to move's clock then counts the time
  up to the owner's last heartbeat (or the release), not the time the room was away.
- A game's end is kept in the ledger in the transaction that writes its row as recorded
  (`ended`, called by the results' group commit, fenced as `save` is): whoever writes it keeps
  it, once. The row stays while its room lives (a match's next game, a rematch asked: a server
  taking it over between two games has the match to go on with), and goes as the room closes.
- Whoever sees them deletes the rows of servers dead and owning nothing, and of rooms nobody
  took over in time (`clear`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from .batches import Batches
from .schema import live_games, servers

HEARTBEAT = 1.0
"""Seconds between a server's heartbeats."""
DEAD_AFTER = 3.0
"""Seconds without a heartbeat after which a server is dead, and its games anyone's."""
MOST_IN_ONE_WRITE = 1000
"""Rooms' changes written in one statement at most (more wait for the next): bounds a
statement's length (a change is about a kilobyte)."""


class LostGame(Exception):
    """A room's row is no longer its server's: another server took the game over."""


def key_hash(key: str) -> str:
    """How the database keeps an invite key or a seat's token: its SHA-256, in hex."""
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def alive() -> sa.ColumnElement[bool]:
    """A `servers` row whose heartbeat is younger than DEAD_AFTER (on the database's clock)."""
    return servers.c.heartbeat > sa.func.now() - timedelta(seconds=DEAD_AFTER)


def _seconds(interval: sa.ColumnElement[Any]) -> sa.ColumnElement[float]:
    return sa.cast(sa.extract("epoch", interval), sa.Float)


@dataclass(frozen=True)
class LiveGame:
    """A room as its row keeps it."""

    id: str
    rules: str
    clock: str | None
    keys: tuple[str, str, str]
    """The hashes of its host's, its guest's and its watchers' keys (`key_hash`)."""
    moves: str
    room: dict[str, Any]
    ran: float = 0.0
    """How long the side to move's time had run as of the row's writing."""


@dataclass(frozen=True)
class Found:
    """A room found by a key's hash: what the key opens (X, O or watch) and where it is."""

    id: str
    opens: str
    owner: str | None
    address: str | None
    """The owner's address, while it is alive (None: dead, or released)."""
    age: float | None
    """Seconds since the owner's last heartbeat (None: no owner, or its row is gone)."""


@dataclass(frozen=True)
class Ended:
    """A room's row as its game's end is kept (`Ledger.record_game`'s `live`): its room as it
    is now (its game recorded), written over `version` by `owner` in the transaction that keeps
    the game (`ended`), as `Live.save` writes a change."""

    id: str
    owner: str
    version: int
    moves: str
    room: str
    """The room's text (`room_text`)."""
    ran: float


@dataclass(frozen=True)
class _Change:
    """A room's change waiting for the writer: a new row (`game`), a change written over
    `version` (`moves`, `room`, `ran`), or the row deleted (`gone`)."""

    id: str
    game: LiveGame | None = None
    version: int = 0
    moves: str = ""
    room: str = ""
    ran: float = 0.0
    gone: bool = False


@dataclass(frozen=True)
class Claimed:
    """A room taken over: its row, the version this server writes on, and `ran` counted up
    to its last owner's last heartbeat (or its release)."""

    game: LiveGame
    version: int


class Live:
    """The database's calls for one server (`me`, its `servers.id`): the rooms' changes and
    the heartbeat on `writer` (`Ledger.writer`: a pool no burst of reads holds), the rest on
    `engine`."""

    def __init__(self, engine: AsyncEngine, me: str, writer: AsyncEngine | None = None) -> None:
        self.engine = engine
        self.me = me
        self.writer = writer or engine
        self._changes = Batches(self._made, MOST_IN_ONE_WRITE, alone=True)
        """The changes waiting, written together (group commit): each call told whether its
        change was made. A batch that fails is written again a change at a time, so one bad
        change fails alone."""

    # -- servers -----------------------------------------------------------------------------

    async def register(self, address: str) -> None:
        """This server's row, alive from now (made again if another deleted it as dead)."""
        async with self.writer.begin() as connection:
            done = await connection.execute(
                sa.update(servers)
                .where(servers.c.id == self.me)
                .values(address=address, heartbeat=sa.func.now())
            )
            if done.rowcount == 0:
                await connection.execute(
                    sa.insert(servers).values(
                        id=self.me,
                        address=address,
                        heartbeat=sa.func.now(),
                        draining=False,
                        started=sa.func.now(),
                    )
                )

    async def heartbeat(self) -> bool:
        """This server alive a while longer; False if its row had gone (another server saw
        it dead and deleted it): `register` makes it again."""
        async with self.writer.begin() as connection:
            done = await connection.execute(
                sa.update(servers).where(servers.c.id == self.me).values(heartbeat=sa.func.now())
            )
            return bool(done.rowcount)

    async def drain(self) -> None:
        """This server takes no new games: it is named to no client from now on."""
        async with self.engine.begin() as connection:
            await connection.execute(
                sa.update(servers).where(servers.c.id == self.me).values(draining=True)
            )

    async def addresses(self) -> list[str]:
        """The addresses of the live servers that are not draining, the oldest first."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(servers.c.address)
                .where(alive(), servers.c.draining.is_(False))
                .order_by(servers.c.started, servers.c.id)
            )
            return list(dict.fromkeys(row.address for row in rows))

    async def age(self, server: str) -> float | None:
        """Seconds since a server's last heartbeat (None: its row is gone)."""
        async with self.engine.connect() as connection:
            return (
                await connection.execute(
                    sa.select(_seconds(sa.func.now() - servers.c.heartbeat)).where(
                        servers.c.id == server
                    )
                )
            ).scalar()

    async def leave(self) -> None:
        """This server's row deleted (it stops, its games released)."""
        async with self.engine.begin() as connection:
            await connection.execute(sa.delete(servers).where(servers.c.id == self.me))

    async def clear(self, unclaimed_seconds: float) -> int:
        """Rows nobody needs deleted: servers dead that own no game, and games whose owner is
        dead or gone for `unclaimed_seconds` (their players never came back: nothing to keep,
        as for a game abandoned). How many games."""
        live_ids = sa.select(servers.c.id).where(alive())
        async with self.engine.begin() as connection:
            owners = sa.select(live_games.c.owner).where(live_games.c.owner.is_not(None))
            cutoff = sa.func.now() - timedelta(seconds=unclaimed_seconds)
            done = await connection.execute(
                sa.delete(live_games).where(
                    live_games.c.updated < cutoff,
                    sa.or_(live_games.c.owner.is_(None), live_games.c.owner.not_in(live_ids)),
                )
            )
            try:
                async with connection.begin_nested():
                    await connection.execute(
                        sa.delete(servers).where(sa.not_(alive()), servers.c.id.not_in(owners))
                    )
            except SQLAlchemyError:  # rows of other tables still name it: another time
                pass
            return int(done.rowcount)

    # -- games -------------------------------------------------------------------------------

    async def add(self, game: LiveGame) -> bool:
        """A room's first row, this server's, at version 1; whether it was made (False: a row
        of that room, or of one of its keys, is there already)."""
        return await self._changes.ask(_Change(game.id, game=game))

    async def save(
        self, game_id: str, version: int, moves: str, room: dict[str, Any] | str, ran: float
    ) -> bool:
        """A room's change (`room`: as a dict, or its `room_text`), written over `version` (which
        becomes version + 1) if the row is still this server's at that version; whether it
        was (False: the game was lost)."""
        kept = room if isinstance(room, str) else room_text(room)
        change = _Change(game_id, version=version, moves=moves, room=kept, ran=ran)
        return await self._changes.ask(change)

    async def remove(self, game_id: str) -> bool:
        """A room's row deleted (its room closed), if it is this server's; whether it was."""
        return await self._changes.ask(_Change(game_id, gone=True))

    async def close(self) -> None:
        """The changes waiting written."""
        await self._changes.close()

    async def _made(self, batch: list[_Change]) -> list[bool]:
        """`batch` written in one statement: whether each change was made."""
        written = await self._written(batch)
        return [change.id in written for change in batch]

    async def _written(self, batch: list[_Change]) -> set[str]:
        """`batch` written in one statement (committed as it ends); the ids of the rooms whose
        change it made."""
        added = [change.game for change in batch if change.game is not None]
        saved = [change for change in batch if change.game is None and not change.gone]
        parameters = {
            "me": self.me,
            "a_id": [game.id for game in added],
            "a_rules": [game.rules for game in added],
            "a_clock": [game.clock for game in added],
            "a_host": [game.keys[0] for game in added],
            "a_guest": [game.keys[1] for game in added],
            "a_watch": [game.keys[2] for game in added],
            "a_moves": [game.moves for game in added],
            "a_room": [room_text(game.room) for game in added],
            "a_ran": [game.ran for game in added],
            "s_id": [change.id for change in saved],
            "s_version": [change.version for change in saved],
            "s_moves": [change.moves for change in saved],
            "s_room": [change.room for change in saved],
            "s_ran": [change.ran for change in saved],
            "gone": [change.id for change in batch if change.gone],
        }
        async with self.writer.connect() as connection:
            alone = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return set((await alone.execute(_WRITE, parameters)).scalars())

    async def find(self, key: str) -> Found | None:
        """The room an invite key (its hash) opens, and where it is played, if any."""
        digest = key_hash(key)
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    sa.select(
                        live_games.c.id,
                        live_games.c.owner,
                        live_games.c.host_key,
                        live_games.c.guest_key,
                        servers.c.address,
                        alive().label("alive"),
                        _seconds(sa.func.now() - servers.c.heartbeat).label("age"),
                    )
                    .outerjoin(servers, servers.c.id == live_games.c.owner)
                    .where(
                        sa.or_(
                            live_games.c.host_key == digest,
                            live_games.c.guest_key == digest,
                            live_games.c.watch_key == digest,
                        )
                    )
                )
            ).first()
        if row is None:
            return None
        opens = "X" if row.host_key == digest else "O" if row.guest_key == digest else "watch"
        address = row.address if row.alive else None
        return Found(row.id, opens, row.owner, address, row.age)

    async def claim(self, game_id: str) -> Claimed | None:
        """The room taken over by this server if no other live server holds it (its owner
        dead, or none: released), in one transaction; None if one does. The side to move's
        time is counted up to the last owner's last heartbeat (a released room's: up to its
        release), and its row's version moved on, so a write of the last owner's is refused."""
        async with self.engine.begin() as connection:
            row = (
                await connection.execute(
                    sa.select(
                        live_games,
                        alive().label("alive"),
                        _seconds(servers.c.heartbeat - live_games.c.updated).label("beat_after"),
                        _seconds(sa.func.now() - live_games.c.updated).label("since"),
                    )
                    .outerjoin(servers, servers.c.id == live_games.c.owner)
                    .where(live_games.c.id == game_id)
                    .with_for_update(of=live_games)
                )
            ).first()
            if row is None or (row.owner not in (None, self.me) and row.alive):
                return None
            if row.owner is None:
                held = 0.0  # released: its `ran` was counted up to the release
            elif row.owner == self.me:
                held = row.since  # this server's own, all along
            else:
                held = row.beat_after or 0.0  # up to the dead owner's last heartbeat
            ran = row.ran + max(0.0, held)
            version = row.version + 1
            await connection.execute(
                sa.update(live_games)
                .where(live_games.c.id == game_id)
                .values(owner=self.me, version=version, ran=ran, updated=sa.func.now())
            )
        return _claimed(row, ran, version)

    async def claim_dead(self, most: int) -> list[Claimed]:
        """Up to `most` rooms of dead servers taken over by this server in one transaction, as
        `claim` takes one (each side to move's time counted up to its dead owner's last
        heartbeat, each row's version moved on); rooms another server is taking at the same
        moment are left to it (SKIP LOCKED). Released rooms are not taken: their players are
        sent on, and the server they reach takes them."""
        dead = sa.func.coalesce(alive(), sa.false())
        async with self.engine.begin() as connection:
            rows = (
                await connection.execute(
                    sa.select(
                        live_games,
                        _seconds(servers.c.heartbeat - live_games.c.updated).label("beat_after"),
                    )
                    .outerjoin(servers, servers.c.id == live_games.c.owner)
                    .where(
                        live_games.c.owner.is_not(None),
                        live_games.c.owner != self.me,
                        sa.not_(dead),
                    )
                    .limit(most)
                    .with_for_update(of=live_games, skip_locked=True)
                )
            ).all()
            if not rows:
                return []
            taken = [
                (row, row.ran + max(0.0, row.beat_after or 0.0), row.version + 1) for row in rows
            ]
            await connection.execute(
                sa.update(live_games)
                .where(live_games.c.id == sa.bindparam("b_id"))
                .values(
                    owner=self.me,
                    version=sa.bindparam("b_version"),
                    ran=sa.bindparam("b_ran"),
                    updated=sa.func.now(),
                ),
                [
                    {"b_id": row.id, "b_version": version, "b_ran": ran}
                    for row, ran, version in taken
                ],
            )
        return [_claimed(row, ran, version) for row, ran, version in taken]

    async def release(self) -> int:
        """Every room of this server's given up (it drains): ownerless, the side to move's
        time counted up to now, for the first server its players reach to take over. How
        many."""
        async with self.engine.begin() as connection:
            done = await connection.execute(
                sa.update(live_games)
                .where(live_games.c.owner == self.me)
                .values(
                    owner=None,
                    version=live_games.c.version + 1,
                    ran=live_games.c.ran + _seconds(sa.func.now() - live_games.c.updated),
                    updated=sa.func.now(),
                )
            )
            return int(done.rowcount)

    async def owner_address(self, game_id: str) -> str | None:
        """Where a room is played now, if a live server holds it."""
        async with self.engine.connect() as connection:
            return (
                await connection.execute(
                    sa.select(servers.c.address)
                    .join(live_games, live_games.c.owner == servers.c.id)
                    .where(live_games.c.id == game_id, alive())
                )
            ).scalar()


def _claimed(row: sa.Row[Any], ran: float, version: int) -> Claimed:
    """A `live_games` row taken over, its side to move's time `ran`, written at `version`."""
    keys = (row.host_key, row.guest_key, row.watch_key)
    game = LiveGame(row.id, row.rules, row.clock, keys, row.moves, json.loads(row.room), ran)
    return Claimed(game, version)


def ended(connection: sa.Connection, rooms: list[Ended]) -> set[str]:
    """The rows of these rooms written as their games' ends are kept, where each is still its
    owner's at its version (`Live.save`'s fence), in the caller's transaction (the one that
    keeps their games); the ids written."""
    if not rooms:
        return set()
    done = connection.execute(
        _ENDED,
        {
            "e_id": [room.id for room in rooms],
            "e_owner": [room.owner for room in rooms],
            "e_version": [room.version for room in rooms],
            "e_moves": [room.moves for room in rooms],
            "e_room": [room.room for room in rooms],
            "e_ran": [room.ran for room in rooms],
        },
    )
    return set(done.scalars())


_WRITE = sa.text(
    """
    WITH added AS (
        INSERT INTO live_games (id, owner, version, rules, clock, host_key, guest_key,
            watch_key, moves, room, ran, created, updated)
        SELECT a.id, :me, 1, a.rules, a.clock, a.host_key, a.guest_key, a.watch_key, a.moves,
            a.room, a.ran, now(), now()
        FROM unnest(CAST(:a_id AS text[]), CAST(:a_rules AS text[]), CAST(:a_clock AS text[]),
            CAST(:a_host AS text[]), CAST(:a_guest AS text[]), CAST(:a_watch AS text[]),
            CAST(:a_moves AS text[]), CAST(:a_room AS text[]), CAST(:a_ran AS float8[]))
            AS a(id, rules, clock, host_key, guest_key, watch_key, moves, room, ran)
        ON CONFLICT DO NOTHING
        RETURNING id
    ), saved AS (
        UPDATE live_games SET version = s.version + 1, moves = s.moves, room = s.room,
            ran = s.ran, updated = now()
        FROM unnest(CAST(:s_id AS text[]), CAST(:s_version AS integer[]),
            CAST(:s_moves AS text[]), CAST(:s_room AS text[]), CAST(:s_ran AS float8[]))
            AS s(id, version, moves, room, ran)
        WHERE live_games.id = s.id AND live_games.owner = :me
            AND live_games.version = s.version
        RETURNING live_games.id
    ), gone AS (
        DELETE FROM live_games WHERE id = ANY(CAST(:gone AS text[])) AND owner = :me
        RETURNING id
    )
    SELECT id FROM added UNION ALL SELECT id FROM saved UNION ALL SELECT id FROM gone
    """
)
"""A batch of rooms' changes in one statement: the new rows inserted (none where the room, or
one of its keys, has one: ON CONFLICT DO NOTHING), the changes written over their versions
where the rows are still this server's, the rows of rooms closed deleted; the ids of those
done. Each kind's values are arrays, one element a room (`unnest` makes them rows), so the
statement's text is the same for every batch: compiled by SQLAlchemy and prepared by
PostgreSQL once a connection. A room has one change in a batch at most (`nac.net.cluster`
writes a room's changes one after the other)."""
_ENDED = sa.text(
    """
    UPDATE live_games SET version = e.version + 1, moves = e.moves, room = e.room,
        ran = e.ran, updated = now()
    FROM unnest(CAST(:e_id AS text[]), CAST(:e_owner AS text[]), CAST(:e_version AS integer[]),
        CAST(:e_moves AS text[]), CAST(:e_room AS text[]), CAST(:e_ran AS float8[]))
        AS e(id, owner, version, moves, room, ran)
    WHERE live_games.id = e.id AND live_games.owner = e.owner AND live_games.version = e.version
    RETURNING live_games.id
    """
)


def room_text(room: dict[str, Any]) -> str:
    """A room as its row keeps it: JSON, compact, its keys sorted (two rooms alike, one text)."""
    return json.dumps(room, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
