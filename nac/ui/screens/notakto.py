"""Notakto's screen: one to three boards side by side, the line of what is happening over them,
the panel under them and the footer. It drives the session's `NotaktoMatch` as the game screen
drives the noughts-and-crosses match: the person's keys and clicks, the computer's replies
(found on a thread, after the same short pause), hints and the analysis (found on a thread),
and the settings through the session. `w` goes back to noughts and crosses."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import ClassVar, Protocol

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...core import (
    IllegalMove,
    Level,
    Mode,
    NotaktoGame,
    NotaktoMatch,
    NotaktoMove,
    NotaktoPosition,
    Variant,
    dead_lines,
)
from ...present import notakto_words
from ...present.notakto_commands import NOTAKTO_COMMANDS, available, in_progress
from ...present.notakto_cursor import moved, on_live_board
from ...present.notakto_lines import NotaktoView, boards_height
from ...present.pace import Pace
from ...present.second_press import SecondPress
from ...present.switches import Switches
from ...present.words import LOOKING_FOR_HINT
from ...store import Session
from ..bindings import bindings
from ..notakto_turns import Analysis, NotaktoTurns
from ..widgets.keys_bar import KeysBar
from ..widgets.notakto_boards import NotaktoBoards
from ..widgets.title_bar import TitleBar


class Doors(Protocol):
    """The other screens, opened from here as from the game (`nac.ui.doors.Doors`)."""

    def games(self) -> None: ...
    def stats(self) -> None: ...
    def help(self, *, notakto: bool = False) -> None: ...


class NotaktoScreen(Screen[None]):
    """Notakto against the computer, two players, or watching the computer."""

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(NOTAKTO_COMMANDS))

    def __init__(
        self,
        session: Session,
        doors: Doors,
        pace: Pace,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.session = session
        self.doors = doors
        self.pace = pace
        self.second = SecondPress(clock)
        self.cursor = NotaktoMove(0, 4)
        self.said = ""
        self.hint: NotaktoMove | None = None
        self.analysis_on = False
        self.notes: dict[NotaktoMove, tuple[str, str, str]] = {}
        self.turns = NotaktoTurns(self, rng or random.Random(), self._replied, self._analysed)

    @property
    def match(self) -> NotaktoMatch:
        return self.session.notakto

    @property
    def game(self) -> NotaktoGame:
        return self.session.notakto.game

    # -- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar(f"{notakto_words.TITLE} · {notakto_words.SHORT_RULES}", notakto_words.TITLE)
        with Vertical(id="notakto-main"):
            yield Static("", id="notakto-status", markup=False)
            yield NotaktoBoards(id="notakto-boards")
            yield Static("", id="notakto-panel", markup=False)
        yield KeysBar(NOTAKTO_COMMANDS)

    def on_mount(self) -> None:
        game = self.game
        self.said = notakto_words.BACK if game.moves else notakto_words.welcome(game)

    def on_screen_resume(self) -> None:
        """Shown, first or again: drawn, and the computer's move if it is due."""
        self._show()
        self._computer_if_due()

    def on_resize(self, _: events.Resize) -> None:
        self._show()

    def _show(self) -> None:
        """Everything on screen, from the game as it stands."""
        if not self.is_mounted:
            return
        game = self.game
        position = game.position
        self.cursor = on_live_board(self.cursor, position.dead)
        person = game.is_human_turn
        view = NotaktoView(
            position,
            cursor=self.cursor if person else None,
            keys=self.session.settings.keypad.keys,
            last=game.last_move.cell if game.last_move is not None else None,
            line=dead_lines(position),
            hint=self.hint if person else None,
            notes=self.notes if self.analysis_on and person else {},
        )
        boards = self.query_one(NotaktoBoards)
        boards.styles.height = boards_height(view.boards, *self.size)
        boards.update(view)
        self.query_one("#notakto-status", Static).update(
            notakto_words.status(game, self.turns.replying)
        )
        width = self.query_one("#notakto-panel").content_size.width or self.size.width - 2
        panel = notakto_words.panel_text(game, self.match.score, self.said, view.keys, width)
        self.query_one("#notakto-panel", Static).update(panel)
        self.refresh_bindings()

    def say(self, text: str) -> None:
        self.said = text
        self._show()

    # -- which commands work now ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return available(self.game, action)

    def heard(self, action: str) -> None:
        """A command is about to run: a question waiting for another is dropped."""
        self.second.heard(action)

    # -- the person's moves --------------------------------------------------------------------

    def action_play_key(self, key: int) -> None:
        square = self.session.settings.keypad.cell_for_key(key)
        self._play(NotaktoMove(self.cursor.board, square))

    def action_play_cursor(self) -> None:
        self._play(self.cursor)

    @on(NotaktoBoards.SquareChosen)
    def _clicked(self, chosen: NotaktoBoards.SquareChosen) -> None:
        self.cursor = chosen.move
        self._play(chosen.move)

    def _play(self, move: NotaktoMove) -> None:
        game = self.game
        if not game.is_human_turn:
            self.say(notakto_words.not_your_turn(game))
            return
        try:
            game.play(move.board, move.cell)
        except IllegalMove as refusal:
            self.say(notakto_words.refused(str(refusal)))
            return
        self._after_move()

    def _after_move(self) -> None:
        """A move made or taken back: what was said of the last position goes with it."""
        self.hint, self.notes, self.said = None, {}, ""
        game = self.game
        self._show()
        if self.analysis_on and game.is_human_turn:
            self.turns.analyse(game.position, hint=False)
        self._computer_if_due()

    # -- the cursor ----------------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        self.cursor = moved(self.cursor, rows, columns, self.game.boards)
        self._show()

    def action_cursor_to(self, row: int, column: int) -> None:
        self.cursor = NotaktoMove(self.cursor.board, (row % 3) * 3 + column % 3)
        self._show()

    def action_cursor_centre(self) -> None:
        self.cursor = NotaktoMove(self.cursor.board, 4)
        self._show()

    def action_next_board(self) -> None:
        dead = self.game.position.dead
        self.cursor = on_live_board(self.cursor, dead, self.cursor.board + 1)
        self._show()

    # -- the computer --------------------------------------------------------------------------

    def _computer_if_due(self) -> None:
        game = self.game
        if self.is_mounted and game.is_computer_turn and not self.turns.replying:
            self.turns.reply(*game.computer_turn(), self.pace.think_seconds(game.mode))
            self._show()

    def _replied(self, position: NotaktoPosition, move: NotaktoMove) -> None:
        """The computer's move, found for `position` (still the game's: else it is dropped)."""
        game = self.game
        if game.is_computer_turn and game.position is position:
            game.computer_move(move)
        self._after_move()
        if game.is_over and game.mode is Mode.WATCH:
            self.set_timer(self.pace.gap_seconds(), self._next_watched)

    def _next_watched(self) -> None:
        if self.game.is_over and self.game.mode is Mode.WATCH and self.is_current:
            self.action_next_game()

    def action_computer_starts(self) -> None:
        try:
            self.game.computer_starts()
        except IllegalMove as refusal:
            self.say(notakto_words.refused(str(refusal)))
            return
        self.said = ""
        self._computer_if_due()

    # -- hints and the analysis ----------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.game.is_human_turn:
            self.say(notakto_words.not_your_turn(self.game))
            return
        self.say(LOOKING_FOR_HINT)
        self.turns.analyse(self.game.position, hint=True)

    def action_toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        self.notes = {}
        self.say(notakto_words.ANALYSIS_ON if self.analysis_on else notakto_words.ANALYSIS_OFF)
        if self.analysis_on and self.game.is_human_turn:
            self.turns.analyse(self.game.position, hint=False)

    def _analysed(self, position: NotaktoPosition, found: Analysis, hint: bool) -> None:
        values, best = found
        if self.game.position is not position:
            return
        if hint:
            self.hint = best
            self.cursor = best
            keys = self.session.settings.keypad.keys
            self.said = notakto_words.hint_line(position, best, values[best], keys)
        else:
            self.notes = {
                move: notakto_words.note(position, move, value) for move, value in values.items()
            }
        self._show()

    # -- undo, new games and the settings ------------------------------------------------------

    def action_undo(self) -> None:
        refusal = self.game.why_no_undo()
        if refusal is not None:
            self.say(notakto_words.refused(str(refusal)))
            return
        self.game.undo()
        self.turns.cancel()
        self._after_move()

    def action_next_game(self) -> None:
        self.match.new_game()
        self._fresh()

    def action_new_game(self) -> None:
        self._asking("new_game", self.action_next_game)

    def action_next_boards(self) -> None:
        self.action_boards(self.game.boards % 3 + 1)

    def action_boards(self, count: int) -> None:
        self._asking("next_boards", lambda: self._change(boards=count))

    def action_next_mode(self) -> None:
        self._asking("next_mode", lambda: self._change(mode=self.game.mode.next))

    def action_level(self, name: str) -> None:
        if self.game.mode is Mode.WATCH:
            _, o = self.session.settings.watch_levels
            self.session.change(watch_levels=(Level.parse(name), o))
            return self.say(f"Player 1's level: {Level.parse(name).label}.")
        level = Level.parse(name)
        self.session.change(level=level)
        self.say(notakto_words.level_set(level))
        self._computer_if_due()

    def action_o_level(self, name: str) -> None:
        x, _ = self.session.settings.watch_levels
        self.session.change(watch_levels=(x, Level.parse(name)))
        self.say(f"Player 2's level: {Level.parse(name).label}.")

    def action_switch_keypad(self) -> None:
        self.session.change(keypad=self.session.settings.keypad.next)
        self._show()

    def _asking(self, action: str, go: Callable[[], None]) -> None:
        """`go` now, or, if it would drop a game the person has played in, a question first."""
        if in_progress(self.game) and not self.second.pressed(action):
            self.say(notakto_words.switch_question(action))
            return
        self.second.asked = None
        go()

    def _change(self, **changes: object) -> None:
        self.session.change(**changes)
        self._fresh()

    def _fresh(self) -> None:
        """A new game began: nothing of the last one is left on screen."""
        self.turns.cancel()
        self.hint = None
        self.notes = {}
        self.said = notakto_words.welcome(self.game)
        self.cursor = NotaktoMove(0, 4)
        self._show()
        if self.analysis_on and self.game.is_human_turn:
            self.turns.analyse(self.game.position, hint=False)
        self._computer_if_due()

    def action_leave_notakto(self) -> None:
        """Back to noughts and crosses by the normal rules, the rules switch's order (the
        Notakto game waits; a misère game left for it is dropped, asked about first)."""
        misere = self.session.game.variant is Variant.MISERE
        dropped = misere and Switches(self.session).in_progress
        if dropped and not self.second.pressed("leave_notakto"):
            return self.say(notakto_words.LEAVE_QUESTION)
        self.session.change(notakto=False, **({"variant": Variant.NORMAL} if misere else {}))
        self.dismiss(None)

    # -- the other screens ---------------------------------------------------------------------

    def action_review(self) -> None:
        from .notakto_review import NotaktoReviewScreen

        saved = self.match.saved_game()
        self.app.push_screen(NotaktoReviewScreen(saved, self.session.settings.keypad))

    def action_games(self) -> None:
        self.doors.games()

    def action_stats(self) -> None:
        self.doors.stats()

    def action_help(self) -> None:
        self.doors.help(notakto=True)

    def action_quit(self) -> None:
        self.app.exit()
