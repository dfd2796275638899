"""Stopping a search: what a caller sets to cancel one, and what the search raises then; the
lab's budget of nodes (`Counter`), which stops it too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

STOP_CHECK_MASK = 4095
"""A lab's search looks at its stop signal once every 4,096 nodes."""


class SearchStopped(Exception):
    """A search was cancelled (a new game, or quitting) before it finished."""


class StopSignal(Protocol):
    """What stops a long search when it is set: a `threading.Event`, or a
    `multiprocessing.Event` for a search in another process."""

    def is_set(self) -> bool: ...


class NodeLimit(Exception):
    """The node limit: the search stops and says how far it got."""


@dataclass
class Counter:
    """A lab's search's nodes and cuts, counted: NodeLimit past its `limit`, SearchStopped once
    `stop` is set."""

    limit: int
    stop: StopSignal | None
    nodes: int = 0
    cuts: int = 0

    def visit(self) -> None:
        if self.nodes >= self.limit:
            raise NodeLimit
        self.nodes += 1
        if self.nodes & STOP_CHECK_MASK == 0 and self.stop is not None and self.stop.is_set():
            raise SearchStopped
