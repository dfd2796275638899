"""The review of a game: the board at any move (← →, Home, End), the move played and the best
one marked, every move rated against perfect play (found by the engine, the screen answering
meanwhile), a summary per side, and the game's line to copy and share."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.reactive import var
from textual.screen import Screen

from ...core import SavedGame, format_game, replay
from ...engine import Engine, GameReview, Rating
from ...present.game.views import BoardView
from ...present.learning import words as learning_words
from ...present.learning.review_lines import ReviewView
from ...present.screen_commands import REVIEW_COMMANDS
from ..bindings import bindings
from ..messages import LabWanted
from ..widgets.board import BoardWidget
from ..widgets.board_beside import BoardBeside
from ..widgets.keys_bar import KeysBar
from ..widgets.review_panel import ReviewPanel
from ..widgets.searches import Searches
from ..widgets.title_bar import TitleBar


class ReviewScreen(Screen[None]):
    """A game, move by move, rated."""

    COMMAND_TABLE = REVIEW_COMMANDS
    HELP_TITLE = "Review"
    BINDINGS = bindings(REVIEW_COMMANDS)

    step: var[int] = var(0, init=False)
    review: var[GameReview | None] = var(None, init=False)
    message: var[str] = var("", init=False)

    def __init__(self, game: SavedGame, square_name: Callable[[int], str], engine: Engine) -> None:
        super().__init__()
        self.game = game
        self.square_name = square_name
        self.engine = engine
        self.set_reactive(ReviewScreen.step, len(game.moves))

    def compose(self) -> ComposeResult:
        yield TitleBar(*learning_words.review_titles(self.game))
        with BoardBeside():
            yield BoardWidget()
            yield ReviewPanel()
        yield KeysBar(REVIEW_COMMANDS)
        yield Searches(self.engine)

    def on_mount(self) -> None:
        self._show()
        self.query_one(Searches).find_review(self.game)

    @on(Searches.Reviewed)
    def _reviewed(self, reviewed: Searches.Reviewed) -> None:
        self.review = reviewed.review

    def _show(self) -> None:
        game, step = self.game, self.step
        board = replay(game.rules, game.first, game.moves[:step])
        rated = self.review.moves[step - 1] if self.review is not None and step else None
        best = None
        if rated is not None and rated.rating not in (None, Rating.BEST, Rating.UNCLEAR):
            best = rated.best_cells[0] if rated.best_cells else None
        self.query_one(BoardWidget).view = BoardView.of(
            board,
            name=self.square_name,  # empty squares named as the moves in the panel call them
            last=game.moves[step - 1] if step else None,
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

    def action_lab(self) -> None:
        """The lab, on the position at the move on the board."""
        game = self.game
        board = replay(game.rules, game.first, game.moves[: self.step])
        self.post_message(LabWanted(board, self.square_name))

    def action_close(self) -> None:
        self.query_one(Searches).cancel()
        self.dismiss(None)
