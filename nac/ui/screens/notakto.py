"""Notakto's screen: one to three boards side by side, the line of what is happening over them,
the panel under them and the footer. It drives the session's `NotaktoMatch` as the game screen
drives the noughts-and-crosses match: the person's keys and clicks, the computer's replies
(found on a thread, after the same short pause), hints and the analysis (found on a thread),
and the settings through the session. `w` goes back to noughts and crosses."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import ClassVar

from textual import events, on, work
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
)
from ...core.notakto_game import dead_lines
from ...engine.notakto import choose_notakto, genius_moves, move_values
from ...engine.values import MoveValue
from ...present import notakto_words
from ...present.notakto_commands import NOTAKTO_COMMANDS
from ...present.notakto_lines import NotaktoView, fit
from ...present.pace import Pace
from ...present.second_press import SecondPress
from ...store import Session
from ..bindings import bindings
from ..doors import Doors
from ..widgets.keys_bar import KeysBar
from ..widgets.notakto_boards import NotaktoBoards
from ..widgets.title_bar import TitleBar

SWITCHES = frozenset({"new_game", "next_boards", "boards", "next_mode"})
"""The commands that drop a game in progress: the first press asks."""


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
        self.rng = rng or random.Random()
        self.second = SecondPress(clock)
        self.cursor = NotaktoMove(0, 4)
        self.said = ""
        self.hint: NotaktoMove | None = None
        self.analysis_on = False
        self.notes: dict[NotaktoMove, tuple[str, str]] = {}
        self.thinking = False
        self._reply_for: object | None = None
        """The position the computer's reply is being found for (None: no reply coming)."""

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
        self.said = notakto_words.welcome(self.game)
        self._show()
        self._computer_if_due()

    def on_screen_resume(self) -> None:
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
        self._cursor_to_live()
        person = game.is_human_turn
        view = NotaktoView(
            position,
            cursor=self.cursor if person else None,
            keys=tuple(self.session.settings.keypad.key_for_cell(cell) for cell in range(9)),
            last=game.last_move.cell if game.last_move is not None else None,
            line=dead_lines(position),
            hint=self.hint if person else None,
            notes=self.notes if self.analysis_on and person else {},
        )
        boards = self.query_one(NotaktoBoards)
        boards.styles.height = boards_height(view.boards, *self.size)
        boards.update(view)
        self.query_one("#notakto-status", Static).update(notakto_words.status(game, self.thinking))
        self.query_one("#notakto-panel", Static).update(self._panel_text(view.keys))
        self.refresh_bindings()

    def _panel_text(self, keys: tuple[int, ...]) -> str:
        game = self.game
        rows = notakto_words.panel(game, self.match.score)
        lines = [self.said, ""] if self.said else []
        lines.append("   ".join(f"{label}: {value}" for label, value in rows[:-1]))
        lines.append("{}: {}".format(*rows[-1]))
        moves = notakto_words.moves_line(game, keys)
        if moves:
            lines.append(f"Moves (board:key): {moves}")
        return "\n".join(lines)

    def say(self, text: str) -> None:
        self.said = text
        self._show()

    # -- which commands work now ---------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        playing = game.is_human_turn
        if action in ("play_key", "play_cursor", "cursor", "cursor_to", "cursor_centre"):
            return True if playing else None if not game.is_over else False
        if action == "next_board":
            return playing and sum(not dead for dead in game.position.dead) > 1
        if action == "next_game":
            return game.is_over
        if action == "computer_starts":
            return game.why_computer_cannot_start() is None
        if action == "o_level":
            return game.mode is Mode.WATCH
        if action in ("hint", "toggle_analysis"):
            return True if playing else None if not game.is_over else False
        if action == "undo":
            return game.why_no_undo() is None or None
        return True

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
        self.hint = None
        self.notes = {}
        game = self.game
        self.said = "" if not game.is_over else self.said
        if game.is_over:
            self.said = ""
        self._show()
        if self.analysis_on and game.is_human_turn:
            self._analyse(game.position, hint=False)
        self._computer_if_due()

    # -- the cursor ----------------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        boards = self.game.boards
        row, column = divmod(self.cursor.cell, 3)
        board = self.cursor.board
        row = min(2, max(0, row + rows))
        column += columns
        if column > 2 and board < boards - 1:
            board, column = board + 1, 0
        elif column < 0 and board > 0:
            board, column = board - 1, 2
        self.cursor = NotaktoMove(board, row * 3 + min(2, max(0, column)))
        self._show()

    def action_cursor_to(self, row: int, column: int) -> None:
        self.cursor = NotaktoMove(self.cursor.board, (row % 3) * 3 + column % 3)
        self._show()

    def action_cursor_centre(self) -> None:
        self.cursor = NotaktoMove(self.cursor.board, 4)
        self._show()

    def action_next_board(self) -> None:
        self._cursor_to_live(self.cursor.board + 1)
        self._show()

    def _cursor_to_live(self, start: int | None = None) -> None:
        """The cursor on a live board: this one, or the next live one from `start`."""
        dead = self.game.position.dead
        if start is None:
            if self.cursor.board < len(dead) and not dead[self.cursor.board]:
                return
            start = self.cursor.board
        for step in range(len(dead)):
            board = (start + step) % len(dead)
            if not dead[board]:
                self.cursor = NotaktoMove(board, self.cursor.cell)
                return
        self.cursor = NotaktoMove(min(self.cursor.board, len(dead) - 1), self.cursor.cell)

    # -- the computer --------------------------------------------------------------------------

    def _computer_if_due(self) -> None:
        game = self.game
        if not self.is_mounted or not game.is_computer_turn or self._reply_for is not None:
            return
        position, level = game.computer_turn()
        self._reply_for = position
        self.thinking = True
        self._show()
        self._reply(position, level, self.pace.think_seconds(game.mode))

    @work(thread=True, exclusive=True, group="notakto-reply")
    def _reply(self, position: NotaktoPosition, level: Level, pause: float) -> None:
        started = time.monotonic()
        move = choose_notakto(position, level, self.rng)
        time.sleep(max(0.0, pause - (time.monotonic() - started)))
        self.app.call_from_thread(self._replied, position, move)

    def _replied(self, position: NotaktoPosition, move: NotaktoMove) -> None:
        if self._reply_for is not position:
            return  # a new game or an undo meanwhile
        self._reply_for = None
        self.thinking = False
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
        self._analyse(self.game.position, hint=True)

    def action_toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        self.notes = {}
        self.say(notakto_words.ANALYSIS_ON if self.analysis_on else notakto_words.ANALYSIS_OFF)
        if self.analysis_on and self.game.is_human_turn:
            self._analyse(self.game.position, hint=False)

    @work(thread=True, exclusive=True, group="notakto-analysis")
    def _analyse(self, position: NotaktoPosition, *, hint: bool) -> None:
        values = move_values(position)
        best = genius_moves(position)[0]
        self.app.call_from_thread(self._analysed, position, values, best, hint)

    def _analysed(
        self,
        position: NotaktoPosition,
        values: dict[NotaktoMove, MoveValue],
        best: NotaktoMove,
        hint: bool,
    ) -> None:
        if self.game.position is not position:
            return
        if hint:
            self.hint = best
            self.cursor = best
            keys = tuple(self.session.settings.keypad.key_for_cell(cell) for cell in range(9))
            self.said = notakto_words.hint_line(position, best, values[best], keys)
        else:
            self.notes = {move: notakto_words.note(value) for move, value in values.items()}
        self._show()

    # -- undo, new games and the settings ------------------------------------------------------

    def action_undo(self) -> None:
        refusal = self.game.why_no_undo()
        if refusal is not None:
            self.say(notakto_words.refused(str(refusal)))
            return
        self.game.undo()
        self._reply_for = None
        self.thinking = False
        self.said = ""
        self._after_move()

    def action_next_game(self) -> None:
        self._new_game()

    def action_new_game(self) -> None:
        self._asking("new_game", self._new_game)

    def _new_game(self) -> None:
        self.match.new_game()
        self._fresh()

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
            self.say(f"Player 1's level: {Level.parse(name).label}.")
            return
        level = Level.parse(name)
        self.session.change(level=level)
        self.say(notakto_words.level_set(self.game, level))
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
        game = self.game
        in_progress = (
            not game.is_over
            and game.mode is not Mode.WATCH
            and any(not move.by_computer for move in game.moves)
        )
        if in_progress and not self.second.pressed(action):
            self.say(notakto_words.switch_question(action))
            return
        self.second.asked = None
        go()

    def _change(self, **changes: object) -> None:
        self.session.change(**changes)
        self._fresh()

    def _fresh(self) -> None:
        """A new game began: nothing of the last one is left on screen."""
        self._reply_for = None
        self.thinking = False
        self.hint = None
        self.notes = {}
        self.said = notakto_words.welcome(self.game)
        self.cursor = NotaktoMove(0, 4)
        self._show()
        if self.analysis_on and self.game.is_human_turn:
            self._analyse(self.game.position, hint=False)
        self._computer_if_due()

    def action_leave_notakto(self) -> None:
        """Back to noughts and crosses, by the normal rules (the Notakto game waits)."""
        self.session.change(notakto=False)
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


def boards_height(boards: int, width: int, height: int) -> int:
    """The rows the boards take on a screen of width × height: the biggest that leave the
    title, the status, the footer and six rows of panel, else those that leave two."""
    for panel in (6, 2):
        found = fit(boards, width, height - 3 - panel)
        if found is not None:
            return found.height
    return max(1, height - 3)
