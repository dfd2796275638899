"""Telling listeners: every one hears, even if one raises (the first exception then propagates)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

Heard = TypeVar("Heard")


def tell(listeners: Iterable[Callable[[Heard], object]], what: Heard) -> None:
    """Every listener hears `what`, in order, even if one raises: the first exception then
    propagates."""
    failure: Exception | None = None
    for listener in list(listeners):
        try:
            listener(what)
        except Exception as error:
            failure = failure or error
    if failure is not None:
        raise failure
