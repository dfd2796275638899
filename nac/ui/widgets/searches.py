"""The searches behind a screen: the computer's move, a hint, the analysis, a review and a
puzzle's judgement, each asked of the engine (`nac.engine`) and its answer posted back as a
message.

Where every answer is a lookup (the solved 3×3 board) it is asked at once. Otherwise it runs on
a Textual worker thread, one exclusive worker group per kind of search: starting another
cancels the one running, and `cancel()` cancels them all. The app's engine finds the answer in
its search process, so the app's own interpreter lock stays free and the screen keeps
answering; a cancelled search sees its worker's `cancelled_event` (the engine's stop signal)
and ends with SearchStopped, its answer never posted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from threading import Event
from typing import TYPE_CHECKING

from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from ...core import Board, ComputerTurn, Position, SavedGame, start_position

if TYPE_CHECKING:  # the engine loads when first asked (`EngineOnDemand`), after the first frame
    from ...engine import Engine, Estimate, GameReview, Hint, Judgement, MoveValue

GROUPS = ("move", "hint", "analysis", "review", "judge")


class Searches(Widget):
    """An invisible widget that runs the engine's searches and posts what they find."""

    DEFAULT_CSS = "Searches { display: none; }"

    @dataclass
    class MoveFound(Message):
        board: Position
        cell: int

    @dataclass
    class HintFound(Message):
        board: Position
        hint: Hint

    @dataclass
    class AnalysisDone(Message):
        board: Position
        values: dict[int, MoveValue]
        """The values proven."""
        seconds: float
        estimates: list[Estimate]
        """Where the game is not solved (Ultimate), every move's estimate; else none."""

    @dataclass
    class Reviewed(Message):
        game: SavedGame
        review: GameReview

    @dataclass
    class Judged(Message):
        """A puzzle's move judged, with Genius's reply where the play goes on."""

        board: Board
        judgement: Judgement
        defence: int | None

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__()
        self.engine = engine
        self.clock = clock
        """Times the analysis (tests make pictures repeatable with a clock of their own)."""

    def find_move(self, turn: ComputerTurn) -> None:
        board, level = turn.board, turn.level
        self._start(
            "move",
            board,
            lambda stop: self.MoveFound(board, self.engine.play(board, level, stop=stop)),
        )

    def find_hint(self, board: Position) -> None:
        self._start(
            "hint", board, lambda stop: self.HintFound(board, self.engine.hint(board, stop=stop))
        )

    def find_analysis(self, board: Position) -> None:
        def analysed(stop: Event | None) -> Message:
            started = self.clock()
            values = self.engine.analyse(board, stop=stop)
            estimates = self.engine.estimates(board, stop=stop)
            return self.AnalysisDone(board, values, self.clock() - started, estimates)

        self._start("analysis", board, analysed)

    def find_review(self, game: SavedGame) -> None:
        start = start_position(game.rules, game.first)
        self._start(
            "review", start, lambda stop: self.Reviewed(game, self.engine.review(game, stop=stop))
        )

    def judge(self, board: Board, cell: int) -> None:
        """Judge a puzzle's move; after a right one that does not end the game, Genius's
        defence comes with it."""

        def judged(stop: Event | None) -> Message:
            judgement = self.engine.judge(board, cell, stop=stop)
            after = board.play(cell)
            defence = None
            if judgement.right and not after.is_over:
                defence = self.engine.defend(after, stop=stop)
            return self.Judged(board, judgement, defence)

        self._start("judge", board, judged)

    def prepare(self, board: Position) -> None:
        """A game on this board is about to start: have the engine ready if it will search,
        so the first reply does not wait for it to start."""
        if not self.engine.is_instant(board):
            self.run_worker(self.engine.start, thread=True, group="warm-up")

    def on_unmount(self) -> None:
        self.cancel()

    def cancel(self, *groups: str) -> None:
        """Cancel the searches of these groups (all, if none is named)."""
        for group in groups or GROUPS:
            self.workers.cancel_group(self, group)

    @property
    def running(self) -> list[Worker[None]]:
        return [worker for worker in self.workers if worker.node is self and worker.is_running]

    def _start(
        self, group: str, board: Position, search: Callable[[Event | None], Message]
    ) -> None:
        if self.engine.is_instant(board):
            self.cancel(group)
            self.post_message(search(None))
            return
        self.run_worker(
            lambda: self._search_on_this_thread(search), thread=True, group=group, exclusive=True
        )

    def _search_on_this_thread(self, search: Callable[[Event | None], Message]) -> None:
        """Run `search` with the worker's cancelled event as its stop signal; post what it
        finds unless it was cancelled."""
        from ...engine import SearchStopped

        worker = get_current_worker()
        try:
            found = search(worker.cancelled_event)
        except SearchStopped:
            return
        if not worker.is_cancelled:
            self.post_message(found)
