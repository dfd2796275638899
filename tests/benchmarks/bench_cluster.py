"""Benchmark of many servers on one PostgreSQL (issue 39): 2,000 games at once on two `nac
serve` relays sharing a PostgreSQL ledger (`nac.net.cluster`: every change of a game written to
the database before its players are told it), against the same games on one relay with its
ledger on SQLite, in the same run; then the two relays again, one of them killed (kill -9)
mid-game, its games taken over by the other.

The load is bench_rated's: 4,000 real WebSocket clients in this process speaking nac's protocol
4 as nac's client does (`bench_rated.proven`: a hello with the player's Ed25519 key, the
server's challenge signed), two players a game with keys of their own and a 3+2 clock, so every
game is rated; a move about a second in every game (a player thinks 0.5 to 1.5 s), two games a
pair with a rematch between, the tables starting within 10 s of each other. On the cluster the
servers listen on two loopback addresses (127.0.0.2 and 127.0.0.3), each in its own process
(`cluster_server`), half the games opened on each; the reference is bench_rated's relay on
SQLite (`rated_server`), one process. The clients do among servers what nac's client does
(`nac.net.client`): they keep the servers each welcome names, follow a `go` at once, and after
a drop try their own server once (OWN_TRIES), then the others in turn, RETRY_SECONDS between,
saying hello with their seat's key and proving their own key; the server that takes the game
over seats them.

It measures a move's round trip (from the player sending it to that player receiving the state
that holds it) and the moves a second (moves seen over the time from the first think to the
last move seen: the load is closed, each player waits for its state before thinking again, so
a slower round trip plays fewer), with the cluster's over SQLite's; the CPU time a move of the
servers and of PostgreSQL; and, after the kill, for each game of the server killed, the time
from the kill to both its players being back on the other server (a state heard there: the
game can be played again), and to its first move played there, with a check that no move seen
before the kill was lost.

PostgreSQL is started by the benchmark (tests/ledger/postgres.py: a throwaway cluster, fsync
off) and stopped at its end; where it is not installed the benchmark says so in one line and
ends (status 0). Bounded: every phase has a deadline, the whole run at most DEADLINE_SECONDS;
every process it started is stopped or killed at its end. The load average is printed with
each run: on a shared machine the p99 is the machine's as much as the servers'.

Prints figures; asserts nothing. Run with `make bench`; `python -m tests.benchmarks.bench_cluster
N` runs N games at once, and `python -m tests.benchmarks.bench_cluster N kill` (any of KINDS
after N) only the runs named.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nac.ledger.live import DEAD_AFTER, HEARTBEAT
from nac.net.address import Address
from nac.net.client import OWN_TRIES, RETRY_SECONDS, WELCOME_SECONDS

from .bench_online import (
    Deadline,
    close_all,
    connect_all,
    cpu_seconds,
    ms,
    sample_lag,
    spawn,
    spread,
)
from .bench_rated import (
    DRAW,
    MATCHES,
    STAGGER_SECONDS,
    THINK,
    Client,
    Load,
    RatedServer,
    Table,
    load_average,
    proven,
)
from .common import ensure_bytecode, header, median, percentile
from .online_server import raise_file_limit

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from tests.ledger.postgres import Cluster

GAMES = 2000
HOSTS = ("127.0.0.2", "127.0.0.3")
"""The cluster's servers' loopback addresses; the first is the one killed."""
ANSWER_SECONDS = WELCOME_SECONDS
"""How long a client waits for the server's answer to its proof, as nac's client waits for the
game (a server taking a game over from one that died waits for its heartbeat to be DEAD_AFTER
old); then it tries again."""
IDLE_SECONDS = 3.0
"""Connected and not playing: the servers' own work (heartbeats, the meeting's rounds)."""
KILL_AT_MOST = STAGGER_SECONDS + 5.0
"""Seconds into the play when the server is killed at the latest (sooner once every table has
played a move): every table has begun, none has finished (some are between their two games)."""
PLAY_SECONDS = 120.0
"""The most the tables may take to play (about 30 s where the servers keep up)."""
DEADLINE_SECONDS = 660.0
RUN_SECONDS = 200.0
"""The most one run may take (connecting, playing, stopping); a run is not started with less
than this left of the deadline."""
KINDS = ("sqlite", "cluster", "kill")
WRITES = 500
"""Writes of a move measured alone (`write_alone`)."""
TITLES = {
    "sqlite": "one nac serve, its ledger on SQLite",
    "cluster": f"two nac serve on one PostgreSQL ({HOSTS[0]}, {HOSTS[1]})",
    "kill": f"the same two, {HOSTS[0]} killed (kill -9) mid-game",
}


# -- the servers' processes --------------------------------------------------------------------


def _failed(failure: Exception) -> str:
    """How a try to come back failed: the error's kind, and for a connection the server closed,
    its close code and reason (which limit, or which wait, ended it)."""
    said = getattr(failure, "rcvd", None)
    if said is None:
        return type(failure).__name__
    return f"{type(failure).__name__} {said.code} {said.reason[:60]}".rstrip()


class ClusterServer(RatedServer):
    """A relay of the cluster (`cluster_server`), on a loopback address of its own."""

    MODULE = "tests.benchmarks.cluster_server"
    host = "127.0.0.1"

    @property
    def address(self) -> str:
        """The server's address as the cluster names it (and every welcome)."""
        return f"ws://{self.host}:{self.port}"

    @property
    def url(self) -> str:
        return Address(self.address, "").url


def address_of(server: RatedServer) -> str:
    return server.address if isinstance(server, ClusterServer) else f"ws://127.0.0.1:{server.port}"


def postgres_cpu(cluster: Cluster) -> float:
    """CPU seconds of the cluster's PostgreSQL so far: its postmaster with the children it has
    reaped, and the backends that live (the servers' pooled connections)."""
    try:
        postmaster = int((cluster.root / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rpartition(")")[2].split()
            pid = int(stat.parent.name)
            if pid == postmaster:
                tick = os.sysconf("SC_CLK_TCK")
                total += sum(int(value) for value in fields[11:15]) / tick
            elif int(fields[1]) == postmaster:
                total += cpu_seconds(pid)
    return total


# -- the load: players among servers -----------------------------------------------------------


@dataclass
class ClusterLoad(Load):
    """Every table of one run and what was measured."""

    played: list[ClusterTable] = field(default_factory=list)
    moves: int = 0
    """Moves seen by their movers."""
    started: float = 0.0
    last_seen: float = 0.0
    tables_done: int = 0
    all_done: asyncio.Event = field(default_factory=asyncio.Event)
    killed: str = ""
    """The address of the server killed (none yet: "")."""
    killed_at: float | None = None
    after_kill: list[float] = field(default_factory=list)
    """The round trips of the other server's own games, from the kill on."""
    lost: int = 0
    """Games of the server killed that came back without a move seen before the kill."""
    drops: Counter[str] = field(default_factory=Counter)
    """Connections lost while playing, by who ended them."""
    tries: Counter[str] = field(default_factory=Counter)
    """Tries to come back that failed, by why."""

    def table_done(self) -> None:
        self.tables_done += 1
        if self.tables_done == len(self.played):
            self.all_done.set()


@dataclass
class ClusterTable(Table):
    """One room as the load plays it, on the server its room was opened on."""

    load: ClusterLoad
    server: str = ""
    players: list[Player] = field(default_factory=list)
    seen: tuple[int, int] = (0, 0)
    """The furthest state either player heard: its game, and the moves in it."""
    before_kill: tuple[int, int] = (0, 0)
    ended: set[int] = field(default_factory=set)
    done: bool = False
    back: float | None = None
    """Seconds from the kill to both players back on another server (a state heard there)."""
    first_move: float | None = None
    """Seconds from the kill to the first move sent after it seen by its mover."""
    refused: str = ""
    """Why a server refused its players coming back (none: "")."""

    def saw(self, game: int, moves: int, ratings: object) -> None:
        """A player saw a state with `moves` moves of `game`."""
        now = time.perf_counter()
        load = self.load
        self.seen = max(self.seen, (game, moves))
        sent_at = self.in_flight.pop((game, moves), None)
        if sent_at is not None:
            load.moves += 1
            load.last_seen = now
            killed = load.killed_at
            if killed is None:
                load.round_trips.append(now - sent_at)
            elif self.server != load.killed and sent_at >= killed:
                load.after_kill.append(now - sent_at)
            elif self.server == load.killed and sent_at >= killed and self.first_move is None:
                self.first_move = now - killed
        if moves == len(DRAW) and game not in self.ended:
            self.ended.add(game)
            load.rated_ends += bool(ratings)
            if game == MATCHES and not self.done:
                self.done = True
                load.table_done()

    def gave_up(self, why: str) -> None:
        """A player's coming back was refused: the table plays no more."""
        self.refused = self.refused or why
        if not self.done:
            self.done = True
            self.load.table_done()

    def came_back(self, state: dict[str, Any]) -> None:
        """A player of this table heard its first state after coming back."""
        load = self.load
        if load.killed_at is None or self.server != load.killed:
            return
        if (state["game"], len(state["moves"])) < self.before_kill:
            load.lost += 1
        times = [player.back_at for player in self.players]
        if self.back is None and all(times):
            self.back = max(at for at in times if at is not None) - load.killed_at


class Player(Client):
    """bench_rated's player, as nac's client is among servers sharing a database: it keeps
    the servers each welcome names, follows a `go` at once, and after a drop tries its own
    server OWN_TRIES times, then the others in turn, RETRY_SECONDS between."""

    table: ClusterTable

    def __init__(
        self,
        table: ClusterTable,
        mark: str,
        seat_key: str,
        private: Ed25519PrivateKey,
        name: str,
        server: str,
    ) -> None:
        super().__init__(table, mark, seat_key, private, name)
        self.home = server
        """The server the game was last played on (the last welcome's)."""
        self.servers = [server]
        """The servers the last welcome named, its own first."""
        self.going: tuple[str | None, str | None] | None = None
        """A `go` heard: the server to go to (None: another), the key to say hello with."""
        self.dropped = False
        self.back_at: float | None = None
        """When the first state after coming back was heard."""

    async def connect(self, url: str, gate: asyncio.Semaphore) -> None:
        async with gate:
            answer = await self.dial(self.home)
        if answer != "welcome":
            raise RuntimeError(f"not welcome: {answer}")

    async def dial(self, server: str) -> str:
        """A connection to `server` with the seat's key and the player's proven key; the
        answer's type (welcome: connected; go: `going` set; else the reason said)."""
        connection, answer = await proven(
            Address(server, self.seat_key).url,
            self.identity,
            answer_seconds=ANSWER_SECONDS,
            name=self.name,
            want="join",
            key=self.seat_key,
        )
        kind = answer.get("type")
        if kind == "welcome":
            self.connection, self.home = connection, server
            named = answer.get("servers")
            if isinstance(named, list) and named:
                self.servers = [one for one in named if isinstance(one, str)]
            return "welcome"
        await connection.close()
        if kind == "go":
            self.heard_go(answer)
            return "go"
        return f"{kind}: {answer.get('reason')}"

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        load = self.table.load
        while self.connection is not None:
            connection = self.connection
            try:
                async for frame in connection:
                    self.hear(frame)
            except ConnectionClosed:
                pass
            self.connection = None
            if not load.playing or self.table.done:
                return
            heard = connection.protocol.close_rcvd
            by = f"the server's close {heard.code}" if heard else "no close (the server gone)"
            load.drops[f"{'a go' if self.going else 'dropped'}, {by}"] += 1
            await self.come_back()

    async def come_back(self) -> None:
        """Back to the game as nac's client comes back: a `go` followed at once; after a drop
        its own server first, then the others; until it is welcomed, refused, or the load
        stops."""
        load = self.table.load
        tries = 0
        self.dropped = self.going is None or self.dropped
        while load.playing:
            going, self.going = self.going, None
            if going is not None:
                server, key = going
                if server is None:  # another of the servers named, as nac's client goes
                    others = [one for one in self.servers if one != self.home]
                    server = others[0] if others else self.home
                if key:
                    self.seat_key = key
                tries = 0
            else:
                await asyncio.sleep(RETRY_SECONDS[min(tries, len(RETRY_SECONDS) - 1)])
                tries += 1
                server = self.after_drop(tries)
            try:
                answer = await self.dial(server)
            except Exception as failure:
                load.tries[_failed(failure)] += 1
                continue
            if answer == "welcome":
                self.done.clear()  # what was sent and lost with its server is sent again
                self.back_at = None
                return
            if answer != "go":
                load.tries[answer[:80]] += 1
                self.table.gave_up(answer)
                return

    def after_drop(self, tries: int) -> str:
        """Where the `tries`-th try after a drop goes (`OnlineClient._after_drop`)."""
        others = [server for server in self.servers if server != self.home]
        if tries > OWN_TRIES and others:
            turn = [*others, self.home]
            return turn[(tries - OWN_TRIES - 1) % len(turn)]
        return self.home

    def heard_go(self, message: dict[str, Any]) -> None:
        server, key = message.get("server"), message.get("key")
        self.going = (
            server if isinstance(server, str) else None,
            key if isinstance(key, str) else None,
        )

    def hear(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        kind = message.get("type")
        if kind == "go":
            self.heard_go(message)
            return
        if kind in ("refused", "error"):
            self.table.load.refusals[f"{kind}: {message.get('reason')}"] += 1
            return
        if kind != "state":
            return
        if self.dropped and self.back_at is None:
            self.back_at = time.perf_counter()
            self.table.came_back(message)
        self.table.saw(message["game"], len(message["moves"]), message.get("ratings"))
        self.latest = message
        self.consider()

    def consider(self) -> None:
        """After a think, act on the latest state, if it asks anything of this player."""
        load = self.table.load
        if not load.playing or self.pending or self.latest is None or self.connection is None:
            return
        if self.action(self.latest) is None:
            return
        self.pending = True
        think = load.random.uniform(*THINK)
        asyncio.get_running_loop().call_later(think, lambda: spawn(self.act()))

    def action(self, state: dict[str, Any]) -> tuple[str, int, int] | None:
        wanted = super().action(state)
        if wanted is not None and wanted[0] == "rematch" and self.mark in state.get("rematch", ()):
            return None  # asked before a drop, and kept
        return wanted


# -- one run -----------------------------------------------------------------------------------


@dataclass
class Part:
    """What connecting one server's players took."""

    connected: int = 0
    connect_seconds: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)


@dataclass
class Run:
    """What one run measured (zeros and empties where it did not get that far)."""

    kind: str
    games: int
    load: ClusterLoad = field(default_factory=ClusterLoad)
    connected: int = 0
    connect_seconds: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    play_seconds: float = 0.0
    servers: dict[str, float] = field(default_factory=dict)
    """Each server's CPU seconds while playing (a server killed: none)."""
    postgres: float = 0.0
    idle: tuple[float, float] = (0.0, 0.0)
    """The servers' and PostgreSQL's CPU seconds a second, connected and not playing."""
    loader: float = 0.0
    kill_seconds: float = 0.0
    """When the server was killed, in seconds from the first think."""
    knew_others: int = 0
    """Players of the server killed whose last welcome named another server."""
    load_before: str = ""
    load_after: str = ""
    lag: list[float] = field(default_factory=list)

    @property
    def moves_a_second(self) -> float:
        load = self.load
        return load.moves / max(1e-9, load.last_seen - load.started)


async def start_servers(
    kind: str, games: int, directory: str, postgres: Cluster | None
) -> list[RatedServer]:
    """The run's servers: bench_rated's relay on SQLite, or the cluster's two on a new
    database, once each names the other."""
    if kind == "sqlite":
        return [await RatedServer.start("rated", directory, str(games))]
    assert postgres is not None
    database = postgres.database()
    servers: list[RatedServer] = []
    try:
        for host in HOSTS:
            server = await ClusterServer.start(host, database, str(games))
            server.host = host
            servers.append(server)
        await asyncio.sleep(2 * HEARTBEAT)  # each has seen the other's heartbeat
    except BaseException:
        await asyncio.gather(*(server.stop() for server in servers))
        raise
    return servers


async def measure(
    kind: str,
    games: int,
    keys: list[Ed25519PrivateKey],
    postgres: Cluster | None,
    deadline: Deadline,
) -> Run:
    """One run: its servers in their processes, `games` tables at once split between them."""
    run = Run(kind, games, load_before=load_average())
    load = run.load
    with tempfile.TemporaryDirectory(prefix="nac-bench-cluster-") as directory:
        servers = await start_servers(kind, games, directory, postgres)
        try:
            groups: list[list[Player]] = []
            for number, server in enumerate(servers):
                share = games // len(servers) + (number < games % len(servers))
                seats = await server.open(share)
                group = []
                for host, guest in seats:
                    table = ClusterTable(load, server=address_of(server))
                    n = len(load.played)
                    table.players = [
                        Player(table, "X", host, keys[2 * n], f"X{n}", table.server),
                        Player(table, "O", guest, keys[2 * n + 1], f"O{n}", table.server),
                    ]
                    table.clients = list(table.players)
                    load.played.append(table)
                    group.extend(table.players)
                groups.append(group)
            parts = [Part() for _ in servers]
            listening = [
                task
                for tasks in await asyncio.gather(
                    *(
                        connect_all(
                            group,
                            server.url,
                            deadline,
                            part,
                            most=120.0,
                            detailed=True,
                            late_said=f"{kind}, {address_of(server)}: ",
                        )
                        for group, server, part in zip(groups, servers, parts, strict=True)
                    )
                )
                for task in tasks
            ]
            run.connected = sum(part.connected for part in parts)
            run.connect_seconds = max(part.connect_seconds for part in parts)
            for part in parts:
                run.failures.update(part.failures)
            players = [player for group in groups for player in group]
            try:
                await asyncio.sleep(1.0)
                gc.collect()  # here, not while playing
                gc.freeze()
                run.idle = await idle(servers, postgres, deadline)
                await play(run, servers, postgres, deadline)
            finally:
                gc.unfreeze()
                await close_all(players, listening)
        finally:
            await asyncio.gather(*(server.stop() for server in servers))
    run.load_after = load_average()
    return run


async def idle(
    servers: list[RatedServer], postgres: Cluster | None, deadline: Deadline
) -> tuple[float, float]:
    """The servers' and PostgreSQL's CPU seconds a second, connected and not playing (the
    servers' heartbeats and clocks, the cluster's beats and its meeting's rounds)."""
    servers_from = sum(cpu_seconds(server.pid) for server in servers)
    postgres_from = postgres_cpu(postgres) if postgres is not None else 0.0
    started = time.perf_counter()
    await asyncio.sleep(deadline.left(IDLE_SECONDS))
    took = max(1e-9, time.perf_counter() - started)
    servers_cpu = sum(cpu_seconds(server.pid) for server in servers) - servers_from
    postgres_used = (postgres_cpu(postgres) - postgres_from) if postgres is not None else 0.0
    return servers_cpu / took, postgres_used / took


async def play(
    run: Run, servers: list[RatedServer], postgres: Cluster | None, deadline: Deadline
) -> None:
    """The tables play their games (the `kill` run kills the first server once every table
    has played a move); the CPU time of the servers and of PostgreSQL meanwhile. This
    process's garbage collector is off meanwhile: its pauses would be counted as the
    servers'."""
    load = run.load
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample_lag(run.lag, stop))
    before = {address_of(server): cpu_seconds(server.pid) for server in servers}
    postgres_before = postgres_cpu(postgres) if postgres is not None else 0.0
    mine = time.process_time()
    gc.disable()
    load.playing = True
    try:
        load.started = time.perf_counter()
        loop = asyncio.get_running_loop()
        for table in load.played:
            for player in table.players:
                loop.call_later(load.random.uniform(0, STAGGER_SECONDS), player.consider)
        if run.kind == "kill":
            await kill(run, servers[0], deadline)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(load.all_done.wait(), deadline.left(PLAY_SECONDS))
        run.play_seconds = time.perf_counter() - load.started
        run.loader = time.process_time() - mine
        for server in servers:
            if server.process.returncode is None:
                run.servers[address_of(server)] = (
                    cpu_seconds(server.pid) - before[address_of(server)]
                )
        if postgres is not None:
            run.postgres = postgres_cpu(postgres) - postgres_before
        if load.tables_done < len(load.played):
            deadline.hit.append(
                f"{run.kind}: {load.tables_done} of {len(load.played)} tables finished"
            )
    finally:
        load.playing = False
        gc.enable()
        stop.set()
        await sampler


async def kill(run: Run, server: RatedServer, deadline: Deadline) -> None:
    """`server` killed with kill -9 once every table has played a move (KILL_AT_MOST at the
    latest); what its tables had seen kept, to check that none is lost."""
    load = run.load
    until = time.monotonic() + deadline.left(KILL_AT_MOST)
    while time.monotonic() < until and any(table.seen < (1, 1) for table in load.played):
        await asyncio.sleep(0.05)
    load.killed = address_of(server)
    theirs = [table for table in load.played if table.server == load.killed]
    for table in theirs:
        table.before_kill = table.seen
    run.knew_others = sum(len(player.servers) > 1 for table in theirs for player in table.players)
    load.killed_at = time.perf_counter()
    run.kill_seconds = load.killed_at - load.started
    os.kill(server.pid, signal.SIGKILL)
    await server.process.wait()


@dataclass
class Writes:
    """A move's write alone, one at a time on an idle database: each one's wall time and this
    process's CPU time, through `Live.save` (SQLAlchemy over asyncpg: the rooms' group commit,
    with nothing else waiting, one statement) and through asyncpg alone, in a transaction
    (BEGIN, UPDATE, COMMIT: three round trips, as `Live.save` wrote before the group commit)
    and as one statement (its own transaction: one round trip)."""

    ledger_wall: list[float] = field(default_factory=list)
    ledger_cpu: list[float] = field(default_factory=list)
    bare_wall: list[float] = field(default_factory=list)
    bare_cpu: list[float] = field(default_factory=list)
    single_wall: list[float] = field(default_factory=list)
    single_cpu: list[float] = field(default_factory=list)


BARE_SAVE = (
    "UPDATE live_games SET version = $1, moves = $2, room = $3, ran = $4, updated = now() "
    "WHERE id = $5 AND owner = $6 AND version = $7"
)
"""`Live.save`'s UPDATE (without the group commit's batch around it), for asyncpg alone."""


async def write_alone(postgres: Cluster) -> Writes:
    """What `Cluster.keep` writes at a move (`Live.save`: the group commit's statement, here
    with one fenced UPDATE of a real room's row), WRITES times one after the other, against
    the same UPDATE in a transaction through asyncpg alone: the yardstick of where a move's
    write costs."""
    from nac.core import NORMAL
    from nac.ledger.ledger import Ledger
    from nac.ledger.live import Live, LiveGame
    from nac.net.cluster import snapshot
    from nac.net.referee import Referee

    from .rated_server import CLOCK

    writes = Writes()
    database = postgres.database()
    room = Referee("ws://127.0.0.1:1", relay=True).open_room(NORMAL, "X0", time_control=CLOCK)
    for cell in DRAW[:4]:
        room.game.play_cell(cell)
    moves, state, _since = snapshot(room)
    ledger = await Ledger.open(database)
    try:
        live = Live(ledger.engine, "bench", ledger.writer)
        await live.register("ws://127.0.0.1:1")
        await live.add(LiveGame(room.id, NORMAL.name, CLOCK.name, ("a", "b", "c"), moves, state))
        for version in range(1, WRITES + 1):
            cpu, wall = time.process_time(), time.perf_counter()
            await live.save(room.id, version, moves, state, 0.5)
            writes.ledger_wall.append(time.perf_counter() - wall)
            writes.ledger_cpu.append(time.process_time() - cpu)
        text = json.dumps(state, separators=(",", ":"), sort_keys=True)
        async with ledger.engine.connect() as pooled:  # its asyncpg connection, bare
            connection = (await pooled.get_raw_connection()).driver_connection
            assert connection is not None
            for version in range(WRITES + 1, 2 * WRITES + 1):
                cpu, wall = time.process_time(), time.perf_counter()
                async with connection.transaction():
                    await connection.execute(
                        BARE_SAVE, version + 1, moves, text, 0.5, room.id, "bench", version
                    )
                writes.bare_wall.append(time.perf_counter() - wall)
                writes.bare_cpu.append(time.process_time() - cpu)
            for version in range(2 * WRITES + 1, 3 * WRITES + 1):
                cpu, wall = time.process_time(), time.perf_counter()
                await connection.execute(
                    BARE_SAVE, version + 1, moves, text, 0.5, room.id, "bench", version
                )
                writes.single_wall.append(time.perf_counter() - wall)
                writes.single_cpu.append(time.process_time() - cpu)
    finally:
        await ledger.close()
    for values in vars(writes).values():
        del values[: WRITES // 10]  # the first ones warm the caches
    return writes


# -- the report --------------------------------------------------------------------------------


def report(run: Run) -> None:
    load = run.load
    print(
        f"\n### {run.kind}: {TITLES[run.kind]}; load average {run.load_before} before, "
        f"{run.load_after} after"
    )
    print(
        f"connected {run.connected:,} of {2 * run.games:,} players (keys proven) in "
        f"{run.connect_seconds:.1f} s" + (f"; failed: {dict(run.failures)}" if run.failures else "")
    )
    print(
        f"played {load.moves:,} moves in {run.play_seconds:.1f} s: {run.moves_a_second:,.0f} "
        f"moves a second; {load.tables_done:,} of {len(load.played):,} tables finished, "
        f"{load.rated_ends:,} games rated"
    )
    if load.refusals:
        print(f"refused: {dict(load.refusals)}")
    if load.drops:
        print(f"connections lost while playing: {dict(load.drops)}")
    if load.tries:
        print(f"tries to come back that failed: {dict(load.tries)}")
    if run.kind != "kill":
        print(f"move round trip (the mover sees its move): {spread(load.round_trips)}")
    else:
        kill_report(run)
    moves = max(1, load.moves)
    if run.servers and run.kind != "kill":
        took = max(run.play_seconds, 1e-9)
        each = ", ".join(
            f"{address} {seconds / took:.0%}" for address, seconds in run.servers.items()
        )
        served, idle_servers, idle_postgres = sum(run.servers.values()), *run.idle
        print(
            f"CPU: connected and idle, the servers {idle_servers:.0%} of a core"
            + (f", PostgreSQL {idle_postgres:.0%}" if run.postgres else "")
            + f"; playing, the servers {each} of a core"
            + (f", PostgreSQL {run.postgres / took:.0%}" if run.postgres else "")
        )
        line = (
            f"CPU a move, over the idle: the servers "
            f"{(served - idle_servers * took) / moves * 1e6:,.0f} µs"
        )
        if run.postgres:
            line += f", PostgreSQL {(run.postgres - idle_postgres * took) / moves * 1e6:,.0f} µs"
        print(line)
    if run.lag:
        print(
            f"the load (this process): {run.loader / max(run.play_seconds, 1e-9):.0%} of a core, "
            f"{run.loader / moves * 1e6:,.0f} µs a move; its event loop late by median "
            f"{ms(median(run.lag))}, p99 {ms(percentile(run.lag, 0.99))}, max {ms(max(run.lag))}"
        )


def kill_report(run: Run) -> None:
    load = run.load
    theirs = [table for table in load.played if table.server == load.killed]
    back = [table.back for table in theirs if table.back is not None]
    first = [table.first_move for table in theirs if table.first_move is not None]
    print(
        f"killed {load.killed} {run.kill_seconds:.1f} s into the play, its {len(theirs):,} games "
        f"in progress ({sum(table.seen >= (1, 1) for table in theirs):,} past their first move); "
        f"{run.knew_others:,} of {2 * len(theirs):,} of its players knew the other server"
    )
    print(
        f"both players back on the other server (a state heard there), from the kill: "
        f"{len(back):,} of {len(theirs):,} games, {seconds(back)}"
    )
    print(
        f"the first move sent after the kill seen by its mover (a think of "
        f"{THINK[0]:g}-{THINK[1]:g} s included): {len(first):,} games, {seconds(first)}"
    )
    print(f"games back without a move seen before the kill: {load.lost:,}")
    refused = [table for table in theirs if table.refused]
    if refused:
        between = sum(table.before_kill[1] == len(DRAW) for table in refused)
        print(
            f"games never back: {len(refused):,}, {between:,} of them between two games at the "
            f"kill (one ended, its rematch not begun), refused: "
            f"{dict(Counter(table.refused for table in refused))}"
        )
    print(
        f"the other server's own games from the kill on: move round trip {spread(load.after_kill)}"
    )
    print(
        f"(a server is dead once its heartbeat is {DEAD_AFTER:g} s old, beaten every "
        f"{HEARTBEAT:g} s; nac's client tries its own server {RETRY_SECONDS[0]:g} s after a "
        f"drop, the other {RETRY_SECONDS[1]:g} s later)"
    )


def seconds(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"median {median(values):.2f} s, p99 {percentile(values, 0.99):.2f} s, "
        f"max {max(values):.2f} s"
    )


def writes_report(writes: Writes) -> None:
    def both(walls: list[float], cpus: list[float]) -> str:
        return (
            f"wall median {ms(median(walls))}, p99 {ms(percentile(walls, 0.99))}; this "
            f"process's CPU median {median(cpus) * 1e6:,.0f} µs"
        )

    count = len(writes.ledger_wall)
    print(f"\n### a move's write alone, one at a time on the idle database (n={count})")
    ledger, bare = (writes.ledger_wall, writes.ledger_cpu), (writes.bare_wall, writes.bare_cpu)
    print(f"Live.save (what Cluster.keep calls: SQLAlchemy over asyncpg): {both(*ledger)}")
    print(f"the same UPDATE in a transaction, asyncpg alone: {both(*bare)}")
    single = (writes.single_wall, writes.single_cpu)
    print(f"the same UPDATE as one statement (one round trip), asyncpg alone: {both(*single)}")


def summary(runs: dict[str, Run], games: int) -> None:
    print(f"\n### {games:,} games at once, the runs together")
    sqlite, cluster, killed = runs.get("sqlite"), runs.get("cluster"), runs.get("kill")
    if sqlite and cluster and sqlite.load.round_trips and cluster.load.round_trips:
        ours, theirs = cluster.load.round_trips, sqlite.load.round_trips
        p99s = percentile(ours, 0.99), percentile(theirs, 0.99)
        print(
            f"move round trip, cluster / SQLite: p99 {ms(p99s[0])} / {ms(p99s[1])}: "
            f"{p99s[0] / p99s[1]:.2f}×; "
            f"median {ms(median(ours))} / {ms(median(theirs))}: "
            f"{median(ours) / median(theirs):.2f}×"
        )
        rates = cluster.moves_a_second, sqlite.moves_a_second
        print(
            f"moves a second, cluster / SQLite: {rates[0]:,.0f} / {rates[1]:,.0f}: "
            f"{rates[0] / max(rates[1], 1e-9):.2f}×"
        )
    if killed is not None:
        back = [table.back for table in killed.load.played if table.back is not None]
        print(f"from a kill -9 to its games playing again (both players back): {seconds(back)}")


def main() -> None:
    ensure_bytecode()
    header("Many servers, one PostgreSQL: 2,000 games on two nac serve against one on SQLite")
    from tests.ledger.conftest import missing

    reason = missing()
    if reason:
        print(f"skipped: {reason}")
        return
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from tests.ledger.postgres import start_cluster

    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    kinds = [kind for kind in KINDS if kind in sys.argv[2:]] or list(KINDS)
    files = raise_file_limit()
    games = min(wanted, (files - 200) // 2)
    print(
        f"load: {games:,} games ({2 * games:,} players, each with an Ed25519 key of its own), a "
        f"3+2 clock, {MATCHES} games each (a rematch between), a player thinking "
        f"{THINK[0]:g}-{THINK[1]:g} s a move, the tables starting within {STAGGER_SECONDS:g} s; "
        f"the load from this one process, each server in its own; PostgreSQL: a throwaway "
        f"cluster (tests/ledger/postgres.py: fsync and synchronous_commit off); load average "
        f"{load_average()}"
        + (f" (open files {files:,}: too few for {wanted:,} games)" if games < wanted else "")
    )
    keys = [Ed25519PrivateKey.generate() for _ in range(2 * games)]
    deadline = Deadline(DEADLINE_SECONDS)
    runs: dict[str, Run] = {}
    writes: list[Writes] = []
    postgres = start_cluster()
    try:

        async def all_runs() -> None:
            for kind in kinds:
                if deadline.left(DEADLINE_SECONDS) < RUN_SECONDS:
                    deadline.hit.append(f"no time left for the {kind} run")
                    break
                runs[kind] = await measure(kind, games, keys, postgres, deadline)
            if kinds == list(KINDS) and deadline.left(DEADLINE_SECONDS) > 30.0:
                writes.append(await asyncio.wait_for(write_alone(postgres), 30.0))

        asyncio.run(all_runs())
    finally:
        postgres.stop()
    for run in runs.values():
        report(run)
    for measured in writes:
        writes_report(measured)
    summary(runs, games)
    if deadline.hit:
        print(f"\nPARTIAL: {'; '.join(deadline.hit)}")


if __name__ == "__main__":
    main()
