"""Playing, for every front end and without one: the session (the match played, the settings it
follows, where both are kept), the turns (a person's move, the computer's reply, the pause, the
next watched game), the switches, and the one rule for "press again to confirm". The app and
the console both run these; online play runs `nac.net.OnlinePlay`."""

from __future__ import annotations

from .confirm import CONFIRM_SECONDS, Confirm
from .session import Session
from .switches import Switches, next_board, next_rules, rules_named
from .turns import MoveFinder, Timers, Turns

__all__ = [
    "CONFIRM_SECONDS",
    "Confirm",
    "MoveFinder",
    "Session",
    "Switches",
    "Timers",
    "Turns",
    "next_board",
    "next_rules",
    "rules_named",
]
