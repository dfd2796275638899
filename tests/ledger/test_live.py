"""The database's calls for a shared database's servers and games in progress
(`nac.ledger.live`), on a real PostgreSQL (a throwaway cluster): servers coming and going by
their heartbeats, a room's writes fenced by its owner and version, found by a key's hash, taken
over from a dead or draining server with the side to move's time counted up to its last
heartbeat, and kept in the ledger once, by whoever writes its row as recorded; the rooms'
changes waiting written together (group commit). Times are moved by writing the rows' times on
the database's clock, never by waiting."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
import sqlalchemy as sa

from nac.ledger.ledger import Ledger, now
from nac.ledger.live import Ended, Live, LiveGame, LostGame, key_hash
from nac.ledger.schema import games, live_games, servers

from .postgres import Cluster

pytestmark = pytest.mark.postgres


@pytest.fixture
async def ledger(postgres: Cluster) -> AsyncIterator[Ledger]:
    opened = await Ledger.open(postgres.database())
    try:
        yield opened
    finally:
        await opened.close()


def room(number: int = 1, moves: str = "b2 a1") -> LiveGame:
    keys = tuple(key_hash(f"{part}-key-{number}") for part in ("host", "guest", "watch"))
    assert len(keys) == 3
    return LiveGame(f"room{number}", "normal 3", "3+2", keys, moves, {"seats": {}}, 1.5)


async def aged(ledger: Ledger, server: str, seconds: float) -> None:
    """A server's last heartbeat `seconds` ago, on the database's clock."""
    async with ledger.engine.begin() as connection:
        await connection.execute(
            sa.update(servers)
            .where(servers.c.id == server)
            .values(heartbeat=sa.func.now() - timedelta(seconds=seconds))
        )


async def written(ledger: Ledger, game: str, seconds: float) -> None:
    """A room's row last written `seconds` ago."""
    async with ledger.engine.begin() as connection:
        await connection.execute(
            sa.update(live_games)
            .where(live_games.c.id == game)
            .values(updated=sa.func.now() - timedelta(seconds=seconds))
        )


async def test_live_servers_are_named_oldest_first_and_the_dead_and_draining_are_not(
    ledger: Ledger,
) -> None:
    one, two, three = (Live(ledger.engine, name) for name in ("one", "two", "three"))
    await one.register("ws://127.0.0.2:8000")
    await two.register("ws://127.0.0.3:8000")
    await three.register("ws://127.0.0.4:8000")
    assert await one.addresses() == [
        "ws://127.0.0.2:8000",
        "ws://127.0.0.3:8000",
        "ws://127.0.0.4:8000",
    ]
    await two.drain()
    await aged(ledger, "three", 10)
    assert await one.addresses() == ["ws://127.0.0.2:8000"]
    assert await three.heartbeat()
    assert await one.addresses() == ["ws://127.0.0.2:8000", "ws://127.0.0.4:8000"]
    await aged(ledger, "three", 10)
    assert await one.clear(60) == 0
    assert not await three.heartbeat()  # deleted as dead: it registers again
    await three.register("ws://127.0.0.4:8000")
    assert await three.heartbeat()
    await two.leave()
    async with ledger.engine.connect() as connection:
        left = (await connection.execute(sa.select(servers.c.id).order_by(servers.c.id))).all()
    assert [row.id for row in left] == ["one", "three"]


async def test_a_rooms_writes_are_fenced_by_its_owner_and_version(ledger: Ledger) -> None:
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room())
    assert await mine.save("room1", 1, "b2 a1 c3", {"seats": {"X": {}}}, 0.0)
    assert not await mine.save("room1", 1, "b2 a1 c3 a3", {}, 0.0)  # an old version
    assert not await other.save("room1", 2, "b2 a1 c3 a3", {}, 0.0)  # not its owner
    assert await mine.save("room1", 2, "b2 a1 c3 a3", {}, 0.0)
    async with ledger.engine.connect() as connection:
        row = (await connection.execute(sa.select(live_games))).one()
    assert (row.owner, row.version, row.moves) == ("mine", 3, "b2 a1 c3 a3")
    assert not await other.remove("room1")
    assert await mine.remove("room1")


async def test_a_key_finds_its_room_and_where_it_is_played(ledger: Ledger) -> None:
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room())
    for key, opens in (("host-key-1", "X"), ("guest-key-1", "O"), ("watch-key-1", "watch")):
        found = await other.find(key)
        assert found is not None
        assert (found.id, found.opens, found.owner) == ("room1", opens, "mine")
        assert found.address == "ws://127.0.0.2:8000"
    assert await other.find("no-such-key-here") is None
    assert await other.owner_address("room1") == "ws://127.0.0.2:8000"
    await aged(ledger, "mine", 10)
    found = await other.find("guest-key-1")
    assert found is not None and found.address is None and (found.age or 0) >= 10
    assert await other.owner_address("room1") is None


async def test_a_room_is_taken_over_only_from_a_dead_owner_its_time_counted_to_its_last_heartbeat(
    ledger: Ledger,
) -> None:
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room())
    assert await other.claim("room1") is None  # its owner lives
    assert await other.claim("no-such-room") is None
    await written(ledger, "room1", 12)
    await aged(ledger, "mine", 10)  # died 2 s after its last write, 10 s ago
    claimed = await other.claim("room1")
    assert claimed is not None
    assert claimed.version == 2 and claimed.game.moves == "b2 a1" and claimed.game.clock == "3+2"
    assert claimed.game.ran == pytest.approx(1.5 + 2.0, abs=0.05)  # not the 10 s away
    assert claimed.game.keys == room().keys
    assert not await mine.save("room1", 1, "b2 a1 c3", {}, 0.0)  # the old owner's write
    assert await other.save("room1", 2, "b2 a1 c3", {}, 0.0)
    assert await mine.claim("room1") is None  # back from the dead: the game is not its now


async def test_a_dead_servers_rooms_are_taken_by_the_live_ones_in_batches_each_once(
    ledger: Ledger,
) -> None:
    """`claim_dead`: the rooms of a dead server, and of no live or released one, taken over
    in batches, each by one server only though two take at the same moment; each taken as
    `claim` takes one (its time counted to the dead owner's last heartbeat, its version on)."""
    dead, one, two = (Live(ledger.engine, name) for name in ("dead", "one", "two"))
    for number, live in enumerate((dead, one, two), start=2):
        await live.register(f"ws://127.0.0.{number}:8000")
    for number in range(1, 8):
        await dead.add(room(number))
    await one.add(room(8))
    await two.add(room(9))
    await two.add(room(10))
    assert await two.release() == 2  # released: their players are sent on, not taken here
    assert await one.claim_dead(10) == []  # the dead one lives yet
    for number in range(1, 8):
        await written(ledger, f"room{number}", 12)
    await aged(ledger, "dead", 10)  # died 2 s after its last writes
    first, second = await asyncio.gather(one.claim_dead(3), two.claim_dead(3))
    rest = await one.claim_dead(10)
    taken = [claimed.game.id for claimed in (*first, *second, *rest)]
    assert sorted(taken) == [f"room{number}" for number in range(1, 8)]
    assert len(first) == len(second) == 3 and len(rest) == 1
    for claimed in (*first, *second, *rest):
        assert claimed.version == 2 and claimed.game.keys == room(int(claimed.game.id[4:])).keys
        assert claimed.game.ran == pytest.approx(1.5 + 2.0, abs=0.05)
    assert await one.claim_dead(10) == [] and await two.claim_dead(10) == []
    assert not await dead.save("room1", 1, "b2 a1 c3", {}, 0.0)  # the dead one's write refused


async def test_a_drained_rooms_time_runs_to_its_release_then_waits_for_a_taker(
    ledger: Ledger,
) -> None:
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room())
    await written(ledger, "room1", 4)
    assert await mine.release() == 1
    found = await other.find("host-key-1")
    assert found is not None and found.owner is None and found.address is None
    await written(ledger, "room1", 30)  # nobody came for half a minute: not counted
    claimed = await other.claim("room1")
    assert claimed is not None and claimed.version == 3
    assert 1.5 + 4 <= claimed.game.ran < 1.5 + 30
    assert not await mine.save("room1", 2, "b2 a1 c3", {}, 0.0)


async def test_a_game_is_kept_once_by_whoever_writes_its_row_as_recorded(ledger: Ledger) -> None:
    """A game's end is kept in the transaction that writes its room's row as recorded, fenced
    as a change is (owner and version): a server that lost the room keeps nothing, nor does a
    second try at the same version. The rows stay (a match's next game is played in them)."""
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room(1))
    await mine.add(room(2))
    await aged(ledger, "mine", 10)
    assert await other.claim("room2") is not None

    async def record(game: str, server: str, version: int) -> int:
        ended = Ended(game, server, version, "b2 a1 c3", '{"recorded":true}', 0.0)
        kept = await ledger.record_game(
            pool="normal 3",
            rated=False,
            x=None,
            o=None,
            moves="b2 a1 c3",
            result="X",
            why="resignation",
            started=now(),
            live=ended,
        )
        return kept.id

    assert await record("room1", "mine", 1) > 0
    with pytest.raises(LostGame):
        await record("room1", "mine", 1)  # kept already: the row is at version 2
    with pytest.raises(LostGame):
        await record("room2", "mine", 1)  # taken over: the new owner keeps it
    assert await record("room2", "other", 2) > 0
    async with ledger.engine.connect() as connection:
        assert (
            await connection.execute(sa.select(sa.func.count()).select_from(games))
        ).scalar() == 2
        left = (
            await connection.execute(
                sa.select(live_games.c.id, live_games.c.version, live_games.c.room).order_by(
                    live_games.c.id
                )
            )
        ).all()
    assert [tuple(row) for row in left] == [
        ("room1", 2, '{"recorded":true}'),
        ("room2", 3, '{"recorded":true}'),
    ]
    assert await mine.save("room1", 2, "b2 a1 c3", {"recorded": False}, 0.0)  # a rematch
    assert await mine.remove("room1")  # its room closed


async def test_the_rooms_changes_waiting_are_written_in_one_statement(ledger: Ledger) -> None:
    """Group commit: 300 rooms' changes asked for at once (rooms made, changes over the right
    version and a stale one, another server's room, rows deleted) are written in one statement,
    each call told its own outcome once it is committed. (Each was a transaction of its own:
    BEGIN, the statement, COMMIT.)"""
    mine, other = Live(ledger.engine, "mine", ledger.writer), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    assert all(await asyncio.gather(*(mine.add(room(number)) for number in range(100))))
    assert await other.add(room(100))
    statements: list[str] = []

    def seen(_connection: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(statement)

    writer = ledger.writer.sync_engine
    sa.event.listen(writer, "before_cursor_execute", seen)
    try:
        told = await asyncio.gather(
            *(mine.add(room(number)) for number in range(101, 201)),  # new rooms
            *(mine.save(f"room{number}", 1, "b2", {"n": number}, 0.5) for number in range(50)),
            *(mine.save(f"room{number}", 7, "b2", {}, 0.5) for number in range(50, 60)),  # stale
            mine.save("room100", 1, "b2", {}, 0.5),  # another server's
            mine.add(room(100)),  # made already (by another server)
            *(mine.remove(f"room{number}") for number in range(60, 99)),
        )
    finally:
        sa.event.remove(writer, "before_cursor_execute", seen)
    assert len(statements) == 1
    assert told == [True] * 150 + [False] * 12 + [True] * 39
    async with ledger.engine.connect() as connection:
        rows = (await connection.execute(sa.select(live_games.c.id, live_games.c.version))).all()
    versions = {row.id: row.version for row in rows}
    assert len(versions) == 201 - 39
    assert [versions[f"room{number}"] for number in (0, 49, 50, 59, 99, 100, 101, 200)] == [
        2, 2, 1, 1, 1, 1, 1, 1,
    ]  # fmt: skip


async def test_rows_nobody_needs_are_cleared(ledger: Ledger) -> None:
    mine, other = Live(ledger.engine, "mine"), Live(ledger.engine, "other")
    await mine.register("ws://127.0.0.2:8000")
    await other.register("ws://127.0.0.3:8000")
    await mine.add(room(1))
    await other.add(room(2))
    await aged(ledger, "mine", 100)
    await written(ledger, "room1", 100)
    await written(ledger, "room2", 100)  # a long think on a live server: kept
    assert await other.clear(60) == 1
    async with ledger.engine.connect() as connection:
        rooms = (await connection.execute(sa.select(live_games.c.id))).all()
        names = (await connection.execute(sa.select(servers.c.id))).all()
    assert [row.id for row in rooms] == ["room2"]
    assert [row.id for row in names] == ["other"]
