"""Taking turns on a screen: when the computer moves, a short pause (so the player sees it
coming) and the search start together, and the move is played when both are over:
max(pause, search), not their sum. In watch mode the computer plays on, and the next game
follows a finished one after a gap. A plain helper the game screen owns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual.timer import Timer
from textual.widget import Widget

from ..core import Game, Mode, Position
from ..present.pace import Pace
from .widgets.searches import Searches


@dataclass
class Reply:
    """The computer's reply being prepared: for this board, the cell found (once found) and
    whether the pause is over."""

    board: Position
    timer: Timer | None = None
    cell: int | None = None
    paused_enough: bool = False


class Turns:
    """The computer's turns in `game` on `owner` (whose timers it uses), searched by the
    owner's `Searches`; `thinking` hears when a reply begins (True) and ends (False)."""

    def __init__(
        self, owner: Widget, game: Game, pace: Pace, thinking: Callable[[bool], None]
    ) -> None:
        self._owner = owner
        self._game = game
        self.pace = pace
        self._thinking = thinking
        self._reply: Reply | None = None
        self._next_game: Timer | None = None

    @property
    def replying(self) -> bool:
        """Whether the computer's reply is being prepared."""
        return self._reply is not None

    def start(self) -> None:
        """If it is the computer's turn, its reply begins: the pause and the search at once."""
        game = self._game
        if not self._owner.is_mounted or self._reply is not None or not game.is_computer_turn:
            return
        turn = game.computer_turn()
        reply = self._reply = Reply(turn.board)
        self._thinking(True)
        pause = self.pace.think_seconds(game.mode)
        if pause > 0:
            reply.timer = self._owner.set_timer(pause, self._paused_enough)
        else:
            reply.paused_enough = True
        self._owner.query_one(Searches).find_move(turn)

    def found(self, board: Position, cell: int) -> None:
        """The search found `cell` in `board` (ignored unless it is the reply's board)."""
        reply = self._reply
        if reply is not None and board is reply.board:
            reply.cell = cell
            self._when_ready()

    def _paused_enough(self) -> None:
        if self._reply is not None:
            self._reply.paused_enough = True
            self._when_ready()

    def _when_ready(self) -> None:
        reply = self._reply
        if reply is None or not reply.paused_enough or reply.cell is None:
            return
        self._reply = None
        self._thinking(False)
        self._game.computer_move(reply.cell)
        if self._game.mode is Mode.WATCH:
            self.start()

    def next_game(self, begin: Callable[[], None]) -> None:
        """Watch mode: `begin` the next game after the gap (unless cancelled first)."""
        self._next_game = self._owner.set_timer(self.pace.gap_seconds(), begin)

    def cancel(self) -> None:
        """A reply or a next game being prepared is dropped (a new game, undo, pause, quitting)."""
        if self._reply is not None and self._reply.timer is not None:
            self._reply.timer.stop()
        if self._reply is not None:
            self._thinking(False)
        self._reply = None
        if self._next_game is not None:
            self._next_game.stop()
            self._next_game = None
        for searches in self._owner.query(Searches):
            searches.cancel("move")
