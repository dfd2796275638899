"""Benchmark of the online servers among strangers, over loopback, each server in a process of
its own (`strangers_server`):

1. Short connections: `nac serve`'s relay (its aiohttp application without the pages) takes
   10,000 of them, `HANDSHAKES_AT_ONCE` at a time from 249 source addresses (127.0.0.2 to
   127.0.0.250: the default limits per address hold), each a lobby hello, its two replies and a
   close. It prints the server's resident memory before and after (once idle for a second),
   the growth per connection and the connections a second. Reference, in the same run: a bare
   aiohttp WebSocket endpoint with the same settings, which echoes (twice, as the relay
   answers twice) and lacks nac's `let_go`.
2. A game under a flood: on `nac host`'s game server and on the relay, two players play a room's
   games move after move (a move every `THINK` seconds), each move's round trip measured (the
   mover sending it to the mover receiving the state that holds it), while hostile watchers,
   each from its own source address and all in a process of their own, send requests that
   change nothing as fast as they can, reconnecting whenever the server closes them. The same
   game alone is the reference.
3. A listed game beside the lobby: on the relay, the same two players play a game its lobby
   lists (so every move changes the lobby) while LOBBY_CONNECTIONS lobby connections are open,
   from as many addresses in LOBBY_NETWORKS networks (127.0.N.M), all in a process of their own
   that reads every lobby message; the same listed game with none open is the reference.

Bounded: every phase has a deadline (a condition's games at most `CONDITION_SECONDS`: a flood
that stalls the game ends its condition early), the whole run at most `DEADLINE_SECONDS`; if
one is hit the figures so far are printed and said to be partial. Prints figures; asserts
nothing. Run with `make bench`. (`python -m tests.benchmarks.bench_strangers flood PORT KEY
COUNT NOISE` is the flood's process, and `... lobby PORT COUNT` the lobby's, which the
benchmark starts itself.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nac import __version__
from nac.net.client import LONGEST_SERVER_MESSAGE
from nac.net.protocol import PROTOCOL, write

from .bench_online import (
    DRAW,
    REFERENCE_THINK,
    Deadline,
    cpu_seconds,
    ms,
    resident_kb,
    sample_lag,
    spread,
)
from .common import ensure_bytecode, header, median, percentile

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_SECONDS = 420.0
HANDSHAKES_AT_ONCE = 50
OPEN_SECONDS = 10.0
"""How long one connection of the load may take, from its connect to its close."""

CONNECTIONS = 10_000
CHECKPOINTS = (1_000, 2_500, 5_000, CONNECTIONS)
"""Connections made when the server's memory is read on the way."""
LOAD_SOURCES = range(2, 251)
"""The short connections come from 127.0.0.2 to 127.0.0.250, in turn."""
IDLE_SECONDS = 1.0
TARGET_GROWTH_MB = 30.0

GAMES = 24
"""Games of the measured pair in each condition (the first, a warm-up, is not counted)."""
THINK = REFERENCE_THINK[0]
"""Seconds before each move or rematch: quick, but within the server's limit of messages."""
CONDITION_SECONDS = 40.0
"""The longest one condition's games may take (a flood that stalls the game hits it)."""
MOVE_SECONDS = 10.0
"""A move not seen within this ends the condition (counted as lost)."""
TARGET_P99 = 0.050
FLOOD_SOURCES = 10
"""The hostile watchers come from 127.0.0.10, 127.0.0.11, ... (the players from 127.0.0.1)."""
FLOOD_WARMUP = 1.0
"""Seconds the flood runs before the game starts."""
NOISES = {
    "refused": (write("rematch"), write("resign")),
    "leave": (write("rematch"), write("leave")),
    "pings": (),
}
"""What a hostile watcher sends in turn: requests a watcher may not make (each refused), a
rematch and a leave (a watcher's leave ends its connection at once, without a word), or
(none) pings, which the library answers and the referee never sees: the server cuts the
connection past its frame budget, and after three cuts refuses the address for a minute."""
CONDITIONS = (
    ("alone (the reference)", 0, "refused"),
    ("1 watcher flooding refused rematch/resign", 1, "refused"),
    ("5 watchers flooding refused rematch/resign", 5, "refused"),
    ("5 watchers flooding rematch/leave", 5, "leave"),
    ("5 watchers flooding pings", 5, "pings"),
)
"""Each condition: its name, how many hostile watchers, what they send."""
LOBBY_CONNECTIONS = 2000
LOBBY_NETWORKS = 40
"""The lobby's connections come from 127.0.10.2 on, LOBBY_CONNECTIONS / LOBBY_NETWORKS
addresses in each /24 (one connection an address: every limit per address and per network
holds)."""
LOBBY_CONDITIONS = (
    ("a listed game alone (the reference)", 0, "lobby"),
    (f"{LOBBY_CONNECTIONS:,} lobby connections open", LOBBY_CONNECTIONS, "lobby"),
)
"""A listed game, alone and beside the lobby's connections (`noise` "lobby")."""


def hello(want: str, key: str = "", name: str = "Eve") -> str:
    return write(
        "hello",
        protocol=PROTOCOL,
        version=__version__,
        name=name,
        want=want,
        key=key,
        rules="normal 3",
    )


def resident_peak_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


async def open_connection(url: str, source: str = "127.0.0.1") -> ClientConnection:
    """A raw WebSocket from `source` (a loopback address), no proxy, no compression."""
    from websockets.asyncio.client import connect

    return await connect(
        url,
        proxy=None,
        compression=None,
        local_addr=(source, 0),
        max_size=LONGEST_SERVER_MESSAGE,
        open_timeout=OPEN_SECONDS,
        close_timeout=2,
        ping_interval=None,
    )


# -- a process of the benchmark's ------------------------------------------------------------


@dataclass
class Child:
    """A server (or the flood) in a process of its own, spoken to through its stdin and
    stdout; it ends when its stdin closes."""

    process: asyncio.subprocess.Process

    @classmethod
    async def start(cls, *arguments: str) -> Child:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            *arguments,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
            start_new_session=True,
        )
        return cls(process)

    @property
    def pid(self) -> int:
        return self.process.pid

    async def line(self, seconds: float = 30.0) -> list[str]:
        assert self.process.stdout is not None
        text = await asyncio.wait_for(self.process.stdout.readline(), seconds)
        if not text:
            raise RuntimeError("the process ended")
        return text.decode().split()

    async def ask(self, command: str, seconds: float = 30.0) -> list[str]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n".encode())
        return await self.line(seconds)

    async def stop(self) -> list[str]:
        """Its stdin closed; what it said last (the flood's figures), or killed."""
        said: list[str] = []
        if self.process.returncode is not None:
            return said
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            async with asyncio.timeout(15.0):
                said = (await self.process.stdout.read()).decode().split()
                await self.process.wait()
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            await self.process.wait()
        return said


async def start_server(kind: str) -> tuple[Child, int]:
    server = await Child.start("tests.benchmarks.strangers_server", kind)
    words = await server.line()
    if words[:1] != ["port"]:
        raise RuntimeError(f"the {kind} server did not start: {words}")
    return server, int(words[1])


def play_url(port: int) -> str:
    return f"ws://127.0.0.1:{port}/play"


# -- 1. short connections ---------------------------------------------------------------------


@dataclass
class Churn:
    """What the short connections to one server measured."""

    kind: str
    made: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    replies: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    before_kb: int = 0
    on_the_way: list[tuple[int, int]] = field(default_factory=list)
    """Connections made so far, and the server's resident memory then (KB)."""
    idle_kb: int = 0
    peak_kb: int = 0
    objects_before: int = 0
    objects_after: int = 0
    open_after: int = 0
    collected: int = 0
    collected_kb: int = 0

    @property
    def growth_kb(self) -> int:
        return self.idle_kb - self.before_kb

    @property
    def rate(self) -> float:
        """Connections a second."""
        return self.made / max(self.seconds, 1e-9)


async def short_connection(url: str, source: str, churn: Churn) -> None:
    """A connection: a lobby hello, its two replies, a close."""
    try:
        async with asyncio.timeout(OPEN_SECONDS):
            connection = await open_connection(url, source)
            try:
                await connection.send(hello("lobby"))
                kinds = [json.loads(await connection.recv()).get("type") for _ in range(2)]
            finally:
                await connection.close()
        churn.replies[" + ".join(str(kind) for kind in kinds)] += 1
        churn.made += 1
    except Exception as failure:
        churn.failures[type(failure).__name__] += 1


async def churn_through(kind: str, deadline: Deadline) -> Churn:
    """CONNECTIONS short connections to a new server of `kind` (`relay` or `bare`)."""
    churn = Churn(kind)
    server, port = await start_server(kind)
    url = play_url(port)
    try:
        await asyncio.sleep(IDLE_SECONDS)
        churn.before_kb = resident_kb(server.pid)
        churn.objects_before = int((await server.ask("count"))[1])
        gate = asyncio.Semaphore(HANDSHAKES_AT_ONCE)

        async def one(number: int) -> None:
            async with gate:
                source = f"127.0.0.{LOAD_SOURCES[number % len(LOAD_SOURCES)]}"
                await short_connection(url, source, churn)

        started, done = time.perf_counter(), 0
        for checkpoint in CHECKPOINTS:
            tasks = [asyncio.ensure_future(one(n)) for n in range(done, checkpoint)]
            _finished, late = await asyncio.wait(tasks, timeout=deadline.left(120.0))
            for task in late:
                task.cancel()
            done = checkpoint
            churn.on_the_way.append((done, resident_kb(server.pid)))
            if late:
                await asyncio.wait(late)
                deadline.hit.append(f"{kind}: {churn.made:,} of {CONNECTIONS:,} connections made")
                break
        churn.seconds = time.perf_counter() - started
        await asyncio.sleep(IDLE_SECONDS)
        churn.idle_kb = resident_kb(server.pid)
        churn.peak_kb = resident_peak_kb(server.pid)
        counted = await server.ask("count")
        churn.objects_after, churn.open_after = int(counted[1]), int(counted[2])
        churn.collected = int((await server.ask("collect", 60.0))[1])
        churn.collected_kb = resident_kb(server.pid)
    finally:
        await server.stop()
    return churn


def mb(kb: float) -> str:
    return f"{kb / 1024:.1f} MB"


def report_churn(churn: Churn, title: str) -> None:
    print(f"\n### {title}")
    tried = sum(churn.failures.values()) + churn.made
    print(
        f"{churn.made:,} of {tried:,} connections made in {churn.seconds:.1f} s "
        f"({churn.rate:,.0f} a second)"
        + (f"; failed: {dict(churn.failures)}" if churn.failures else "")
    )
    print(f"replies: {dict(churn.replies)}")
    way = ", ".join(f"{made:,}: {mb(kb)}" for made, kb in churn.on_the_way)
    print(f"server memory (resident) before: {mb(churn.before_kb)}; on the way: {way}")
    print(
        f"after, idle {IDLE_SECONDS:g} s: {mb(churn.idle_kb)}, growth {mb(churn.growth_kb)}: "
        f"{churn.growth_kb / max(1, churn.made):.2f} KB a connection (peak {mb(churn.peak_kb)})"
    )
    if len(churn.on_the_way) >= 2:
        (first, first_kb), (last, last_kb) = churn.on_the_way[0], churn.on_the_way[-1]
        if last > first:
            print(
                f"growth from {first:,} to {last:,} connections: "
                f"{(last_kb - first_kb) / (last - first):.2f} KB a connection"
            )
    print(
        f"objects the collector tracks: {churn.objects_before:,} before, "
        f"{churn.objects_after:,} after ({churn.open_after} connections still open); a full "
        f"collection then found {churn.collected:,} unreachable, resident memory after it "
        f"{mb(churn.collected_kb)}"
    )


# -- 2. a game under a flood -------------------------------------------------------------------


class Player:
    """A player of the measured game: a raw connection and when it first saw each state."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.seen: dict[tuple[int, int], float] = {}
        """(game, moves): when a state with them first arrived."""
        self.latest: dict[str, Any] = {}
        self.heard = asyncio.Event()
        self.odd: Counter[str] = Counter()
        """Anything but a welcome or a state (a refusal, an error, the connection closed)."""
        self.listening = asyncio.ensure_future(self.listen())

    @classmethod
    async def seat(cls, url: str, key: str, name: str) -> Player:
        connection = await open_connection(url)
        await connection.send(hello("join", key, name))
        welcome = json.loads(await asyncio.wait_for(connection.recv(), MOVE_SECONDS))
        state = json.loads(await asyncio.wait_for(connection.recv(), MOVE_SECONDS))
        if welcome.get("type") != "welcome" or state.get("type") != "state":
            await connection.close()
            raise RuntimeError(f"{name} was not seated: {welcome}, {state}")
        player = cls(connection)
        player.latest = state
        return player

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for frame in self.connection:
                arrived = time.perf_counter()
                message = json.loads(frame)
                kind = message.get("type")
                if kind == "state":
                    self.seen.setdefault((message["game"], len(message["moves"])), arrived)
                    self.latest = message
                else:
                    self.odd[f"{kind}: {message.get('reason')}"] += 1
                self.heard.set()
        except ConnectionClosed:
            pass
        self.odd[f"closed: {self.connection.close_code} {self.connection.close_reason}"] += 1
        self.heard.set()

    async def until(self, game: int, moves: int) -> float:
        """When this player first saw the state of `game` with `moves` moves (waited for)."""
        async with asyncio.timeout(MOVE_SECONDS):
            while (game, moves) not in self.seen:
                if self.listening.done():
                    raise ConnectionError("the connection ended")
                self.heard.clear()
                await self.heard.wait()
        return self.seen[(game, moves)]

    async def send(self, text: str) -> None:
        await self.connection.send(text)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.connection.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening, 5.0)


@dataclass
class Condition:
    """What one condition (a server, a flood or none) measured."""

    name: str
    trips: list[float] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0
    server_cpu: float = 0.0
    odd: Counter[str] = field(default_factory=Counter)
    flood: dict[str, Any] = field(default_factory=dict)
    lost: str = ""
    """Why the condition ended early, if it did."""
    lag: list[float] = field(default_factory=list)
    """How late this process's event loop woke (the measuring side's own delays)."""
    objects_before: int = 0
    objects_after: int = 0
    """The objects the server's garbage collector tracks, before the game and after it."""
    open_after: int = 0
    """The connections open at the server after the game (the flood's among them)."""


async def play_games(players: dict[str, Player], condition: Condition) -> None:
    """GAMES games of the draw DRAW, with rematches between, each move's round trip measured
    (not the first game's)."""
    for number in range(GAMES):
        state = players["O"].latest
        game, first = int(state["game"]), str(state["first"])
        second = "O" if first == "X" else "X"
        for moves, cell in enumerate(DRAW):
            mover = players[first if moves % 2 == 0 else second]
            waiter = players[second if moves % 2 == 0 else first]
            await asyncio.sleep(THINK)
            sent = time.perf_counter()
            await mover.send(write("move", cell=cell))
            arrived = await mover.until(game, moves + 1)
            await waiter.until(game, moves + 1)
            condition.moves += 1
            if number > 0:
                condition.trips.append(arrived - sent)
        for player in players.values():
            await asyncio.sleep(THINK)
            await player.send(write("rematch"))
        for player in players.values():
            await player.until(game + 1, 0)


async def measure_condition(
    server: Child, kind: str, port: int, name: str, flooders: int, noise: str, deadline: Deadline
) -> Condition:
    """One room, its game played alone or under a flood of `flooders` hostile watchers."""
    condition = Condition(name)
    url = play_url(port)
    keys = (await server.ask("open listed" if noise == "lobby" else "open"))[1:]
    flood: Child | None = None
    if flooders and noise == "lobby":
        flood = await Child.start(
            "tests.benchmarks.bench_strangers", "lobby", str(port), str(flooders)
        )
        await flood.line(60.0)
        await asyncio.sleep(FLOOD_WARMUP)
    elif flooders:
        flood = await Child.start(
            "tests.benchmarks.bench_strangers", "flood", str(port), keys[2], str(flooders), noise
        )
        await flood.line()
        await asyncio.sleep(FLOOD_WARMUP)
    players: dict[str, Player] = {}
    said = f"{kind}, {name}"
    try:
        if not await seat_players(url, keys, players, condition, deadline, said):
            return condition
        await play_measured(server, players, condition, deadline, said)
    finally:
        await close_players(players, condition)
        if flood is not None:
            said_last = await flood.stop()
            with contextlib.suppress(ValueError, IndexError):
                condition.flood = json.loads(" ".join(said_last))
    return condition


async def seat_players(
    url: str,
    keys: list[str],
    players: dict[str, Player],
    condition: Condition,
    deadline: Deadline,
    said: str,
) -> bool:
    """The room's two players seated (X with the first key, O the second) in `players`; if
    not, why said in `condition` and on the deadline (`said` first)."""
    try:
        players["X"] = await Player.seat(url, keys[0], "Sam")
        players["O"] = await Player.seat(url, keys[1], "Ana")
    except Exception as failure:
        condition.lost = f"the players were not seated: {type(failure).__name__} {failure}"
        deadline.hit.append(f"{said}: {condition.lost}")
        return False
    return True


async def play_measured(
    server: Child, players: dict[str, Player], condition: Condition, deadline: Deadline, said: str
) -> None:
    """The seated players' games, timed and capped, with the server's CPU and objects and this
    process's lag; a game cut short said in `condition` and on the deadline (`said` first)."""
    condition.objects_before = int((await server.ask("count"))[1])
    cpu_from, started = cpu_seconds(server.pid), time.perf_counter()
    stop = asyncio.Event()
    sampling = asyncio.ensure_future(sample_lag(condition.lag, stop))
    cap = asyncio.timeout(deadline.left(CONDITION_SECONDS))
    try:
        async with cap:
            await play_games(players, condition)
    except (TimeoutError, ConnectionError) as lost:
        if cap.expired():
            condition.lost = f"the time cap hit after {condition.moves} moves"
        else:
            condition.lost = f"after {condition.moves} moves: {type(lost).__name__} {lost}"
        deadline.hit.append(f"{said}: {condition.lost}")
    condition.seconds = time.perf_counter() - started
    condition.server_cpu = cpu_seconds(server.pid) - cpu_from
    counted = await server.ask("count")
    condition.objects_after, condition.open_after = int(counted[1]), int(counted[2])
    stop.set()
    await sampling


async def close_players(players: dict[str, Player], condition: Condition) -> None:
    """Each player's connection closed; what was odd about it (not a normal close) counted."""
    for player in players.values():
        await player.close()
        for reason, count in player.odd.items():
            if not reason.startswith("closed: 1000"):
                condition.odd[reason] += count


async def game_under_flood(
    kind: str, deadline: Deadline, plan: tuple[tuple[str, int, str], ...] = CONDITIONS
) -> list[Condition]:
    server, port = await start_server(kind)
    conditions: list[Condition] = []
    try:
        for name, flooders, noise in plan:
            if deadline.left(DEADLINE_SECONDS) < 20.0:
                deadline.hit.append(f"{kind}: no time left for {name}")
                break
            conditions.append(
                await measure_condition(server, kind, port, name, flooders, noise, deadline)
            )
    finally:
        await server.stop()
    return conditions


def report_conditions(conditions: list[Condition], title: str) -> None:
    print(f"\n### {title}")
    for condition in conditions:
        print(f"{condition.name}: move round trip {spread(condition.trips)}")
        busy = condition.server_cpu / max(condition.seconds, 1e-9)
        print(
            f"  {condition.moves} moves in {condition.seconds:.1f} s; server CPU {busy:.0%} of "
            "a core" + (f"; ENDED EARLY {condition.lost}" if condition.lost else "")
        )
        print(
            f"  objects the server's collector tracks: {condition.objects_before:,} before the "
            f"game, {condition.objects_after:,} after it ({condition.open_after} connections "
            "open)"
        )
        if condition.odd:
            print(f"  the players heard: {dict(condition.odd)}")
        if condition.lag:
            print(
                f"  this process's event loop late by p99 {ms(percentile(condition.lag, 0.99))}, "
                f"max {ms(max(condition.lag))} (the measuring side)"
            )
        flood = condition.flood
        if flood:
            seconds = max(float(flood.get("seconds", 0.0)), 1e-9)
            if "lobby_messages" in flood:
                print(
                    f"  the lobby: {flood['connections']:,} connections open, "
                    f"{flood['lobby_messages']:,} lobby messages read "
                    f"({flood['lobby_messages'] / seconds:,.0f} a second, "
                    f"{flood['lobby_bytes'] / seconds / 1024:,.0f} KB a second)"
                    + (f"; failed to connect: {flood['failures']}" if flood["failures"] else "")
                    + (f"; closed by the server: {flood['closes']}" if flood["closes"] else "")
                )
                continue
            print(
                f"  the flood: {flood['connections']:,} connections "
                f"({flood['connections'] / seconds:,.0f} a second), {flood['sent']:,} messages "
                f"sent ({flood['sent'] / seconds:,.0f} a second), {flood['refused']:,} refused; "
                f"closed by the server: {flood['closes']}"
                + (f"; failed to connect: {flood['failures']}" if flood["failures"] else "")
            )
    alone = conditions[0].trips if conditions else []
    for condition in conditions[1:]:
        if alone and condition.trips:
            print(
                f"{condition.name} / alone: median "
                f"{median(condition.trips) / median(alone):.1f}×, p99 "
                f"{percentile(condition.trips, 0.99) / percentile(alone, 0.99):.1f}×"
            )


# -- the flood's own process -------------------------------------------------------------------


@dataclass
class Flood:
    """The hostile watchers' figures, for the benchmark (one JSON line when stopped)."""

    connections: int = 0
    sent: int = 0
    refused: int = 0
    closes: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)


async def hostile_watcher(
    url: str, key: str, source: str, noise: tuple[str, ...], flood: Flood, stop: asyncio.Event
) -> None:
    """Watch, then send `noise` as fast as this process can until the server says it closes
    the connection; then again at once, on a new connection, while the old one closes in the
    background as its library closes it (it answers the server's close, as any client does)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.protocol import State

    closing: set[asyncio.Task[None]] = set()
    while not stop.is_set():
        try:
            connection = await open_connection(url, source)
        except Exception as failure:
            flood.failures[type(failure).__name__] += 1
            await asyncio.sleep(0.01)
            continue
        flood.connections += 1
        told = asyncio.Event()
        listening = asyncio.ensure_future(hear_server(connection, flood, told))
        with contextlib.suppress(ConnectionClosed):
            await connection.send(hello("watch", key))
            sent = 0
            while not told.is_set() and not stop.is_set() and connection.state is State.OPEN:
                if noise:
                    await connection.send(noise[sent % 2])
                else:
                    await connection.ping()
                sent += 1
                flood.sent += 1
                await asyncio.sleep(0)
        ending = asyncio.ensure_future(let_close(connection, listening))
        closing.add(ending)
        ending.add_done_callback(closing.discard)
    if closing:
        await asyncio.wait(closing, timeout=5.0)


async def hear_server(connection: ClientConnection, flood: Flood, told: asyncio.Event) -> None:
    """What the server says to a hostile watcher, until it closes the connection: its
    refusals counted, and the reason it gives for closing (`told` set then)."""
    from websockets.exceptions import ConnectionClosed

    said = ""
    try:
        async for frame in connection:
            message = json.loads(frame)
            if message.get("type") == "refused":
                flood.refused += 1
            elif message.get("type") == "error":
                said = str(message.get("reason"))
                told.set()
    except ConnectionClosed:
        pass
    flood.closes[said or f"closed {connection.close_code} without a word"] += 1
    told.set()


async def let_close(connection: ClientConnection, listening: asyncio.Task[None]) -> None:
    with contextlib.suppress(Exception):
        await connection.close()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(listening, 5.0)


async def flood_until_stdin_closes(
    work: list[Coroutine[Any, Any, None]], stop: asyncio.Event, most: float
) -> tuple[list[asyncio.Task[None]], float]:
    """A flood's process: its work started, "flooding" said, until its stdin closes (or `most`
    seconds); then `stop` set and the work given 10 s to end, cancelled after. The work's tasks
    and the seconds it flooded."""
    tasks = [asyncio.ensure_future(one) for one in work]
    print("flooding", flush=True)
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(most):
            while await commands.readline():
                pass
    stop.set()
    seconds = time.perf_counter() - started
    _done, late = await asyncio.wait(tasks, timeout=10.0)
    for task in late:
        task.cancel()
    return tasks, seconds


async def flood_until_told(port: int, key: str, count: int, noise: str) -> None:
    flood, stop = Flood(), asyncio.Event()
    url = play_url(port)
    watchers = [
        asyncio.ensure_future(
            hostile_watcher(url, key, f"127.0.0.{FLOOD_SOURCES + n}", NOISES[noise], flood, stop)
        )
        for n in range(count)
    ]
    print("flooding", flush=True)
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    while await commands.readline():
        pass
    stop.set()
    seconds = time.perf_counter() - started
    await asyncio.wait(watchers, timeout=10.0)
    figures = {
        "connections": flood.connections,
        "sent": flood.sent,
        "refused": flood.refused,
        "closes": dict(flood.closes),
        "failures": dict(flood.failures),
        "seconds": seconds,
    }
    print(json.dumps(figures), flush=True)


# -- the lobby's own process -------------------------------------------------------------------


async def lobby_until_told(port: int, count: int) -> None:
    """`count` lobby connections, each from an address of its own, reading every lobby
    message until stdin closes; then its figures, one JSON line."""
    from websockets.exceptions import ConnectionClosed

    url = play_url(port)
    figures: dict[str, Any] = {
        "connections": 0,
        "lobby_messages": 0,
        "lobby_bytes": 0,
        "failures": Counter(),
        "closes": Counter(),
    }
    per_network = max(1, count // LOBBY_NETWORKS)
    gate = asyncio.Semaphore(HANDSHAKES_AT_ONCE)
    stop = asyncio.Event()

    async def one(number: int) -> None:
        source = f"127.0.{10 + number // per_network}.{2 + number % per_network}"
        try:
            async with gate:
                connection = await open_connection(url, source)
                await connection.send(hello("lobby"))
        except Exception as failure:
            figures["failures"][type(failure).__name__] += 1
            return
        figures["connections"] += 1
        try:
            async for frame in connection:
                if stop.is_set():
                    break
                figures["lobby_messages"] += 1
                figures["lobby_bytes"] += len(frame)
        except ConnectionClosed:
            pass
        if not stop.is_set():
            figures["closes"][f"{connection.close_code} {connection.close_reason}"] += 1
        with contextlib.suppress(Exception):
            await asyncio.wait_for(connection.close(), 5.0)

    tasks = [asyncio.ensure_future(one(number)) for number in range(count)]
    async with asyncio.timeout(120.0):
        while figures["connections"] + sum(figures["failures"].values()) < count:
            await asyncio.sleep(0.05)
    print("open", flush=True)
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    while await commands.readline():
        pass
    figures["seconds"] = time.perf_counter() - started
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.wait(tasks, timeout=10.0)
    print(json.dumps(figures), flush=True)


# -- the report --------------------------------------------------------------------------------


def main() -> None:
    if sys.argv[1:2] == ["flood"]:
        port, key, count, noise = sys.argv[2:6]
        asyncio.run(flood_until_told(int(port), key, int(count), noise))
        return
    if sys.argv[1:2] == ["lobby"]:
        port, count = sys.argv[2:4]
        asyncio.run(lobby_until_told(int(port), int(count)))
        return
    ensure_bytecode()
    header("Online servers among strangers: short connections, and a game under a flood")
    print(
        f"load: {CONNECTIONS:,} short connections (a lobby hello, two replies, a close), "
        f"{HANDSHAKES_AT_ONCE} at a time from 127.0.0.{LOAD_SOURCES[0]}-{LOAD_SOURCES[-1]}; "
        f"then {GAMES} games of two players (a move every {THINK * 1e3:.0f} ms, the first game "
        "not counted), alone and under floods of hostile watchers from their own addresses "
        "(the flood in a process of its own); every server with its default limits"
    )
    deadline = Deadline(DEADLINE_SECONDS)
    churns: dict[str, Churn] = {}
    games: dict[str, list[Condition]] = {}

    async def everything() -> None:
        for kind in ("relay", "bare"):
            if deadline.left(DEADLINE_SECONDS) < 30.0:
                deadline.hit.append(f"no time left for the short connections to {kind}")
                break
            churns[kind] = await churn_through(kind, deadline)
        for kind in ("host", "relay"):
            if deadline.left(DEADLINE_SECONDS) < 30.0:
                deadline.hit.append(f"no time left for the game on {kind}")
                break
            games[kind] = await game_under_flood(kind, deadline)
        if deadline.left(DEADLINE_SECONDS) < 30.0:
            deadline.hit.append("no time left for the listed game beside the lobby")
        else:
            games["lobby"] = await game_under_flood("relay", deadline, LOBBY_CONDITIONS)

    asyncio.run(everything())
    relay, bare = churns.get("relay"), churns.get("bare")
    if relay is not None:
        report_churn(relay, "Short connections: nac serve's relay (Relay + Referee, nac's door)")
    if bare is not None:
        report_churn(bare, "Reference: a bare aiohttp WebSocket endpoint (echo, no let_go)")
    if relay is not None and bare is not None:
        print(
            f"relay / bare endpoint: growth {relay.growth_kb / max(bare.growth_kb, 1):.2f}×, "
            f"connections a second {relay.rate / max(bare.rate, 1e-9):.2f}×"
        )
    titles = {
        "host": "A game under a flood: nac host's game server (Referee + GameServer)",
        "relay": "A game under a flood: nac serve's relay",
        "lobby": f"A listed game beside {LOBBY_CONNECTIONS:,} lobby connections: nac serve's relay",
    }
    for kind, conditions in games.items():
        report_conditions(conditions, titles[kind])
    if deadline.hit:
        print(f"\nPARTIAL: {'; '.join(deadline.hit)}")
    _summary(relay, games)


def _summary(relay: Churn | None, games: dict[str, list[Condition]]) -> None:
    print()
    if relay is not None:
        print(
            f"relay after {relay.made:,} short connections: +{mb(relay.growth_kb)} "
            f"(target under {TARGET_GROWTH_MB:.0f} MB)"
        )
    for kind, conditions in games.items():
        worst = max(
            (c for c in conditions[1:] if c.trips),
            key=lambda c: percentile(c.trips, 0.99),
            default=None,
        )
        if worst is not None and conditions[0].trips:
            print(
                f"{kind}: move round trip p99 {ms(percentile(worst.trips, 0.99))} at worst "
                f"under a flood ({worst.name}), {ms(percentile(conditions[0].trips, 0.99))} "
                f"alone (target under {ms(TARGET_P99)})"
            )


if __name__ == "__main__":
    main()
