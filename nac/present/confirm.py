"""Asking before a switch that would drop a game in progress: the first press asks, the same
switch again goes ahead; a game that is over, empty or watched switches at once."""

from __future__ import annotations


class Confirmation:
    def __init__(self) -> None:
        self.asked = ""
        """The switch asked about, waiting for its second press ("" for none)."""

    def needed(self, switch: str, *, game_in_progress: bool) -> bool:
        """Whether `switch` must ask first (True: say the question), or may go ahead (False)."""
        if not game_in_progress or self.asked == switch:
            self.asked = ""
            return False
        self.asked = switch
        return True

    def cancel(self) -> None:
        """Nothing is waiting for a second press any more."""
        self.asked = ""
