"""Helpers for driving the app headless in tests."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from nac.core import Mark
from nac.ui.app import NacApp
from nac.ui.widgets.banner import ResultBanner
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.panel import InfoPanel, PanelState


def make_app(seed: int = 1, **options: object) -> NacApp:
    options.setdefault("think_seconds", 0)
    return NacApp(rng=random.Random(seed), **options)  # type: ignore[arg-type]


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Press keys one at a time, letting the app (and the computer) react after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await pilot.pause()


def board_widget(app: NacApp) -> BoardWidget:
    return app.query_one(BoardWidget)


def panel(app: NacApp) -> PanelState:
    state = app.query_one(InfoPanel).state
    assert state is not None
    return state


def banner_text(app: NacApp) -> str:
    banner = app.query_one(ResultBanner)
    return str(banner.content) if banner.has_class("-shown") else ""


def drawn_marks(app: NacApp) -> tuple[Mark | None, ...]:
    return board_widget(app).view.marks
