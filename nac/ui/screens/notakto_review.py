"""The review of a game of Notakto: the boards at any move (← →, Home, End), every move judged
against perfect play (found on a thread), and the game's line to copy."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...core import (
    KeypadLayout,
    NotaktoPosition,
    SavedGame,
    dead_lines,
    format_game,
    notakto_move,
    replay_notakto,
)
from ...engine import ReviewedMove, review_notakto
from ...present import learning_words, notakto_words
from ...present.notakto_lines import NotaktoView, boards_height
from ...present.screen_commands import NOTAKTO_REVIEW_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.notakto_boards import NotaktoBoards
from ..widgets.title_bar import TitleBar


class NotaktoReviewScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(NOTAKTO_REVIEW_COMMANDS))

    def __init__(self, game: SavedGame, keypad: KeypadLayout) -> None:
        super().__init__()
        self.game = game
        self.keys = keypad.keys
        self.step = len(game.moves)
        self.reviewed: list[ReviewedMove] | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield TitleBar(*learning_words.review_titles(self.game))
        with Vertical(id="notakto-main"):
            yield Static("", id="notakto-status", markup=False)
            yield NotaktoBoards(id="notakto-boards")
            yield Static("", id="notakto-panel", markup=False)
        yield KeysBar(NOTAKTO_REVIEW_COMMANDS)

    def on_mount(self) -> None:
        self._show()
        self._review()

    def on_resize(self) -> None:
        self._show()

    @work(thread=True, exclusive=True, group="notakto-review")
    def _review(self) -> None:
        moves = tuple(notakto_move(cell) for cell in self.game.moves)
        reviewed = review_notakto(NotaktoPosition.empty(self.game.notakto), moves)
        self.app.call_from_thread(self._reviewed, reviewed)

    def _reviewed(self, reviewed: list[ReviewedMove]) -> None:
        self.reviewed = reviewed
        self._show()

    def _show(self) -> None:
        if not self.is_mounted:
            return
        game, step = self.game, self.step
        position = replay_notakto(game.notakto, game.moves[:step])
        judged = self.reviewed[step - 1] if self.reviewed is not None and step else None
        best = judged.best_moves[0] if judged is not None and judged.mistake else None
        view = NotaktoView(
            position,
            keys=self.keys,
            last=game.moves[step - 1] if step else None,
            line=dead_lines(position),
            hint=best,
        )
        boards = self.query_one(NotaktoBoards)
        boards.styles.height = boards_height(view.boards, *self.size)
        boards.update(view)
        status = f"Move {step} of {len(game.moves)}" if step else "The start"
        self.query_one("#notakto-status", Static).update(status)
        rows = self.size.height - 3 - boards_height(view.boards, *self.size)
        rows -= 2 if self.message else 0
        lines = notakto_words.review_lines(game, self.reviewed, step, self.keys, rows)
        if self.message:
            lines = [self.message, "", *lines]
        self.query_one("#notakto-panel", Static).update("\n".join(lines))

    def action_step(self, by: int) -> None:
        self.step = max(0, min(len(self.game.moves), self.step + by))
        self._show()

    def action_step_to(self, step: int) -> None:
        self.step = len(self.game.moves) if step < 0 else step
        self._show()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(format_game(self.game))
        self.message = learning_words.COPIED
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
