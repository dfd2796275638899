"""Helpers for driving the app headless in tests."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

from textual.pilot import Pilot

from nac.core import Level, Mark, Position, Starter
from nac.engine import NO_LIMIT, STRATEGIES, Engine, Limit, SearchStopped, StopSignal, Strategy
from nac.engine.process import ProcessEngine
from nac.present.game.board_lines import BoardLines
from nac.present.game.boards_lines import BoardsLines
from nac.present.game.metrics import BoardMetrics, Fit, screen_layout
from nac.present.game.views import PanelState
from nac.store import Settings, Storage
from nac.ui.app import NacApp
from nac.ui.screens.game import GameScreen
from nac.ui.widgets.banner import ResultBanner
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.searches import Searches

from .. import waiting


def make_app(
    seed: int = 1,
    *,
    think_seconds: float = 0,
    computer_starts: bool = False,
    storage: Storage | None = None,
    strategies: Mapping[Level, Strategy] = STRATEGIES,
    **settings: Any,
) -> NacApp:
    """An app with no thinking pause and a seeded random source. `settings` are Settings
    fields (level=, mark=, mode=, ...); `computer_starts` sets the starter rule."""
    if computer_starts:
        settings["starter"] = Starter.COMPUTER
    return NacApp(
        Settings(**settings),
        storage=storage,
        think_seconds=think_seconds,
        engine=seeded_engine(seed, strategies),
    )


def seeded_engine(seed: int, strategies: Mapping[Level, Strategy] = STRATEGIES) -> Engine:
    """The app's engine with a seeded random source: the standard opponents in a search
    process, as the app plays them, or a test's own strategies on the app's worker threads."""
    rng = random.Random(seed)
    if strategies is STRATEGIES:
        return ProcessEngine(rng)
    return Engine(strategies, rng)


def game_screen(app: NacApp) -> GameScreen:
    return app.game_screen


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Press keys one at a time, letting the app (and the computer) react after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    await pilot.pause()


def board_widget(app: NacApp) -> BoardWidget:
    return app.game_screen.query_one(BoardWidget)


def drawn_metrics(widget: BoardWidget) -> BoardMetrics | None:
    """The size one big board is drawn at in the widget now (None if it does not fit, or if
    the widget draws small boards)."""
    board = widget._board()
    return board.metrics if isinstance(board, BoardLines) else None


def drawn_fit(widget: BoardWidget) -> Fit | None:
    """The size Notakto's small boards are drawn at in the widget now (None if they do not fit,
    or if the widget draws one big board)."""
    board = widget._board()
    return board.fit if isinstance(board, BoardsLines) else None


def panel(app: NacApp) -> PanelState:
    state = app.game_screen.panel
    assert state is not None
    return state


def scores(app: NacApp) -> dict[str, int]:
    return dict(panel(app).score)


def banner_text(app: NacApp) -> str:
    banner = app.game_screen.query_one(ResultBanner)
    return str(banner.content) if banner.has_class("-shown") else ""


def drawn_marks(app: NacApp) -> tuple[Mark | None, ...]:
    return tuple(Mark(mark) if mark else None for mark in board_widget(app).view.marks)


def searches(app: NacApp) -> Searches:
    return app.game_screen.query_one(Searches)


def is_settled(app: NacApp) -> bool:
    """No search, review or reply under way (on any screen)."""
    screen = app.game_screen
    working = any(worker.is_running for worker in app.workers if worker.group != "warm-up")
    return not screen.turns.replying and not searches(app).running and not working


async def settle(pilot: Pilot[None], app: NacApp) -> None:
    """Wait until no search is running and the computer is not preparing a move."""
    await pilot.pause(0.01)
    await until(pilot, lambda: is_settled(app), "the app settled")
    await pilot.pause()


async def resize(pilot: Pilot[None], columns: int, rows: int) -> None:
    """Resize the terminal and wait until the screen is laid out for it: its size, and on the
    game screen the arrangement for that size."""
    await pilot.resize_terminal(columns, rows)

    def laid_out() -> bool:
        screen = pilot.app.screen
        arranged = not isinstance(screen, GameScreen) or screen.arrangement == screen_layout(
            screen.game.rules, columns, rows
        )
        return screen.size == (columns, rows) and arranged

    await until(pilot, laid_out, f"the screen laid out at {columns}×{rows}")
    await pilot.pause()


class HeldSearch:
    """A strategy whose search goes on until the test lets it go (then it plays the first free
    cell) or until it is stopped: what a long search looks like, without the wait."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()
        self.stopped = threading.Event()
        """Set when a search saw its stop signal and raised SearchStopped."""

    def choose(
        self,
        board: Position,
        rng: random.Random,
        stop: StopSignal | None = None,
        limit: Limit = NO_LIMIT,
    ) -> int:
        self.started.set()
        while not self.release.wait(0.005):
            if stop is not None and stop.is_set():
                self.stopped.set()
                raise SearchStopped()
        return board.empty_cells[0]


def held_genius() -> tuple[HeldSearch, dict[Level, Strategy]]:
    held = HeldSearch()
    return held, {**STRATEGIES, Level.GENIUS: held}


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until `condition()` holds (`tests.waiting.until`, the pilot pausing)."""
    await waiting.until(condition, what, pause=pilot.pause, every=0.01)
