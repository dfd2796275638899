"""Waiting for a state, bounded: a hang fails the test, it does not stall the run."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable

LONGEST_WAIT = 60.0
"""The longest a test waits for one thing (a state, a message, a process's answer), in seconds."""


async def until(
    condition: Callable[[], object],
    what: str | Callable[[], str],
    *,
    pause: Callable[[float], Awaitable[object]] = asyncio.sleep,
    every: float = 0.05,
    changed: asyncio.Event | None = None,
) -> None:
    """Wait until `condition()` holds (awaited where it gives an awaitable: a database's state),
    asked every `every` seconds (`pause`: an app's pilot's, so the app runs meanwhile), or at
    each `changed` where one is given (a client's news), at most LONGEST_WAIT seconds: else an
    AssertionError saying `what` never came (`what()`, where it says what was seen instead)."""
    try:
        async with asyncio.timeout(LONGEST_WAIT):
            while True:
                if changed is not None:
                    changed.clear()
                held = condition()
                if inspect.isawaitable(held):
                    held = await held
                if held:
                    return
                await (changed.wait() if changed is not None else pause(every))
    except TimeoutError:
        raise AssertionError(f"never came: {what if isinstance(what, str) else what()}") from None
