"""The ledger on a real SQLite file and on a real PostgreSQL (each test on both: `database` and
`ledger` in conftest.py): players by key, names unique whatever their case, ratings kept in one
transaction, and everything there again once the database is opened anew."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from nac.ledger import ledger as ledger_module
from nac.ledger.glicko2 import Rating
from nac.ledger.ledger import Ledger, Unavailable, driver_url, now, open_ledger, sqlite_url
from nac.ledger.schema import VERSION, TooNew, schema_version

KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
KEY_C = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICccccccccccccccccccccccccccccccccccccccccccc"


async def test_a_key_is_one_player_whose_name_is_kept(ledger: Ledger) -> None:
    ana = await ledger.player_for_key(KEY_A, "Ana", "127.0.0.0/24")
    again = await ledger.player_for_key(KEY_A, "Someone else")
    assert again == ana and again.name == "Ana"


async def test_a_name_another_key_holds_in_any_case_gets_a_number(ledger: Ledger) -> None:
    await ledger.player_for_key(KEY_A, "Ana")
    second = await ledger.player_for_key(KEY_B, "ANA")
    third = await ledger.player_for_key(KEY_C, "ａｎａ")  # fullwidth: the same name in NFKC
    assert (second.name, third.name) == ("ANA-2", "ａｎａ-3")
    assert await ledger.name_taken("aNa-2")


async def test_keys_asked_at_once_are_each_answered_with_their_own_player(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys asked together (a takeover's returning players) are read a few statements at a
    time: each key its own player, the same key asked twice the same, a key the ledger does not
    know None; keys past a statement's most wait for the next one."""
    monkeypatch.setattr(ledger_module, "MOST_KEYS_AT_ONCE", 4)
    first = await Ledger.open(database)
    second = await Ledger.open(database)  # another server: nothing known in its memory
    try:
        keys = [f"{KEY_A[:-2]}{n:02d}" for n in range(10)]
        made = [await first.player_for_key(key, f"Pat{n}") for n, key in enumerate(keys)]
        asked = [*keys, KEY_B, keys[3], KEY_C]
        reads: list[str] = []

        def counted(*arguments: object) -> None:
            reads.append(str(arguments[2]))  # the statement's text

        sa.event.listen(second.engine.sync_engine, "before_cursor_execute", counted)
        found = await asyncio.gather(*(second.find_player(key) for key in asked))
        assert found == [*made, None, made[3], None]
        # 12 different keys, 4 a statement: 3 statements (one each before, 13 reads)
        assert sum("public_key IN" in read for read in reads) == 3
        assert await second.player_for_key(KEY_B, "Bo") == await first.find_player(KEY_B)
    finally:
        await first.close()
        await second.close()


async def test_a_name_that_is_no_players_name_is_player(ledger: Ledger) -> None:
    assert (await ledger.player_for_key(KEY_A, "\x1b[31mred")).name == "Player"
    long_name = await ledger.player_for_key(KEY_B, "W" * 20)
    cut = await ledger.player_for_key(KEY_C, "W" * 20)
    assert long_name.name == "W" * 20 and cut.name == "W" * 18 + "-2"


async def test_a_rated_game_moves_both_ratings_and_survives_reopening(database: str) -> None:
    ledger = await Ledger.open(database)
    try:
        ana = await ledger.player_for_key(KEY_A, "Ana")
        bo = await ledger.player_for_key(KEY_B, "Bo")
        recorded = await ledger.record_game(
            pool="normal",
            rated=True,
            x=ana.id,
            o=bo.id,
            moves="a1 b2 a2 c3 a3",
            result="X",
            why="line",
            started=now(),
        )
        assert recorded.x_before == recorded.o_before == Rating()
        assert recorded.x_after is not None and recorded.o_after is not None
        assert recorded.x_after.rating > 1500 > recorded.o_after.rating
    finally:
        await ledger.close()
    reopened = await Ledger.open(database)
    try:
        page = await reopened.player("ana")
        assert page is not None and page.player.name == "Ana"
        (normal,) = page.ratings
        assert normal.pool == "normal" and normal.games == 1
        assert normal.rating.rating == pytest.approx(recorded.x_after.rating)
        assert normal.rating.provisional
        (game,) = page.games
        assert (game.x, game.o, game.moves, game.why) == ("Ana", "Bo", "a1 b2 a2 c3 a3", "line")
        assert (await reopened.rating(bo.id, "normal")).rating.rating < 1500
        assert await reopened.leaderboard("normal") == []  # both still provisional
    finally:
        await reopened.close()


async def test_the_file_is_wal_with_its_schema_version(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    await ledger.close()
    with sqlite3.connect(tmp_path / "ledger.sqlite") as database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert database.execute("SELECT version FROM schema_version").fetchall() == [(VERSION,)]


async def test_servers_opening_one_new_database_at_once_all_start(database: str) -> None:
    """Several servers started together on one new database: one makes the tables, the others
    find them made (on PostgreSQL, under an advisory lock); one version row."""
    opened = await asyncio.gather(*(Ledger.open(database) for _ in range(4)))
    try:
        async with opened[0].engine.connect() as connection:
            versions = (await connection.execute(sa.select(schema_version))).all()
        assert [tuple(row) for row in versions] == [(VERSION,)]
        ana = await opened[1].player_for_key(KEY_A, "Ana")
        assert await opened[2].find_player(KEY_A) == ana
    finally:
        for ledger in opened:
            await ledger.close()


async def test_a_database_a_newer_nac_wrote_is_left_as_it_is(database: str) -> None:
    ledger = await Ledger.open(database)
    try:
        async with ledger.engine.begin() as connection:
            await connection.execute(sa.update(schema_version).values(version=VERSION + 1))
    finally:
        await ledger.close()
    with pytest.raises(TooNew, match=f"at version {VERSION + 1} of nac's ledger"):
        await Ledger.open(database)
    with pytest.raises(Unavailable, match="this nac knows"):
        await open_ledger(database)


@pytest.mark.parametrize(
    ("given", "opened"),
    [
        ("postgresql://nac@db.example/nac", "postgresql+asyncpg://nac@db.example/nac"),
        ("postgres://nac:secret@db:5433/nac", "postgresql+asyncpg://nac:secret@db:5433/nac"),
        ("postgresql+asyncpg://nac@db/nac", "postgresql+asyncpg://nac@db/nac"),
        ("postgresql+psycopg://nac@db/nac", "postgresql+psycopg://nac@db/nac"),
        ("sqlite:////srv/ledger.sqlite", "sqlite+aiosqlite:////srv/ledger.sqlite"),
        ("sqlite+aiosqlite:///ledger.sqlite", "sqlite+aiosqlite:///ledger.sqlite"),
        ("not a url", "not a url"),
    ],
)
def test_a_url_naming_no_driver_is_opened_with_nacs(given: str, opened: str) -> None:
    assert driver_url(given) == opened


async def test_nac_serve_opens_a_url_naming_no_driver(database: str) -> None:
    """`nac serve --database postgresql://...` (or sqlite:///...), as its relay opens it
    (`open_ledger`)."""
    plain = database.replace("+asyncpg://", "://").replace("+aiosqlite://", "://")
    ledger = await open_ledger(plain)
    try:
        assert ledger.engine.dialect.driver in ("asyncpg", "aiosqlite")
        assert ledger.engine.dialect.is_async
        assert (await ledger.player_for_key(KEY_A, "Ana")).name == "Ana"
    finally:
        await ledger.close()
    if plain.startswith("postgresql://"):
        missing = plain.rsplit("/", 1)[0] + "/nosuchdatabase"
        with pytest.raises(Unavailable, match="cannot open the database postgresql://nac@127"):
            await open_ledger(missing)
