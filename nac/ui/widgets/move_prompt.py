"""The move prompt: `:` opens it above the board, a square like `b3` and Enter plays there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

SQUARE_CHARACTERS = r"[A-Za-z0-9 ]*"
"""What a square's name may hold: another `:` (or any other character) is not typed."""


class MovePrompt(Input):
    """A one-line input for a square's name; Escape closes it."""

    DEFAULT_CSS = """
    MovePrompt {
        height: 1;
        border: none;
        padding: 0 1;
        display: none;
        background: $boost;
    }
    MovePrompt:focus {
        border: none;
    }
    MovePrompt.-open {
        display: block;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    @dataclass
    class Closed(Message):
        """The prompt was closed without a move."""

        prompt: MovePrompt

    def __init__(self, placeholder: str) -> None:
        super().__init__(placeholder=placeholder, restrict=SQUARE_CHARACTERS)
        self.can_focus = False

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open(self) -> None:
        self.value = ""
        self.can_focus = True
        self.add_class("-open")
        # At once, not later as `focus()` does: keys typed with the `:` (fast typing, a paste)
        # are already queued, and must reach the prompt, not the board's commands.
        self.screen.set_focus(self)

    def close(self) -> None:
        self.remove_class("-open")
        self.blur()
        self.can_focus = False

    def action_close(self) -> None:
        self.close()
        self.post_message(self.Closed(self))
