"""Calls a database answers together: the group commit of the rooms' changes (`live.Live`) and
of the games' results (`results.Results`), and the look-up of players' keys (`ledger.Ledger`).
A call waits with every other made while a batch was under way; one task does them, a batch at
a time, and tells each call its own answer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Batches(Generic[T, R]):
    """`await ask(item)` returns `item`'s answer once its batch is done. `do` does a batch (at
    most `most` items) and gives each item's answer in order; an exception in an item's place
    is raised to its call. Where a batch fails and `alone` is set, its items are done again one
    at a time, so a bad item fails alone; else each call is given the batch's error. A call
    begun while a batch is under way waits for a later one."""

    def __init__(
        self, do: Callable[[list[T]], Awaitable[Sequence[R | Exception]]], most: int, alone: bool
    ) -> None:
        self._do = do
        self._most = most
        self._alone = alone
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        """Items not yet done, each with the future its call awaits."""
        self._doing: asyncio.Task[None] | None = None

    async def ask(self, item: T) -> R:
        done: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, done))
        if self._doing is None or self._doing.done():
            self._doing = asyncio.create_task(self._do_waiting())
        return await done

    async def close(self) -> None:
        """The items waiting done."""
        while self._doing is not None and not self._doing.done():
            await asyncio.wait([self._doing])

    async def _do_waiting(self) -> None:
        while self._waiting:
            batch = self._waiting[: self._most]
            del self._waiting[: self._most]
            try:
                answers = await self._do([item for item, _ in batch])
            except Exception as error:
                if not self._alone or len(batch) == 1:
                    for _, done in batch:
                        _tell(done, error)
                    continue
                for item, done in batch:
                    try:
                        (answer,) = await self._do([item])
                    except Exception as failure:
                        _tell(done, failure)
                    else:
                        _tell(done, answer)
            else:
                for (_, done), answer in zip(batch, answers, strict=True):
                    _tell(done, answer)


def _tell(done: asyncio.Future[R], answer: R | Exception) -> None:
    """A call told its answer (or why there is none), unless it stopped waiting."""
    if done.done():
        return
    if isinstance(answer, Exception):
        done.set_exception(answer)
    else:
        done.set_result(answer)
