"""The server of the rated games benchmark (`bench_rated`), in a process of its own so that the
load's work is not counted as the server's: `python -m tests.benchmarks.rated_server rated
DIRECTORY ROOMS` runs `nac serve`'s relay (`Relay(Referee(url, relay=True))` on an aiohttp
application through nac's door, its limits fitted as `nac serve` fits them) with its ledger on
SQLite, `ledger.sqlite` in DIRECTORY, as `nac serve --database` opens it; `... unrated
DIRECTORY ROOMS` the same relay without a ledger (the reference: no game rated, none kept).

It listens on 127.0.0.1 at a free port and prints `port PORT`; then, on its stdin, `open N`
opens N rooms with a 3+2 clock and prints `keys HOST GUEST` for each, then `opened`; `size`
checkpoints the ledger's write-ahead log into its file and prints `size BYTES GAMES RATED
PLAYERS` (`size 0 0 0 0` without a ledger). It stops when its stdin closes (so it never outlives
the benchmark), closing the ledger as `nac serve` does. All the load comes from 127.0.0.1: the
limits of connections and of new keys an address and a network are raised to take it (each
pair plays two rated games, within the limit of rated games a pair a day).
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import replace
from pathlib import Path

import sqlalchemy as sa
from aiohttp import web

from nac.core import NORMAL
from nac.core.clock import parse_time_control
from nac.ledger.ledger import FILE_NAME, sqlite_url
from nac.ledger.schema import games, players
from nac.net.gate import fitted
from nac.net.limits import Limits
from nac.net.referee import Referee
from nac.web.door import listen
from nac.web.online import Relay

from .online_server import raise_file_limit

KINDS = ("rated", "unrated")
CLOCK = parse_time_control("3+2")


def load_limits(rooms: int) -> Limits:
    """The default limits, but room for the load: every connection and every new key comes from
    127.0.0.1."""
    connections = 2 * rooms + 100
    return replace(
        Limits(),
        rooms=rooms,
        connections=connections,
        per_address=connections,
        per_network=connections,
        new_keys_per_address=connections,
        new_keys_per_network=connections,
    )


async def start(kind: str, directory: Path, rooms: int) -> tuple[web.AppRunner, Relay]:
    """`nac serve`'s relay without its pages, with its ledger (`rated`) or none."""
    limits, gate = fitted(load_limits(rooms), trust_proxy=False)
    referee = Referee("", limits, relay=True)
    app = web.Application()
    relay = Relay(referee, database=sqlite_url(directory) if kind == "rated" else "")
    relay.gate = gate
    relay.add_to(app, lambda _request: True)
    await relay.open_ledger()
    runner = await listen(app, "127.0.0.1", 0, gate, limits.hello_seconds)
    referee.server = f"ws://127.0.0.1:{int(runner.addresses[0][1])}"
    return runner, relay


async def size_line(relay: Relay, directory: Path) -> str:
    """The ledger's file once its log is checkpointed into it, and what it holds."""
    ledger = relay.referee.ledger
    if ledger is None:
        return "size 0 0 0 0"
    async with ledger.engine.connect() as connection:
        await connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        kept = (await connection.execute(sa.select(sa.func.count()).select_from(games))).scalar()
        rated = (
            await connection.execute(
                sa.select(sa.func.count()).select_from(games).where(games.c.rated)
            )
        ).scalar()
        people = (
            await connection.execute(sa.select(sa.func.count()).select_from(players))
        ).scalar()
    return f"size {(directory / FILE_NAME).stat().st_size} {kept} {rated} {people}"


async def serve(kind: str, directory: Path, rooms: int) -> None:
    runner, relay = await start(kind, directory, rooms)
    print(f"port {int(runner.addresses[0][1])}", flush=True)
    await obey(relay, directory)
    await runner.cleanup()


async def obey(relay: Relay, directory: Path) -> None:
    """The benchmark's commands on stdin (`open N`, and `size` of a ledger on SQLite in
    `directory`), until it closes."""
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    while line := await commands.readline():
        words = line.decode().split()
        if words[:1] == ["open"]:
            for number in range(int(words[1])):
                room = relay.referee.open_room(NORMAL, f"X{number}", time_control=CLOCK)
                print("keys", room.host.key, room.guest.key)
            print("opened", flush=True)
        elif words[:1] == ["size"]:
            print(await size_line(relay, directory), flush=True)


def main() -> None:
    kind, directory, rooms = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    if kind not in KINDS:
        raise SystemExit(
            f"usage: python -m tests.benchmarks.rated_server {'|'.join(KINDS)} DIRECTORY ROOMS"
        )
    raise_file_limit()
    asyncio.run(serve(kind, directory, rooms))


if __name__ == "__main__":
    main()
