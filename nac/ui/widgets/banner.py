"""The banner above the board that says how the game ended and how to start another."""

from __future__ import annotations

from rich.cells import cell_len
from textual.reactive import reactive
from textual.widgets import Static

from ...present.game.views import Banner

TONES = ("-won", "-lost", "-draw")


class ResultBanner(Static):
    """One line: "You won — press n for a new game". Hidden while a game goes on."""

    DEFAULT_CSS = """
    ResultBanner {
        width: 100%;
        height: auto;
        min-height: 1;
        content-align: center middle;
        text-align: center;
        text-style: bold;
        visibility: hidden;
    }
    ResultBanner.-shown { visibility: visible; }
    ResultBanner.-won { background: $success; color: $text; }
    ResultBanner.-lost { background: $error; color: $text; }
    ResultBanner.-draw { background: $warning; color: $text; }
    """

    result: reactive[Banner | None] = reactive(None)

    def __init__(self) -> None:
        super().__init__(markup=False)

    def watch_result(self, result: Banner | None) -> None:
        self.remove_class("-shown", *TONES)
        if result is not None:
            self.add_class("-shown", result.tone)
        self.update(self.text())

    def on_resize(self) -> None:
        self.update(self.text())

    def text(self) -> str:
        """The headline and the next step; where both would not fit on one line, the headline
        alone (the footer and the panel say the next step too), or its shortest form."""
        result = self.result
        if result is None:
            return ""
        width = self.size.width
        choices = (f"{result.headline} — {result.next_step}", result.headline, result.short)
        fitting = [text for text in choices if text and (not width or cell_len(text) <= width)]
        return fitting[0] if fitting else result.short or result.headline
