"""Who plays: one person against the computer, two people, or the computer against itself."""

from __future__ import annotations

from enum import Enum

from .choices import parse_choice


class Mode(Enum):
    """Who plays: one person against the computer, two people, or the computer against itself."""

    COMPUTER = "computer"
    TWO_PLAYER = "two-player"
    WATCH = "watch"

    @property
    def label(self) -> str:
        return _MODE_LABELS[self]

    @property
    def next(self) -> Mode:
        modes = list(Mode)
        return modes[(modes.index(self) + 1) % len(modes)]

    @classmethod
    def parse(cls, text: str) -> Mode:
        """A mode from its name in any case ("Watch", "two-player"); ValueError otherwise."""
        return parse_choice(cls, text, "a mode")


_MODE_LABELS = {Mode.COMPUTER: "Vs computer", Mode.TWO_PLAYER: "Two players", Mode.WATCH: "Watch"}
