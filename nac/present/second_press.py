"""A question that waits for a second press: the first press of a command that cannot be taken
back (resign, leave a game) asks, the same command again goes ahead. Any other command in
between, or CONFIRM_SECONDS without one, drops the question (a later press asks again)."""

from __future__ import annotations

import time
from collections.abc import Callable

from .switches import CONFIRM_SECONDS


class SecondPress:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.asked: str | None = None
        """The command asked about, waiting for its second press (None for none)."""
        self._asked_at = 0.0

    def pressed(self, action: str) -> bool:
        """Whether this press of `action` is the second, which goes ahead; the first asks."""
        if self.asked == action and not self.expired:
            self.asked = None
            return True
        self.asked, self._asked_at = action, self.clock()
        return False

    def heard(self, action: str) -> bool:
        """A command is about to run: unless it is the one asked about, the question is
        dropped. Whether one was."""
        name = action.partition("(")[0].rpartition(".")[2]
        if self.asked is None or name == self.asked:
            return False
        self.asked = None
        return True

    def expire(self) -> bool:
        """Drop the question if it has waited too long; whether it was dropped."""
        if self.expired:
            self.asked = None
            return True
        return False

    @property
    def expired(self) -> bool:
        return self.asked is not None and self.clock() - self._asked_at > CONFIRM_SECONDS
