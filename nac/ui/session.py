"""This session's results, counted from the game's `on_game_over`."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Mark, Outcome


@dataclass
class SessionScore:
    you: int = 0
    computer: int = 0
    draws: int = 0

    def record(self, outcome: Outcome, human: Mark) -> None:
        if outcome.winner is None:
            self.draws += 1
        elif outcome.winner is human:
            self.you += 1
        else:
            self.computer += 1
