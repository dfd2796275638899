"""Benchmark of Genius's Ultimate search: simulations a second from the empty board, the
compiled search (`nac/engine/ultimate/_ultimate.c`) and the Python one it falls back to, in the
same run (interleaved, so a busy machine slows both alike): the median of 5 searches of a second
each, and how many times faster the compiled one is.

Prints figures; asserts nothing. `make bench` runs it; `python -m tests.benchmarks.
bench_ultimate_speed SECONDS` searches that long each time.
"""

from __future__ import annotations

import random
import sys
import time

from nac.core import UltimateBoard
from nac.engine.ultimate.fast import CompiledSearch, UltimateSearch
from nac.engine.ultimate.search import Search
from nac.engine.ultimate.state import state_of
from tests.engine.ultimate_searches import NOT_BUILT, built

from .common import header, median

RUNS = 5
SECONDS = 1.0


def rate(search: UltimateSearch, seconds: float) -> float:
    """Simulations a second of one search of `seconds` from the empty board, a fresh tree."""
    started = time.perf_counter()
    search.run(state_of(UltimateBoard.empty()), seconds)
    return search.simulations / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else SECONDS
    header("Ultimate: Genius's search, simulations a second from the empty board")
    module = built()
    python: list[float] = []
    compiled: list[float] = []
    for run in range(RUNS):
        python.append(rate(Search(random.Random(run)), seconds))
        if module is not None:
            compiled.append(rate(CompiledSearch(random.Random(run), module), seconds))
    print(f"{RUNS} searches of {seconds:g} s each, the median:")
    print(f"  Python:   {median(python):>12,.0f} a second")
    if module is None:
        print(f"  compiled: not measured ({NOT_BUILT})")
        return
    print(f"  compiled: {median(compiled):>12,.0f} a second")
    print(f"  the compiled search is {median(compiled) / median(python):.1f} times as fast")


if __name__ == "__main__":
    main()
