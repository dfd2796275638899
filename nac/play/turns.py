"""Taking turns, for every front end: a person's move, the computer's reply, the pause before it
and, in watch mode, the next game after a gap. The one owner of a turn; no Textual.

A front end gives it two things: a `MoveFinder` (the app's search process behind the engine
protocol, which answers later through `found`; the console's engine, which answers at once)
and `Timers` (the app's; the console plays without a pause and needs none). When the computer
moves, the pause and the search start together and the move is played when both are over:
max(pause, search), not their sum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import Protocol

from ..core import ComputerTurn, Game, IllegalMove, Mode, Position
from ..present.game import words
from ..present.game.pace import Pace


class Stoppable(Protocol):
    def stop(self) -> object: ...


class Timers(Protocol):
    """Where the pauses are timed (a Textual widget is one)."""

    def set_timer(self, delay: float, callback: Callable[[], object]) -> Stoppable: ...


class MoveFinder(Protocol):
    """Finds the computer's move: the answer comes back through `Turns.found`, at once or
    later (from another thread's search, on the front end's own loop)."""

    def find_move(self, turn: ComputerTurn) -> None: ...

    def cancel_moves(self) -> None: ...


@dataclass
class Reply:
    """The computer's reply being prepared: for this board, the cell found (once found) and
    whether the pause is over."""

    board: Position
    timer: Stoppable | None = None
    cell: int | None = None
    paused_enough: bool = False


@dataclass(eq=False)
class Turns:
    """The turns of `game`. `thinking` hears when a reply begins (True) and ends (False);
    `ready` says whether the front end can search yet (the app's screen, once mounted)."""

    game: Game
    pace: Pace
    finder: MoveFinder
    timers: Timers | None = None
    _: KW_ONLY
    thinking: Callable[[bool], object] = lambda _thinking: None
    ready: Callable[[], bool] = lambda: True
    paused: bool = field(default=False, init=False)
    """Watch mode paused: the computer makes no move until it is resumed."""
    _reply: Reply | None = field(default=None, init=False)
    _next_game: Stoppable | None = field(default=None, init=False)

    @property
    def replying(self) -> bool:
        """Whether the computer's reply is being prepared."""
        return self._reply is not None

    # -- a person's move ----------------------------------------------------------------------

    def person_plays(self, cell: int) -> str | None:
        """A person plays `cell`, and the computer's reply begins; why not, in the player's
        words (nothing changed then), or None."""
        game = self.game
        if game.is_over:
            return words.GAME_OVER
        if self.replying or not game.is_human_turn:
            return words.WAIT_YOUR_TURN
        try:
            game.play_cell(cell)
        except IllegalMove as refusal:
            return words.sentence(str(refusal))
        self.start()
        return None

    # -- the computer's turns -----------------------------------------------------------------

    def start(self) -> None:
        """If it is the computer's turn (and not paused), its reply begins: the pause and the
        search at once."""
        game = self.game
        if self.paused or not self.ready() or self._reply is not None:
            return
        if not game.is_computer_turn:
            return
        turn = game.computer_turn()
        reply = self._reply = Reply(turn.board)
        self.thinking(True)
        pause = self.pace.think_seconds(game.mode)
        if pause > 0 and self.timers is not None:
            reply.timer = self.timers.set_timer(pause, self._paused_enough)
        else:
            reply.paused_enough = True
        self.finder.find_move(turn)

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
        self.thinking(False)
        self.game.computer_move(reply.cell)
        if self.game.mode is Mode.WATCH:
            self.start()

    # -- watch mode -----------------------------------------------------------------------------

    def after_game(self, begin: Callable[[], object]) -> None:
        """A game ended: in watch mode (not paused), `begin` the next after the gap."""
        if self.game.mode is Mode.WATCH and not self.paused and self.timers is not None:
            self._next_game = self.timers.set_timer(self.pace.gap_seconds(), begin)

    def toggle_pause(self, begin: Callable[[], object]) -> bool:
        """Pause watch mode, or resume it (the move it owes, or after a finished game `begin`
        the next after the gap); whether it is paused now."""
        self.cancel()
        self.paused = not self.paused
        if not self.paused:
            if self.game.is_over:
                self.after_game(begin)
            else:
                self.start()
        return self.paused

    def cancel(self) -> None:
        """A reply or a next game being prepared is dropped (a new game, undo, pause, quitting)."""
        reply, self._reply = self._reply, None
        if reply is not None:
            if reply.timer is not None:
                reply.timer.stop()
            self.thinking(False)
        self.finder.cancel_moves()
        if self._next_game is not None:
            self._next_game.stop()
            self._next_game = None
