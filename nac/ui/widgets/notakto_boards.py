"""Notakto's boards side by side (`notakto_lines`), scaled to the widget's size; a click on a
square says which (`SquareChosen`). It draws what the screen tells it and decides no rule."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.message import Message

from ...core import NotaktoMove, NotaktoPosition
from ...present import notakto_lines, notakto_words
from ...present.notakto_lines import Fit, NotaktoView
from .lines import LinesWidget

STYLES = (
    "grid",
    "frame",
    "x",
    "dead",
    "line",
    "last",
    "key",
    "hint",
    "win",
    "loss",
    "caption",
    "caption-dead",
    "caption-here",
)


class NotaktoBoards(LinesWidget):
    """One to three 3×3 boards, centred."""

    STYLE_PREFIX = "notakto"
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"notakto--{name}" for name in STYLES}

    @dataclass
    class SquareChosen(Message):
        move: NotaktoMove

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = NotaktoView(NotaktoPosition.empty(1))
        self.fit: Fit | None = None
        self._left = 0

    def update(self, view: NotaktoView) -> None:
        self.view = view
        self.relayout()

    def relayout(self) -> None:
        width, height = self.content_size
        self.fit = notakto_lines.fit(self.view.boards, width, height)
        if self.fit is None:  # said in as many lines as it takes
            said = notakto_words.too_small(self.view.boards, *self.screen.size)
            self.show([((text, "caption"),) for text in textwrap.wrap(said, max(10, width))])
            return
        self._left = (width - self.fit.width) // 2
        captions = tuple(
            notakto_words.caption(self.view.position, board, self.fit.board_width)
            for board in range(self.view.boards)
        )
        margin = ((" " * self._left, ""),)
        self.show([margin + line for line in notakto_lines.lines(self.view, self.fit, captions)])

    def on_click(self, event: events.Click) -> None:
        if self.fit is None:
            return
        move = notakto_lines.square_at(self.fit, event.x - self._left, event.y)
        if move is not None:
            self.post_message(self.SquareChosen(move))
