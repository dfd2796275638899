"""Log lines a stranger can cause, one a minute per kind: the first is logged, the rest of that
minute counted and said with the next one (as the web door logs a malformed request,
`door.OneLine`). A script refused a thousand times a second writes a line a minute, not 130 KB
a second."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from .door import LOG_SECONDS


class QuietLog:
    """`logger`'s lines, each kind (its format string) at most once in `seconds`."""

    def __init__(
        self,
        logger: logging.Logger,
        seconds: float = LOG_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.seconds = seconds
        self.clock = clock
        self._last: dict[str, float] = {}
        self._quiet: dict[str, int] = {}
        """Lines of each kind not logged since its last one."""

    def info(self, kind: str, *arguments: object) -> None:
        self.log(logging.INFO, kind, *arguments)

    def warning(self, kind: str, *arguments: object) -> None:
        self.log(logging.WARNING, kind, *arguments)

    def log(self, level: int, kind: str, *arguments: object) -> None:
        """Log `kind % arguments` unless a line of this kind was logged less than `seconds`
        ago (then it is counted, and the count said with the next one)."""
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.seconds:
            self._quiet[kind] = self._quiet.get(kind, 0) + 1
            return
        self._last[kind] = now
        quiet = self._quiet.pop(kind, 0)
        if quiet:
            self.logger.log(
                level, kind + " (%d more like it since the last such line)", *arguments, quiet
            )
        else:
            self.logger.log(level, kind, *arguments)
