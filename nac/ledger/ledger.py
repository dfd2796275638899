"""The ledger: who the players are (a key each), their ratings per pool and every finished game,
in one database the server owns. SQLAlchemy 2's async core: SQLite through aiosqlite by default
(a file in the server's data directory, WAL, foreign keys on), PostgreSQL by its URL later with
the same statements.

Writes go one at a time within a server (one lock): SQLite takes one writer anyway. Finished
games are written by group commit: one writer task takes every result waiting and writes them
in one transaction (their ratings read in one statement, each rating written once, the games
inserted in one), and each `record_game` returns once that transaction is committed. A game's
two ratings are read and written in the transaction that keeps it, so several servers sharing
one database stay right (PostgreSQL reads the ratings `FOR UPDATE`). A key's player is kept in
memory once seen (a key's player and name never change)."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from ..core import player_name
from . import glicko2
from .batches import Batches
from .glicko2 import Rating
from .live import Ended
from .results import Finished, PoolRating, Recorded, Results, Transactions, rating_of
from .schema import games, migrate, players, ratings

FILE_NAME = "ledger.sqlite"
DEFAULT_NAME = "Player"
RESULTS = ("X", "O", "draw")
WHYS = ("line", "resignation", "time", "forfeit", "abort", "draw")
"""Why a game ended: a line made (or the board full: `draw`), a resignation, a flag fallen, a
player gone past their time away, a game aborted before its first moves."""
MOST_NUMBERED = 10_000
"""Numbers tried after a taken name (Name-2 ... ) before giving up: a bound on a loop."""
LONGEST_PAGE = 100
"""Rows a leaderboard's page or a player's last games hold at most."""
KNOWN_PLAYERS = 20_000
"""Players kept in memory by key at most (the oldest seen forgotten first)."""
MOST_KEYS_AT_ONCE = 500
"""Players' keys looked up in one statement at most (more wait for the next)."""
POOL = 8
"""A shared database's connections for a server's reads and rarer writes (`Ledger.engine`: the
lobby and the queue, takeovers, players' keys, the record's pages; one of them held by the
meeting's news listener), opened as needed and kept; a burst past them waits for one (up to
SQLAlchemy's 30 s), opening none more. A server is one event loop on one core: its own CPU
(SQLAlchemy's, about 0.3 to 0.7 ms a statement) bounds its calls, a few connections already
carry them, and more would only queue in PostgreSQL, each a process of its own there. With
WRITERS, 11 a server: nine servers within PostgreSQL's default 100 connections."""
WRITERS = 3
"""A shared database's connections of their own for what must never wait behind a burst of
reads (`Ledger.writer`): the rooms' changes (`live.Live`'s writer), the results (`Results`'s
writer) and the heartbeat, each one call at a time. SQLAlchemy's default pool (5 and 10 more
at a push, for every call alike) let 2,000 games' moves queue behind the takeovers' and the
meeting's queries, past its timeout (bench_cluster)."""


class Unavailable(Exception):
    """A database nac cannot use (a bad URL, no driver for it, unreachable); the text says
    which and why, in one line, with no password in it."""


async def open_ledger(url: str) -> Ledger:
    """`Ledger.open(url)`, or Unavailable saying why not in one line."""
    try:
        shown = sa.make_url(url).render_as_string(hide_password=True)
    except Exception:
        example = "like sqlite+aiosqlite:///FILE"
        raise Unavailable(f"{url!r} is not a database URL ({example})") from None
    try:
        return await Ledger.open(url)
    except Exception as error:
        reason = " ".join(str(getattr(error, "orig", None) or error).split())[:200]
        raise Unavailable(f"cannot open the database {shown}: {reason}") from None


def sqlite_url(directory: Path) -> str:
    """The default database: `ledger.sqlite` in the server's data directory."""
    return f"sqlite+aiosqlite:///{directory / FILE_NAME}"


DRIVERS = {
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
    "sqlite": "sqlite+aiosqlite",
}
"""The driver nac opens a URL that names none with (SQLAlchemy's own default is not async)."""


def driver_url(url: str) -> str:
    """`url` with the driver nac opens it with: a plain postgresql:// (or postgres://) URL is
    asyncpg's, a plain sqlite:// one aiosqlite's; any other is as given."""
    try:
        parsed = sa.make_url(url)
    except Exception:
        return url
    if parsed.drivername not in DRIVERS:
        return url
    return parsed.set(drivername=DRIVERS[parsed.drivername]).render_as_string(hide_password=False)


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC-normalised, casefolded, spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """A time read back (SQLite keeps no zone: its times are UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    public_key: str
    created: datetime


@dataclass(frozen=True)
class Standing:
    """A leaderboard's row."""

    name: str
    rating: Rating
    games: int


@dataclass(frozen=True)
class GameRow:
    id: int
    pool: str
    rated: bool
    x: str | None
    o: str | None
    moves: str
    result: str
    why: str
    ended: datetime
    first: str = "X"
    x_before: float | None = None
    x_after: float | None = None
    o_before: float | None = None
    o_after: float | None = None
    """A rated game's ratings before and after, each side's."""


@dataclass(frozen=True)
class PlayerPage:
    player: Player
    ratings: list[PoolRating]
    games: list[GameRow]


class Ledger:
    """`await Ledger.open(url)`, then the calls below, then `await close()`."""

    def __init__(self, engine: AsyncEngine, writer: AsyncEngine | None = None) -> None:
        self.engine = engine
        self.writer = writer or engine
        """The pool of the writers and the heartbeat (WRITERS) on a shared database; on
        SQLite, `engine`."""
        self._writing = asyncio.Lock()
        self.transactions = Transactions(self.writer, _sqlite_settings)
        self.results = Results(self.transactions, self._writing)
        self._known: dict[str, Player] = {}
        """Players by key, as the ledger holds them (a key's player never changes)."""
        self._keys: Batches[str, Player | None] = Batches(
            self._players_by_key, MOST_KEYS_AT_ONCE, alone=False
        )
        self._asked: dict[str, asyncio.Future[Player | None]] = {}
        """Keys not yet looked up, each with the answer its callers await (`_player_by_key`)."""

    @classmethod
    async def open(cls, url: str) -> Ledger:
        """The ledger at `url` (a SQLAlchemy async URL, or a plain postgresql:// or sqlite://
        one: `driver_url`), its schema brought to this nac's."""
        url = driver_url(url)
        sqlite = url.startswith("sqlite")
        writer = None
        if sqlite:
            engine = create_async_engine(url)
            _sqlite_settings(engine.sync_engine)
            database = sa.make_url(url).database
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
        else:
            engine = create_async_engine(url, pool_size=POOL, max_overflow=0)
            writer = create_async_engine(url, pool_size=WRITERS, max_overflow=0)
        ledger = cls(engine, writer)
        try:
            async with engine.connect() as connection:
                await connection.run_sync(migrate)
        except BaseException:
            await ledger.dispose()
            raise
        return ledger

    @property
    def shared(self) -> bool:
        """Whether several servers may share this database (PostgreSQL; not a SQLite file,
        which is one server's): then the lobby, the quick-match queue and the games in
        progress (move by move: `nac.ledger.live`, `nac.net.cluster`) are the database's too."""
        return self.engine.dialect.name != "sqlite"

    async def close(self) -> None:
        """The results waiting written, then the database let go."""
        await self.results.close()
        self.transactions.close()
        await self.dispose()

    async def dispose(self) -> None:
        """The database's connections closed (both pools, where it has two)."""
        await self.engine.dispose()
        if self.writer is not self.engine:
            await self.writer.dispose()

    # -- players -------------------------------------------------------------------------------

    async def player_for_key(self, public_key: str, wanted_name: str, network: str = "") -> Player:
        """The player whose key this is: made on its first sight, with `wanted_name` (or the
        first Name-N no one holds; "Player" for a name that is no player's name). A key's name
        is kept: a later hello's name changes nothing."""
        found = await self._player_by_key(public_key)
        if found is not None:
            return found
        try:
            wanted = player_name(wanted_name)
        except ValueError:
            wanted = DEFAULT_NAME
        async with self._writing:  # (on the writers' pool: the results' writer waits for it)
            for name in _names_from(wanted):
                try:
                    async with self.writer.begin() as connection:
                        await connection.execute(
                            sa.insert(players).values(
                                public_key=public_key,
                                name=name,
                                name_key=name_key(name),
                                created=now(),
                                created_network=network[:64],
                            )
                        )
                    break
                except IntegrityError:
                    found = await self._player_by_key(public_key)
                    if found is not None:  # made meanwhile (another server on this database)
                        return found
            else:
                raise RuntimeError(f"no free name after {wanted!r}")
        found = await self._player_by_key(public_key)
        assert found is not None
        return found

    async def find_player(self, public_key: str) -> Player | None:
        """The player whose key this is, if the ledger knows it (None: a new key)."""
        return await self._player_by_key(public_key)

    async def rated_between(self, one_key: str, other_key: str, since: datetime) -> int:
        """How many rated games the players of these two keys have played together, in any
        pool, that ended at `since` or later."""
        asked = {"one_key": one_key, "other_key": other_key, "since": since}
        async with self.engine.connect() as connection:
            return int((await connection.execute(_RATED_BETWEEN, asked)).scalar() or 0)

    async def _player_by_key(self, public_key: str) -> Player | None:
        """The player of a key, from memory or else looked up with every other key waiting, in
        one statement (as the rooms' changes are written: a server taking a dead one's games
        over hears a thousand returning players' keys at once, and a read each queued them
        for seconds behind one another in the pool, bench_cluster). A look-up begins after
        its call: a key is never answered by a read begun before it was asked."""
        known = self._known.get(public_key)
        if known is not None:
            return known
        asked = self._asked.get(public_key)
        if asked is None:
            asked = asyncio.ensure_future(self._keys.ask(public_key))
            asked.add_done_callback(_retrieved)
            self._asked[public_key] = asked
        return await asyncio.shield(asked)  # (a caller cancelled cancels no other's answer)

    async def _players_by_key(self, keys: list[str]) -> list[Player | None]:
        """The players of `keys` read in one statement (None: a key the ledger does not know),
        and kept in memory. A key asked from now on is read again."""
        for key in keys:
            self._asked.pop(key, None)
        async with self.engine.connect() as connection:
            rows = await connection.execute(_PLAYERS_BY_KEY, {"keys": keys})
            found = {row.public_key: _player(row) for row in rows}
        for key, player in found.items():
            if len(self._known) >= KNOWN_PLAYERS:
                del self._known[next(iter(self._known))]
            self._known[key] = player
        return [found.get(key) for key in keys]

    async def name_taken(self, name: str) -> bool:
        """Whether a player holds `name` (in any case or form): a guest may not show it."""
        async with self.engine.connect() as connection:
            found = await connection.execute(
                sa.select(players.c.id).where(players.c.name_key == name_key(name))
            )
            return found.first() is not None

    async def player(self, name: str, last_games: int = 20, offset: int = 0) -> PlayerPage | None:
        """A player's page: their ratings per pool and their last games, newest first (from the
        `offset`-th)."""
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    sa.select(players).where(players.c.name_key == name_key(name))
                )
            ).first()
            if row is None:
                return None
            found = _player(row)
            pools = await connection.execute(
                sa.select(ratings).where(ratings.c.player == found.id).order_by(ratings.c.pool)
            )
            x_player, o_player = players.alias("x_player"), players.alias("o_player")
            recent = await connection.execute(
                sa.select(games, x_player.c.name.label("x_name"), o_player.c.name.label("o_name"))
                .outerjoin(x_player, games.c.x_player == x_player.c.id)
                .outerjoin(o_player, games.c.o_player == o_player.c.id)
                .where(sa.or_(games.c.x_player == found.id, games.c.o_player == found.id))
                .order_by(games.c.ended.desc(), games.c.id.desc())
                .limit(max(0, min(last_games, LONGEST_PAGE)))
                .offset(max(0, offset))
            )
            return PlayerPage(
                found,
                [PoolRating(r.pool, rating_of(r), r.games) for r in pools],
                [
                    GameRow(
                        g.id,
                        g.pool,
                        g.rated,
                        g.x_name,
                        g.o_name,
                        g.moves,
                        g.result,
                        g.why,
                        _aware(g.ended),
                        g.first,
                        g.x_before,
                        g.x_after,
                        g.o_before,
                        g.o_after,
                    )
                    for g in recent
                ],
            )

    # -- ratings -------------------------------------------------------------------------------

    async def rating(self, player: int, pool: str) -> PoolRating:
        """A player's rating in a pool (a new player's where they have played none)."""
        async with self.engine.connect() as connection:
            return await _pool_rating(connection, player, pool)

    async def leaderboard(self, pool: str, limit: int = 50, offset: int = 0) -> list[Standing]:
        """A pool's players who are no longer provisional, the highest rated first."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(players.c.name, ratings)
                .join(players, players.c.id == ratings.c.player)
                .where(
                    ratings.c.pool == pool,
                    ratings.c.deviation < glicko2.PROVISIONAL_DEVIATION,
                )
                .order_by(ratings.c.rating.desc(), players.c.id)
                .limit(max(0, min(limit, LONGEST_PAGE)))
                .offset(max(0, offset))
            )
            return [Standing(row.name, rating_of(row), row.games) for row in rows]

    # -- games ---------------------------------------------------------------------------------

    async def record_game(
        self,
        *,
        pool: str,
        rated: bool,
        x: int | None,
        o: int | None,
        moves: str,
        result: str,
        why: str,
        started: datetime,
        ended: datetime | None = None,
        clock: str | None = None,
        first: str = "X",
        live: Ended | None = None,
    ) -> Recorded:
        """Keep a finished game and, rated, both players' new ratings: committed before this
        returns (so a result is kept before the players are told it), in one transaction with
        the other results waiting (group commit). `first`: the side that moved first (the
        room's), so the record's line replays; `live`: on a shared database, the room's row,
        written as recorded in the same transaction (`live.LostGame` if it is no longer its
        server's at its version: the game is not kept)."""
        if result not in RESULTS or why not in WHYS or first not in ("X", "O"):
            raise ValueError(f"a result is one of {RESULTS}, why one of {WHYS}, first X or O")
        if rated and (x is None or o is None or x == o or why == "abort"):
            raise ValueError("a rated game is between two players, and not aborted")
        finished = Finished(
            pool, rated, x, o, moves, result, why, started, ended or now(), clock, first, live
        )
        return await self.results.keep(finished)


_ONE, _OTHER = players.alias("one"), players.alias("other")
_RATED_BETWEEN = (
    sa.select(sa.func.count())
    .select_from(games.join(_ONE, sa.true()).join(_OTHER, sa.true()))
    .where(
        _ONE.c.public_key == sa.bindparam("one_key"),
        _OTHER.c.public_key == sa.bindparam("other_key"),
        sa.or_(
            sa.and_(games.c.x_player == _ONE.c.id, games.c.o_player == _OTHER.c.id),
            sa.and_(games.c.x_player == _OTHER.c.id, games.c.o_player == _ONE.c.id),
        ),
        games.c.rated.is_(True),
        games.c.ended >= sa.bindparam("since", type_=games.c.ended.type),
    )
)
"""The statements a server runs most, made once (SQLAlchemy then finds each compiled in its
cache without building it anew)."""
_PLAYERS_BY_KEY = sa.select(players).where(
    players.c.public_key.in_(sa.bindparam("keys", expanding=True))
)


def _retrieved(asked: asyncio.Future[Player | None]) -> None:
    """A look-up's error marked as seen, should every caller of it have been cancelled."""
    if not asked.cancelled():
        asked.exception()


def _names_from(wanted: str) -> Iterator[str]:
    """`wanted`, then Name-2, Name-3, ... (cut to fit LONGEST_NAME columns)."""
    yield wanted
    for number in range(2, MOST_NUMBERED):
        suffix = f"-{number}"
        stem = wanted
        while stem:
            try:
                yield player_name(stem.rstrip() + suffix)
                break
            except ValueError:  # too wide with the number: a character less
                stem = stem[:-1]
        else:
            yield DEFAULT_NAME + suffix


def _player(row: Any) -> Player:
    return Player(row.id, row.name, row.public_key, _aware(row.created))


async def _pool_rating(connection: AsyncConnection, player: int, pool: str) -> PoolRating:
    query = sa.select(ratings).where(ratings.c.player == player, ratings.c.pool == pool)
    row = (await connection.execute(query)).first()
    if row is None:
        return PoolRating(pool, Rating(), 0)
    return PoolRating(pool, rating_of(row), row.games)


def _sqlite_settings(engine: sa.Engine) -> None:
    """Every SQLite connection: WAL (readers never wait for the writer), foreign keys checked,
    a writer from another process waited for up to 5 s. (synchronous stays FULL: a commit is on
    the disk before a result is told.)"""

    @sa.event.listens_for(engine, "connect")
    def settings(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()
