"""A board drawn after the terminal grows is the board a fresh start at that size draws."""

from __future__ import annotations

import pytest
from textual.strip import Strip

from nac.ui.app import NacApp
from nac.ui.widgets.board import BoardWidget


def record_drawn_lines(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """The last text the board gave Textual for each of its lines: what the terminal shows."""
    drawn: dict[int, str] = {}
    draw = BoardWidget.render_line

    def recorded(board: BoardWidget, y: int) -> Strip:
        strip = draw(board, y)
        drawn[y] = strip.text
        return strip

    monkeypatch.setattr(BoardWidget, "render_line", recorded)
    return drawn


async def test_the_board_is_drawn_afresh_when_the_terminal_grows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = record_drawn_lines(monkeypatch)
    async with NacApp().run_test(size=(177, 55)) as pilot:
        await pilot.pause()
        fresh = dict(drawn)
    drawn.clear()
    async with NacApp().run_test(size=(142, 44)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(177, 55)
        await pilot.pause()
        assert drawn == fresh
