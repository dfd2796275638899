"""The puzzle's side panel: its title, the count solved and the last move's verdict."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import var

from ...present.panel_lines import wrapped
from ...present.runs import Line
from .lines import LinesWidget


class PuzzlePanel(LinesWidget):
    """What the puzzle asks and how the attempt goes."""

    STYLE_PREFIX = "puzzle"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"puzzle--title", "puzzle--dim", "puzzle--message"}
    DEFAULT_CSS = """
    PuzzlePanel > .puzzle--title { text-style: bold; }
    PuzzlePanel > .puzzle--dim { color: $text-muted; }
    PuzzlePanel > .puzzle--message { text-style: italic; }
    """

    text: var[tuple[str, str, str]] = var(("", "", ""))

    def relayout(self) -> None:
        title, count, message = self.text
        width = self.content_size.width
        lines: list[Line] = wrapped(title, width, "title")
        lines += [*wrapped(count, width, "dim"), (), *wrapped(message, width, "message")]
        self.show(lines)

    watch_text = relayout
