"""Benchmark of keeping the game in progress as it goes: what a move costs with the game written
(atomically, fsynced) to `unfinished.json` after it, against the same move kept in memory only.

Prints figures; asserts nothing. Run with `make bench`.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from nac.core import Mode
from nac.play import Session
from nac.store import Settings, Storage, StorageDirs

from .common import header, median, milli, percentile

GAMES = 100
MOVES = (4, 0, 8, 2, 6, 3, 5, 7)
"""A two-player game's moves, none of them ending it: every one is written."""


def moves_timed(storage: Callable[[], Storage], *, fsynced: bool = False) -> list[float]:
    """Each move's time, from the key's call to the game's to the file written (`fsynced`:
    flushed to the disk too, as the stats and the saved games are)."""
    times = []
    for _ in range(GAMES):
        kept = storage()
        kept.left.file.durable = fsynced
        session = Session(kept, Settings(mode=Mode.TWO_PLAYER))
        session.match.new_game()
        for cell in MOVES:
            started = time.perf_counter()
            session.game.play_cell(cell)
            times.append(time.perf_counter() - started)
    return times


def report(name: str, times: list[float]) -> None:
    print(
        f"{name:<34}median {milli(median(times))}   90% {milli(percentile(times, 0.9))}"
        f"   max {milli(max(times))}"
    )


def main() -> None:
    header("A move, with the game in progress kept after it (a temporary directory)")
    with tempfile.TemporaryDirectory() as home:
        dirs = StorageDirs(config=Path(home), data=Path(home))
        report("written to unfinished.json", moves_timed(lambda: Storage.at(dirs)))
        report("... and fsynced (not done)", moves_timed(lambda: Storage.at(dirs), fsynced=True))
    report("in memory (served, --no-save)", moves_timed(Storage.in_memory))


if __name__ == "__main__":
    main()
