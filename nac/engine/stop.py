"""Stopping a search: what a caller sets to cancel one, and what the search raises then."""

from __future__ import annotations

from typing import Protocol


class SearchStopped(Exception):
    """A search was cancelled (a new game, or quitting) before it finished."""


class StopSignal(Protocol):
    """What stops a long search when it is set: a `threading.Event`, or a
    `multiprocessing.Event` for a search in another process."""

    def is_set(self) -> bool: ...
