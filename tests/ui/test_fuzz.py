"""Fuzz: random keys, clicks, pauses and resizes in every state never crash the app, and the
board drawn always equals the core's board (Notakto's boards too)."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings, strategies as st

from nac.core import Rules
from nac.ui.app import NacApp
from nac.ui.widgets.board import BoardWidget

from .helpers import drawn_marks, make_app

KEYS = [
    *"0123456789",
    *"iagsnkzhmturb",
    "colon",
    "I", "A", "G",
    "up", "down", "left", "right", "enter", "space", "tab", "backspace",
    "home", "end", "pageup", "pagedown", "kp_begin",
    "question_mark", "escape", "ctrl+p", "f1",
]  # fmt: skip
QUIT_KEYS = {"q", "x", "ctrl+q"}

actions = st.one_of(
    st.tuples(st.just("key"), st.sampled_from(KEYS)),
    st.tuples(st.just("resize"), st.tuples(st.integers(20, 140), st.integers(8, 50))),
    st.tuples(st.just("click"), st.tuples(st.integers(0, 99), st.integers(0, 40))),
    st.tuples(st.just("wait"), st.sampled_from([0.0, 0.05])),
)


async def run_actions(app: NacApp, steps: list[tuple[str, object]]) -> None:
    async with app.run_test(size=(100, 32)) as pilot:
        for kind, argument in steps:
            if kind == "key":
                assert isinstance(argument, str) and argument not in QUIT_KEYS
                await pilot.press(argument)
            elif kind == "resize":
                assert isinstance(argument, tuple)
                await pilot.resize_terminal(*argument)
            elif kind == "click":
                assert isinstance(argument, tuple)
                await pilot.pause()  # a resize's layout settled: the board's region is today's
                widget = app.query_one(BoardWidget)
                on_screen = app.screen.region.contains(*argument)
                if app.screen is widget.screen and on_screen and widget.region.contains(*argument):
                    await pilot.click(offset=argument)
            else:
                assert isinstance(argument, float)
                await pilot.pause(argument)
            assert drawn_marks(app) == tuple(app.game.board)
            finished = app.match.score.first + app.match.score.second + app.match.score.draws
            assert finished >= (1 if app.game.is_over else 0)
        await pilot.pause(0.1)
        assert drawn_marks(app) == tuple(app.game.board)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, min_size=5, max_size=40), st.integers(0, 1000))
def test_random_input_never_crashes_and_the_board_matches_the_game(
    steps: list[tuple[str, object]], seed: int
) -> None:
    app = make_app(seed=seed, think_seconds=0.03)
    asyncio.run(run_actions(app, steps))
    assert app.return_code in (None, 0)


@settings(
    max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.lists(actions, min_size=5, max_size=40), st.integers(0, 1000))
def test_random_input_in_notakto_never_crashes_and_the_boards_match_the_game(
    steps: list[tuple[str, object]], seed: int
) -> None:
    """The same, the app started in Notakto on two boards (Tab, b and the rest on its boards)."""
    app = make_app(seed=seed, think_seconds=0.03, rules=Rules.notakto(2))
    asyncio.run(run_actions(app, steps))
    assert app.return_code in (None, 0)
