"""A board drawn after the terminal grows is the board a fresh start at that size draws."""

from __future__ import annotations

import pytest
from textual.strip import Strip

from nac.ui.app import NacApp
from nac.ui.widgets.board import BoardWidget

from .helpers import resize


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
        await resize(pilot, 177, 55)
        assert drawn == fresh


async def test_textuals_caches_are_released_at_the_end_of_a_run() -> None:
    """What the run's end does (tests/conftest.py): Textual's process-long caches, which keep
    widgets' style caches and their lines alive, are emptied, so pytest's last garbage
    collections are quick (see `release_textual_caches`)."""
    from textual._styles_cache import StylesCache
    from textual.strip import Strip

    from tests.conftest import release_textual_caches

    async with NacApp().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert StylesCache.get_inner_outer.cache_info().currsize > 0
    release_textual_caches()
    assert StylesCache.get_inner_outer.cache_info().currsize == 0
    assert Strip.blank.cache_info().currsize == 0
