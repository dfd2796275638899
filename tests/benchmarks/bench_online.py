"""Benchmark of online play under load: 1,000 games at once on one game server over loopback
(2,000 players and 1,000 watchers, each its own WebSocket), every game playing a move about a
second (a player thinks 0.5 to 1.5 s), three games each with rematches between. It measures a
move's round trip (from the player sending it to that player receiving the state that holds
it; also the opponent's and a watcher's wait), the server's memory per game and its CPU time
per move. The server runs in a process of its own (`online_server`), the load in this one.

References, in the same run: one game alone on the idle server (what the load costs), and a
bare websockets relay with the same connections, settings and messages but no referee (what
nac costs over the library). Bounded: every phase has a deadline, the whole run at most
`DEADLINE_SECONDS`; if one is hit the figures so far are printed and said to be partial.

Prints figures; asserts nothing. Run with `make bench`; `python -m
tests.benchmarks.bench_online N [nac|bare]` runs N games at once instead (one server only).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from nac import __version__
from nac.core import Game, Mode
from nac.net.client import HEARTBEAT_SECONDS, LONGEST_SERVER_MESSAGE
from nac.net.protocol import PROTOCOL, write

from .common import ensure_bytecode, header, median, percentile
from .online_server import bench_limits, raise_file_limit

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

GAMES = 1000
MATCHES = 3
"""Games each pair plays, with a rematch between."""
THINK = (0.5, 1.5)
"""Seconds a player takes before each move or rematch: a move about a second in each game."""
DRAW = (4, 0, 8, 2, 1, 7, 6, 3, 5)
"""The moves of every game: a draw, whoever starts."""
REFERENCE_MATCHES = 11
"""Games of the reference pair, alone on the idle server (the first one, a warm-up, is not
counted)."""
REFERENCE_THINK = (0.06, 0.06)
"""Quick, but within the server's limit of messages a second (faster is refused as a flood)."""
TARGET_P99 = 0.050
TARGET_PER_GAME = 100 * 1024
HANDSHAKES_AT_ONCE = 50
IDLE_SECONDS = 6.0
"""Connected and not playing: the server's heartbeats alone (a ping each way every 5 s)."""
DEADLINE_SECONDS = 300.0
ROOT = Path(__file__).resolve().parents[2]
TICK = os.sysconf("SC_CLK_TCK")
ROLES = ("X", "O", "watch")


class Deadline:
    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds
        self.hit: list[str] = []

    def left(self, most: float) -> float:
        return max(0.0, min(most, self.at - time.monotonic()))


# -- the server's process ----------------------------------------------------------------------


def resident_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICK


@dataclass
class ServerProcess:
    """A benchmark's server in a process of its own: it prints its port, reads commands on its
    stdin and ends when that closes."""

    process: asyncio.subprocess.Process
    port: int = 0
    MODULE: ClassVar[str] = "tests.benchmarks.online_server"
    STOP_SECONDS: ClassVar[float] = 15.0

    @classmethod
    async def start(cls, kind: str, *arguments: str) -> Self:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            cls.MODULE,
            kind,
            *arguments,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
            start_new_session=True,
        )
        server = cls(process)
        words = (await server.line(30.0)).split()
        if words[:1] != ["port"]:
            raise RuntimeError(f"the {kind} server did not start: {words}")
        server.port = int(words[1])
        return server

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/play"

    async def line(self, seconds: float) -> str:
        assert self.process.stdout is not None
        text = await asyncio.wait_for(self.process.stdout.readline(), seconds)
        if not text:
            raise RuntimeError("the server ended")
        return text.decode()

    async def stop(self) -> None:
        """Its stdin closed (it closes its connections and what it holds, and ends), or killed."""
        if self.process.returncode is not None:
            return
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), self.STOP_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            await self.process.wait()


class OnlineServer(ServerProcess):
    """The game server (`nac`) or the bare relay (`bare`) of this benchmark."""

    async def open(self, count: int) -> list[tuple[str, str, str]]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"open {count}\n".encode())
        keys = []
        while (words := (await self.line(60.0)).split()) != ["opened"]:
            keys.append((words[1], words[2], words[3]))
        return keys

    async def collections(self) -> list[tuple[int, float, float]]:
        """The server's garbage collections since last asked: for each generation, how many,
        the longest and the total pause (s)."""
        assert self.process.stdin is not None
        self.process.stdin.write(b"gc\n")
        words = (await self.line(10.0)).split()[1:]
        return [
            (int(words[i]), float(words[i + 1]) / 1e3, float(words[i + 2]) / 1e3)
            for i in range(0, 9, 3)
        ]


# -- the load: players and watchers ------------------------------------------------------------


@dataclass
class Load:
    """Every table of one run, the waits measured, and whether the tables are playing yet."""

    think: tuple[float, float]
    matches: int
    waits: dict[str, list[float]] = field(
        default_factory=lambda: {"mover": [], "opponent": [], "watcher": []}
    )
    playing: bool = False
    tables_done: int = 0
    all_done: asyncio.Event = field(default_factory=asyncio.Event)
    moves_sent: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    state_bytes: list[int] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    random: random.Random = field(default_factory=lambda: random.Random(21))

    def table_done(self) -> None:
        self.tables_done += 1
        if self.tables_done == len(self.tables):
            self.all_done.set()


@dataclass
class Table:
    """One room as the load plays it: its three keys, and its move in flight."""

    load: Load
    keys: tuple[str, str, str]
    clients: list[Client] = field(default_factory=list)
    in_flight: dict[tuple[int, int], tuple[float, str, set[str]]] = field(default_factory=dict)
    """A move sent (its game and the moves after it): when, by whom, who has seen it."""
    finished: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.clients = [Client(self, role, key) for role, key in zip(ROLES, self.keys, strict=True)]

    def sent(self, game: int, moves: int, by: str) -> None:
        self.in_flight[(game, moves)] = (time.perf_counter(), by, set())
        self.load.moves_sent += 1

    def saw(self, role: str, game: int, moves: int) -> None:
        now = time.perf_counter()
        flight = self.in_flight.get((game, moves))
        if flight is not None and role not in flight[2]:
            sent_at, mover, seen = flight
            seen.add(role)
            who = "mover" if role == mover else "watcher" if role == "watch" else "opponent"
            self.load.waits[who].append(now - sent_at)
            if len(seen) == len(ROLES):
                del self.in_flight[(game, moves)]
        if moves == len(DRAW) and game not in self.finished:
            self.finished.add(game)
            if len(self.finished) == self.load.matches:
                self.load.table_done()


class Client:
    """A player or a watcher: a raw connection speaking nac's protocol, as nac's client would
    (its heartbeat, its message size), acting on the states it hears after a think."""

    def __init__(self, table: Table, role: str, key: str) -> None:
        self.table, self.role, self.key = table, role, key
        self.connection: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.done: set[tuple[str, int, int]] = set()
        self.pending = False

    async def connect(self, url: str, gate: asyncio.Semaphore) -> None:
        from websockets.asyncio.client import connect

        async with gate:
            connection = await connect(
                url,
                max_size=LONGEST_SERVER_MESSAGE,
                ping_interval=HEARTBEAT_SECONDS,
                ping_timeout=HEARTBEAT_SECONDS,
                open_timeout=60,
                close_timeout=2,
            )
            want = "watch" if self.role == "watch" else "join"
            await connection.send(
                write(
                    "hello",
                    protocol=PROTOCOL,
                    version=__version__,
                    name=f"P{self.role}",
                    want=want,
                    key=self.key,
                    rules="normal 3",
                )
            )
            welcome = json.loads(await connection.recv())
            if welcome.get("type") != "welcome":
                raise RuntimeError(f"not welcome: {welcome}")
            self.connection = connection

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        assert self.connection is not None
        try:
            async for frame in self.connection:
                self.hear(frame)
        except ConnectionClosed:
            pass
        if self.table.load.playing:
            reason = self.connection.close_reason or "no reason"
            self.table.load.refusals[f"closed while playing: {reason}"] += 1

    def hear(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        kind = message.get("type")
        if kind in ("refused", "error"):
            self.table.load.refusals[f"{kind}: {message.get('reason')}"] += 1
            return
        if kind != "state":
            return
        if len(self.table.load.state_bytes) < 10_000:
            self.table.load.state_bytes.append(len(frame))
        self.table.saw(self.role, message["game"], len(message["moves"]))
        if self.role != "watch":
            self.latest = message
            self.consider()

    def consider(self) -> None:
        """After a think, act on the latest state, if it asks anything of this player."""
        load = self.table.load
        if not load.playing or self.pending or self.latest is None:
            return
        if self.action(self.latest) is None:
            return
        self.pending = True
        think = load.random.uniform(*load.think)
        asyncio.get_running_loop().call_later(think, lambda: spawn(self.act()))

    def action(self, state: dict[str, Any]) -> tuple[str, int, int] | None:
        """What this player does next: its move, a rematch, or nothing."""
        game, moves, first = state["game"], len(state["moves"]), state["first"]
        if moves == len(DRAW) or state.get("resigned") or state.get("abandoned"):
            wanted = ("rematch", game, moves)
            if len(self.table.finished) >= self.table.load.matches:
                return None
        else:
            turn = first if moves % 2 == 0 else ("O" if first == "X" else "X")
            if turn != self.role:
                return None
            wanted = ("move", game, moves)
        return None if wanted in self.done else wanted

    async def act(self) -> None:
        self.pending = False
        if self.latest is None or self.connection is None:
            return
        action = self.action(self.latest)
        if action is None:
            return
        self.done.add(action)
        kind, game, moves = action
        if kind == "move":
            self.table.sent(game, moves + 1, self.role)
            text = write("move", cell=DRAW[moves])
        else:
            text = write("rematch")
        with contextlib.suppress(Exception):
            await self.connection.send(text)


BACKGROUND: set[asyncio.Task[None]] = set()


def spawn(work: Any) -> None:
    task = asyncio.ensure_future(work)
    BACKGROUND.add(task)
    task.add_done_callback(BACKGROUND.discard)


# -- one run -----------------------------------------------------------------------------------


@dataclass
class Run:
    """What one run measured (zeros and empties where it did not get that far)."""

    kind: str
    games: int
    connected: int = 0
    connect_seconds: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    idle_kb: int = 0
    rooms_kb: int = 0
    connected_kb: int = 0
    playing_kb: int = 0
    idle_cpu: float = 0.0
    """Server CPU seconds a second, connected but not playing."""
    play_seconds: float = 0.0
    play_cpu: float = 0.0
    loader_cpu: float = 0.0
    lag: list[float] = field(default_factory=list)
    collections: list[tuple[int, float, float]] = field(default_factory=list)
    """The server's garbage collections while playing: per generation, count, longest, total."""
    load: Load | None = None
    reference: Load | None = None

    @property
    def moves(self) -> int:
        return self.load.moves_sent if self.load else 0


class Connected(Protocol):
    """A client of the load, once connected."""

    @property
    def connection(self) -> ClientConnection | None: ...


class Connecting(Connected, Protocol):
    """A client of the load: it connects (its handshake done), then listens until closed."""

    async def connect(self, url: str, gate: asyncio.Semaphore) -> None: ...

    async def listen(self) -> None: ...


class Connections(Protocol):
    """Where a run keeps what connecting its clients took."""

    connected: int
    connect_seconds: float
    failures: Counter[str]


async def connect_all(
    clients: Sequence[Connecting],
    url: str,
    deadline: Deadline,
    run: Connections,
    *,
    most: float = 120.0,
    detailed: bool = False,
    late_said: str = "",
) -> list[asyncio.Task[None]]:
    """Every client connected and listening (or counted as failed: by the exception's type, or
    `detailed` with its words too); their listening tasks. `late_said` begins the line said
    when the deadline (at most `most` seconds) cut connecting short."""
    gate = asyncio.Semaphore(HANDSHAKES_AT_ONCE)

    async def one(client: Connecting) -> None:
        try:
            await client.connect(url, gate)
        except Exception as failure:
            name = type(failure).__name__
            run.failures[f"{name}: {failure}"[:120] if detailed else name] += 1

    started = time.perf_counter()
    tasks = [asyncio.ensure_future(one(client)) for client in clients]
    _done, late = await asyncio.wait(tasks, timeout=deadline.left(most))
    for task in late:
        task.cancel()
    if late:
        deadline.hit.append(f"{late_said}{len(late)} connections not made in time")
    run.connect_seconds = time.perf_counter() - started
    listening = [asyncio.ensure_future(c.listen()) for c in clients if c.connection is not None]
    run.connected = len(listening)
    return listening


async def play(load: Load, seconds: float) -> bool:
    """The tables play until each has finished its games; whether they all did in time. This
    process's own garbage collector is off meanwhile: its pauses (a heap of thousands of
    connections) would be counted as the server's."""
    gc.disable()
    load.playing = True
    for table in load.tables:
        for client in table.clients:
            client.consider()
    try:
        await asyncio.wait_for(load.all_done.wait(), seconds)
        return True
    except TimeoutError:
        return False
    finally:
        load.playing = False
        gc.enable()


async def sample_lag(lag: list[float], stop: asyncio.Event) -> None:
    """How late this process's event loop wakes up (the load's own congestion)."""
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        lag.append(time.perf_counter() - before - 0.01)


async def sample_memory(pid: int, peak: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], resident_kb(pid))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


async def close_all(clients: Sequence[Connected], listening: list[asyncio.Task[None]]) -> None:
    for client in clients:
        if client.connection is not None:
            spawn(client.connection.close())
    _done, late = await asyncio.wait(listening, timeout=15.0) if listening else ((), ())
    for task in late:
        task.cancel()


async def reference(server: OnlineServer, keys: tuple[str, str, str], deadline: Deadline) -> Load:
    """One game alone on the idle server, played quickly: the round trip without the load."""
    load = Load(think=REFERENCE_THINK, matches=REFERENCE_MATCHES)
    load.tables = [Table(load, keys)]
    clients = load.tables[0].clients
    run = Run("reference", 1)
    listening = await connect_all(clients, server.url, deadline, run)
    if not await play(load, deadline.left(60.0)):
        deadline.hit.append("the reference game did not finish in time")
    await close_all(clients, listening)
    del load.waits["mover"][: len(DRAW)]
    return load


async def measure(kind: str, games: int, deadline: Deadline) -> Run:
    """One run: the server (`nac` or `bare`) in its process, `games` tables playing at once."""
    run = Run(kind, games)
    server = await OnlineServer.start(kind, str(games + 1))
    try:
        await asyncio.sleep(1.0)
        run.idle_kb = resident_kb(server.pid)
        keys = await server.open(games + 1)
        run.rooms_kb = resident_kb(server.pid)
        if kind == "nac":
            run.reference = await reference(server, keys[-1], deadline)
        load = Load(think=THINK, matches=MATCHES)
        load.tables = [Table(load, table_keys) for table_keys in keys[:games]]
        run.load = load
        clients = [client for table in load.tables for client in table.clients]
        listening = await connect_all(clients, server.url, deadline, run)
        try:
            await asyncio.sleep(1.0)
            run.connected_kb = resident_kb(server.pid)
            gc.collect()  # here, not while playing
            gc.freeze()
            idle_from = cpu_seconds(server.pid)
            await asyncio.sleep(deadline.left(IDLE_SECONDS))
            run.idle_cpu = (cpu_seconds(server.pid) - idle_from) / IDLE_SECONDS
            stop, peak = asyncio.Event(), [0]
            samplers = [
                asyncio.ensure_future(sample_lag(run.lag, stop)),
                asyncio.ensure_future(sample_memory(server.pid, peak, stop)),
            ]
            await server.collections()
            cpu_from, mine_from = cpu_seconds(server.pid), time.process_time()
            started = time.perf_counter()
            finished = await play(load, deadline.left(120.0))
            run.play_seconds = time.perf_counter() - started
            run.play_cpu = cpu_seconds(server.pid) - cpu_from
            run.loader_cpu = time.process_time() - mine_from
            run.collections = await server.collections()
            stop.set()
            await asyncio.gather(*samplers)
            run.playing_kb = peak[0]
            if not finished:
                deadline.hit.append(f"{kind}: {load.tables_done} of {games} tables finished")
        finally:
            gc.unfreeze()
            await close_all(clients, listening)
    finally:
        await server.stop()
    return run


# -- the report --------------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def spread(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"median {ms(median(values))}, p99 {ms(percentile(values, 0.99))}, "
        f"max {ms(max(values))} (n={len(values):,})"
    )


def per_game_kb(run: Run) -> float:
    return (run.playing_kb - run.idle_kb) / max(1, run.games)


def cpu_per_move(run: Run) -> float:
    return run.play_cpu / max(1, run.moves)


def report(run: Run) -> None:
    load = run.load
    assert load is not None
    mover = load.waits["mover"]
    print(
        f"connected {run.connected:,} of {3 * run.games:,} in {run.connect_seconds:.1f} s"
        + (f"; failed: {dict(run.failures)}" if run.failures else "")
    )
    print(f"played {run.moves:,} moves in {run.play_seconds:.1f} s ({len(mover):,} measured)")
    if load.refusals:
        print(f"refused or closed: {dict(load.refusals)}")
    print(f"move round trip (the mover sees its move): {spread(mover)}")
    print(f"the opponent sees it:                      {spread(load.waits['opponent'])}")
    print(f"a watcher sees it:                         {spread(load.waits['watcher'])}")
    if load.state_bytes:
        print(f"a state message: {median([float(n) for n in load.state_bytes]):.0f} bytes (median)")
    print(
        f"server memory (resident): idle {run.idle_kb / 1024:.1f} MB; rooms opened "
        f"+{(run.rooms_kb - run.idle_kb) / 1024:.1f} MB; connected "
        f"+{(run.connected_kb - run.rooms_kb) / 1024:.1f} MB "
        f"({(run.connected_kb - run.rooms_kb) / max(1, run.connected):.1f} KB a connection); "
        f"playing (peak) {run.playing_kb / 1024:.1f} MB: {per_game_kb(run):.1f} KB a game"
    )
    busy = run.play_cpu / max(run.play_seconds, 1e-9)
    print(
        f"server CPU: connected and idle (heartbeats) {run.idle_cpu:.1%} of a core; playing "
        f"{busy:.1%} of a core, {cpu_per_move(run) * 1e6:.0f} µs a move "
        f"({run.moves / max(run.play_seconds, 1e-9):,.0f} moves/s)"
    )
    if run.collections:
        print(
            "server garbage collections while playing (count, longest pause): "
            + "; ".join(
                f"generation {n}: {count:,}, {ms(longest)}"
                for n, (count, longest, _total) in enumerate(run.collections)
            )
        )
    if run.lag:
        print(
            f"the load (this process): {run.loader_cpu / max(run.play_seconds, 1e-9):.0%} of a "
            f"core; its event loop late by median {ms(median(run.lag))}, "
            f"p99 {ms(percentile(run.lag, 0.99))}, max {ms(max(run.lag))}"
        )


def main() -> None:
    ensure_bytecode()
    header("Online play under load: 1,000 games at once on one game server, over loopback")
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    kinds = ("nac", "bare") if len(sys.argv) < 3 else (sys.argv[2],)
    files = raise_file_limit()
    games = min(wanted, (files - 200) // 3)
    limits = bench_limits(games + 1)
    print(
        f"load: {games:,} games ({2 * games:,} players, {games:,} watchers), {MATCHES} games "
        f"each (rematches between), a player thinking {THINK[0]:g}-{THINK[1]:g} s a move; "
        f"the load from this one process, the server in its own"
    )
    print(
        f"limits raised for the load, all of it from 127.0.0.1: {limits.per_address:,} "
        f"connections an address (default 64), {limits.connections:,} in all, "
        f"{limits.rooms:,} rooms; open files: {files:,}"
        + (f" (too few for {wanted:,} games)" if games < wanted else "")
    )
    deadline = Deadline(DEADLINE_SECONDS)
    assert _is_a_draw(DRAW)
    runs: dict[str, Run] = {}

    async def both() -> None:
        for kind in kinds:
            if deadline.left(DEADLINE_SECONDS) < 30:
                deadline.hit.append(f"no time left for the {kind} run")
                break
            runs[kind] = await measure(kind, games, deadline)

    asyncio.run(both())
    nac, bare = runs.get("nac"), runs.get("bare")
    if nac is not None and nac.load is not None:
        print("\n### nac's game server (Referee + GameServer)")
        report(nac)
        ref = nac.reference
        if ref is not None:
            alone = ref.waits["mover"]
            print(
                "reference, one game alone on the idle server (a move every "
                f"{REFERENCE_THINK[0] * 1e3:.0f} ms): {spread(alone)}"
            )
            if ref.refusals:
                print(f"  (refused or closed: {dict(ref.refusals)})")
            under = nac.load.waits["mover"]
            if alone and under:
                print(
                    f"ratio under load: median {median(under) / median(alone):.1f}×, "
                    f"p99 {percentile(under, 0.99) / percentile(alone, 0.99):.1f}×"
                )
    if bare is not None and bare.load is not None:
        print("\n### reference: a bare websockets relay (same settings and load, no referee)")
        report(bare)
        if nac is not None and nac.load is not None:
            print(_ratios(nac, bare))
    if deadline.hit:
        print(f"\nPARTIAL: {'; '.join(deadline.hit)}")
    if nac is not None and nac.load is not None and nac.load.waits["mover"]:
        _summary(nac, games)


def _ratios(nac: Run, bare: Run) -> str:
    assert nac.load is not None and bare.load is not None
    ours, theirs = nac.load.waits["mover"], bare.load.waits["mover"]
    parts = []
    if ours and theirs:
        parts.append(
            f"round trip median {median(ours) / median(theirs):.2f}×, "
            f"p99 {percentile(ours, 0.99) / percentile(theirs, 0.99):.2f}×"
        )
    parts.append(f"CPU a move {cpu_per_move(nac) / max(cpu_per_move(bare), 1e-9):.2f}×")
    parts.append(f"memory a game {per_game_kb(nac) / max(per_game_kb(bare), 1e-9):.2f}×")
    return "nac / bare relay: " + ", ".join(parts)


def _summary(run: Run, games: int) -> None:
    assert run.load is not None
    mover = run.load.waits["mover"]
    p99 = percentile(mover, 0.99)
    print(
        f"\n{games:,} games ({2 * games:,} players, {games:,} watchers): move round trip median "
        f"{ms(median(mover))}, p99 {ms(p99)} (target {ms(TARGET_P99)}); server "
        f"{per_game_kb(run):.0f} KB per game (target {TARGET_PER_GAME // 1024}), "
        f"{cpu_per_move(run) * 1e6:.0f} µs CPU per move"
    )


def _is_a_draw(moves: tuple[int, ...]) -> bool:
    for first in (True, False):
        game = Game(mode=Mode.TWO_PLAYER)
        if not first:
            game.new_game(first=game.turn.other)
        for cell in moves:
            game.play_cell(cell)
        outcome = game.outcome
        if outcome is None or outcome.winner is not None:
            return False
    return True


if __name__ == "__main__":
    main()
