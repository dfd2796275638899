"""Benchmark of a real SSH player's key to screen on `nac serve --ssh` while strangers flood the
door (issue 37): Debian's OpenSSH client in a pseudo-terminal from 127.0.0.1 (as `bench_ssh`),
the time from `?` to the help on its screen, KEYS times with no flood, KEYS times while the
flood runs (in a process of its own), KEYS times with none again: the reference is the keys
before and after, in the same run, on the same game. The floods:

- `spawn`: games started and dropped in a loop from one network (127.0.66.0/24: SPAWNERS
  asyncssh connections, each opening a session with a terminal, waiting for its first bytes,
  closing it, again; a session whose first bytes are the door's refusal counted as refused);
- `resize`: a resize storm (one asyncssh game from 127.0.67.2, its terminal's size changed
  RESIZE_GAP apart, 80×24, 100×30, 60×20 in turn);
- `connections`: a connection flood from 40 networks (127.0.1.10 to 127.0.40.10, 8 connections
  each, each held until the server closes it and then opened again).

Bounded: a flood opens at most FLOOD_MOST connections or sessions and runs at most
FLOOD_SECONDS; every wait is bounded (`Terminal.shows`). Prints medians, p90s, ratios and the
machine's load; asserts nothing. Run with `make bench` (needs the `web` extra and `ssh`;
`python -m tests.benchmarks.bench_ssh_floods flood KIND PORT KEY` is the flood's process).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from tests.web.ssh_terminal import ANSI
from tools.web_screenshot import free_port, served_game

from .bench_ssh import round_trip, ssh_command, to_board
from .bench_strangers import FLOOD_WARMUP, Child, flood_until_stdin_closes
from .common import ensure_bytecode, header, median, milli, percentile

KEYS = 20
"""Key round trips in each block: before the flood, during it, after it."""
TARGET_RATIO = 1.5
SPAWNERS = 4
RESIZE_GAP = 0.001
"""Seconds between two resizes of the storm (about a thousand a second)."""
RESIZE_SIZES = ((80, 24), (100, 30), (60, 20))
NETWORKS = 40
HELD = 8
"""Connections each network holds at once."""
FLOOD_MOST = 100_000
FLOOD_SECONDS = 120.0
FLOODS = {
    "spawn": f"games started and dropped in a loop from one network ({SPAWNERS} connections)",
    "resize": f"a resize storm from one game (a resize every {RESIZE_GAP * 1e3:g} ms)",
    "connections": f"a connection flood from {NETWORKS} networks ({HELD} held each, reopened)",
}
READY = "1-9 Play"


def shown(seen: bytearray) -> str:
    return ANSI.sub(b"", bytes(seen)).decode("utf-8", "replace")


def load() -> str:
    return " / ".join(f"{figure:.2f}" for figure in os.getloadavg())


async def keys_to_screen(screen: Any, count: int) -> list[float]:
    return [await round_trip(screen) for _ in range(count)]


async def measure(port: int, key: Path, stranger_key: Path, home: Path) -> None:
    environment = {**os.environ, "TERM": "xterm-256color", "NAC_HOME": str(home)}
    _, player = await to_board(ssh_command(port, key, "player"), environment)
    results: dict[str, tuple[list[float], list[float], dict[str, Any]]] = {}
    try:
        await keys_to_screen(player, 3)  # warm-up, not counted
        for kind in FLOODS:
            quiet = await keys_to_screen(player, KEYS)
            flood = await Child.start(
                "tests.benchmarks.bench_ssh_floods", "flood", kind, str(port), str(stranger_key)
            )
            try:
                await flood.line(60.0)
                await asyncio.sleep(FLOOD_WARMUP)
                flooded = await keys_to_screen(player, KEYS)
            finally:
                said = await flood.stop()
            quiet += await keys_to_screen(player, KEYS)
            figures: dict[str, Any] = {}
            with contextlib.suppress(ValueError, IndexError):
                figures = json.loads(" ".join(said))
            results[kind] = (quiet, flooded, figures)
            print(f"  ({kind} measured; load {load()})", flush=True)
    finally:
        await player.pty.stop()
    for kind, (quiet, flooded, figures) in results.items():
        print(f"\n### The {kind} flood: {FLOODS[kind]}")
        print(
            f"key to screen, no flood (before and after, {len(quiet)}): median "
            f"{milli(median(quiet))}, p90 {milli(percentile(quiet, 0.9))}"
        )
        print(
            f"key to screen, flooded ({len(flooded)}):                  median "
            f"{milli(median(flooded))}, p90 {milli(percentile(flooded, 0.9))}"
        )
        print(f"the flood: {figures}")
    print(f"\nload average after: {load()}")
    for kind, (quiet, flooded, _) in results.items():
        print(
            f"{kind} flood: key to screen {median(flooded) / median(quiet):.2f}× the median "
            f"with none, p90 {percentile(flooded, 0.9) / percentile(quiet, 0.9):.2f}× "
            f"(target at most {TARGET_RATIO}×)"
        )


def main() -> None:
    if sys.argv[1:2] == ["flood"]:
        kind, door, stranger = sys.argv[2:5]
        asyncio.run(flood_until_told(kind, int(door), Path(stranger)))
        return
    header("nac serve --ssh: a player's key to screen while strangers flood the door")
    if shutil.which("ssh") is None:
        print("no ssh client: skipped (make test-ssh installs openssh-client)")
        return
    ensure_bytecode()
    print(f"load average before: {load()}")
    with tempfile.TemporaryDirectory() as directory:
        home = Path(directory)
        keys = [home / name for name in ("player", "stranger")]
        for made in keys:
            subprocess.run(
                ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(made)],
                check=True,
                timeout=60,
            )
        port = free_port()
        environment = {**os.environ, "NAC_HOME": str(home)}
        with served_game("--ssh", str(port), environment=environment) as server:
            for _ in range(300):
                if any("SSH door is open" in line for line in server.lines_so_far()):
                    break
                time.sleep(0.1)
            asyncio.run(measure(port, keys[0], keys[1], home))


# -- the flood's own process -------------------------------------------------------------------


class Flood:
    """What a flood did: its counts, one JSON line when stopped."""

    def __init__(self) -> None:
        self.opened = 0
        self.counts: Counter[str] = Counter()


async def spawner(address: str, port: int, key: Path, flood: Flood, stop: asyncio.Event) -> None:
    """Games started and dropped on one connection, again and again."""
    import asyncssh

    told = bytearray()
    heard = asyncio.Event()

    class Told(asyncssh.SSHClientSession):  # type: ignore[type-arg]
        def data_received(self, data: bytes, *_: object) -> None:
            told.extend(data)
            heard.set()

    while not stop.is_set() and flood.opened < FLOOD_MOST:
        try:
            connection = await asyncssh.connect(
                "127.0.0.1",
                port,
                local_addr=(address, 0),
                username="stranger",
                client_keys=[str(key)],
                known_hosts=None,
                agent_path=None,
            )
        except Exception as failure:
            flood.counts[f"connection failed: {type(failure).__name__}"] += 1
            await asyncio.sleep(0.1)
            continue
        async with connection:
            while not stop.is_set() and flood.opened < FLOOD_MOST:
                flood.opened += 1
                told.clear()
                heard.clear()
                try:
                    channel, _ = await connection.create_session(
                        Told, term_type="xterm", term_size=(80, 24), encoding=None
                    )
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(heard.wait(), 5.0)
                    channel.close()
                    await asyncio.wait_for(channel.wait_closed(), 10.0)
                except Exception as failure:
                    flood.counts[f"session failed: {type(failure).__name__}"] += 1
                    break
                said = bytes(told).decode("utf-8", "replace")
                refused = said.startswith("nac: ") and said.splitlines()[0][:70]
                flood.counts[f"refused: {refused}" if refused else "given a game"] += 1


async def resizable_game(port: int, key: Path, flood: Flood) -> Any:
    """The storm's game (from 127.0.67.2), its board shown (bounded): its connection and its
    process, or None."""
    import asyncssh

    connection = await asyncssh.connect(
        "127.0.0.1",
        port,
        local_addr=("127.0.67.2", 0),
        username="stranger",
        client_keys=[str(key)],
        known_hosts=None,
        agent_path=None,
    )
    game = await connection.create_process(
        term_type="xterm-256color", term_size=(80, 24), encoding=None
    )
    seen = bytearray()
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(30.0):
            while READY not in shown(seen) and (data := await game.stdout.read(65536)):
                seen.extend(data)
    flood.counts["board shown" if READY in shown(seen) else "no board in 30 s"] += 1
    return connection, game


async def resizer(playing: Any, flood: Flood, stop: asyncio.Event) -> None:
    """The game's terminal resized RESIZE_GAP apart, what it draws read and counted."""
    connection, game = playing
    async with connection:
        draining = asyncio.ensure_future(drain(game.stdout, flood))
        while not stop.is_set() and flood.opened < 50 * FLOOD_MOST:
            width, height = RESIZE_SIZES[flood.opened % len(RESIZE_SIZES)]
            game.change_terminal_size(width, height)
            flood.opened += 1
            await asyncio.sleep(RESIZE_GAP)
        flood.counts["resizes"] = flood.opened
        game.close()
        draining.cancel()


async def drain(stream: Any, flood: Flood) -> None:
    while data := await stream.read(65536):
        flood.counts["bytes drawn"] += len(data)


async def holder(address: str, port: int, flood: Flood, stop: asyncio.Event) -> None:
    """A connection held until the server closes it, then another, from `address`."""
    while not stop.is_set() and flood.opened < FLOOD_MOST:
        flood.opened += 1
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)
            )
        except OSError as failure:
            flood.counts[f"failed: {type(failure).__name__}"] += 1
            await asyncio.sleep(0.1)
            continue
        flood.counts["opened"] += 1
        with contextlib.suppress(OSError, TimeoutError):
            await asyncio.wait_for(reader.read(), 30.0)  # until the server closes it
        writer.close()


async def flood_until_told(kind: str, port: int, key: Path) -> None:
    flood, stop = Flood(), asyncio.Event()
    work: list[Coroutine[Any, Any, None]]
    if kind == "spawn":
        work = [spawner(f"127.0.66.{2 + n}", port, key, flood, stop) for n in range(SPAWNERS)]
    elif kind == "resize":
        work = [resizer(await resizable_game(port, key, flood), flood, stop)]
    else:
        work = [
            holder(f"127.0.{net}.10", port, flood, stop)
            for net in range(1, NETWORKS + 1)
            for _ in range(HELD)
        ]
    tasks, seconds = await flood_until_stdin_closes(work, stop, FLOOD_SECONDS)
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            flood.counts[f"ended: {type(task.exception()).__name__}"] += 1
    print(json.dumps({**flood.counts, "seconds": round(seconds, 1)}), flush=True)


if __name__ == "__main__":
    main()
