"""Notakto's searches on threads, a plain helper the Notakto screen owns: the computer's reply
(found while a short pause runs, played when both are over) and Genius's answers for hints and
the analysis. An answer for a position the game has left (a new game, an undo) is dropped."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from textual.widget import Widget

from ..core import Level, NotaktoMove, NotaktoPosition
from ..engine import MoveValue, choose_notakto, notakto_genius_moves, notakto_values

Analysis = tuple[dict[NotaktoMove, MoveValue], NotaktoMove]
"""Every move's value, and the move Genius plays."""


class NotaktoTurns:
    def __init__(
        self,
        owner: Widget,
        rng: random.Random,
        replied: Callable[[NotaktoPosition, NotaktoMove], None],
        analysed: Callable[[NotaktoPosition, Analysis, bool], None],
    ) -> None:
        self._owner = owner
        self._rng = rng
        self._replied = replied
        self._analysed = analysed
        self._reply_for: NotaktoPosition | None = None

    @property
    def replying(self) -> bool:
        """Whether the computer's reply is being found."""
        return self._reply_for is not None

    def reply(self, position: NotaktoPosition, level: Level, pause: float) -> None:
        """The computer's move in `position` at `level`, told to `replied` after `pause` at
        least."""
        self._reply_for = position

        def find() -> None:
            started = time.monotonic()
            move = choose_notakto(position, level, self._rng)
            time.sleep(max(0.0, pause - (time.monotonic() - started)))
            self._owner.app.call_from_thread(self._found, position, move)

        self._owner.run_worker(find, thread=True, exclusive=True, group="notakto-reply")

    def _found(self, position: NotaktoPosition, move: NotaktoMove) -> None:
        if self._reply_for is position:
            self._reply_for = None
            self._replied(position, move)

    def cancel(self) -> None:
        """No reply is wanted any more (a new game, an undo)."""
        self._reply_for = None

    def analyse(self, position: NotaktoPosition, *, hint: bool) -> None:
        """Every move's value in `position` and Genius's move, told to `analysed`."""

        def find() -> None:
            found = (notakto_values(position), notakto_genius_moves(position)[0])
            self._owner.app.call_from_thread(self._analysed, position, found, hint)

        self._owner.run_worker(find, thread=True, exclusive=True, group="notakto-analysis")
