"""Several servers on one PostgreSQL (`nac.net.cluster`): games in progress written move by
move, taken over by another server when theirs dies (kill -9) or drains (SIGTERM), and a stale
server's write refused. Real parts: a throwaway PostgreSQL cluster (tests/ledger/postgres.py),
real `nac serve` processes on two loopback addresses (or, for the stale server, two relays of
`nac serve`'s in this process), and real clients with their own keys in temporary homes.

The tests wait for states (bounded), never for a time; the only figure about time is printed
(how long from the kill to both players playing on the other server)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import AsyncAdaptedQueuePool

from nac.core import NORMAL, Mark
from nac.core.clock import parse_time_control
from nac.core.notation import square_of
from nac.ledger.ledger import Ledger
from nac.ledger.live import DEAD_AFTER, HEARTBEAT, Live
from nac.ledger.schema import games, live_games, servers
from nac.net.address import Address, parse_address, parse_server
from nac.net.cluster import LATE_BEAT, LOOK_AGAIN
from nac.net.referee import UNMET, Referee
from nac.net.rooms import Room
from nac.net.told import Invite
from tests.ledger.postgres import Cluster
from tools.web_screenshot import RunningServer, free_port, served_game

from ..waiting import until
from .helpers import (
    LONGEST_WAIT,
    Player,
    both_here,
    hello,
    key_in,
    next_of,
    play_moves,
    player,
    raw,
)

pytestmark = pytest.mark.postgres

pytest.importorskip("aiohttp", reason="aiohttp (the `web` extra) is not installed")

A, B = "127.0.0.2", "127.0.0.3"
"""The two servers' loopback addresses."""
CLOCK = parse_time_control("3+2")


@asynccontextmanager
async def looking_at(database: str) -> AsyncIterator[Live]:
    """The database as a server sees it (`Live`, for a server that is none of the tests')."""
    ledger = await Ledger.open(database)
    try:
        yield Live(ledger.engine, "the-test")
    finally:
        await ledger.close()


async def servers_up(*servers: str) -> None:
    """Each server's welcome names them all (each has seen the others' heartbeats)."""
    for server in servers:
        await until(partial(_names, server, len(servers)), f"{server} naming them all")


async def _names(server: str, count: int) -> bool:
    async with raw(server) as ws:
        await ws.send(hello("lobby"))
        welcome = await next_of(ws, "welcome")
    return len(welcome.get("servers", [])) == count


@contextmanager
def nac_serve(host: str, database: str, home: Path) -> Iterator[tuple[RunningServer, str]]:
    """`nac serve` on `host` with the shared database (its own home): the process, and the
    address terminals dial."""
    environment = {**os.environ, "NAC_HOME": str(home)}
    options = ("--host", host, "--database", database, "--max-players", "1")
    with served_game(*options, environment=environment) as server:
        yield server, parse_server(server.url)


async def back_on(server: str, since: float, *players: Player) -> None:
    """Each player on `server` and playing there: welcomed there, and a state heard since
    `since` (the moment the other server was stopped) with both players in."""
    for one in players:
        await one.until(playing_on(server, since), f"playing on {server}")


def playing_on(server: str, since: float) -> Callable[[Player], bool]:
    def playing(one: Player) -> bool:
        room = one.table.room
        return (
            one.table.server == server
            and one.table.link == "open"
            and both_here(one)
            and room.clock.at >= since
        )

    return playing


async def seated_on(server: str, homes: Path) -> tuple[Player, Player, Invite]:
    """Sam hosts a game with a clock on `server` (listed, rated: both have keys), Ana joins it
    by its invite; both seated, and the invite."""
    sam = player(Address(server, ""), "host", "Sam", identity=key_in(homes / "sam"), clock=CLOCK)
    await sam.until(lambda one: one.table.room is not None and one.table.room.invite, "invite")
    invite = sam.table.room.invite
    ana = player(invite.join, name="Ana", identity=key_in(homes / "ana"))
    for one in (sam, ana):
        await one.until(both_here, "both seated")
    return sam, ana, invite


async def played_out(sam: Player, ana: Player, *watchers: Player) -> None:
    """Sam and Ana's game, at 0 and 3, played on to X's line (1, 4, 2); each of them and the
    watchers stopped once they see its end."""
    await play_moves((sam, ana), [1, 4, 2])
    for one in (sam, ana, *watchers):
        await one.until(lambda one: one.table.game.is_over, "the end")
        await one.stop()


async def kept_games(database: str) -> list[tuple[str, str, str]]:
    """The games the ledger keeps (moves, result, why), and checks that no game is left in
    progress: a room's row left (its server stopped before the room closed) has its game
    recorded, and moves no other."""
    ledger = await Ledger.open(database)
    try:
        async with ledger.engine.connect() as connection:
            kept = (await connection.execute(games.select().order_by(games.c.id))).all()
            live = (await connection.execute(live_games.select())).all()
    finally:
        await ledger.close()
    assert all(json.loads(row.room)["recorded"] for row in live)
    assert {row.moves for row in live} <= {row.moves for row in kept}
    return [(row.moves, row.result, row.why) for row in kept]


async def test_a_game_goes_on_on_another_server_when_its_own_is_killed(
    postgres: Cluster, tmp_path: Path
) -> None:
    """Two `nac serve` on one PostgreSQL; Sam and Ana play on the first, which is killed
    (kill -9) mid-game: both come back on the second within seconds, every move there, and
    play to the end. The side to move is charged up to the first server's last heartbeat
    (within a heartbeat of the kill), not for the time the game was away: the second server
    takes over only once that heartbeat is DEAD_AFTER old, so a clock charged for the outage
    would have lost that much at least. The other side's is as it was."""
    database = postgres.database()
    with (
        nac_serve(A, database, tmp_path / "a") as (first, here),
        nac_serve(B, database, tmp_path / "b") as (_, there),
    ):
        await servers_up(here, there)
        sam, ana, _ = await seated_on(here, tmp_path)
        assert sam.play.client.servers == [here, there]
        await play_moves((sam, ana), [0, 3, 1])
        before = sam.table.room.clock
        killed = time.monotonic()
        first.process.kill()
        await back_on(there, killed, sam, ana)
        took = time.monotonic() - killed
        print(f"\ntakeover: {took:.2f} s from the kill -9 to both players playing again")
        after = sam.table.room.clock
        assert sam.moves == ana.moves == [0, 3, 1]
        assert after.left[Mark.X] == pytest.approx(before.left[Mark.X], abs=0.02)
        # charged up to the dead server's last heartbeat: within a heartbeat of the kill
        assert -HEARTBEAT <= before.left[Mark.O] - after.left[Mark.O] < DEAD_AFTER
        assert after.running is Mark.O
        await play_moves((sam, ana), [4, 2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings is not None, "the ratings")
        first.process.wait()
        for one in (sam, ana):
            await one.stop()
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def test_a_match_killed_between_two_games_goes_on_on_another_server(
    postgres: Cluster, tmp_path: Path
) -> None:
    """Sam and Ana finish a game on the first server (kept, rated), which is killed (kill -9)
    before their rematch: both come back on the second, which takes the room over between the
    two games (its row stays while the room lives, written as recorded with its game's end),
    and there they ask for the rematch and play it. Each game is kept once. (The row went with
    the first game's record, and came back only with the rematch: players of a room killed
    between two games were told "no game has that key".)"""
    database = postgres.database()
    with (
        nac_serve(A, database, tmp_path / "a") as (first, here),
        nac_serve(B, database, tmp_path / "b") as (_, there),
    ):
        await servers_up(here, there)
        sam, ana, _ = await seated_on(here, tmp_path)
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the first game's ratings")
        killed = time.monotonic()
        first.process.kill()
        await back_on(there, killed, sam, ana)
        assert sam.table.room.number == 1 and sam.table.room.score == (1, 0, 0)
        for one in (sam, ana):
            assert await one.play.rematch() is None
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.number == 2, "the second game")
        await play_moves((sam, ana), [0, 3, 1, 4, 2])  # Ana (O) moves first, and wins
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the second game's ratings")
            assert one.table.room.score == (1, 1, 0)
        first.process.wait()
        for one in (sam, ana):
            await one.stop()
    played = line(0, 3, 1, 4, 2)
    assert await kept_games(database) == [(played, "X", "line"), (played, "O", "line")]


async def test_a_games_end_told_twice_at_once_is_kept_once(
    postgres: Cluster, tmp_path: Path
) -> None:
    """The move that ends a game told twice at once (a move's and time's tellings of a room
    meet): the second waits for the first's write of the row, then finds the game kept. The
    game is kept once, and its row written as recorded once."""
    database = postgres.database()
    async with relay_on(A, database) as first:
        sam, ana, _ = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3, 1, 4])
        room = first.referee.rooms[0]
        assert room.host.link is not None and room.move(room.host.link, 2) is None
        await asyncio.gather(first.referee.tell(room), first.referee.tell(room))
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the ratings")
            await one.stop()
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def test_a_change_made_while_the_room_is_written_is_written_before_it_is_told(
    postgres: Cluster, tmp_path: Path
) -> None:
    """A telling tells the room as it is then: a change made while an earlier one is being
    written (here the second ask for a rematch, which begins the second game, while the first
    ask is written) is written before that telling tells it, whoever's change it is. (It was
    told unwritten: the players of a server killed then had seen the second game begin, and
    the server that took the room over had the first ask alone: 2 games of 500 at 1,000.)"""
    database = postgres.database()
    async with relay_on(A, database) as first, looking_at(database) as live:
        sam, ana, _ = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the first game's ratings")
        room = first.referee.rooms[0]
        assert room.host.link is not None and room.guest.link is not None
        assert room.ask_rematch(room.guest.link) is None
        telling = asyncio.ensure_future(first.referee.tell(room))
        await asyncio.sleep(0)  # the telling has read the room, and waits for its write
        assert room.ask_rematch(room.host.link) is None  # the second game begins
        await telling
        async with live.engine.connect() as connection:
            kept = (
                await connection.execute(
                    sa.select(live_games.c.room).where(live_games.c.id == room.id)
                )
            ).scalar_one()
        assert json.loads(kept)["games"] == 2
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.number == 2, "the second game")
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the second game's ratings")
            await one.stop()
    played = line(0, 3, 1, 4, 2)
    assert await kept_games(database) == [(played, "X", "line"), (played, "O", "line")]


async def test_a_drained_server_hands_its_games_over_and_exits(
    postgres: Cluster, tmp_path: Path
) -> None:
    """SIGTERM to a server on a shared database: its games move to the other server (their
    players told `go` there), which takes them over, and it exits."""
    database = postgres.database()
    with (
        nac_serve(A, database, tmp_path / "a") as (first, here),
        nac_serve(B, database, tmp_path / "b") as (_, there),
    ):
        await servers_up(here, there)
        sam, ana, _ = await seated_on(here, tmp_path)
        await play_moves((sam, ana), [4, 0])
        process = first.process
        stopped = time.monotonic()
        process.send_signal(signal.SIGTERM)
        await back_on(there, stopped, sam, ana)
        assert await asyncio.to_thread(process.wait, LONGEST_WAIT) == 0
        assert sam.moves == ana.moves == [4, 0]
        await play_moves((sam, ana), [1, 2, 7])
        for one in (sam, ana):
            await one.until(lambda one: one.table.game.is_over, "the end")
            await one.stop()
    assert await kept_games(database) == [(line(4, 0, 1, 2, 7), "X", "line")]


@dataclass
class Relayed:
    """A relay of `nac serve`'s in this process, on a loopback address, its ledger shared."""

    referee: Referee
    url: str


@asynccontextmanager
async def relay_on(host: str, database: str) -> AsyncIterator[Relayed]:
    """`nac serve`'s relay (`Relay`, its aiohttp door and gate) on `host` with the shared
    ledger: it joins the other servers as it starts and drains as it stops."""
    from aiohttp import web

    from nac.net.gate import fitted
    from nac.web.door import listen
    from nac.web.online import Relay

    port = free_port()
    url = f"ws://{host}:{port}"
    referee = Referee(url, relay=True)
    relay = Relay(referee, database=database)
    await relay.open_ledger()
    app = web.Application()
    relay.add_to(app, lambda _request: True)
    referee.limits, relay.gate = fitted(referee.limits, trust_proxy=False)
    runner = await listen(app, host, port, relay.gate, referee.limits.hello_seconds)
    try:
        yield Relayed(referee, url)
    finally:
        await runner.cleanup()


async def test_a_stale_servers_write_is_refused_and_its_players_sent_to_the_new_one(
    postgres: Cluster, tmp_path: Path
) -> None:
    """A server whose heartbeat stopped (frozen, cut off from the database) is taken for dead:
    another takes its game over (here for a watcher). The stale server's next write is refused
    by the fence: the move is not played, the room is closed there, and its players are sent
    to the new server, where the game goes on from its last move kept."""
    database = postgres.database()
    async with relay_on(A, database) as first, relay_on(B, database) as second:
        await servers_up(first.url, second.url)
        sam, ana, invite = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3])
        cluster = first.referee.cluster
        assert cluster is not None and cluster.beating is not None
        cluster.beating.cancel()
        watch_key = parse_address(invite.watch).key
        async with looking_at(database) as live:
            await until(lambda: _dead(live, watch_key), "the first server seen dead")
        eve = player(Address(second.url, watch_key), "watch", "Eve")
        await eve.until(lambda one: one.moves == [0, 3], "the game taken over")
        room: Room = second.referee.rooms[0]
        assert room.host.public_key and room.guest.name == "Ana"
        sent = time.monotonic()
        assert await sam.play.move(1) is None  # sent; the first server cannot keep it
        await back_on(second.url, sent, sam, ana)
        assert first.referee.rooms == []
        assert sam.moves == ana.moves == [0, 3]
        await played_out(sam, ana, eve)
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def test_a_waiting_hosts_invite_moves_with_the_game_to_another_server(
    postgres: Cluster, tmp_path: Path
) -> None:
    """A host waiting for the other player when its server drains: the game goes on on the
    other server, which knows the invite's keys by their hashes alone; the host's nac still
    shows the invite, naming the server it plays on now, and the opponent joins by it."""
    database = postgres.database()
    async with relay_on(B, database) as second:
        async with relay_on(A, database) as first:
            await servers_up(first.url, second.url)
            sam = player(
                Address(first.url, ""),
                "host",
                "Sam",
                identity=key_in(tmp_path / "sam"),
                clock=CLOCK,
            )
            await sam.until(
                lambda one: one.table.room is not None and one.table.room.invite, "invite"
            )
        await sam.until(partial(_invited_on, second.url), "the invite naming the second server")
        ana = player(sam.table.room.invite.join, name="Ana", identity=key_in(tmp_path / "ana"))
        for one in (sam, ana):
            await one.until(both_here, "both seated")
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.game.is_over, "the end")
            await one.stop()
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


def _invited_on(server: str, one: Player) -> bool:
    room = one.table.room
    return (
        one.table.server == server
        and room is not None
        and room.invite is not None
        and (room.invite.server == server)
    )


async def test_a_quick_match_whose_other_player_never_comes_is_called_off(
    postgres: Cluster,
) -> None:
    """Sam searching on the first server is paired with Eve searching on the second, and
    seated in the game the first opens; the second never sends Eve there (its rounds stopped,
    as a server's that dies between the two). Sam is not kept waiting the invite's 15 minutes:
    after the first move's time the game is called off, and he is told so."""
    database = postgres.database()
    async with relay_on(A, database) as first, relay_on(B, database) as second:
        await servers_up(first.url, second.url)
        first.referee.limits = replace(first.referee.limits, first_move_seconds=1.0)
        rounds = getattr(second.referee.meeting, "_task", None)
        assert isinstance(rounds, asyncio.Task)
        eve = player(Address(second.url, ""), "match", "Eve", clock=CLOCK)
        await eve.until(lambda one: one.table.search is not None, "Eve searching")
        rounds.cancel()
        sam = player(Address(first.url, ""), "match", "Sam", clock=CLOCK)
        await sam.until(lambda one: one.table.you is not None, "Sam seated")
        await sam.until(lambda one: one.table.ended, "the game called off")
        assert sam.table.error == UNMET and first.referee.rooms == []
        for one in (sam, eve):
            await one.stop()


async def test_a_full_server_still_seats_the_players_of_a_game_it_takes_over(
    postgres: Cluster, tmp_path: Path
) -> None:
    """The players of a game whose server drains come to the other server, which is full (its
    connections all taken): they are seated players, so no limit of its holds them; the game
    goes on there. (At 2,000 games, 446 of a killed server's 1,000 games were never back:
    their players refused "the server is full".)"""
    database = postgres.database()
    async with relay_on(B, database) as second:
        async with relay_on(A, database) as first:
            await servers_up(first.url, second.url)
            sam, ana, _ = await seated_on(first.url, tmp_path)
            await play_moves((sam, ana), [0, 3])
            second.referee.limits = replace(second.referee.limits, connections=0)
            sent = time.monotonic()
        await back_on(second.url, sent, sam, ana)
        await played_out(sam, ana)
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def test_a_dead_servers_games_are_taken_over_before_their_players_come(
    postgres: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other server takes a dead server's game over as it sees it dead, with nobody of the
    game there yet; its players, when they come, find it there with no question to the
    database, and play on from the last move kept."""
    database = postgres.database()
    async with relay_on(A, database) as first, relay_on(B, database) as second:
        await servers_up(first.url, second.url)
        sam, ana, _ = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3])
        cluster, taker = first.referee.cluster, second.referee.cluster
        assert cluster is not None and cluster.beating is not None and taker is not None
        cluster.beating.cancel()
        await until(partial(_rooms, second.referee, 1), "the game taken over, nobody there")
        assert [move.cell for move in second.referee.rooms[0].game.moves] == [0, 3]
        calls = {"find": 0}
        monkeypatch.setattr(taker.calls, "find", _counted(taker.calls.find, calls, "find"))
        sent = time.monotonic()
        assert await sam.play.move(1) is None  # the first server's write is refused
        await back_on(second.url, sent, sam, ana)
        assert calls["find"] == 0
        await played_out(sam, ana)
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def _rooms(referee: Referee, count: int) -> bool:
    return len(referee.rooms) == count


async def test_a_late_servers_heartbeat_is_looked_at_once_for_all_its_players(
    postgres: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The players of a server whose heartbeat is late (not yet dead) arriving at another
    server at once: their games are taken over once it is dead, and the late server's
    heartbeat is looked at by one look for all of them, each key's row read twice at most.
    (Each game looked again every 0.25 s on its own: at 1,000 games a takeover took 20 s.)"""
    database = postgres.database()
    async with relay_on(A, database) as first, relay_on(B, database) as second:
        await servers_up(first.url, second.url)
        invites = [(await seated_on(first.url, tmp_path / f"table{n}"))[2] for n in range(4)]
        cluster, taker = first.referee.cluster, second.referee.cluster
        assert cluster is not None and cluster.beating is not None and taker is not None
        calls = {"find": 0, "age": 0}
        for name in calls:
            monkeypatch.setattr(
                taker.calls, name, _counted(getattr(taker.calls, name), calls, name)
            )
        cluster.beating.cancel()
        async with looking_at(database) as live:
            await until(partial(_late, live, cluster.id), "the first server's heartbeat late")
        watchers = [
            player(Address(second.url, parse_address(invite.watch).key), "watch", "Eve")
            for invite in invites
        ]
        for eve in watchers:
            await eve.until(lambda one: one.table.room is not None, "the game taken over")
            await eve.stop()
    assert calls["find"] <= 2 * len(watchers)
    assert calls["age"] <= (DEAD_AFTER + HEARTBEAT) / LOOK_AGAIN + 1


def _counted(
    call: Callable[[str], Awaitable[object]], calls: dict[str, int], name: str
) -> Callable[[str], Awaitable[object]]:
    async def counted(argument: str) -> object:
        calls[name] += 1
        return await call(argument)

    return counted


async def _late(live: Live, server: str) -> bool:
    return (await live.age(server) or 0.0) > LATE_BEAT


@asynccontextmanager
async def pool_taken(engine: AsyncEngine) -> AsyncIterator[None]:
    """Every connection of `engine`'s pool held, as a burst of reads would hold them (the
    takeovers of a dead server's games, the meeting's rounds)."""
    pool = engine.pool
    assert isinstance(pool, AsyncAdaptedQueuePool)
    free = pool.size() + max(0, getattr(pool, "_max_overflow", 0)) - pool.checkedout()
    held = [await engine.connect() for _ in range(free)]
    try:
        yield
    finally:
        for connection in held:
            await connection.close()


async def test_moves_are_written_and_the_heartbeat_goes_on_while_the_reads_hold_every_connection(
    postgres: Cluster, tmp_path: Path
) -> None:
    """A server's games go on while a burst of reads holds every connection of its pool: each
    move is written (and told), and its heartbeat too, so no other server takes its games for
    dead. The writers and the heartbeat have a pool of their own. (All shared one: at 2,000
    games the moves' writes waited behind the takeovers' queries past the pool's timeout.)"""
    database = postgres.database()
    async with relay_on(A, database) as first, looking_at(database) as live:
        ledger, cluster = first.referee.ledger, first.referee.cluster
        assert ledger is not None and cluster is not None
        sam, ana, _ = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3])
        async with pool_taken(ledger.engine):
            since = await _now(live)
            await play_moves((sam, ana), [1, 4])
            await until(partial(_beaten_since, live, cluster.id, since), "a heartbeat")
        await play_moves((sam, ana), [2])
        for one in (sam, ana):
            await one.until(lambda one: one.table.room.ratings, "the ratings")
            await one.stop()
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def test_a_lost_room_is_closed_before_its_new_server_is_looked_up(
    postgres: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stale server whose write is refused closes the room at once, and only then looks up
    where it is played now (here held until the test lets it go, as a lookup waiting for a
    busy pool is): a change of the room told meanwhile writes nothing, and the players go on
    on the new server. (The room stayed open while the lookup waited, and its next change
    inserted its row again: 1,472 duplicate keys at 2,000 games.)"""
    database = postgres.database()
    async with relay_on(A, database) as first, relay_on(B, database) as second:
        await servers_up(first.url, second.url)
        sam, ana, invite = await seated_on(first.url, tmp_path)
        await play_moves((sam, ana), [0, 3])
        ledger, cluster = first.referee.ledger, first.referee.cluster
        assert ledger is not None and cluster is not None and cluster.beating is not None
        cluster.beating.cancel()
        watch_key = parse_address(invite.watch).key
        async with looking_at(database) as live:
            await until(lambda: _dead(live, watch_key), "the first server seen dead")
        eve = player(Address(second.url, watch_key), "watch", "Eve")
        await eve.until(lambda one: one.moves == [0, 3], "the game taken over")
        room: Room = first.referee.rooms[0]
        let_go, lookup = asyncio.Event(), cluster.calls.owner_address

        async def held_lookup(game: str) -> str | None:
            await let_go.wait()
            return await lookup(game)

        monkeypatch.setattr(cluster.calls, "owner_address", held_lookup)
        statements: list[str] = []

        def seen(_connection: object, _cursor: object, statement: str, *_rest: object) -> None:
            statements.append(statement)

        sent = time.monotonic()
        assert await sam.play.move(1) is None  # refused by the fence: the room is lost
        await until(partial(_closed, room), "the lost room closed")
        sa.event.listen(ledger.writer.sync_engine, "before_cursor_execute", seen)
        try:
            assert not await cluster.keep(room)  # a change told meanwhile
        finally:
            sa.event.remove(ledger.writer.sync_engine, "before_cursor_execute", seen)
        assert statements == [] and first.referee.rooms == []
        let_go.set()
        await back_on(second.url, sent, sam, ana)
        await played_out(sam, ana, eve)
    assert await kept_games(database) == [(line(0, 3, 1, 4, 2), "X", "line")]


async def _closed(room: Room) -> bool:
    return room.closed


async def _now(live: Live) -> datetime:
    async with live.engine.connect() as connection:
        return (await connection.execute(sa.select(sa.func.now()))).scalar_one()


async def _beaten_since(live: Live, server: str, since: datetime) -> bool:
    async with live.engine.connect() as connection:
        beat = await connection.execute(
            sa.select(servers.c.heartbeat).where(servers.c.id == server)
        )
        return bool(beat.scalar_one() > since)


def line(*cells: int) -> str:
    """Moves as the ledger keeps them (nac's notation)."""
    return " ".join(square_of(NORMAL, cell) for cell in cells)


async def _dead(live: Live, key: str) -> bool:
    found = await live.find(key)
    return found is not None and found.address is None
