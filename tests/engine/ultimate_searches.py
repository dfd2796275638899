"""Genius's two Ultimate searches, for the tests that run on both: the compiled one
(`nac/engine/ultimate/_ultimate.c`, skipped where it is not built) and the Python one it falls
back to."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

import pytest

from nac.core import ULTIMATE, UltimateBoard, start_position
from nac.engine.ultimate.fast import CompiledSearch, UltimateSearch
from nac.engine.ultimate.search import Search


def built() -> ModuleType | None:
    """The compiled module where it is built (whatever NAC_PURE_PYTHON says: the tests of the
    compiled search run on it directly)."""
    try:
        return importlib.import_module("nac.engine.ultimate._ultimate")
    except ImportError:
        return None


NOT_BUILT = (
    "the compiled search (nac/engine/ultimate/_ultimate.c) is not built here: `pip install -e .` "
    "with a C compiler builds it"
)
KINDS = [
    pytest.param("python"),
    pytest.param("compiled", marks=pytest.mark.skipif(built() is None, reason=NOT_BUILT)),
]
"""Parametrize a test with `kind` over these: it runs on each search."""


def make_search(kind: str, rng: random.Random) -> UltimateSearch:
    if kind == "python":
        return Search(rng)
    module = built()
    assert module is not None, NOT_BUILT
    return CompiledSearch(rng, module)


def random_positions(count: int, seed: int) -> list[UltimateBoard]:
    """Positions from random games, at every stage (none over)."""
    rng = random.Random(seed)
    found: list[UltimateBoard] = []
    while len(found) < count:
        position = start_position(ULTIMATE)
        assert isinstance(position, UltimateBoard)
        while not position.is_over:
            found.append(position)
            position = position.play(rng.choice(position.legal_moves))
    return found[:count]
