"""Memory of a long session: the app in watch mode (Genius against each level in turn, no
pause between moves) for a while on each board, headless in a fresh process; its peak
resident size. Prints figures; asserts nothing. `NAC_BENCH_SECONDS` sets the length (300)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .common import ensure_bytecode, header

SECONDS = float(os.environ.get("NAC_BENCH_SECONDS", "300"))

SESSION = """
import asyncio, json, resource, sys, time
from nac.core import Level, Mode
from nac.store import Settings
from nac.ui.app import NacApp
size, seconds = int(sys.argv[1]), float(sys.argv[2])

def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

def child_peak(app):
    # the search process's peak resident size (big boards search there), 0 if none
    child = app.engine._process._child
    if child is None:
        return 0.0
    with open(f"/proc/{child.pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0

async def session():
    settings = Settings(mode=Mode.WATCH, size=size, watch_levels=(Level.GENIUS, Level.GENIUS))
    app = NacApp(settings, think_seconds=0)
    app.pace.watch_gap = 0.05
    started_at = None
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        started_at = peak()
        begin = time.perf_counter()
        levels = list(Level)
        while time.perf_counter() - begin < seconds:
            await pilot.pause(0.5)
            x = Level.GENIUS
            o = levels[app.match.score.games % len(levels)]
            app.game.watch_levels = (x, o)
        games = app.match.score.games
        child = child_peak(app)
    print(json.dumps({"start": started_at, "peak": peak(), "child": child, "games": games}))

asyncio.run(session())
"""


def main() -> None:
    ensure_bytecode()
    header(f"Memory: a watch session of {SECONDS:g} s per board (peak resident size)")
    for size in (3, 4, 5):
        out = subprocess.run(
            [sys.executable, "-c", SESSION, str(size), str(SECONDS)],
            capture_output=True,
            text=True,
            check=False,
        )
        if out.returncode != 0:
            print(f"{size}×{size}: the session failed:\n{out.stderr[-2000:]}")
            continue
        figures = json.loads(out.stdout.strip().splitlines()[-1])
        child = figures["child"]
        print(
            f"{size}×{size}: {figures['games']:5} games, app {figures['start']:5.1f} MB after "
            f"start-up, peak {figures['peak']:5.1f} MB; search process peak {child:5.1f} MB; "
            f"together {figures['peak'] + child:5.1f} MB",
            flush=True,
        )


if __name__ == "__main__":
    main()
