"""What the app and its screens tell each other, as small dataclass messages handled with `@on`:
a screen asks the app for what outlives it (the lab on its position), and the app tells the
screen on top each command about to run (a question waiting for a second press hears it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.message import Message

from ..core import Position


@dataclass
class CommandRuns(Message, bubble=False):
    """A command (a key's, the palette's, the footer's) is about to run: unless it is the
    second press a question waits for, the question is dropped."""

    action: str


@dataclass
class LabWanted(Message):
    """The lab (`y`), on a screen's position, its squares named as that screen names them."""

    position: Position
    square_name: Callable[[int], str]
