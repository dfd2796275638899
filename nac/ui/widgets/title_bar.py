"""The header: the game's title across the top of the screen.

A plain one-line widget rather than Textual's Header, whose icon, clock space and title
widgets cost a noticeable part of the start-up time."""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
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
