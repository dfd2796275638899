"""Helpers shared by the benchmarks: timing, medians and a machine line for the README."""

from __future__ import annotations

import os
import platform
import statistics
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path


def machine() -> str:
    cpus = os.cpu_count()
    return (
        f"{date.today().isoformat()}, Python {platform.python_version()}, "
        f"{platform.machine()}, {cpus} cores, {platform.system()}"
    )


def micro(seconds: float) -> str:
    return f"{seconds * 1e6:8.1f} µs"


def milli(seconds: float) -> str:
    return f"{seconds * 1e3:7.2f} ms"


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ensure_bytecode() -> None:
    """Compile the package, as an installer would: this machine may run with
    PYTHONDONTWRITEBYTECODE=1, and an editable install then recompiles nac at every start."""
    import compileall

    import nac

    compileall.compile_dir(str(Path(nac.__file__).parent), quiet=1)


def header(title: str) -> None:
    print(f"\n## {title}")
    print(f"({machine()}; {sys.executable})")
