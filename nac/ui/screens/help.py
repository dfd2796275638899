"""The help screen: the keys (from the command table), the modes, the levels and the rules,
from `help.md` beside this file. It scrolls with the keys and says which keypad is in use."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ... import words
from ...core import Game
from ..commands import key_table

CLOSE_KEYS = "escape,question_mark,q,f1"


def help_text(game: Game) -> str:
    """The help as Markdown, with the key table and the keypad in use filled in."""
    template = resources.files("nac.ui.screens").joinpath("help.md").read_text(encoding="utf-8")
    return template.replace("{keys}", key_table()).replace(
        "{keypad}", words.KEYPAD_DESCRIPTIONS[game.keypad]
    )


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 88;
        max-width: 100%;
        height: 1fr;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
    }
    HelpScreen > .help--keys {
        dock: bottom;
        height: 1;
        width: 100%;
        background: $footer-background;
        color: $footer-foreground;
    }
    """

    AUTO_FOCUS = "VerticalScroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(CLOSE_KEYS, "close", "Close help"),
        Binding("space,j", "scroll('down')", "Scroll down", show=False),
        Binding("k", "scroll('up')", "Scroll up", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.text = help_text(game)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Help"
            yield Static(Markdown(self.text), id="help-text")
        yield Static(words.HELP_KEYS, classes="help--keys", markup=False)

    def action_scroll(self, direction: str) -> None:
        box = self.query_one(VerticalScroll)
        if direction == "down":
            box.scroll_page_down()
        else:
            box.scroll_up()

    def action_close(self) -> None:
        self.dismiss(None)
