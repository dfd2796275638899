"""Benchmark of a game process's memory under a flat-out typist (issue 37; target: its peak
under 100 MB): a real `nac serve --ssh` on loopback, a game over SSH (asyncssh's client) and
one through the browser's websocket (aiohttp's client, as the page speaks), each sent the
cursor's keys as fast as its connection takes them for TYPE_SECONDS (BURSTS at most). Read from
/proc: the game's resident size once its board is shown and idle (the reference, the same game
without the typist), sampled while it is typed at, and its peak (VmHWM) after; then how long a
real key takes to show once the typist stops (pressed again each second, bounded). Prints the
tree measured (the commit, and whether the game's input files differ from it), figures and the
machine's load; asserts nothing. Run with `make bench` (needs the `web` extra).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.web.typist import is_ssh_game, memory_kb, page_game, shown, ssh_game, until_shown
from tools.web_screenshot import RunningServer, free_port, served_game

from .bench_strangers import ROOT
from .common import ensure_bytecode, header

KEYS = "\x1b[C\x1b[D" * 20
"""One burst: the cursor right and left, 20 times (120 bytes; the game's state stays)."""
BURSTS = 1_000_000
TYPE_SECONDS = 20.0
AFTER_SECONDS = 3.0
TARGET_MB = 100.0
WAIT_STEPS = 300
"""Bounded waits: at most this many steps of 0.1 s."""
INPUT_FILES = ("nac/ui/driver.py", "nac/web/pty_game.py")


@dataclass
class Typed:
    """What one typist measured."""

    door: str
    idle_kb: int = 0
    samples: list[int] = field(default_factory=list)
    peak_kb: int = 0
    server_idle_kb: int = 0
    server_kb: list[int] = field(default_factory=list)
    """The server's resident size, sampled while typed at and AFTER_SECONDS after."""
    typed: int = 0
    seconds: float = 0.0
    answered: float | None = None


async def typed_at(
    server: int,
    typed: Typed,
    games: Callable[[], list[int]],
    send: Callable[[], Awaitable[None]],
    press_5: Callable[[], Awaitable[None]],
    seen: bytearray,
) -> None:
    """The game's idle size, then the typist (its size sampled), its peak, the answer after."""
    await asyncio.sleep(2.0)
    typed.idle_kb = max(memory_kb(pid, "VmRSS") for pid in games())
    typed.server_idle_kb = memory_kb(server, "VmRSS")
    sampling = True

    async def sample() -> None:
        while sampling:
            typed.samples.append(max(memory_kb(pid, "VmRSS") for pid in games()))
            typed.server_kb.append(memory_kb(server, "VmRSS"))
            await asyncio.sleep(0.25)

    sampler = asyncio.ensure_future(sample())
    started = time.perf_counter()
    for _ in range(BURSTS):
        await send()
        typed.typed += len(KEYS)
        if time.perf_counter() - started > TYPE_SECONDS:
            break
    typed.seconds = time.perf_counter() - started
    await asyncio.sleep(AFTER_SECONDS)  # what was taken in but not yet handled, still held
    sampling = False
    await sampler
    typed.peak_kb = max(memory_kb(pid, "VmHWM") for pid in games())
    since, stopped = len(seen), time.perf_counter()
    for _ in range(WAIT_STEPS // 10):
        await press_5()
        for _ in range(10):
            if "1. X 5" in shown(seen, since):
                typed.answered = time.perf_counter() - stopped
                return
            await asyncio.sleep(0.1)


async def over_ssh(server: RunningServer, port: int, key: Path) -> Typed:
    typed, seen = Typed("SSH (asyncssh)"), bytearray()
    before = set(server.game_processes())
    async with ssh_game(port, key, seen) as game:
        await until_shown(seen, "1-9 Play")
        ours = [pid for pid in server.game_processes() if pid not in before and is_ssh_game(pid)]

        async def send() -> None:
            game.stdin.write(KEYS.encode())
            await game.stdin.drain()

        async def press_5() -> None:
            game.stdin.write(b"5")
            await game.stdin.drain()

        await typed_at(server.process.pid, typed, lambda: ours, send, press_5, seen)
    return typed


async def through_the_page(server: RunningServer) -> Typed:
    typed, seen = Typed("the browser's websocket (aiohttp)"), bytearray()
    async with page_game(server.url, seen) as socket:
        await until_shown(seen, "Your move")

        def games() -> list[int]:  # the page's games: the one played, the one kept ready
            return [pid for pid in server.game_processes() if not is_ssh_game(pid)] or [0]

        async def press_5() -> None:
            await socket.send_str(json.dumps(["stdin", "5"]))

        line = json.dumps(["stdin", KEYS])
        await typed_at(
            server.process.pid, typed, games, lambda: socket.send_str(line), press_5, seen
        )
    return typed


def tree() -> str:
    """The commit measured, the last that changed the game's input, and whether the files that
    read it differ from it."""

    def git(*arguments: str) -> str:
        return subprocess.run(
            ["git", *arguments], capture_output=True, text=True, cwd=ROOT, timeout=30
        ).stdout.strip()

    edits = [line[3:] for line in git("status", "--porcelain", "--", *INPUT_FILES).splitlines()]
    return (
        f"HEAD {git('log', '-1', '--format=%h')}; the input last changed by "
        f"{git('log', '-1', '--format=%h %s', '--', *INPUT_FILES)[:90]}"
        + (f"; uncommitted edits in {', '.join(edits)} measured too" if edits else "; no edits")
    )


def mb(kb: float) -> str:
    return f"{kb / 1024:.1f} MB"


def load() -> str:
    return " / ".join(f"{figure:.2f}" for figure in os.getloadavg())


def main() -> None:
    header("A game process's memory under a flat-out typist")
    ensure_bytecode()
    print(f"tree: {tree()}")
    print(f"load average before: {load()}")
    results: list[Typed] = []
    with tempfile.TemporaryDirectory() as directory:
        home = Path(directory)
        key = home / "typist"
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=60
        )
        port = free_port()
        with served_game("--ssh", str(port), environment={**os.environ, "NAC_HOME": str(home)}) as (
            server
        ):
            for _ in range(WAIT_STEPS):
                if any("SSH door is open" in line for line in server.lines_so_far()):
                    break
                time.sleep(0.1)
            results.append(asyncio.run(over_ssh(server, port, key)))
            results.append(asyncio.run(through_the_page(server)))
    for typed in results:
        print(f"\n### {typed.door}")
        print(
            f"typed {typed.typed / 1e6:.1f} MB ({typed.typed // 6:,} keys) in "
            f"{typed.seconds:.1f} s ({typed.typed / max(typed.seconds, 1e-9) / 1024:,.0f} KB a "
            "second, as fast as the connection took them)"
        )
        way = ", ".join(mb(kb) for kb in typed.samples[:: max(1, len(typed.samples) // 8)])
        print(f"the game's resident size: idle {mb(typed.idle_kb)}; while typed at: {way}")
        answered = "never within 30 s" if typed.answered is None else f"{typed.answered:.1f} s"
        print(
            f"its peak (VmHWM) {mb(typed.peak_kb)}; a real key shown after the typist: {answered}"
        )
        print(
            f"nac serve's resident size: idle {mb(typed.server_idle_kb)}, at most "
            f"{mb(max(typed.server_kb, default=0))} while typed at and {AFTER_SECONDS:g} s after"
        )
    print(f"\nload average after: {load()}")
    for typed in results:
        print(
            f"{typed.door}: peak {mb(typed.peak_kb)}, idle {mb(typed.idle_kb)} "
            f"({typed.peak_kb / max(typed.idle_kb, 1):.2f}×; target under {TARGET_MB:.0f} MB)"
        )


if __name__ == "__main__":
    main()
