"""The searches behind the screen: the computer's move, a hint and the analysis, each on a
Textual worker thread when it can take longer than a frame, its result posted back as a message.

Each kind of search is one exclusive worker group: starting another cancels the one running,
and `cancel()` cancels them all. A cancelled search sees its worker's `cancelled_event` (passed
to the core as its stop signal) and ends with SearchStopped; its result is never posted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from threading import Event
from typing import TypeVar

from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ...core import Board, ComputerTurn, Hint, MoveValue, SearchStopped, analyse, hint
from ...core.whole_game import WHOLE_GAME_CELLS

Found = TypeVar("Found")
GROUPS = ("move", "hint", "analysis")


def answers_at_once(board: Board) -> bool:
    """Small boards are solved whole (a lookup per question); bigger ones search a while."""
    return board.cell_count <= WHOLE_GAME_CELLS


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

    def find_move(self, turn: ComputerTurn) -> None:
        self._start("move", turn.board, lambda stop: self.MoveFound(turn.board, turn.choose(stop)))

    def find_hint(self, board: Board) -> None:
        self._start("hint", board, lambda stop: self.HintFound(board, hint(board, stop)))

    def find_analysis(self, board: Board) -> None:
        clock: Callable[[], float] = getattr(self.app, "clock", time.perf_counter)

        def analysed(stop: Event | None) -> Message:
            started = clock()
            values = analyse(board, stop)
            return self.AnalysisDone(board, values, clock() - started)

        self._start("analysis", board, analysed)

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
