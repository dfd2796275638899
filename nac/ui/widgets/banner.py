"""The banner above the board that says how the game ended and how to start another."""

from __future__ import annotations

from textual.widgets import Static

RESULT_CLASSES = ("-won", "-lost", "-draw")


class ResultBanner(Static):
    """One line: "You won — press n for a new game". Empty while a game goes on."""

    DEFAULT_CSS = """
    ResultBanner {
        width: 100%;
        height: 1;
        content-align: center middle;
        text-style: bold;
        visibility: hidden;
    }
    ResultBanner.-shown { visibility: visible; }
    ResultBanner.-won { background: $success; color: $text; }
    ResultBanner.-lost { background: $error; color: $text; }
    ResultBanner.-draw { background: $warning; color: $text; }
    """

    def show_result(
        self, headline: str, result_class: str, next_step: str = "press n for a new game"
    ) -> None:
        self.remove_class(*RESULT_CLASSES)
        self.add_class("-shown", result_class)
        self.update(f"{headline} — {next_step}")

    def hide(self) -> None:
        self.remove_class("-shown", *RESULT_CLASSES)
        self.update("")
