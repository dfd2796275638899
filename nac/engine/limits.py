"""How long an engine may search: `Limit(seconds=..., nodes=...)`, as `chess.engine.Limit`."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """A budget for the searches that can stop short (5×5 positions off Genius's own games):
    at most `seconds` of searching, at most `nodes` positions, whichever comes first; None
    leaves that one to the engine's default. Exact answers (3×3, 4×4, Genius's own 5×5
    positions) take milliseconds and are found whatever the limit."""

    seconds: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        seconds, nodes = self.seconds, self.nodes
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

    def nodes_or(self, default: int) -> int:
        """The positions a search may visit: `nodes`, or `default` if none was set."""
        return default if self.nodes is None else self.nodes


NO_LIMIT = Limit()
"""The engines' own budgets."""
