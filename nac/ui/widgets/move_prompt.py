"""The move prompt: `:` opens it in the footer's place; a square's name like `b3` and Enter
chooses that square (`Chosen`), a name that is no square is refused (`Refused`), Escape closes
it (`Closed`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual.binding import BindingType
from textual.message import Message
from textual.widgets import Input

from ...core import IllegalMove
from ...present.game import words
from ...present.screen_commands import PROMPT_KEYS
from ..bindings import bindings

SQUARE_CHARACTERS = r"[A-Za-z0-9 ]*"
"""What a square's name may hold: another `:` (or any other character) is not typed."""


class MovePrompt(Input):
    """A one-line input for a square's name."""

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

    BINDINGS: ClassVar[list[BindingType]] = [
        binding for binding in bindings(PROMPT_KEYS) if binding.action == "close"
    ]

    @dataclass
    class Chosen(Message):
        """A square was named: its cell."""

        cell: int

    @dataclass
    class Refused(Message):
        """What was typed names no square (or nothing): why, in a sentence."""

        reason: str

    @dataclass
    class Closed(Message):
        """The prompt was closed without a move."""

        prompt: MovePrompt

    def __init__(self) -> None:
        super().__init__(restrict=SQUARE_CHARACTERS, select_on_focus=False)
        self.can_focus = False
        self._parse: Callable[[str], int] = int
        self._empty = ""

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open(
        self, placeholder: str, parse: Callable[[str], int], empty: str, typed: str = ""
    ) -> None:
        """Open, holding `typed`, for a square that `parse` turns into a cell (IllegalMove if
        none); `empty` is said when Enter comes with nothing typed."""
        self.placeholder = placeholder
        self._parse = parse
        self._empty = empty
        self.value = typed
        self.action_end()
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

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.post_message(self.Refused(self._empty))
            return
        try:
            cell = self._parse(text)
        except IllegalMove as refusal:
            self.value = ""
            self.app.bell()
            self.post_message(self.Refused(words.sentence(str(refusal))))
            return
        self.close()
        self.post_message(self.Chosen(cell))
