"""The two marks players put on the board."""

from __future__ import annotations

from enum import Enum

from .choices import parse_choice


class Mark(Enum):
    """A player's mark. X and O; `other` gives the opponent's."""

    X = "X"
    O = "O"  # noqa: E741 - the letter O is the name of the mark

    @property
    def other(self) -> Mark:
        return Mark.O if self is Mark.X else Mark.X

    @classmethod
    def parse(cls, text: str) -> Mark:
        """`"x"`, `"X"`, `"o"` or `"O"` to a Mark; anything else raises ValueError."""
        return parse_choice(cls, text, "a mark")

    def __str__(self) -> str:
        return self.value
