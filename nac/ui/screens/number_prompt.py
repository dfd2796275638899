"""A small question for a number (the puzzles' `g`): the number typed and Enter, or Escape. It
has its own footer, help and palette (`NUMBER_COMMANDS`); its field takes digits only, so `?`
and `q` keep their meaning while it has the focus."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...present.learning.words import number_refusal
from ...present.screen_commands import EVERYWHERE, NUMBER_COMMANDS
from ..bindings import PRIORITY, bindings
from ..widgets.keys_bar import KeysBar

BEFORE_THE_FIELD = frozenset(key for command in EVERYWHERE for key, _ in command.keys)
"""Keys heard before the field (which would swallow them, taking digits only)."""


class NumberField(Input):
    """The number's field: it leaves the keys it would not take to the screen's bindings."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character.isdigit()


class NumberPrompt(ModalScreen[int | None]):
    """Asks for a whole number from 1 to `most`; dismissed with it, or None."""

    COMMAND_TABLE = NUMBER_COMMANDS
    HELP_TITLE = "Go to a puzzle"
    BINDINGS = bindings(NUMBER_COMMANDS, priority=PRIORITY | BEFORE_THE_FIELD)

    def __init__(self, question: str, most: int) -> None:
        super().__init__()
        self.question = question
        self.most = most

    def compose(self) -> ComposeResult:
        with Vertical(id="number-prompt"):
            yield Label(self.question, markup=False)
            yield NumberField(type="integer", max_length=len(str(self.most)), id="number")
            yield Label("", id="number-refusal", markup=False)
        yield KeysBar(NUMBER_COMMANDS)

    @on(Input.Submitted)
    def _submitted(self, submitted: Input.Submitted) -> None:
        submitted.stop()
        self.action_submit()

    def action_submit(self) -> None:
        text = self.query_one(Input).value.strip()
        if text.isdigit() and 1 <= int(text) <= self.most:
            self.dismiss(int(text))
            return
        self.query_one("#number-refusal", Label).update(number_refusal(self.most))

    def action_close(self) -> None:
        self.dismiss(None)
