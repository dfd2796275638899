"""A small question for a number (the puzzles' `g`): the number typed and Enter, or Escape."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class NumberPrompt(ModalScreen[int | None]):
    """Asks for a whole number from 1 to `most`; dismissed with it, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, question: str, most: int) -> None:
        super().__init__()
        self.question = question
        self.most = most

    def compose(self) -> ComposeResult:
        with Vertical(id="number-prompt"):
            yield Label(self.question, markup=False)
            yield Input(type="integer", max_length=len(str(self.most)), id="number")
            yield Label("", id="number-refusal", markup=False)

    @on(Input.Submitted)
    def _submitted(self, submitted: Input.Submitted) -> None:
        text = submitted.value.strip()
        if text.isdigit() and 1 <= int(text) <= self.most:
            self.dismiss(int(text))
            return
        self.query_one("#number-refusal", Label).update(f"A number from 1 to {self.most}.")

    def action_cancel(self) -> None:
        self.dismiss(None)
