"""The review's side panel: the summary per side and the moves, rated (see review_lines)."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import var

from ...present.learning.review_lines import ReviewView, review_lines
from .lines import LinesWidget


class ReviewPanel(LinesWidget):
    """The review beside the board; the move on the board marked and kept in view."""

    STYLE_PREFIX = "review"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "review--title",
        "review--label",
        "review--dim",
        "review--message",
        "review--current",
        "review--bad",
        "review--so-so",
        "review--won",
        "review--drawn",
        "review--lost",
        "review--unknown",
    }
    DEFAULT_CSS = """
    ReviewPanel > .review--title { text-style: bold; }
    ReviewPanel > .review--label { text-style: bold; }
    ReviewPanel > .review--dim { color: $text-muted; }
    ReviewPanel > .review--message { text-style: italic; }
    ReviewPanel > .review--current { text-style: bold reverse; }
    ReviewPanel > .review--bad { color: $text-error; text-style: bold; }
    ReviewPanel > .review--so-so { color: $text-warning; }
    ReviewPanel > .review--won { color: $text-primary; text-style: bold; }
    ReviewPanel > .review--drawn { color: $foreground; }
    ReviewPanel > .review--lost { color: $text-warning; text-style: bold; }
    ReviewPanel > .review--unknown { color: $text-muted; }
    """

    view: var[ReviewView | None] = var(None)

    def relayout(self) -> None:
        view = self.view
        self.show([] if view is None else review_lines(view, *self.content_size))

    watch_view = relayout
