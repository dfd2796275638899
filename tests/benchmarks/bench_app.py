"""Benchmark of the Textual app: cold start to the first frame, headless. (Key press to frame,
as a terminal sees it, is bench_frames.)

Prints figures; asserts nothing. Run with `make bench`.
"""

from __future__ import annotations

import subprocess
import sys

from .common import ensure_bytecode, header, median, milli

START_RUNS = 11

# Each child times itself from its first line (before any import) to the Ready event, which
# Textual sends once the first frame has been displayed.
START_SCRIPT = """
import time
start = time.perf_counter()
import sys
which = sys.argv[1]
if which == "nac":
    import nac.__main__  # as the `nac` command starts: the collector off until the first layout
    from nac.ui.app import NacApp as Base
else:
    from textual.app import App as Base
from textual.app import ComposeResult
from textual.widgets import Footer, Label

class Timed(Base):
    if which != "nac":
        def compose(self) -> ComposeResult:
            yield Label("Hello")
            yield Footer()

    def on_ready(self) -> None:
        self.first_frame = time.perf_counter() - start
        self.exit()

app = Timed()
if which == "nac":  # as the `nac` command starts it
    app.run_in_terminal(headless=True, size=(100, 32))
else:
    app.run(headless=True, size=(100, 32))
print(app.first_frame)
"""


def start_once(which: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", START_SCRIPT, which], capture_output=True, text=True, check=True
    )
    return float(out.stdout.strip().splitlines()[-1])


def cold_start() -> None:
    header("App: cold start to the first frame (headless, 100×32)")
    bare, nac = [], []
    for _ in range(START_RUNS):  # interleaved, so both see the same machine load
        bare.append(start_once("bare"))
        nac.append(start_once("nac"))
    ratio = median(nac) / median(bare)
    print(f"runs: {START_RUNS} each, interleaved")
    print(f"bare Textual app (Label + Footer): median {milli(median(bare))}")
    print(f"nac:                               median {milli(median(nac))}")
    print(f"ratio of medians: {ratio:.2f}× (target < 1.2×)")


def main() -> None:
    ensure_bytecode()
    cold_start()


if __name__ == "__main__":
    main()
