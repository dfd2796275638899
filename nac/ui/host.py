"""What the game screen needs from the app that hosts it (the app outlives its screens)."""

from __future__ import annotations

from typing import Any, Protocol

from ..core import FinishedGame, Mode


class Host(Protocol):
    notices_shown: list[str]

    def think_seconds(self, mode: Mode) -> float:
        """The computer's pause before it moves."""
        ...

    def change_settings(self, **changes: Any) -> None:
        """Change settings for this run, and save the changes."""
        ...

    def record(self, finished: FinishedGame) -> None:
        """Count a finished game in the lifetime stats."""
        ...

    def show_stats(self) -> None: ...
