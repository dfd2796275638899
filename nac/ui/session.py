"""This session's results, counted from the game's `on_game_over`."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Mark, Mode, Outcome


@dataclass
class SessionScore:
    """Against the computer: the person, the computer, draws. Otherwise: X, O, draws."""

    first: int = 0
    second: int = 0
    draws: int = 0

    def record(self, outcome: Outcome, mode: Mode, human: Mark) -> None:
        if outcome.winner is None:
            self.draws += 1
        elif outcome.winner is (human if mode is Mode.COMPUTER else Mark.X):
            self.first += 1
        else:
            self.second += 1
