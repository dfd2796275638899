"""ctypes access to the exact C solver (solve5.c), built on first use with plain gcc -O2.

    python -m tools.five.solve5      # build it now (from the repository root)

The builds (solve5, libsolve5.so, libsolve5_plain.so) land next to the source and stay out of
git (.gitignore). They need gcc and the C library's headers (Debian: apt-get install gcc
libc6-dev, or build-essential).

Values are 1 (win), 0 (draw), -1 (loss) for the side to move; boards are two 25-bit masks,
cells 0..24 row-major from the top-left (as in nac.core): `me` is the side to move.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "solve5.c"
LIBRARY = HERE / "libsolve5.so"
PLAIN_LIBRARY = HERE / "libsolve5_plain.so"
"""The same solver without the pairing cut (-DNO_PAIRING): slower, and independent of the
idea the runtime's search relies on most; prove.py --decider plain uses it."""
PROGRAM = HERE / "solve5"


def build() -> None:
    """Compile the shared libraries and the command-line program if the source is newer."""
    shared = ["-shared", "-fPIC", "-DSOLVE5_NO_MAIN"]
    for target, extra in (
        (LIBRARY, shared),
        (PLAIN_LIBRARY, [*shared, "-DNO_PAIRING"]),
        (PROGRAM, []),
    ):
        if not target.exists() or target.stat().st_mtime < SOURCE.stat().st_mtime:
            tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
            try:
                subprocess.run(["gcc", "-O2", *extra, "-o", str(tmp), str(SOURCE)], check=True)
            except FileNotFoundError:
                raise SystemExit(
                    "the 5×5 solver needs gcc to build (Debian: apt-get install gcc libc6-dev)"
                ) from None
            os.replace(tmp, target)


class Solver5:
    """One C solver with its own transposition table (2**log2_buckets buckets of 4 entries,
    64 bytes a bucket). The library is global state, so use one Solver5 per process (and per
    library: `plain` loads the build without the pairing cut)."""

    def __init__(self, log2_buckets: int = 22, *, plain: bool = False) -> None:
        build()
        lib = ctypes.CDLL(str(PLAIN_LIBRARY if plain else LIBRARY))
        lib.s5_init.argtypes = [ctypes.c_int]
        lib.s5_value.argtypes = [ctypes.c_uint32, ctypes.c_uint32]
        lib.s5_search.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int, ctypes.c_int]
        lib.s5_move_values.argtypes = [
            ctypes.c_uint32,
            ctypes.c_uint32,
            ctypes.POINTER(ctypes.c_int),
        ]
        lib.s5_nodes.restype = ctypes.c_uint64
        lib.s5_has_line.argtypes = [ctypes.c_uint32]
        if lib.s5_init(log2_buckets):
            raise MemoryError("solve5: no memory for the table")
        self.lib = lib
        self._out = (ctypes.c_int * 25)()

    def value(self, me: int, theirs: int) -> int:
        """1, 0 or -1 for the side to move (`me`); the position must not be over."""
        return int(self.lib.s5_value(me, theirs))

    def search(self, me: int, theirs: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta in the window (alpha, beta)."""
        return int(self.lib.s5_search(me, theirs, alpha, beta))

    def at_least(self, me: int, theirs: int, bound: int) -> bool:
        """Whether the value for the side to move is at least `bound` (0 or 1)."""
        return int(self.lib.s5_search(me, theirs, bound - 1, bound)) >= bound

    def move_values(self, me: int, theirs: int) -> dict[int, int]:
        """Every empty cell's value for the side to move (1 if it completes a line)."""
        self.lib.s5_move_values(me, theirs, self._out)
        return {cell: v for cell, v in enumerate(self._out) if v != -9}

    def nodes(self) -> int:
        return int(self.lib.s5_nodes())

    def clear(self) -> None:
        self.lib.s5_clear()


if __name__ == "__main__":
    build()
    print(f"built: {PROGRAM.name}, {LIBRARY.name}, {PLAIN_LIBRARY.name} in {HERE}")
