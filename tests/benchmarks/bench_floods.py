"""Benchmark of a real game on `nac serve`'s relay while strangers flood it (issue 37), over
loopback: for each flood a relay of its own (`strangers_server relay`, in a process of its
own), two players play GAMES games in a room there alone (the reference), then in a new room,
once they are seated, while the flood runs (in a third process), each move's round trip
measured as `bench_strangers` does.
The floods, each from many 127.x addresses in many networks (/24s), none from the players':

- `connections`: thousands of short connections (a lobby hello, its two replies, a close),
  `AT_ONCE` at a time;
- `pings`: `PINGERS` connections that never say hello and send pings and unasked pongs (control
  frames) as fast as they can, each opened again at once when the server closes it;
- `rooms`: rooms opened as fast as they go (a host's hello, its welcome, a close), `AT_ONCE`
  at a time, each from another address;
- `hello`: the guest's own hello line (its key and name, no seat's pass) copied and sent again
  and again, each on a new connection, `AT_ONCE` at a time, each from another address.

Bounded: a flood stops at `FLOOD_MOST` connections or when told, a condition's games take at
most `CONDITION_SECONDS` (`bench_strangers`), the whole run at most `DEADLINE_SECONDS`; when
one is hit the figures so far are printed and said to be partial. Prints figures and the
machine's load; asserts nothing. Run with `make bench` (`python -m tests.benchmarks.bench_floods
flood KIND PORT KEY` is the flood's own process, which the benchmark starts).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from .bench_online import Deadline, ms
from .bench_strangers import (
    FLOOD_WARMUP,
    TARGET_P99,
    Child,
    Condition,
    Player,
    close_players,
    flood_until_stdin_closes,
    hello,
    open_connection,
    play_measured,
    play_url,
    report_conditions,
    seat_players,
    start_server,
)
from .common import ensure_bytecode, header, percentile

DEADLINE_SECONDS = 300.0
AT_ONCE = 50
"""Connections a flood has under way at once (the short ones)."""
PINGERS = 40
FLOOD_MOST = 100_000
"""Connections one flood opens at most."""
FLOOD_SECONDS = 120.0
"""The longest a flood's process runs, told to stop or not."""
FLOODS = {
    "connections": "thousands of short connections (a lobby hello, two replies, a close)",
    "pings": f"{PINGERS} connections sending pings and pongs, no hello, reopened when closed",
    "rooms": "rooms opened as fast as they go (a host's hello, its welcome, a close)",
    "hello": "the guest's hello line copied, sent on a new connection again and again",
}


def source(number: int) -> str:
    """The flood's `number`th address: 127.A.B.C with A from 10 to 49 and B from 0 to 49 (2,000
    networks), C from 2 to 251; consecutive numbers in different networks."""
    network = number % 2000
    return f"127.{10 + network % 40}.{network // 40}.{2 + number // 2000 % 250}"


# -- the benchmark -----------------------------------------------------------------------------


async def one_game(
    server: Child, port: int, keys: list[str], name: str, kind: str, deadline: Deadline
) -> Condition:
    """The room's two players play GAMES games while `kind`'s flood runs (none: alone)."""
    condition = Condition(name)
    url = play_url(port)
    flood: Child | None = None
    players: dict[str, Player] = {}
    try:
        if not await seat_players(url, keys, players, condition, deadline, name):
            return condition
        if kind:  # once they are seated: the guest's hello line is copied from a game on
            flood = await Child.start(
                "tests.benchmarks.bench_floods", "flood", kind, str(port), keys[1]
            )
            await flood.line()
            await asyncio.sleep(FLOOD_WARMUP)
        await play_measured(server, players, condition, deadline, name)
    finally:
        await close_players(players, condition)
        if flood is not None:
            with contextlib.suppress(ValueError, IndexError):
                condition.flood = json.loads(" ".join(await flood.stop()))
    return condition


async def alone_then_flooded(kind: str, deadline: Deadline) -> list[Condition]:
    """A relay of its own: a room's game alone, then (a new room) while `kind`'s flood runs."""
    server, port = await start_server("relay")
    conditions: list[Condition] = []
    try:
        for name, flood in (("alone (the reference)", ""), (f"{kind} flood", kind)):
            keys = (await server.ask("open"))[1:]
            conditions.append(await one_game(server, port, keys, name, flood, deadline))
    finally:
        await server.stop()
    return conditions


def main() -> None:
    if sys.argv[1:2] == ["flood"]:
        kind, port, key = sys.argv[2:5]
        asyncio.run(flood_until_told(kind, int(port), key))
        return
    ensure_bytecode()
    header("A real game on nac serve's relay while strangers flood it")
    print(f"load average before: {' / '.join(f'{load:.2f}' for load in os.getloadavg())}")
    print(
        "each flood on a relay of its own: the same room's players alone (the reference), then "
        "a new room's while the flood runs, in its own process, from many 127.x addresses in "
        "many /24 networks; every limit the default"
    )
    deadline = Deadline(DEADLINE_SECONDS)
    results: dict[str, list[Condition]] = {}

    async def everything() -> None:
        for kind in FLOODS:
            if deadline.left(DEADLINE_SECONDS) < 40.0:
                deadline.hit.append(f"no time left for the {kind} flood")
                break
            results[kind] = await alone_then_flooded(kind, deadline)

    asyncio.run(everything())
    for kind, conditions in results.items():
        report_conditions(conditions, f"The {kind} flood: {FLOODS[kind]}")
    print(f"\nload average after: {' / '.join(f'{load:.2f}' for load in os.getloadavg())}")
    if deadline.hit:
        print(f"PARTIAL: {'; '.join(deadline.hit)}")
    for kind, conditions in results.items():
        if len(conditions) == 2 and conditions[0].trips and conditions[1].trips:
            alone, flooded = (percentile(c.trips, 0.99) for c in conditions)
            print(
                f"{kind} flood: move round trip p99 {ms(flooded)}, alone {ms(alone)} "
                f"({flooded / alone:.1f}×; target under {ms(TARGET_P99)})"
            )


# -- the flood's own process -------------------------------------------------------------------


@dataclass
class Flood:
    """What a flood did (one JSON line when stopped, the keys `report_conditions` reads)."""

    connections: int = 0
    sent: int = 0
    refused: int = 0
    closes: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    opened: int = 0
    """Connections tried so far (bounded by FLOOD_MOST)."""

    def figures(self, seconds: float) -> dict[str, Any]:
        return {
            "connections": self.connections,
            "sent": self.sent,
            "refused": self.refused,
            "closes": dict(self.closes),
            "failures": dict(self.failures),
            "seconds": seconds,
        }


async def short_one(url: str, address: str, said: str, flood: Flood) -> None:
    """A connection from `address`: `said` sent, the replies read until the server's first
    word (a welcome, an error) or its close, then closed."""
    from websockets.exceptions import ConnectionClosed

    try:
        connection = await open_connection(url, address)
    except Exception as failure:
        flood.failures[type(failure).__name__] += 1
        return
    flood.connections += 1
    answer = "no answer"
    try:
        async with asyncio.timeout(10.0):
            await connection.send(said)
            flood.sent += 1
            while True:
                message = json.loads(await connection.recv())
                kind = str(message.get("type"))
                if kind in ("welcome", "lobby"):
                    answer = kind
                    break
                if kind in ("error", "refused"):
                    flood.refused += 1
                    answer = f"{kind}: {message.get('reason')}"
                    break
    except ConnectionClosed:
        answer = f"closed {connection.close_code} {connection.close_reason}"
    except TimeoutError:
        answer = "no answer in 10 s"
    flood.closes[answer[:100]] += 1
    with contextlib.suppress(Exception):
        await asyncio.wait_for(connection.close(), 5.0)


async def pinger(url: str, address: str, flood: Flood, stop: asyncio.Event) -> None:
    """Pings and unasked pongs, no hello, as fast as they go; a new connection when closed."""
    from websockets.protocol import State

    while not stop.is_set() and flood.opened < FLOOD_MOST:
        flood.opened += 1
        try:
            connection = await open_connection(url, address)
        except Exception as failure:
            flood.failures[type(failure).__name__] += 1
            await asyncio.sleep(0.01)
            continue
        flood.connections += 1
        with contextlib.suppress(Exception):
            while not stop.is_set() and connection.state is State.OPEN:
                if flood.sent % 2:
                    await connection.pong()
                else:
                    await connection.ping()
                flood.sent += 1
                await asyncio.sleep(0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(connection.close(), 2.0)
        flood.closes[f"closed {connection.close_code} {connection.close_reason}"[:100]] += 1


async def flood_until_told(kind: str, port: int, guest_key: str) -> None:
    url = play_url(port)
    flood, stop = Flood(), asyncio.Event()
    lines: dict[str, Callable[[int], str]] = {
        "connections": lambda _: hello("lobby"),
        "rooms": lambda number: hello("host", name=f"Eve{number % 1000}"),
        "hello": lambda _: hello("join", guest_key, "Ana"),
    }

    async def short_ones() -> None:
        while not stop.is_set() and flood.opened < FLOOD_MOST:
            number = flood.opened
            flood.opened += 1
            await short_one(url, source(number), lines[kind](number), flood)

    work: list[Coroutine[Any, Any, None]]
    if kind == "pings":
        work = [pinger(url, source(number), flood, stop) for number in range(PINGERS)]
    else:
        work = [short_ones() for _ in range(AT_ONCE)]
    _tasks, seconds = await flood_until_stdin_closes(work, stop, FLOOD_SECONDS)
    print(json.dumps(flood.figures(seconds)), flush=True)


if __name__ == "__main__":
    main()
