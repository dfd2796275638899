"""Helpers for driving the app headless in tests."""

from __future__ import annotations

import random

from textual.pilot import Pilot

from nac.core import Mark
from nac.store import Settings, StarterRule, Storage
from nac.ui.app import NacApp
from nac.ui.widgets.banner import ResultBanner
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.panel import InfoPanel, PanelState


def make_app(
    seed: int = 1,
    *,
    think_seconds: float = 0,
    computer_starts: bool = False,
    storage: Storage | None = None,
    **settings: object,
) -> NacApp:
    """An app with no thinking pause and a seeded random source. `settings` are Settings
    fields (level=, mark=, mode=, ...); `computer_starts` sets the starter rule."""
    if computer_starts:
        settings["starter"] = StarterRule.COMPUTER
    return NacApp(
        Settings(**settings),  # type: ignore[arg-type]
        storage=storage,
        think_seconds=think_seconds,
        rng=random.Random(seed),
    )


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


def scores(app: NacApp) -> dict[str, int]:
    return dict(panel(app).score)


def banner_text(app: NacApp) -> str:
    banner = app.query_one(ResultBanner)
    return str(banner.content) if banner.has_class("-shown") else ""


def drawn_marks(app: NacApp) -> tuple[Mark | None, ...]:
    return board_widget(app).view.marks


async def settle(pilot: Pilot[None], app: NacApp, seconds: float = 30) -> None:
    """Wait until no background search is running and the computer is not thinking."""
    for _ in range(int(seconds / 0.02)):
        await pilot.pause(0.02)
        if app.engine.running == 0 and app._thinking is None:
            await pilot.pause()
            return
    raise AssertionError("the app did not settle")
