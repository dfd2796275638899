"""Games start one at a time: a game's start costs about a second of a core (its imports, its
first layout and frame), so starts that come together (a script starting and dropping games in
a loop, a class arriving at once) take turns, each until its game has drawn its first frame
(or `TURN_SECONDS`), rather than all at once beside the games being played. The turns are
first come, first served; a session that ends while it waits leaves the line."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

TURN_SECONDS = 3.0
"""The longest one game's start holds the others back."""


class StartLine:
    def __init__(self) -> None:
        self._turn = asyncio.Lock()  # first come, first served
        self.waiting = 0
        """Starts waiting for their turn now."""

    @contextlib.asynccontextmanager
    async def turn(self, over: asyncio.Event) -> AsyncIterator[bool]:
        """Whether this start has its turn (False: `over` was set while it waited); the turn
        is held until the block ends."""
        self.waiting += 1
        taking = asyncio.ensure_future(self._turn.acquire())
        ending = asyncio.ensure_future(over.wait())
        try:
            await asyncio.wait({taking, ending}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.waiting -= 1
            ending.cancel()
            if not taking.done():
                taking.cancel()
        if not taking.done() or taking.cancelled():
            yield False
            return
        try:
            yield not over.is_set()
        finally:
            self._turn.release()
