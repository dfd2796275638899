"""The searches behind the screen: the computer's move, a hint and the analysis, each on a
Textual worker thread when it can take longer than a frame, its result posted back as a message.

On the solved 3×3 board every question is a lookup, answered at once. On bigger boards the
worker hands the search to a child process (`SearchProcess`), so the app's own interpreter
lock stays free and the screen keeps answering; strategies a caller put in itself (tests do)
search on the worker thread instead.

Each kind of search is one exclusive worker group: starting another cancels the one running,
and `cancel()` cancels them all. A cancelled search sees its worker's `cancelled_event` (the
core's stop signal, or passed on to the child) and ends with SearchStopped; its result is
never posted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from threading import Event
from typing import Any, TypeVar

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ...core import (
    STRATEGIES,
    Board,
    ComputerTurn,
    Hint,
    MoveValue,
    SearchStopped,
    hint,
)
from ...core.analysis import known_values
from ...core.whole_game import WHOLE_GAME_CELLS
from ..search_process import (
    AVAILABLE,
    AnalysisRequest,
    HintRequest,
    MoveRequest,
    Request,
    SearchProcess,
)

Found = TypeVar("Found")
GROUPS = ("move", "hint", "analysis")


def answers_at_once(board: Board) -> bool:
    """Small boards are solved whole (a lookup per question); bigger ones search a while."""
    return board.cell_count <= WHOLE_GAME_CELLS


def in_process(board: Board) -> bool:
    """Whether the searches of this board run in the search process."""
    return AVAILABLE and not answers_at_once(board)


class Searches(Widget):
    """An invisible widget that runs the searches and posts what they find."""

    DEFAULT_CSS = "Searches { display: none; }"

    @dataclass
    class MoveFound(Message):
        board: Board
        cell: int

    @dataclass
    class HintFound(Message):
        board: Board
        hint: Hint

    @dataclass
    class AnalysisDone(Message):
        board: Board
        values: dict[int, MoveValue]
        seconds: float

    def __init__(self) -> None:
        super().__init__()
        self._process = SearchProcess()

    def find_move(self, turn: ComputerTurn) -> None:
        board = turn.board
        if turn.strategies is STRATEGIES and in_process(board):
            request = MoveRequest(board, turn.level, turn.rng.getrandbits(64))
            self._start("move", board, lambda stop: self.MoveFound(board, self._ask(request, stop)))
        else:
            self._start("move", board, lambda stop: self.MoveFound(board, turn.choose(stop)))

    def find_hint(self, board: Board) -> None:
        if not in_process(board):
            self._start("hint", board, lambda stop: self.HintFound(board, hint(board, stop)))
        else:
            request = HintRequest(board)
            self._start("hint", board, lambda stop: self.HintFound(board, self._ask(request, stop)))

    def find_analysis(self, board: Board) -> None:
        clock: Callable[[], float] = getattr(self.app, "clock", time.perf_counter)
        request = AnalysisRequest(board)

        def analysed(stop: Event | None) -> Message:
            started = clock()
            values = self._ask(request, stop) if in_process(board) else known_values(board, stop)
            return self.AnalysisDone(board, values, clock() - started)

        self._start("analysis", board, analysed)

    def prepare(self, board: Board) -> None:
        """A game on this board is about to start: have the search process ready if it needs
        one, so the first reply does not wait for it to start."""
        if in_process(board):
            self._warm_up()

    @work(thread=True, group="warm-up")
    def _warm_up(self) -> None:
        self._process.start()

    def _ask(self, request: Request, stop: Event | None) -> Any:
        """The search process's answer (on a worker thread, whose cancelled event is `stop`)."""
        assert stop is not None, "a search in the process always runs on a worker"
        return self._process.run(request, stop)

    def on_unmount(self) -> None:
        self.cancel()
        self._process.close()

    def cancel(self, *groups: str) -> None:
        """Cancel the searches of these groups (all, if none is named)."""
        for group in groups or GROUPS:
            self.workers.cancel_group(self, group)

    @property
    def running(self) -> list[Worker[None]]:
        return [worker for worker in self.workers if worker.node is self and worker.is_running]

    def _start(self, group: str, board: Board, search: Callable[[Event | None], Message]) -> None:
        if answers_at_once(board):
            self.cancel(group)
            self.post_message(search(None))
        elif group == "move":
            self._move_in_background(search)
        elif group == "hint":
            self._hint_in_background(search)
        else:
            self._analysis_in_background(search)

    @work(thread=True, exclusive=True, group="move")
    def _move_in_background(self, search: Callable[[Event | None], Message]) -> None:
        self._search_on_this_thread(search)

    @work(thread=True, exclusive=True, group="hint")
    def _hint_in_background(self, search: Callable[[Event | None], Message]) -> None:
        self._search_on_this_thread(search)

    @work(thread=True, exclusive=True, group="analysis")
    def _analysis_in_background(self, search: Callable[[Event | None], Message]) -> None:
        self._search_on_this_thread(search)

    def _search_on_this_thread(self, search: Callable[[Event | None], Message]) -> None:
        """Run `search` with the worker's cancelled event as its stop signal; post what it
        finds unless it was cancelled."""
        worker = get_current_worker()
        try:
            found = search(worker.cancelled_event)
        except SearchStopped:
            return
        if not worker.is_cancelled:
            self.post_message(found)
