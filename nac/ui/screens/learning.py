"""The game screen's learning: a hint, the analysis overlay that follows the board, undo."""

from __future__ import annotations

from textual import on
from textual.reactive import var

from ... import words
from ...core import Hint, IllegalMove
from ...core.analysis import is_five
from ..views import CellNote, analysis_notes
from ..widgets.searches import Searches
from .switches import SwitchesScreen


class LearningScreen(SwitchesScreen):
    """A screen with hints, analysis and undo (the game screen builds on it)."""

    hint: var[Hint | None] = var(None)
    notes: var[tuple[CellNote | None, ...]] = var(())
    analysis_on: var[bool] = var(False, bindings=True)

    def action_hint(self) -> None:
        if self.game.is_human_turn and not self.activity.thinking:
            self.say(words.LOOKING_FOR_HINT)
            self.query_one(Searches).find_hint(self.game.board)

    @on(Searches.HintFound)
    def _hint_found(self, found: Searches.HintFound) -> None:
        if found.board == self.game.board:
            self.hint = found.hint
            self.say(words.hint_sentence(self.game, found.hint))

    def action_toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        on = words.ANALYSIS_ON_5X5 if is_five(self.game.board) else words.ANALYSIS_ON
        self.say(on if self.analysis_on else words.ANALYSIS_OFF)
        self._analysis_follows()

    def _analysis_follows(self) -> None:
        """The overlay follows the board: cleared at once, refilled when the analysis is done."""
        self.notes = ()
        self.activity = self.activity.but(analysis_seconds=None)
        board = self.game.board
        searches = self.query(Searches)
        if self.analysis_on and not board.is_over:
            searches.first().find_analysis(board)
        else:
            for search in searches:
                search.cancel("analysis")

    @on(Searches.AnalysisDone)
    def _analysis_done(self, done: Searches.AnalysisDone) -> None:
        if self.analysis_on and done.board == self.game.board:
            self.notes = analysis_notes(done.values, done.board.cell_count)
            self.activity = self.activity.but(analysis_seconds=done.seconds)

    def action_undo(self) -> None:
        self.cancel_turn()
        try:
            taken = self.game.undo()
        except IllegalMove as refusal:
            self.say(words.sentence(str(refusal)))
            return
        self.say(words.took_back(len(taken)))
