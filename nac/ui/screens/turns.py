"""Taking turns: when the computer moves, a short pause (so the player sees it coming) and the
search start together, and the move is played when both are over: max(pause, search), not
their sum. In watch mode the next game follows a finished one on its own, unless paused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from textual import on
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer

from ... import words
from ...core import Board, Mark, Match, Mode
from ..host import Host
from ..views import Activity
from ..widgets.searches import Searches

"""In watch mode the next game starts on its own this long after one ends (at least)."""


@dataclass
class Reply:
    """The computer's reply being prepared: for this board, the cell found (once found) and
    whether the pause is over."""

    board: Board
    timer: Timer | None = None
    cell: int | None = None
    paused_enough: bool = False


class TurnsScreen(Screen[None]):
    """A screen where the computer takes its turns."""

    activity: var[Activity] = var(Activity(), bindings=True)

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.game = match.game
        self._reply: Reply | None = None
        self._next_game: Timer | None = None

    @property
    def host(self) -> Host:
        """The app, as far as the game screens need it."""
        return cast(Host, self.app)

    def say(self, message: str) -> None:
        self.activity = self.activity.but(message=message)

    def start_turn(self) -> None:
        """If it is the computer's turn (and not paused), its reply begins."""
        game = self.game
        if not self.is_mounted or self._reply is not None or self.activity.paused:
            return
        if not game.is_computer_turn:
            return
        turn = game.computer_turn()
        reply = Reply(turn.board)
        self._reply = reply
        self.activity = self.activity.but(thinking=True)
        pause = self.host.think_seconds(game.mode)
        if pause > 0:
            reply.timer = self.set_timer(pause, self._paused_enough)
        else:
            reply.paused_enough = True
        self.query_one(Searches).find_move(turn)

    def _paused_enough(self) -> None:
        if self._reply is not None:
            self._reply.paused_enough = True
            self._reply_when_ready()

    @on(Searches.MoveFound)
    def _move_found(self, found: Searches.MoveFound) -> None:
        reply = self._reply
        if reply is not None and found.board is reply.board:
            reply.cell = found.cell
            self._reply_when_ready()

    def _reply_when_ready(self) -> None:
        reply = self._reply
        if reply is None or not reply.paused_enough or reply.cell is None:
            return
        self._reply = None
        self.activity = self.activity.but(thinking=False)
        self.game.computer_move(reply.cell)
        if self.game.mode is Mode.WATCH:
            self.start_turn()

    def cancel_turn(self) -> None:
        """A reply being prepared is dropped (a new game, undo, pause, quitting)."""
        if self._reply is not None and self._reply.timer is not None:
            self._reply.timer.stop()
        self._reply = None
        if self._next_game is not None:
            self._next_game.stop()
            self._next_game = None
        for searches in self.query(Searches):
            searches.cancel("move")
        if self.activity.thinking:
            self.activity = self.activity.but(thinking=False)

    @property
    def replying(self) -> bool:
        """Whether the computer's reply is being prepared."""
        return self._reply is not None

    def after_game(self) -> None:
        """In watch mode the next game follows on its own, unless paused."""
        if self.game.mode is Mode.WATCH and not self.activity.paused:
            delay = max(self.host.watch_gap, 4 * self.host.think_seconds(Mode.WATCH))
            self._next_game = self.set_timer(delay, self._next_watched_game)

    def _next_watched_game(self) -> None:
        self._next_game = None
        if self.game.mode is Mode.WATCH and not self.activity.paused:
            self.begin_game()

    def begin_game(
        self, *, mode: Mode | None = None, human: Mark | None = None, size: int | None = None
    ) -> None:
        """The next game of the match, maybe in another mode, with another mark or board."""
        self.cancel_turn()
        self.before_new_game()
        self.match.new_game(mode=mode, human=human, size=size)
        self.activity = Activity(message=words.ui_welcome(self.match))
        self.start_turn()

    def before_new_game(self) -> None:
        """What a screen clears before another game begins."""

    def action_pause(self) -> None:
        paused = not self.activity.paused
        self.cancel_turn()
        self.activity = self.activity.but(
            paused=paused, message=words.PAUSED if paused else words.RESUMED
        )
        if paused:
            return
        if self.game.is_over:
            self.after_game()
        else:
            self.start_turn()

    def action_computer_starts(self) -> None:
        self.game.computer_starts()
        self.say(words.COMPUTER_STARTS)
        self.start_turn()
