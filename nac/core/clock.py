"""Time controls and a game's two clocks, as lichess keeps them: minutes for each side plus
seconds added after each move ("3+2"). Plain arithmetic on times the caller gives (a server's
monotonic clock, a test's): nothing here waits or reads the time.

The first move of each side is not on the clock: each has `first_move_seconds` to make it, from
the moment it becomes theirs, or the game is aborted (`unstarted`). From the second side's first
move on, the clock of the side to move runs from the moment the previous move was accepted; a
move stops it and adds the increment. A side whose clock reaches zero has lost on time
(`flagged`): always a loss, whatever is left on the board (no rules here says whether the other
side could still win, and at these time controls players expect the flag to decide).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .mark import Mark

MOST_MINUTES = 180
MOST_INCREMENT = 60
_CONTROL = re.compile(r"(\d{1,3})\+(\d{1,2})")


@dataclass(frozen=True)
class TimeControl:
    """Minutes for each side, and seconds added after each of their moves."""

    minutes: int
    increment: int

    @property
    def name(self) -> str:
        """ "3+2", as players write it (and the protocol carries it)."""
        return f"{self.minutes}+{self.increment}"

    @property
    def seconds(self) -> float:
        """Each side's time at the start."""
        return 60.0 * self.minutes

    def __str__(self) -> str:
        return self.name


def parse_time_control(text: object) -> TimeControl:
    """ "3+2" (minutes + seconds a move); ValueError saying what a time control is."""
    found = _CONTROL.fullmatch(text.strip()) if isinstance(text, str) else None
    minutes, increment = (int(found[1]), int(found[2])) if found else (0, -1)
    if not 1 <= minutes <= MOST_MINUTES or not 0 <= increment <= MOST_INCREMENT:
        raise ValueError(
            f"a clock is minutes+seconds a move, like 3+2 (1 to {MOST_MINUTES} minutes, 0 to "
            f"{MOST_INCREMENT} seconds)"
        )
    return TimeControl(minutes, increment)


@dataclass
class GameClock:
    """One game's two clocks under `control`, from `started` (the game's start), `first` to
    move first."""

    control: TimeControl
    started: float
    first: Mark
    first_move_seconds: float = 30.0
    turn: Mark = field(init=False)
    """The side whose time passes now."""
    since: float = field(init=False)
    """When the side to move's time began: the previous move accepted, or the game's start."""
    left: dict[Mark, float] = field(init=False)
    """Each side's time as of its last move (the side to move's, as of `since`)."""
    moves: int = 0
    stopped: bool = False

    def __post_init__(self) -> None:
        self.turn, self.since = self.first, self.started
        self.left = {mark: self.control.seconds for mark in Mark}

    @property
    def running(self) -> bool:
        """Whether the side to move's clock runs: each side has made its first move, and the
        game goes on."""
        return self.moves >= 2 and not self.stopped

    def remaining(self, mark: Mark, now: float) -> float:
        """`mark`'s time left at `now` (below zero once its flag has fallen)."""
        running = self.running and mark is self.turn
        return self.left[mark] - (now - self.since if running else 0.0)

    def first_move_left(self, now: float) -> float | None:
        """While a side's first move is awaited, the time it has left to make it; else None."""
        if self.moves >= 2 or self.stopped:
            return None
        return self.first_move_seconds - (now - self.since)

    def moved(self, mover: Mark, now: float) -> None:
        """`mover`'s move was accepted at `now`: their time stops (less what it took, plus the
        increment, once the clock runs), and the other side's begins."""
        if self.running:
            self.left[mover] += self.control.increment - (now - self.since)
        self.moves += 1
        self.turn, self.since = mover.other, now

    def flagged(self, now: float) -> Mark | None:
        """The side whose time ran out by `now`, if one has."""
        return self.turn if self.running and self.remaining(self.turn, now) <= 0 else None

    def unstarted(self, now: float) -> Mark | None:
        """The side that let its first move's time pass by `now` (the game is aborted), if one
        has."""
        left = self.first_move_left(now)
        return self.turn if left is not None and left <= 0 else None

    def stop(self, now: float) -> None:
        """The game ended at `now`: both clocks keep what they show."""
        if self.running:
            self.left[self.turn] = max(0.0, self.remaining(self.turn, now))
        self.since, self.stopped = now, True
