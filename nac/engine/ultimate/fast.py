"""Which of the two searches Genius plays Ultimate with: the compiled one (`_ultimate.c`, the
same search as `search.py` some tens of times faster), where it was built, else the
Python one. The compiled module is imported here only, when Ultimate's Genius first searches,
never as the app starts. It is not there when no C compiler was found at install, nor when nac
runs from a zip (an extension module cannot load from one): the Python search answers then,
silently. `NAC_PURE_PYTHON=1` in the environment forces the Python search.
"""

from __future__ import annotations

import functools
import importlib
import os
import random
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from ..values import Estimate
from . import search
from .search import Search
from .state import State

if TYPE_CHECKING:
    from ._ultimate import Search as Tree

PURE_PYTHON = "NAC_PURE_PYTHON"
"""The environment variable that, set (to anything but 0), forces the Python search."""


class UltimateSearch(Protocol):
    """What both searches offer: one tree, kept between the moves of a game."""

    rng: random.Random
    """Where the search's randomness comes from (the compiled search seeds itself from it at
    each run, so a seeded run repeats)."""
    simulations: int
    """Simulations run by the last `run`."""

    def run(
        self,
        state: State,
        seconds: float | None,
        simulations: int | None = None,
        stopped: object = None,
    ) -> object:
        """Search from `state` for `seconds` (or `simulations`), stopping early if `stopped()`
        says so, the root is proven or the tree fills `search.TREE_MEMORY`."""
        ...

    def best_move(self) -> int:
        """The move to play: a proven win, else the most simulated move not proven lost."""
        ...

    def estimates(self, line: Sequence[int] = ()) -> list[Estimate]:
        """The estimates of the moves after `line` from the last searched position."""
        ...

    @property
    def visits(self) -> int:
        """The last searched position's simulations, kept ones included."""
        ...


class CompiledSearch:
    """The compiled search (`_ultimate.Search`) behind the Python search's face. Its
    constants are read from `search.py` at each run: one place sets them for both. Its
    nodes are smaller (`_ultimate.NODE_BYTES`, 28, against about 400): the same memory holds
    some fourteen times the nodes."""

    def __init__(self, rng: random.Random, compiled: ModuleType) -> None:
        self.rng = rng
        self.simulations = 0
        self._tree: Tree = compiled.Search()
        self._node_bytes: int = compiled.NODE_BYTES

    def run(
        self,
        state: State,
        seconds: float | None,
        simulations: int | None = None,
        stopped: object = None,
    ) -> None:
        self.simulations = self._tree.run(
            state,
            seconds,
            simulations,
            stopped if callable(stopped) else None,
            seed=self.rng.getrandbits(64),
            max_nodes=search.TREE_MEMORY // self._node_bytes,
            exploration=search.EXPLORATION,
            check_every=search.CHECK_EVERY,
            bias=search.PROGRESSIVE_BIAS,
        )

    def best_move(self) -> int:
        return self._tree.best_move()

    def estimates(self, line: Sequence[int] = ()) -> list[Estimate]:
        found = [
            Estimate(move, wins / visits, visits, proven)
            for move, wins, visits, proven in self._tree.estimates(list(line))
            if visits
        ]
        return sorted(found, key=lambda estimate: -estimate.simulations)

    @property
    def visits(self) -> int:
        return self._tree.visits


@functools.cache
def compiled() -> ModuleType | None:
    """The compiled search's module, or None where it is not built (or not wanted)."""
    if os.environ.get(PURE_PYTHON, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("._ultimate", __package__)
    except ImportError:  # not built (no compiler at install), or run from a zip
        return None


def new_search(rng: random.Random) -> UltimateSearch:
    """A new search tree: the compiled search where it is there, else the Python one."""
    module = compiled()
    return Search(rng) if module is None else CompiledSearch(rng, module)
