"""The banner above the board that says how the game ended and how to start another."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

from ..views import Banner

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
        if result is None:
            self.update("")
        else:
            self.add_class("-shown", result.tone)
            self.update(f"{result.headline} — {result.next_step}")
