"""The help screen: every key, the levels and the rules, from `help.md` beside this file."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP_TEXT = Path(__file__).with_name("help.md")


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 84;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close help"),
    ]

    @staticmethod
    def text() -> str:
        return HELP_TEXT.read_text(encoding="utf-8")

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Help"
            yield Markdown(self.text())

    def action_close(self) -> None:
        self.dismiss(None)
