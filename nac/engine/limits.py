"""How long an engine may search: `Limit(seconds=..., nodes=...)`, as `chess.engine.Limit`."""

from __future__ import annotations

import math
from typing import NamedTuple


class _Budget(NamedTuple):
    seconds: float | None = None
    nodes: int | None = None


class Limit(_Budget):
    """A budget for the searches that can stop short (5×5 positions off Genius's own games):
    at most `seconds` of searching, at most `nodes` positions, whichever comes first; None
    leaves that one to the engine's default. Exact answers (3×3, 4×4, Genius's own 5×5
    positions) take milliseconds and are found whatever the limit."""

    __slots__ = ()

    def __new__(cls, seconds: float | None = None, nodes: int | None = None) -> Limit:
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not math.isfinite(seconds)
            or seconds <= 0
        ):
            raise ValueError(f"seconds must be a number above 0, not {seconds!r}")
        if nodes is not None and (
            isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1
        ):
            raise ValueError(f"nodes must be a whole number of positions, 1 or more, not {nodes!r}")
        return super().__new__(cls, seconds, nodes)

    def nodes_or(self, default: int) -> int:
        """The positions a search may visit: `nodes`, or `default` if none was set."""
        return default if self.nodes is None else self.nodes


NO_LIMIT = Limit()
"""The engines' own budgets."""
