"""The games in progress of a shared database's servers (PostgreSQL: `Ledger.shared`), and the
servers themselves: the database's calls, each one transaction. What a room is and how it is
rebuilt are the relay's (`nac.net.cluster`); here are only rows.

- A server is a `servers` row of its own from its start (`register`), its heartbeat written
  every second on the database's clock (so the servers' own clocks never need to agree): alive
  while younger than DEAD_AFTER. A draining one is alive but is named to no client.
- A room is a `live_games` row of its server's (`owner`) from its first change; each change is
  a write fenced by the owner and the row's `version` (`save`), committed before anyone is
  told it. A write that changes no row means another server took the game over: the writer
  has lost it.
- A server that does not know an invite key looks its hash up (`find`); it takes over a room
  whose owner is dead, or released it (`claim`): the side to move's clock then counts the time
  up to the owner's last heartbeat (or the release), not the time the room was away.
- A game's end is kept in the ledger in the transaction that deletes its row (`ended`, called
  by the results' group commit): whoever deletes it keeps it, once.
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

from .schema import live_games, servers

HEARTBEAT = 1.0
"""Seconds between a server's heartbeats."""
DEAD_AFTER = 3.0
"""Seconds without a heartbeat after which a server is dead, and its games anyone's."""


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
class Claimed:
    """A room taken over: its row, the version this server writes on, and `ran` counted up
    to its last owner's last heartbeat (or its release)."""

    game: LiveGame
    version: int


class Live:
    """The database's calls for one server (`me`, its `servers.id`)."""

    def __init__(self, engine: AsyncEngine, me: str) -> None:
        self.engine = engine
        self.me = me

    # -- servers -----------------------------------------------------------------------------

    async def register(self, address: str) -> None:
        """This server's row, alive from now (made again if another deleted it as dead)."""
        async with self.engine.begin() as connection:
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
        async with self.engine.begin() as connection:
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

    async def add(self, game: LiveGame) -> None:
        """A room's first row, this server's, at version 1."""
        host, guest, watch = game.keys
        async with self.engine.begin() as connection:
            await connection.execute(
                sa.insert(live_games).values(
                    id=game.id,
                    owner=self.me,
                    version=1,
                    rules=game.rules,
                    clock=game.clock,
                    host_key=host,
                    guest_key=guest,
                    watch_key=watch,
                    moves=game.moves,
                    room=_text(game.room),
                    ran=game.ran,
                    created=sa.func.now(),
                    updated=sa.func.now(),
                )
            )

    async def save(
        self, game_id: str, version: int, moves: str, room: dict[str, Any], ran: float
    ) -> bool:
        """A room's change, written over `version` (which becomes version + 1) if the row is
        still this server's at that version; whether it was (False: the game was lost)."""
        async with self.engine.begin() as connection:
            done = await connection.execute(
                sa.update(live_games)
                .where(
                    live_games.c.id == game_id,
                    live_games.c.owner == self.me,
                    live_games.c.version == version,
                )
                .values(
                    version=version + 1,
                    moves=moves,
                    room=_text(room),
                    ran=ran,
                    updated=sa.func.now(),
                )
            )
            return done.rowcount == 1

    async def remove(self, game_id: str) -> bool:
        """A room's row deleted (its game abandoned, its room closed), if it is this
        server's; whether it was."""
        async with self.engine.begin() as connection:
            done = await connection.execute(
                sa.delete(live_games).where(
                    live_games.c.id == game_id, live_games.c.owner == self.me
                )
            )
            return done.rowcount == 1

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
        game = LiveGame(
            row.id,
            row.rules,
            row.clock,
            (row.host_key, row.guest_key, row.watch_key),
            row.moves,
            json.loads(row.room),
            ran,
        )
        return Claimed(game, version)

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


def ended(connection: sa.Connection, rooms: list[tuple[str, str]]) -> set[str]:
    """The rows of these rooms (id, owner) deleted where they are still that owner's, in the
    caller's transaction (the one that keeps their games); the ids deleted."""
    if not rooms:
        return set()
    done = connection.execute(
        sa.delete(live_games)
        .where(sa.tuple_(live_games.c.id, live_games.c.owner).in_(rooms))
        .returning(live_games.c.id)
    )
    return {row.id for row in done}


def _text(room: dict[str, Any]) -> str:
    return json.dumps(room, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
