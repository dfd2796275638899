"""A server of the cluster benchmark (`bench_cluster`), in a process of its own (so that it can
be killed with kill -9): `python -m tests.benchmarks.cluster_server HOST DATABASE ROOMS` runs
`nac serve`'s relay (`Relay(Referee(url, relay=True))` on an aiohttp application through nac's
door, its limits fitted as `nac serve` fits them) on HOST at a free port, with its ledger at
DATABASE, a PostgreSQL URL that other servers share: as the relay starts it joins them
(`nac.net.cluster`: its heartbeat, every room written to the database before its players are
told a change) and meets them (`nac.net.meeting`), as `nac serve --database` does.

It prints `port PORT` once it listens; then, on its stdin, `open N` opens N rooms with a 3+2
clock and prints `keys HOST GUEST` for each, then `opened` (`rated_server.obey`). It stops when
its stdin closes (so it never outlives the benchmark), draining as `nac serve` does: its games
in progress handed to the other servers. Its limits take the whole load, from 127.0.0.1:
`rated_server.load_limits` for TAKEOVER_ROOM times ROOMS rooms (the benchmark gives each
server room for every game, its own and those it takes over from a server killed, and the
returning players' earlier tries), and as many wrong keys an address
(a key of a game lost with its server counts as wrong, and every player is at 127.0.0.1). What
nac logs is counted, not printed: as it stops, the server prints one line on stderr of what it
logged, how many times each, by the error's kind (a server swamped logs thousands of
tracebacks)."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiohttp import web

from nac.net.gate import fitted
from nac.net.referee import Referee
from nac.web.door import listen
from nac.web.online import Relay
from tools.web_screenshot import free_port

from .online_server import raise_file_limit
from .rated_server import load_limits, obey


class Tally(logging.Handler):
    """What nac logs, counted by its message and its exception's kind."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        self.seen[f"{record.getMessage()}{f' ({kind})' if kind else ''}"] += 1

    def line(self, host: str) -> str:
        said = "; ".join(f"{count:,}× {what}" for what, count in self.seen.most_common())
        return f"the server on {host} logged: {said}"


TAKEOVER_ROOM = 2
"""Each server's limits hold this many times every game's players: all 4,000 clients come from
127.0.0.1, one address and one network, so the limits per address and per network are the
whole server's, and a server taking a dead one's games over holds, for a moment, its own
players, the returning ones, and the connections of their earlier tries not yet closed. (With
room for every game and 100 connections more, the gate closed returning players' connections
to stay under its limit per network: at 1,000 games, 728 tries to come back ended so, and a
takeover took 20 s. Players from many networks would each be far under it.)"""


async def start(host: str, database: str, rooms: int) -> tuple[web.AppRunner, Relay]:
    """`nac serve`'s relay without its pages on `host`, its ledger at `database`. Its address
    (what the cluster tells the others and every welcome names) is known before it starts:
    the relay joins the cluster as the application starts, before the port is bound."""
    url = f"ws://{host}:{free_port()}"
    most = load_limits(TAKEOVER_ROOM * rooms)
    limits, gate = fitted(replace(most, wrong_keys=most.connections), trust_proxy=False)
    referee = Referee(url, limits, relay=True)
    app = web.Application()
    relay = Relay(referee, database=database)
    relay.gate = gate
    relay.add_to(app, lambda _request: True)
    await relay.open_ledger()
    port = int(url.rpartition(":")[2])
    runner = await listen(app, host, port, gate, limits.hello_seconds)
    return runner, relay


WATCH = "NAC_BENCH_WATCH"
"""An environment variable naming a file: the server then writes to that file and its own
address, as it stops, every garbage collection that took LONG_SECONDS or more, every time its
event loop was that late, and every call of the database and of a player's coming back, with
its duration (`Watch`), on the wall clock: where a takeover's time goes (a profiling switch,
off by default)."""
LONG_SECONDS = 0.05


class Watch:
    """The garbage collector's long passes, the event loop's long stalls and the calls timed,
    on the wall clock."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._began = (0.0, 0.0)

    def collected(self, phase: str, info: dict[str, int]) -> None:
        """`gc.callbacks`' call: a collection's start, or its end (then kept if long)."""
        if phase == "start":
            self._began = (time.time(), time.perf_counter())
            return
        took = time.perf_counter() - self._began[1]
        if took >= LONG_SECONDS:
            self.lines.append(
                f"gc {self._began[0]:.3f} generation {info['generation']} took {took:.3f} s, "
                f"collected {info['collected']}, objects {len(gc.get_objects())}"
            )

    def time(self, owner: type, name: str) -> None:
        """`owner`'s coroutine method `name` timed at each call (its start and its duration
        kept as a line), to see where a returning player's hello waits."""
        called = getattr(owner, name)
        lines = self.lines

        async def timed(*args: Any, **kwargs: Any) -> Any:
            began, started = time.time(), time.perf_counter()
            try:
                return await called(*args, **kwargs)
            finally:
                took = time.perf_counter() - started
                lines.append(f"call {began:.3f} {owner.__name__}.{name} {took:.4f}")

        setattr(owner, name, timed)

    async def lag(self) -> None:
        """The event loop's lateness, sampled every 10 ms; a long one kept."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(0.01)
            late = time.perf_counter() - asked - 0.01
            if late >= LONG_SECONDS:
                self.lines.append(f"late {time.time() - late:.3f} by {late:.3f} s")


async def serve(host: str, database: str, rooms: int) -> None:
    runner, relay = await start(host, database, rooms)
    watched = os.environ.get(WATCH)
    watch = Watch() if watched else None
    if watch is not None:
        gc.callbacks.append(watch.collected)
        from nac.ledger.ledger import Ledger
        from nac.ledger.live import Live
        from nac.net.cluster import Cluster
        from nac.net.proving import Proving

        for owner, names in (
            (Ledger, ("find_player",)),
            (Live, ("find", "claim", "claim_dead", "save", "age", "owner_address")),
            (Cluster, ("find", "_settled", "_take", "keep")),
            (Referee, ("_welcome", "tell")),
            (Proving, ("identify",)),
        ):
            for name in names:
                watch.time(owner, name)
        lagging = asyncio.create_task(watch.lag())
    print(f"port {int(runner.addresses[0][1])}", flush=True)
    await obey(relay, Path())  # (never asked its size: the ledger is PostgreSQL's)
    if watch is not None and watched:
        lagging.cancel()
        Path(f"{watched}.{host}").write_text("".join(f"{line}\n" for line in watch.lines))
    await runner.cleanup()


def main() -> None:
    if len(sys.argv) != 4:
        raise SystemExit("usage: python -m tests.benchmarks.cluster_server HOST DATABASE ROOMS")
    host, database, rooms = sys.argv[1], sys.argv[2], int(sys.argv[3])
    raise_file_limit()
    tally = Tally()
    nac = logging.getLogger("nac")
    nac.addHandler(tally)
    nac.propagate = False
    try:
        asyncio.run(serve(host, database, rooms))
    finally:
        if tally.seen:
            print(tally.line(host), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
