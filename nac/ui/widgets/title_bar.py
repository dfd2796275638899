"""The header: the game's title across the top of the screen.

A plain one-line widget rather than Textual's Header, whose icon, clock space and title
widgets cost a noticeable part of the start-up time."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static


class TitleBar(Static):
    """The first of its titles that fits the width (the last one if none does)."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        text-style: bold;
        content-align: center middle;
    }
    """

    def __init__(self, *titles: str) -> None:
        super().__init__(titles[0], markup=False)
        self.titles = titles

    def on_resize(self) -> None:
        width = self.size.width
        fitting = [title for title in self.titles if cell_len(title) <= width]
        self.update(fitting[0] if fitting else self.titles[-1])
