"""A watcher's analysis on the online screen, a plain helper the screen owns: on or off, and
the notes on the empty squares following the board (cleared at once, filled when the engine's
analysis of that position comes back), with the time it took."""

from __future__ import annotations

from ..core import Position, Rules
from ..present.game import words
from ..present.game.views import CellNote, analysis_notes, playouts_of
from .widgets.searches import Searches


class WatcherAnalysis:
    def __init__(self) -> None:
        self.on = False
        self.notes: tuple[CellNote | None, ...] = ()
        self.timing = ""
        """How long the analysis of the board shown took (the panel's line)."""

    def switch(self, rules: Rules, room: int) -> str:
        """On or off; what to say (`room`: what a square's note may take on the board)."""
        self.on = not self.on
        return words.analysis_switched(self.on, rules, room)

    def follow(self, board: Position | None, searches: Searches) -> None:
        """The board changed (None: no game): the notes go, and come back for the new one."""
        self.notes, self.timing = (), ""
        if self.on and board is not None and not board.is_over:
            searches.find_analysis(board)
        else:
            searches.cancel("analysis")

    def done(self, done: Searches.AnalysisDone, board: Position | None) -> bool:
        """The analysis of a board came back: whether it is for the one shown (then kept)."""
        if not self.on or done.board != board:
            return False
        self.notes = analysis_notes(done.values, done.board, done.estimates)
        self.timing = words.analysis_time(done.seconds, playouts_of(done.estimates))
        return True
