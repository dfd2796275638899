"""One rule for "press again to confirm", for every command that cannot be taken back (a switch
that drops a game in progress, resigning, leaving a game): the first press asks, the same
command pressed again within CONFIRM_SECONDS goes ahead. Any other command in between, or the
time running out, drops the question, and a later press asks again."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection

CONFIRM_SECONDS = 10.0
"""How long a question waits for its second press."""


class Confirm:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.asked: object = None
        """What was asked about (a command's name, a switch), waiting for its second press;
        None for nothing."""
        self._asked_at = 0.0

    def pressed(self, subject: object) -> bool:
        """Whether this press of `subject` is the second, in time, which goes ahead; the
        first asks (and False)."""
        if self.asked is not None and self.asked == subject and not self.expired:
            self.asked = None
            return True
        self.asked, self._asked_at = subject, self.clock()
        return False

    def heard(self, action: str, on_the_way: Collection[str] = ()) -> bool:
        """A command is about to run: unless it is the one asked about, or one of `on_the_way`
        to a second press (the palette, to choose its entry again), the question is dropped.
        Whether one was."""
        name = action.partition("(")[0].rpartition(".")[2]  # app.mode('watch') → mode
        if self.asked is None or name == self.asked or name in on_the_way:
            return False
        self.asked = None
        return True

    def forget(self) -> None:
        """Nothing waits for a second press any more."""
        self.asked = None

    @property
    def expired(self) -> bool:
        """Whether a question was asked and has waited too long for its second press."""
        return self.asked is not None and self.clock() - self._asked_at > CONFIRM_SECONDS

    def expire(self) -> bool:
        """Drop the question if it has waited too long; whether it was dropped."""
        if self.expired:
            self.asked = None
            return True
        return False
