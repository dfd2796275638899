"""Benchmark of rated games (issue 38): 1,000 games at once on one `nac serve` relay with its
ledger on SQLite, each with a 3+2 clock between two players with keys of their own, so every
game is rated. 2,000 real WebSocket clients in this process speak nac's protocol 4 as nac's
client does: a hello with the player's Ed25519 key, the server's challenge signed, a move about
a second in every game (a player thinks 0.5 to 1.5 s; the tables start within 10 s of each
other, so games end about evenly in time). Each pair plays two games, a rematch
between; the second stops before its last move until every table is there, then all the last
moves go at once, so 1,000 games end together and their results are written together.

It measures a move's round trip (from the player sending it to that player receiving the state
that holds it; a game's last move is seen only once its result is committed), the round trip of
the last moves sent at once and the results written a second (games ended over the time from
the first last move sent to the last end seen), and the database's size a game (the SQLite file
after a checkpoint of its write-ahead log, over the games it holds; its growth while the games
were played, over those games). The server runs in a process of its own (`rated_server`).

The reference, in the same run: the same relay, keys, clocks and load without a ledger (no
game rated, none kept), the run just after (or interleaved rated, unrated, unrated, rated with
two rounds, so that the machine's drift weighs on both). Bounded: every phase has a deadline,
the whole run at most `DEADLINE_SECONDS`; what did not finish in time is said. The load
average is printed with each run: on a shared machine the p99 is the machine's as much as the
server's.

Prints figures; asserts nothing. Run with `make bench`; `python -m tests.benchmarks.bench_rated
N [ROUNDS]` runs N games at once, ROUNDS pairs of runs (default 1: rated, then unrated; 2:
rated, unrated, unrated, rated).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nac import __version__
from nac.net.client import HEARTBEAT_SECONDS, LONGEST_SERVER_MESSAGE
from nac.net.identity import NONCE_BYTES, Identity, decoded, dialled, encoded
from nac.net.protocol import PROTOCOL, write

from .bench_online import (
    Deadline,
    ServerProcess,
    close_all,
    connect_all,
    ms,
    sample_lag,
    spawn,
    spread,
)
from .common import ensure_bytecode, header, median, percentile
from .online_server import raise_file_limit

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from websockets.asyncio.client import ClientConnection

GAMES = 1000
THINK = (0.5, 1.5)
"""Seconds a player takes before each move or rematch: a move about a second in each game."""
DRAW = (4, 0, 8, 2, 1, 7, 6, 3, 5)
"""The moves of every game: a draw, whoever starts."""
MATCHES = 2
STAGGER_SECONDS = 10.0
"""Each table starts within this of the others (a game takes about 9 s), so games end about
evenly in time as in a server's steady play, not all in the same second (the last moves do)."""
TARGET_P99 = 0.050
TARGET_RATIO = 1.5
HANDSHAKES_AT_ONCE = 50
DEADLINE_SECONDS = 330.0
RUN_SECONDS = 150.0
"""The most one run may take (connecting, playing, the last moves); a run is not started with
less than this left of the deadline."""
KINDS = ("rated", "unrated")


def load_average() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"{one:.1f} (1 min), {five:.1f} (5 min)"


# -- the server's process ----------------------------------------------------------------------


class RatedServer(ServerProcess):
    """The relay with its ledger (`rated`) or without (`unrated`) of this benchmark."""

    MODULE = "tests.benchmarks.rated_server"
    STOP_SECONDS = 30.0

    async def ask(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{command}\n".encode())
        await self.process.stdin.drain()

    async def open(self, count: int) -> list[tuple[str, str]]:
        await self.ask(f"open {count}")
        keys = []
        while (words := (await self.line(60.0)).split()) != ["opened"]:
            keys.append((words[1], words[2]))
        return keys

    async def size(self) -> tuple[int, int, int, int]:
        """The ledger's file after a checkpoint: bytes, games, rated games, players."""
        await self.ask("size")
        words = (await self.line(60.0)).split()
        return int(words[1]), int(words[2]), int(words[3]), int(words[4])


# -- the load: players -------------------------------------------------------------------------


@dataclass
class Load:
    """Every table of one run and what was measured."""

    round_trips: list[float] = field(default_factory=list)
    last_round_trips: list[float] = field(default_factory=list)
    ends_seen: list[float] = field(default_factory=list)
    """When each game's end (its last move) was seen by the player who made it."""
    rated_ends: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    playing: bool = False
    holding: int = 0
    """Tables waiting at their second game's last move."""
    all_holding: asyncio.Event = field(default_factory=asyncio.Event)
    tables: list[Table] = field(default_factory=list)
    random: random.Random = field(default_factory=lambda: random.Random(38))

    def held(self) -> None:
        self.holding += 1
        if self.holding == len(self.tables):
            self.all_holding.set()


@dataclass
class Table:
    """One room as the load plays it: its two players and the move in flight."""

    load: Load
    clients: list[Client] = field(default_factory=list)
    in_flight: dict[tuple[int, int], float] = field(default_factory=dict)
    """A move sent (its game and the moves after it): when."""
    last_move: Client | None = None
    """The player holding the second game's last move, until the burst."""

    def saw(self, game: int, moves: int, ratings: object) -> None:
        """The mover saw a state with `moves` moves of `game`."""
        sent_at = self.in_flight.pop((game, moves), None)
        if sent_at is None:
            return
        now = time.perf_counter()
        if moves == len(DRAW):
            self.load.rated_ends += bool(ratings)
        if (game, moves) == (MATCHES, len(DRAW)):
            self.load.last_round_trips.append(now - sent_at)
            self.load.ends_seen.append(now)
        else:
            self.load.round_trips.append(now - sent_at)


async def proven(
    url: str, identity: Identity, *, answer_seconds: float | None = None, **hello: str
) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection to `url` as nac's client makes it (its heartbeat, its message size), its
    hello (`hello`'s fields, with the protocol, nac's version and `identity`'s key) proven by
    signing the server's challenge: the connection, and the server's answer to the proof (a
    welcome; where servers share a database, maybe a go), waited for at most
    `answer_seconds` (None: as long as it takes); or its answer to the hello, if that is no
    challenge (an error: a limit, a key it does not know)."""
    from websockets.asyncio.client import connect

    connection = await connect(
        url,
        max_size=LONGEST_SERVER_MESSAGE,
        ping_interval=HEARTBEAT_SECONDS,
        ping_timeout=HEARTBEAT_SECONDS,
        open_timeout=60,
        close_timeout=2,
        compression=None,
    )
    try:
        fields = {"protocol": PROTOCOL, "version": __version__, **hello}
        await connection.send(write("hello", **fields, public_key=identity.public_line))
        challenge = json.loads(await connection.recv())
        if challenge.get("type") != "challenge":
            return connection, challenge
        nonce = decoded(challenge.get("nonce"), NONCE_BYTES)
        if nonce is None:
            raise RuntimeError(f"a challenge without a nonce: {challenge}")
        signature = identity.sign(nonce, dialled(url))
        await connection.send(write("proof", signature=encoded(signature)))
        async with asyncio.timeout(answer_seconds):
            answer = json.loads(await connection.recv())
    except BaseException:
        connection.transport.abort()
        raise
    return connection, answer


class Client:
    """A player: a raw connection speaking nac's protocol 4 as nac's client does (its key, its
    heartbeat, its message size), acting on the states it hears after a think."""

    def __init__(
        self, table: Table, mark: str, seat_key: str, private: Ed25519PrivateKey, name: str
    ) -> None:
        self.table, self.mark, self.seat_key, self.name = table, mark, seat_key, name
        self.identity = Identity(private)
        self.connection: ClientConnection | None = None
        self.latest: dict[str, Any] | None = None
        self.done: set[tuple[str, int, int]] = set()
        self.pending = False

    async def connect(self, url: str, gate: asyncio.Semaphore) -> None:
        async with gate:
            connection, welcome = await proven(
                url, self.identity, name=self.name, want="join", key=self.seat_key
            )
            if welcome.get("type") != "welcome":
                await connection.close()
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
            heard = self.connection.protocol.close_rcvd
            said = (
                f"by the server: {heard.code} {heard.reason}"
                if heard
                else "without the server's close"
            )
            self.table.load.refusals[f"closed while playing, {said}"] += 1

    def hear(self, frame: str | bytes) -> None:
        message = json.loads(frame)
        kind = message.get("type")
        if kind in ("refused", "error"):
            self.table.load.refusals[f"{kind}: {message.get('reason')}"] += 1
            return
        if kind != "state":
            return
        self.table.saw(message["game"], len(message["moves"]), message.get("ratings"))
        self.latest = message
        self.consider()

    def consider(self) -> None:
        """After a think, act on the latest state, if it asks anything of this player."""
        load = self.table.load
        if not load.playing or self.pending or self.latest is None:
            return
        action = self.action(self.latest)
        if action is None:
            return
        if action == ("move", MATCHES, len(DRAW) - 1):
            self.done.add(action)
            self.table.last_move = self
            load.held()
            return
        self.pending = True
        think = load.random.uniform(*THINK)
        asyncio.get_running_loop().call_later(think, lambda: spawn(self.act()))

    def action(self, state: dict[str, Any]) -> tuple[str, int, int] | None:
        """What this player does next: its move, a rematch, or nothing."""
        game, moves, first = state["game"], len(state["moves"]), state["first"]
        if moves == len(DRAW) or state.get("resigned") or state.get("abandoned"):
            if game >= MATCHES:
                return None
            wanted = ("rematch", game, moves)
        else:
            turn = first if moves % 2 == 0 else ("O" if first == "X" else "X")
            if turn != self.mark:
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
        await self.send(write("move", cell=DRAW[moves]) if kind == "move" else write("rematch"))
        if kind == "move":
            self.table.in_flight[(game, moves + 1)] = time.perf_counter()

    async def send(self, text: str) -> None:
        assert self.connection is not None
        with contextlib.suppress(Exception):
            await self.connection.send(text)

    def last(self) -> None:
        """The held last move, sent now (its time taken as it goes)."""
        self.table.in_flight[(MATCHES, len(DRAW))] = time.perf_counter()
        spawn(self.send(write("move", cell=DRAW[-1])))


# -- one run -----------------------------------------------------------------------------------


@dataclass
class Run:
    """What one run measured (zeros and empties where it did not get that far)."""

    kind: str
    games: int
    load: Load = field(default_factory=Load)
    connected: int = 0
    connect_seconds: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)
    play_seconds: float = 0.0
    burst_sent: float = 0.0
    """How long sending the held last moves took this process."""
    results_seconds: float = 0.0
    size_before: tuple[int, int, int, int] = (0, 0, 0, 0)
    size_after: tuple[int, int, int, int] = (0, 0, 0, 0)
    load_before: str = ""
    load_after: str = ""
    lag: list[float] = field(default_factory=list)


async def play(run: Run, deadline: Deadline) -> None:
    """The tables play their first game and the second to its last move; then every last move
    at once, and the ends awaited. This process's garbage collector is off meanwhile: its
    pauses (a heap of thousands of connections) would be counted as the server's."""
    load = run.load
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample_lag(run.lag, stop))
    gc.disable()
    load.playing = True
    try:
        started = time.perf_counter()
        loop = asyncio.get_running_loop()
        for table in load.tables:
            for client in table.clients:
                loop.call_later(load.random.uniform(0, STAGGER_SECONDS), client.consider)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(load.all_holding.wait(), deadline.left(70.0))
        run.play_seconds = time.perf_counter() - started
        if load.holding < len(load.tables):
            deadline.hit.append(
                f"{run.kind}: {load.holding} of {len(load.tables)} tables reached the last move"
            )
        held = [table.last_move for table in load.tables if table.last_move is not None]
        burst = time.perf_counter()
        for client in held:
            client.last()
        run.burst_sent = time.perf_counter() - burst
        until = time.monotonic() + deadline.left(30.0)
        while len(load.ends_seen) < len(held) and time.monotonic() < until:
            await asyncio.sleep(0.01)
        if load.ends_seen:
            run.results_seconds = max(load.ends_seen) - burst
        if len(load.ends_seen) < len(held):
            deadline.hit.append(f"{run.kind}: {len(load.ends_seen)} of {len(held)} ends seen")
    finally:
        load.playing = False
        gc.enable()
        stop.set()
        await sampler


async def measure(kind: str, games: int, keys: list[Ed25519PrivateKey], deadline: Deadline) -> Run:
    """One run: the relay (with a ledger or without) in its process, `games` tables at once."""
    run = Run(kind, games, load_before=load_average())
    with tempfile.TemporaryDirectory(prefix="nac-bench-rated-") as directory:
        server = await RatedServer.start(kind, directory, str(games))
        try:
            seats = await server.open(games)
            load = run.load
            for number, (host, guest) in enumerate(seats):
                table = Table(load)
                table.clients = [
                    Client(table, "X", host, keys[2 * number], f"X{number}"),
                    Client(table, "O", guest, keys[2 * number + 1], f"O{number}"),
                ]
                load.tables.append(table)
            clients = [client for table in load.tables for client in table.clients]
            listening = await connect_all(
                clients, server.url, deadline, run, most=90.0, detailed=True, late_said=f"{kind}: "
            )
            try:
                await asyncio.sleep(1.0)
                run.size_before = await server.size()
                gc.collect()  # here, not while playing
                gc.freeze()
                await play(run, deadline)
                await asyncio.sleep(0.5)
                run.size_after = await server.size()
            finally:
                gc.unfreeze()
                await close_all(clients, listening)
        finally:
            await server.stop()
    run.load_after = load_average()
    return run


# -- the report --------------------------------------------------------------------------------


def report(run: Run) -> None:
    load = run.load
    print(f"\n### {run.kind}: load average {run.load_before} before, {run.load_after} after")
    print(
        f"connected {run.connected:,} of {2 * run.games:,} players (keys proven) in "
        f"{run.connect_seconds:.1f} s" + (f"; failed: {dict(run.failures)}" if run.failures else "")
    )
    print(
        f"played {len(load.round_trips):,} moves measured in {run.play_seconds:.1f} s; "
        f"{load.holding:,} tables at the last move"
    )
    if load.refusals:
        print(f"refused or closed: {dict(load.refusals)}")
    print(f"move round trip (the mover sees its move): {spread(load.round_trips)}")
    print(
        f"the {len(load.last_round_trips):,} last moves sent at once: "
        f"{spread(load.last_round_trips)}"
    )
    ended = len(load.ends_seen)
    if ended and run.results_seconds > 0:
        print(
            f"games ended at once: {ended:,} in {run.results_seconds * 1e3:.0f} ms from the first "
            f"last move sent (sending took {run.burst_sent * 1e3:.0f} ms): "
            f"{ended / run.results_seconds:,.0f} results a second; rated ends seen: "
            f"{load.rated_ends:,}"
        )
    size, kept, rated, people = run.size_after
    if kept:
        grown = size - run.size_before[0]
        new_games = kept - run.size_before[1]
        print(
            f"database: {size / 1024:.0f} KB after a checkpoint holding {kept:,} games "
            f"({rated:,} rated) and {people:,} players: {size / kept:,.0f} bytes a game "
            f"(the file, over its games); grew {grown / 1024:.0f} KB while they were played: "
            f"{grown / max(1, new_games):,.0f} bytes a game (before them: "
            f"{run.size_before[0] / 1024:.0f} KB with the players)"
        )
    if run.lag:
        print(
            f"the load (this process): its event loop late by median {ms(median(run.lag))}, "
            f"p99 {ms(percentile(run.lag, 0.99))}, max {ms(max(run.lag))}"
        )


def summary(runs: list[Run], games: int) -> None:
    by_kind = {
        kind: [value for run in runs if run.kind == kind for value in run.load.round_trips]
        for kind in KINDS
    }
    last = {
        kind: [value for run in runs if run.kind == kind for value in run.load.last_round_trips]
        for kind in KINDS
    }
    rated, unrated = by_kind["rated"], by_kind["unrated"]
    print(f"\n### {games:,} games at once, the runs together")
    for kind in KINDS:
        print(f"{kind}: move round trip {spread(by_kind[kind])}")
    if rated and unrated:
        ratio = percentile(rated, 0.99) / percentile(unrated, 0.99)
        print(
            f"rated / unrated: p99 {ratio:.2f}× (target at most {TARGET_RATIO}×), median "
            f"{median(rated) / median(unrated):.2f}×; rated p99 {ms(percentile(rated, 0.99))} "
            f"(target under {ms(TARGET_P99)})"
        )
    if last["rated"] and last["unrated"]:
        print(
            "the last moves sent at once, rated / unrated: p99 "
            f"{percentile(last['rated'], 0.99) / percentile(last['unrated'], 0.99):.2f}×"
        )


def main() -> None:
    ensure_bytecode()
    header("Rated games: 1,000 at once on one nac serve relay with its ledger on SQLite")
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    files = raise_file_limit()
    games = min(wanted, (files - 200) // 2)
    print(
        f"load: {games:,} games ({2 * games:,} players, each with an Ed25519 key of its own), a "
        f"3+2 clock, {MATCHES} games each (a rematch between), a player thinking "
        f"{THINK[0]:g}-{THINK[1]:g} s a move; the second game's last moves all sent at once; "
        f"the load from this one process, the server in its own; load average {load_average()}"
        + (f" (open files {files:,}: too few for {wanted:,} games)" if games < wanted else "")
    )
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    keys = [Ed25519PrivateKey.generate() for _ in range(2 * games)]
    order = [KINDS if n % 2 == 0 else KINDS[::-1] for n in range(rounds)]
    deadline = Deadline(DEADLINE_SECONDS)
    runs: list[Run] = []

    async def all_runs() -> None:
        for kind in (kind for pair in order for kind in pair):
            if deadline.left(DEADLINE_SECONDS) < RUN_SECONDS:
                deadline.hit.append(f"no time left for another {kind} run")
                break
            runs.append(await measure(kind, games, keys, deadline))

    asyncio.run(all_runs())
    for run in runs:
        report(run)
    summary(runs, games)
    if deadline.hit:
        print(f"\nPARTIAL: {'; '.join(deadline.hit)}")


if __name__ == "__main__":
    main()
