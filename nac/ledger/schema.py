"""The ledger's tables (SQLAlchemy Core: one description for SQLite and PostgreSQL) and the
ordered steps that bring a database to the newest version of them.

The version is one row of `schema_version`; `migrate` applies each step after it in a
transaction of its own, the version written in the same transaction, so a server stopped half
way starts again from the last step done. Step 1 makes the tables as this file describes them:
when a later step changes a table, step 1 gets a frozen copy of version 1's tables (it must
keep making version 1). No Alembic: its script directory, env.py and sync/async bridge are more
than these steps need; they can move to it if the schema grows branches."""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection

metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version",
    metadata,
    sa.Column("version", sa.Integer, nullable=False),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("public_key", sa.String(200), nullable=False, unique=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("name_key", sa.String(200), nullable=False, unique=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("created_network", sa.String(64), nullable=False),
)
"""A player is a key: `public_key` is its OpenSSH line ("ssh-ed25519 AAAA..."); `name_key` is
the name casefolded and NFKC-normalised, so no two players' names differ only by case or form."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("player", sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("pool", sa.String(40), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ratings_by_pool", "pool", "rating"),
)
"""One pool a rules (`Rules.name`); a player with no row in a pool has the new player's rating."""

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("pool", sa.String(40), nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("clock", sa.String(20), nullable=True),
    sa.Column("x_player", sa.ForeignKey("players.id"), nullable=True),
    sa.Column("o_player", sa.ForeignKey("players.id"), nullable=True),
    sa.Column("moves", sa.Text, nullable=False),
    sa.Column("result", sa.String(4), nullable=False),
    sa.Column("why", sa.String(12), nullable=False),
    sa.Column("first", sa.String(1), nullable=False, server_default="X"),
    sa.Column("started", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ended", sa.DateTime(timezone=True), nullable=False),
    sa.Column("x_before", sa.Float, nullable=True),
    sa.Column("x_after", sa.Float, nullable=True),
    sa.Column("o_before", sa.Float, nullable=True),
    sa.Column("o_after", sa.Float, nullable=True),
    sa.Index("games_by_x", "x_player", "ended"),
    sa.Index("games_by_o", "o_player", "ended"),
)
"""Every finished online game: `moves` in nac's notation (square names, spaces between), `result`
X, O or draw, `why` one of WHYS, `first` the side that moved first (X or O: with the moves, the
line a player reviews); a guest's side has no player; the ratings before and after for
a rated game."""


servers = sa.Table(
    "servers",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("address", sa.String(300), nullable=False),
    sa.Column("heartbeat", sa.DateTime(timezone=True), nullable=False),
    sa.Column("draining", sa.Boolean, nullable=False),
    sa.Column("started", sa.DateTime(timezone=True), nullable=False),
)
"""The `nac serve` processes sharing the database (`nac.ledger.live`): a random id for each
start, the address its clients dial (`--public-url`), its heartbeat (the database's clock,
written every second: alive while younger than `live.DEAD_AFTER`), whether it is draining."""

live_games = sa.Table(
    "live_games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(32), nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("rules", sa.String(40), nullable=False),
    sa.Column("clock", sa.String(20), nullable=True),
    sa.Column("host_key", sa.String(64), nullable=False, unique=True),
    sa.Column("guest_key", sa.String(64), nullable=False, unique=True),
    sa.Column("watch_key", sa.String(64), nullable=False, unique=True),
    sa.Column("moves", sa.Text, nullable=False),
    sa.Column("room", sa.Text, nullable=False),
    sa.Column("ran", sa.Float, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.Index("live_games_by_owner", "owner"),
)
"""The rooms of a shared database's servers, written before anyone is told a change
(`nac.ledger.live`): `owner` the server playing it (NULL: released by a draining one), `version`
the fence of its writes; its invite keys as SHA-256 hex (bearer secrets); `moves` the game's in
nac's notation, `room` the rest (seats, score, clocks) as JSON; `ran`: how long the side to
move's clock had run when `updated` (the database's clock) was written."""


seeks = sa.Table(
    "seeks",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("server", sa.String(32), nullable=False),
    sa.Column("public_key", sa.String(200), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("pool", sa.String(40), nullable=False),
    sa.Column("clock", sa.String(20), nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    sa.Column("owner", sa.String(32), nullable=True),
    sa.Column("seat", sa.String(64), nullable=True),
    sa.Column("mark", sa.String(1), nullable=True),
    sa.Index("seeks_by_server", "server"),
    sa.Index(
        "seeks_by_key",
        "public_key",
        "pool",
        unique=True,
        postgresql_where=sa.text("public_key <> ''"),
        sqlite_where=sa.text("public_key <> ''"),
    ),
)
"""Quick match's seekers of a shared database's servers (`nac.ledger.meeting`): each its server's
(`servers.id`), its key ("" for a guest: a key seeks a pool once, on any server), its queue
(pool, clock, rated), its rating and since when it waits (the database's clock); once paired,
`owner` the server whose room holds its game, `seat` the seat's invite key there and `mark` its
side, until its own server has told it."""

lobby = sa.Table(
    "lobby",
    metadata,
    sa.Column("join_key", sa.String(64), primary_key=True),
    sa.Column("watch_key", sa.String(64), nullable=False),
    sa.Column("server", sa.String(32), nullable=False),
    sa.Column("host", sa.String(100), nullable=False),
    sa.Column("rating", sa.Integer, nullable=True),
    sa.Column("provisional", sa.Boolean, nullable=False),
    sa.Column("rules", sa.String(40), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Index("lobby_by_server", "server"),
)
"""The listed games of a shared database's servers waiting for a guest (`nac.ledger.meeting`),
as every lobby shows them: the keys (a lobby shows them to anyone), the server holding it, its
host, the host's rating (None: a guest) and whether it is provisional, the rules."""


def _tables_of_version_1(connection: Connection) -> None:
    metadata.create_all(connection, tables=[players, ratings, games])


def _live_games_of_version_2(connection: Connection) -> None:
    metadata.create_all(connection, tables=[servers, live_games])


def _meeting_of_version_3(connection: Connection) -> None:
    metadata.create_all(connection, tables=[seeks, lobby])


STEPS: list[Callable[[Connection], None]] = [
    _tables_of_version_1,
    _live_games_of_version_2,
    _meeting_of_version_3,
]
"""Step n (1 first) brings a database at version n-1 to version n."""
VERSION = len(STEPS)


def current_version(connection: Connection) -> int:
    """The database's version (0: a new one), its version table made if missing."""
    metadata.create_all(connection, tables=[schema_version])
    found = connection.execute(sa.select(schema_version.c.version)).scalar()
    return int(found) if found is not None else 0


class TooNew(RuntimeError):
    """The database was written by a newer nac: this one does not change it."""


MIGRATING = 0x6E61_6300
"""The PostgreSQL advisory lock a migration's transaction holds (any number, the same for every
nac: "nac" and 0)."""


def hold_the_schema(connection: Connection) -> None:
    """Begin a transaction that no other server's migration runs beside: servers started at once
    on one new database make its tables one after the other, each step once (without, two see
    no table and both make it; PostgreSQL refuses the second's). PostgreSQL: an advisory lock
    until the transaction ends; SQLite: the database's write lock from the start (BEGIN
    IMMEDIATE; another process waits for it up to its busy timeout)."""
    if connection.dialect.name == "postgresql":
        connection.execute(sa.select(sa.func.pg_advisory_xact_lock(MIGRATING)))
    elif connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def migrate(connection: Connection) -> int:
    """Apply the steps the database lacks, each committed with its version; the version then.
    Each transaction holds the schema (`hold_the_schema`) and reads the version anew, so a
    step another server made meanwhile is not made again. (Runs on the sync side of the async
    connection, `AsyncConnection.run_sync`.)"""
    while True:
        hold_the_schema(connection)
        version = current_version(connection)
        if version >= VERSION:
            connection.commit()
            if version > VERSION:
                raise TooNew(
                    f"the database is at version {version} of nac's ledger; this nac knows "
                    f"{VERSION}"
                )
            return version
        STEPS[version](connection)
        connection.execute(sa.delete(schema_version))
        connection.execute(sa.insert(schema_version).values(version=version + 1))
        connection.commit()
