"""How fast the computer plays on screen: its pause before each move, and in watch mode the
gap between games."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Mode

THINK_SECONDS = 0.3
WATCH_THINK_SECONDS = 0.6
WATCH_GAP_SECONDS = 2.5
"""In watch mode, how long a finished game stays before the next begins (at least)."""


@dataclass
class Pace:
    """How fast the computer plays: its pause before each move (None: 0.3 s, 0.6 s per move in
    watch mode) and, in watch mode, the least gap between games."""

    think: float | None = None
    watch_gap: float = WATCH_GAP_SECONDS

    def think_seconds(self, mode: Mode) -> float:
        if self.think is not None:
            return self.think
        return WATCH_THINK_SECONDS if mode is Mode.WATCH else THINK_SECONDS

    def gap_seconds(self) -> float:
        """The gap between watched games: at least four moves' pause."""
        return max(self.watch_gap, 4 * self.think_seconds(Mode.WATCH))
