"""What the game screen needs from the app that hosts it (the app outlives its screens)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from ..core import FinishedGame, KeypadLayout, Mode, SavedGame
from ..store import Storage


class Host(Protocol):
    notices_shown: list[str]
    storage: Storage
    now: Callable[[], datetime]
    """The date and time a finished game is saved with."""
    watch_gap: float
    """In watch mode, the least time a finished game stays before the next begins."""
    """The date and time a finished game is saved with."""

    @property
    def keypad(self) -> KeypadLayout:
        """The keypad layout in use."""
        ...

    def save_game(self, game: SavedGame) -> None:
        """Keep a finished game in the saved games."""
        ...

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
