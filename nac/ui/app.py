"""The Textual app: keys and clicks become `Game` calls; the game's callbacks become pixels."""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import partial
from typing import ClassVar

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from ..core import (
    Board,
    Change,
    Game,
    IllegalMove,
    KeypadLayout,
    Level,
    Mark,
    Outcome,
    SquareTaken,
)
from .metrics import MIN_TERMINAL, screen_layout
from .session import SessionScore
from .widgets.banner import ResultBanner
from .widgets.board import BoardView, BoardWidget
from .widgets.panel import InfoPanel, PanelState

DEFAULT_THINK_SECONDS = 0.3

KEYPAD_DESCRIPTIONS = {
    KeypadLayout.PHONE: "phone (1 2 3 on top)",
    KeypadLayout.NUMPAD: "numpad (7 8 9 on top)",
}

_DIGIT_BINDINGS = [
    Binding(str(key), f"play_key({key})", "Play", show=key == 1, key_display="1-9")
    for key in range(1, 10)
]
# With NumLock off a numeric keypad sends the cursor keys: 8 4 6 2 move, 7 9 1 3 jump to the
# corners, 5 ("kp_begin") to the centre, and its Enter plays.
_CURSOR_BINDINGS = [
    Binding("up", "cursor(-1, 0)", "Up", show=False),
    Binding("down", "cursor(1, 0)", "Down", show=False),
    Binding("left", "cursor(0, -1)", "Left", show=False),
    Binding("right", "cursor(0, 1)", "Right", show=False),
    Binding("home", "cursor_to(0, 0)", "Top left", show=False),
    Binding("pageup", "cursor_to(0, -1)", "Top right", show=False),
    Binding("end", "cursor_to(-1, 0)", "Bottom left", show=False),
    Binding("pagedown", "cursor_to(-1, -1)", "Bottom right", show=False),
    Binding("kp_begin", "cursor_to(1, 1)", "Centre", show=False),
    Binding("enter,space", "play_cursor", "Play here", show=False),
]


class NacApp(App[None]):
    """Noughts and crosses against the computer."""

    CSS_PATH = "app.tcss"
    TITLE = "Noughts & Crosses"

    BINDINGS: ClassVar[list[BindingType]] = [
        *_DIGIT_BINDINGS,
        *_CURSOR_BINDINGS,
        Binding("s", "computer_starts", "Computer starts"),
        Binding("i", "level('idiot')", "Level", key_display="i a g"),
        Binding("a", "level('average')", "Average", show=False),
        Binding("g", "level('genius')", "Genius", show=False),
        Binding("n", "new_game", "New game"),
        Binding("k", "switch_keypad", "Keypad"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("x", "quit", "Quit", show=False),
    ]

    def __init__(
        self,
        *,
        level: Level = Level.AVERAGE,
        keypad: KeypadLayout = KeypadLayout.PHONE,
        human: Mark = Mark.X,
        computer_starts: bool = False,
        think_seconds: float = DEFAULT_THINK_SECONDS,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__()
        self.game = Game(
            on_change=self._mark_placed,
            on_game_over=self._game_over,
            on_new_game=self._board_cleared,
            level=level,
            human=human,
            keypad=keypad,
            rng=rng,
        )
        self.score = SessionScore()
        self.computer_starts = computer_starts
        self.think_seconds = think_seconds
        self.message = ""
        self._thinking: object | None = None
        self._main = Container(id="main")
        self._body = Container(id="body")
        self._banner = ResultBanner()
        self._board = BoardWidget()
        self._panel = InfoPanel()
        self._too_small = Static(id="too-small")

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The widgets get their state before they are mounted, so the first frame is final.
        self._arrange(self.size.width, self.size.height)
        self._show_board()
        self.message = self._welcome()
        self._show_panel()
        yield Header(icon="#")
        with self._main:
            with self._body:
                with Vertical(id="board-area"):
                    yield self._banner
                    yield self._board
                yield self._panel
            yield self._too_small
        yield Footer()

    def on_mount(self) -> None:
        if self.computer_starts:
            self._think()

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width, event.size.height)

    def _arrange(self, columns: int, rows: int) -> None:
        """Panel beside or under the board, whichever gives the bigger board; or, if nothing
        fits, a message saying how big the terminal needs to be."""
        layout = screen_layout(self.game.board.size, columns, rows)
        self._main.set_class(layout is None, "-too-small")
        if layout is None:
            need_columns, need_rows = MIN_TERMINAL
            self._too_small.update(
                f"The terminal is {columns}×{rows}:\ntoo small to play.\n\n"
                f"Please make it at least\n{need_columns}×{need_rows}."
            )
            return
        self._body.set_class(not layout.side_panel, "-stacked")
        self._panel.stacked = not layout.side_panel

    # -- what the game tells us ------------------------------------------------------------------

    def _mark_placed(self, change: Change) -> None:
        self._show_board()

    def _game_over(self, outcome: Outcome) -> None:
        self.score.record(outcome, self.game.human)
        if outcome.winner is None:
            headline, result = "Draw", "-draw"
        elif outcome.winner is self.game.human:
            headline, result = "You won", "-won"
        else:
            headline, result = "The computer won", "-lost"
        self._banner.show_result(headline, result)
        self.message = f"{headline}. Press n for a new game."
        self._show_board()

    def _board_cleared(self, board: Board) -> None:
        self._banner.hide()
        self._show_board()

    # -- drawing ---------------------------------------------------------------------------------

    def _show_board(self) -> None:
        game = self.game
        board = game.board
        labels = tuple(
            str(game.key_for_cell(cell)) if board.size == 3 else ""
            for cell in range(board.cell_count)
        )
        last = game.last_move
        widget = self._board
        widget.view = BoardView(
            marks=tuple(board),
            labels=labels,
            last_move=last.cell if last else None,
            winning=frozenset(game.outcome.line) if game.outcome else frozenset(),
        )
        widget.show_cursor = not game.is_over

    def _show_panel(self) -> None:
        game = self.game
        if game.is_over:
            turn = " Game over "
        elif self._thinking is not None:
            turn = f" Computer ({game.computer}) thinking… "
        elif game.is_human_turn:
            turn = f" Your move ({game.human}) "
        else:
            turn = f" Computer's move ({game.computer}) "
        self._panel.state = PanelState(
            turn=turn,
            level=game.level.label,
            keypad=game.keypad.label,
            you=str(game.human),
            score=SessionScore(self.score.you, self.score.computer, self.score.draws),
            message=self.message,
        )

    def _say(self, message: str) -> None:
        self.message = message
        self._show_panel()

    def _welcome(self) -> str:
        if self.computer_starts:
            return f"You play {self.game.human}; the computer starts."
        return f"You play {self.game.human}. Your move, or press s to let the computer start."

    # -- the computer's turn ---------------------------------------------------------------------

    def _think(self) -> None:
        """The computer moves after a short pause, so the player sees it coming.

        `_thinking` holds a token for the pending move; clearing it (new game, quit) cancels the
        move, as a callback whose token is no longer current does nothing.
        """
        token = object()
        self._thinking = token
        if self.think_seconds > 0:
            self.set_timer(self.think_seconds, partial(self._computer_plays, token))
        else:
            self.call_later(self._computer_plays, token)
        self._show_panel()

    def _computer_plays(self, token: object) -> None:
        if self._thinking is not token:
            return
        self._thinking = None
        game = self.game
        if game.is_computer_turn or (game.board.is_empty and not game.is_over):
            game.computer_move()
        if not game.is_over:
            self.message = ""
        self._show_panel()

    def _stop_thinking(self) -> None:
        self._thinking = None

    # -- the player's moves ----------------------------------------------------------------------

    def _may_move(self) -> bool:
        """Board keys work only on the player's turn (not while the computer thinks)."""
        return self._thinking is None and self.game.is_human_turn

    def action_play_key(self, key: int) -> None:
        if self._may_move():
            self._play(self.game.keypad.cell_for_key(key))

    def action_play_cursor(self) -> None:
        if self._may_move():
            self._play(self._board.cursor)

    @on(BoardWidget.CellClicked)
    def _clicked(self, message: BoardWidget.CellClicked) -> None:
        if self._may_move():
            self._play(message.cell)

    def _play(self, cell: int) -> None:
        game = self.game
        try:
            if game.board.size == 3:
                game.play_key(game.key_for_cell(cell))
            else:
                game.play_cell(cell)
        except SquareTaken as taken:
            self.bell()
            self._say(f"Square {self._square_name(taken.cell)} is taken by {taken.mark}.")
            return
        except IllegalMove as refusal:
            self.bell()
            self._say(str(refusal).capitalize() + ".")
            return
        if game.is_over:
            self._show_panel()
        else:
            self.message = ""
            self._think()

    def _square_name(self, cell: int) -> str:
        if self.game.board.size == 3:
            return str(self.game.key_for_cell(cell))
        return str(cell)

    # -- commands --------------------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        self._board.move_cursor(rows, columns)

    def action_cursor_to(self, row: int, column: int) -> None:
        board = self._board
        cells = board.view.cells
        board.cursor = (row % cells) * cells + column % cells

    def action_computer_starts(self) -> None:
        game = self.game
        if self._thinking is not None or not game.board.is_empty or game.is_over:
            self._say("The computer can only start on an empty board: n starts a new game.")
            return
        self._say("The computer starts.")
        self._think()

    def action_level(self, name: str) -> None:
        level = Level.parse(name)
        self.game.level = level
        self._say(f"Level {level.label}: it plays the computer's next move.")

    def action_new_game(self) -> None:
        self._stop_thinking()
        self.game.new_game()
        self.message = self._welcome()
        self._show_panel()
        if self.computer_starts:
            self._think()

    def action_switch_keypad(self) -> None:
        self.game.keypad = self.game.keypad.next
        self._show_board()
        self._say(f"Keypad: {KEYPAD_DESCRIPTIONS[self.game.keypad]}.")

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: only when asked

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "New game", "Start a new game (the score is kept)", self.action_new_game
        )
        yield SystemCommand(
            "Computer starts", "Let the computer make the first move", self.action_computer_starts
        )
        for level in Level:
            yield SystemCommand(
                f"Level: {level.label}",
                f"The computer plays as {level.label} from its next move",
                lambda level=level: self.action_level(level.value),
            )
        for layout in KeypadLayout:
            yield SystemCommand(
                f"Keypad: {layout.label}",
                f"Keys 1-9 laid out like a {KEYPAD_DESCRIPTIONS[layout]}",
                lambda layout=layout: self._set_keypad(layout),
            )
        yield SystemCommand("Help", "Keys, levels and rules", self.action_help)

    def _set_keypad(self, layout: KeypadLayout) -> None:
        if self.game.keypad is not layout:
            self.action_switch_keypad()
