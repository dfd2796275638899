"""The review of a game: the board at any move (← →, Home, End), the move played and the best
one marked, every move rated against perfect play (found on a worker, the screen answering
meanwhile), a summary per side, and the game's line to copy and share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.worker import get_current_worker

from ... import learning_words
from ...core import GameReview, Rating, SavedGame, SearchStopped, format_game, review_game
from ...core.notation import replay
from ..learning_commands import REVIEW_COMMANDS, screen_bindings
from ..review_lines import ReviewView
from ..views import BoardView
from ..widgets.board import BoardWidget
from ..widgets.keys_bar import KeysBar
from ..widgets.review_panel import ReviewPanel
from ..widgets.title_bar import TitleBar


class ReviewScreen(Screen[None]):
    """A game, move by move, rated."""

    BINDINGS: ClassVar[list[BindingType]] = list(screen_bindings(REVIEW_COMMANDS))

    step: var[int] = var(0, init=False)
    review: var[GameReview | None] = var(None, init=False)
    message: var[str] = var("", init=False)

    @dataclass
    class Reviewed(Message):
        review: GameReview

    def __init__(self, game: SavedGame, square_name: Callable[[int], str]) -> None:
        super().__init__()
        self.game = game
        self.square_name = square_name
        self.set_reactive(ReviewScreen.step, len(game.moves))

    def compose(self) -> ComposeResult:
        yield TitleBar(learning_words.review_title(self.game))
        with Horizontal():
            yield BoardWidget()
            yield ReviewPanel()
        yield KeysBar(REVIEW_COMMANDS)

    def on_mount(self) -> None:
        self._show()
        self._rate()

    @work(thread=True, exclusive=True, group="review")
    def _rate(self) -> None:
        worker = get_current_worker()
        game = self.game
        try:
            found = review_game(game.moves, game.size, game.first, worker.cancelled_event)
        except SearchStopped:
            return
        if not worker.is_cancelled:
            self.post_message(self.Reviewed(found))

    @on(Reviewed)
    def _reviewed(self, reviewed: Reviewed) -> None:
        self.review = reviewed.review

    def _show(self) -> None:
        game, step = self.game, self.step
        board = replay(game.size, game.first, game.moves[:step])
        rated = self.review.moves[step - 1] if self.review is not None and step else None
        best = None
        if rated is not None and rated.rating not in (None, Rating.BEST):
            best = rated.best_cells[0] if rated.best_cells else None
        self.query_one(BoardWidget).view = BoardView(
            marks=tuple(mark.value if mark else "" for mark in board),
            # Empty squares show their names, as the moves in the panel call them.
            labels=tuple("" if mark else self.square_name(cell) for cell, mark in enumerate(board)),
            last_move=game.moves[step - 1] if step else None,
            winning=frozenset(board.outcome.line) if board.outcome else frozenset(),
            hint=best,
            hint_word="best",
        )
        self.query_one(ReviewPanel).view = ReviewView(
            game, self.review, step, self.square_name, self.message
        )

    watch_step = watch_review = watch_message = _show

    def action_step(self, by: int) -> None:
        self.step = max(0, min(len(self.game.moves), self.step + by))

    def action_step_to(self, step: int) -> None:
        self.step = len(self.game.moves) if step < 0 else step

    def action_copy(self) -> None:
        if not self.game.moves:
            self.message = learning_words.NOTHING_TO_COPY
            return
        self.app.copy_to_clipboard(format_game(self.game))
        self.message = learning_words.COPIED

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)
