"""The Textual app: keys and clicks become `Game` calls; the game's callbacks become pixels."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from functools import partial
from threading import Event
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Footer, Static

from ..core import (
    Board,
    Change,
    Game,
    GameAlreadyOver,
    Hint,
    IllegalMove,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    MoveValue,
    NothingToUndo,
    Outcome,
    Result,
    SquareTaken,
    analyse,
    choose_move,
    hint,
    parse_coordinate,
)
from ..core.geometry import default_win_length
from ..core.opponents import PERFECT_SIZE
from ..store import Settings, StarterRule, Storage, record_key, result_for
from ..store.settings import BOARD_SIZES
from . import wording
from .engine import Engine
from .metrics import minimum_terminal, screen_layout
from .session import SessionScore
from .widgets.banner import ResultBanner
from .widgets.board import BoardView, BoardWidget, CellNote
from .widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from textual.widgets import Input

    from .widgets.move_prompt import MovePrompt
from .widgets.panel import InfoPanel, PanelState

Found = TypeVar("Found")

THINK_SECONDS = 0.3
WATCH_THINK_SECONDS = 0.6
NEXT_WATCHED_GAME_SECONDS = 2.5
"""In watch mode the next game starts on its own this long after one ends."""

BIG_BOARD_KEYS = " Play with the arrows and Enter, a click, or : and b3."

KEYPAD_DESCRIPTIONS = {
    KeypadLayout.PHONE: "phone (1 2 3 on top)",
    KeypadLayout.NUMPAD: "numpad (7 8 9 on top)",
}
STARTER_DESCRIPTIONS = {
    StarterRule.YOU: "you start every game (X starts in two-player and watch mode)",
    StarterRule.COMPUTER: "the computer starts every game (O starts in two-player and watch)",
    StarterRule.ALTERNATE: "the first move alternates from game to game",
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
    Binding("enter", "play_cursor", "Play here", show=False),
    Binding("space", "space", "Play here / pause", show=False),
]


class NacApp(App[None]):
    """Noughts and crosses: against the computer, two players, or watching the computer."""

    CSS_PATH = "app.tcss"
    TITLE = "Noughts & Crosses"
    AUTO_FOCUS = None  # the app's keys need no focus; the move prompt takes it when opened

    BINDINGS: ClassVar[list[BindingType]] = [
        *_DIGIT_BINDINGS,
        *_CURSOR_BINDINGS,
        Binding("s", "computer_starts", "Computer starts", show=False),
        Binding("i", "level('idiot')", "Level", key_display="i a g"),
        Binding("a", "level('average')", "Average", show=False),
        Binding("g", "level('genius')", "Genius", show=False),
        Binding("I", "o_level('idiot')", "O Idiot", show=False),
        Binding("A", "o_level('average')", "O Average", show=False),
        Binding("G", "o_level('genius')", "O Genius", show=False),
        Binding("n", "new_game", "New"),
        Binding("m", "next_mode", "Mode"),
        Binding("h", "hint", "Hint"),
        Binding("t", "toggle_analysis", "Analyse"),
        Binding("u", "undo", "Undo"),
        Binding("backspace", "undo", "Undo", show=False),
        Binding("k", "switch_keypad", "Keypad", show=False),
        Binding("b", "next_size", "Board"),
        Binding("colon", "move_prompt", "Square", show=False, key_display=":"),
        Binding("r", "stats", "Stats"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("x", "quit", "Quit", show=False),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        storage: Storage | None = None,
        think_seconds: float | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """Without `settings`, they are loaded from `storage` (which by default keeps nothing).
        `think_seconds` None: the computer pauses 0.3 s, or 0.6 s per move in watch mode."""
        super().__init__()
        self.storage = storage or Storage.in_memory()
        self.settings = settings or self.storage.settings.load()
        self.game = Game(
            on_change=self._mark_changed,
            on_game_over=self._game_over,
            on_new_game=self._board_cleared,
            level=self.settings.level,
            human=self.settings.mark,
            mode=self.settings.mode,
            watch_levels=self.settings.watch_levels,
            keypad=self.settings.keypad,
            size=self.settings.size,
            rng=rng,
        )
        self.score = SessionScore()
        self.engine = Engine(self)
        self.clock: Callable[[], float] = time.perf_counter
        """Times the analysis shown in the panel (tests make pictures repeatable with it)."""
        self._analysis_board: Board | None = None
        """The board the overlay `_overlay` belongs to."""
        self._analysis_wanted: Board | None = None
        """The board a background analysis was last started for."""
        self._overlay: tuple[CellNote | None, ...] = ()
        self.think_override = think_seconds
        self.message = ""
        self.hint: Hint | None = None
        self.analysis_on = False
        self.analysis_seconds: float | None = None
        self.paused = False
        self.notices_shown: list[str] = []
        self._games_started = 0
        self._thinking: object | None = None
        self._next_game: object | None = None
        self._main = Container(id="main")
        self._body = Container(id="body")
        self._banner = ResultBanner()
        self._board = BoardWidget()
        self._prompt: MovePrompt | None = None
        """Mounted the first time it is opened: most games never need it."""
        self._panel = InfoPanel()
        self._too_small = Static(id="too-small")

    @property
    def think_seconds(self) -> float:
        if self.think_override is not None:
            return self.think_override
        return WATCH_THINK_SECONDS if self.game.mode is Mode.WATCH else THINK_SECONDS

    # -- layout ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The widgets get their state before they are mounted, so the first frame is final.
        self._arrange(self.size.width, self.size.height)
        self._begin_game()
        yield TitleBar(self.title)
        with self._main:
            with self._body:
                with Vertical(id="board-area"):
                    yield self._banner
                    yield self._board
                yield self._panel
            yield self._too_small
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self._show_notices()
        self._computer_moves_if_its_turn()

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width, event.size.height)

    async def action_quit(self) -> None:
        self._cancel_searches()  # a search still running stops instead of holding up the exit
        await super().action_quit()

    def on_unmount(self) -> None:
        self._cancel_searches()

    def _cancel_searches(self) -> None:
        self.engine.cancel()
        self._analysis_wanted = None

    def _arrange(self, columns: int, rows: int) -> None:
        """Panel beside or under the board, whichever gives the bigger board; or, if nothing
        fits, a message saying how big the terminal needs to be."""
        layout = screen_layout(self.game.board.size, columns, rows)
        self._main.set_class(layout is None, "-too-small")
        if layout is None:
            size = self.game.size
            need_columns, need_rows = minimum_terminal(size)
            smaller = "" if size == 3 else "\nor press b for a smaller board"
            self._too_small.update(
                f"The terminal is {columns}×{rows}:\ntoo small for the {size}×{size} board.\n\n"
                f"Please make it at least\n{need_columns}×{need_rows}{smaller}."
            )
            return
        self._body.set_class(not layout.side_panel, "-stacked")
        self._panel.stacked = not layout.side_panel

    # -- what the game tells us ------------------------------------------------------------------

    def _mark_changed(self, change: Change) -> None:
        self.hint = None
        self._show_board()

    def _game_over(self, outcome: Outcome) -> None:
        game = self.game
        self.score.record(outcome, game.mode, game.human)
        self.storage.stats.record(
            record_key(
                game.mode, game.level, (game.watch_levels[Mark.X], game.watch_levels[Mark.O])
            ),
            result_for(game.mode, outcome, game.human),
        )
        headline = wording.headline(game, outcome)
        if game.mode is Mode.WATCH:
            self._banner.show_result(
                headline, wording.banner_result(game, outcome), "next game soon, n now"
            )
            self.message = f"{headline}. The next game starts in a moment; space pauses."
            self._schedule_next_game()
        else:
            self._banner.show_result(headline, wording.banner_result(game, outcome))
            self.message = f"{headline}. Press n for a new game."
        self._show_board()
        self._show_notices()

    def _board_cleared(self, board: Board) -> None:
        self.hint = None
        self._banner.hide()
        self._show_board()

    # -- drawing ---------------------------------------------------------------------------------

    def _show_board(self) -> None:
        game = self.game
        board = game.board
        labels = tuple(game.square_name(cell) for cell in range(board.cell_count))
        last = game.last_move
        self._board.view = BoardView(
            marks=tuple(board),
            labels=labels,
            last_move=last.cell if last else None,
            winning=frozenset(game.outcome.line) if game.outcome else frozenset(),
            hint=self.hint.cell if self.hint else None,
            notes=self._overlay_for(board),
        )
        self._board.show_cursor = not game.is_over and game.mode is not Mode.WATCH
        self._show_panel()

    def _overlay_for(self, board: Board) -> tuple[CellNote | None, ...]:
        """The overlay for `board`: at once on 3×3; on 4×4 from a background search (nothing
        until it is done); never on boards too big to solve."""
        if not self.analysis_on or board.is_over or board.size > PERFECT_SIZE:
            self.analysis_seconds = None
            return ()
        if self._analysis_board == board:
            return self._overlay
        if _instant(board):
            self._set_analysis(board, *_timed(self.clock, partial(analyse, board)))
            return self._overlay
        if self._analysis_wanted != board:
            self._analysis_wanted = board
            job = partial(_timed, self.clock, partial(analyse, board))
            self.engine.run(job, partial(self._analysis_done, board))
        return ()

    def _set_analysis(self, board: Board, values: dict[int, MoveValue], seconds: float) -> None:
        self._analysis_board = board
        self.analysis_seconds = seconds
        self._overlay = tuple(
            _note(values[cell]) if cell in values else None for cell in range(board.cell_count)
        )

    def _analysis_done(self, board: Board, found: tuple[dict[int, MoveValue], float]) -> None:
        if self.analysis_on and self.game.board == board:
            self._set_analysis(board, *found)
            self._show_board()

    def _show_panel(self) -> None:
        game = self.game
        analysis = ""
        if self.analysis_seconds is not None:
            milliseconds = self.analysis_seconds * 1000
            analysis = f"Analysis ({game.turn} to move) took {milliseconds:.2f} ms"
        self._panel.state = PanelState(
            status=self._status(),
            details=self._details(),
            score=tuple(wording.score_rows(game, self.score)),
            summary=self._summary(),
            history=wording.history(game),
            analysis=analysis,
            message=self.message,
        )

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            return "Game over"
        if game.mode is Mode.WATCH and self.paused:
            return "Paused: space resumes"
        mover = wording.player_name(game, game.turn)
        if self._thinking is not None:
            return (
                f"{mover} thinking…"
                if game.mode is Mode.WATCH
                else f"Computer ({game.turn}) thinking…"
            )
        if game.mode is Mode.COMPUTER:
            if game.is_human_turn:
                return f"Your move ({game.turn})"
            return f"Computer's move ({game.turn})"
        return f"{mover} to move"

    def _details(self) -> tuple[tuple[str, str], ...]:
        game = self.game
        rows: list[tuple[str, str]] = [("Mode", game.mode.label)]
        if game.mode is Mode.COMPUTER:
            rows += [("Level", game.level.label), ("You play", str(game.human))]
        elif game.mode is Mode.WATCH:
            rows += [
                ("X plays as", game.watch_levels[Mark.X].label),
                ("O plays as", game.watch_levels[Mark.O].label),
            ]
        rows += [("Keypad", game.keypad.label), ("Starts", self._starter_label())]
        return tuple(rows)

    def _summary(self) -> str:
        game = self.game
        if game.mode is Mode.COMPUTER:
            return game.level.label
        return game.mode.label

    def _starter_label(self) -> str:
        rule = self.settings.starter
        if rule is StarterRule.ALTERNATE:
            return "in turn"
        if self.game.mode is Mode.COMPUTER:
            return "you" if rule is StarterRule.YOU else "computer"
        return "X" if rule is StarterRule.YOU else "O"

    def _say(self, message: str) -> None:
        self.message = message
        self._show_panel()

    def _show_notices(self) -> None:
        """Problems with the saved files, each said once."""
        for notice in self.storage.notices:
            if notice not in self.notices_shown:
                self.notices_shown.append(notice)
                self.notify(notice, title="Settings and stats", severity="warning", timeout=12)
                self.message = notice
        self._show_panel()

    # -- games -----------------------------------------------------------------------------------

    def _first_mover(self, mode: Mode, human: Mark) -> Mark:
        """Who starts the next game under the starter rule."""
        rule = self.settings.starter
        yours, theirs = (human, human.other) if mode is Mode.COMPUTER else (Mark.X, Mark.O)
        if rule is StarterRule.YOU:
            return yours
        if rule is StarterRule.COMPUTER:
            return theirs
        return yours if self._games_started % 2 == 0 else theirs

    def _begin_game(
        self, *, human: Mark | None = None, mode: Mode | None = None, size: int | None = None
    ) -> None:
        """A new game under the current settings: who starts follows the starter rule. Any
        search still running is cancelled."""
        self._thinking = None
        self._next_game = None
        self._cancel_searches()
        if self._prompt is not None:
            self._prompt.close()
        mode = mode or self.game.mode
        human = human or self.game.human
        self.game.new_game(human=human, mode=mode, first=self._first_mover(mode, human), size=size)
        self._games_started += 1
        if size is not None:
            self._arrange(self.size.width, self.size.height)
        self.message = self._welcome()
        self._show_board()

    def _welcome(self) -> str:
        game = self.game
        if game.mode is Mode.WATCH:
            return (
                "Watching the computer play itself: space pauses; i a g set X's level, I A G O's."
            )
        how = "" if game.uses_keypad else BIG_BOARD_KEYS
        if game.mode is Mode.TWO_PLAYER:
            return f"Two players: {game.turn} moves first.{how}"
        if game.is_computer_turn:
            return f"You play {game.human}; the computer starts.{how}"
        return f"You play {game.human}. Your move, or press s to let the computer start.{how}"

    def _computer_moves_if_its_turn(self) -> None:
        if self.game.is_computer_turn and not self.paused:
            self._think()

    # -- the computer's turn ---------------------------------------------------------------------

    def _later(self, seconds: float, callback: Callable[[object], None]) -> object:
        """Run `callback(token)` after `seconds`; it is cancelled if its token is replaced."""
        token = object()
        if seconds > 0:
            self.set_timer(seconds, partial(callback, token))
        else:
            self.call_later(callback, token)
        return token

    def _think(self) -> None:
        """The computer moves after a short pause, so the player sees it coming."""
        self._thinking = self._later(self.think_seconds, self._computer_plays)
        self._show_panel()

    def _computer_plays(self, token: object) -> None:
        """The pause is over: the computer moves (searching in the background on boards
        bigger than 3×3, with "thinking…" still showing)."""
        if self._thinking is not token:
            return
        game = self.game
        if not (
            game.is_computer_turn
            or (game.mode is Mode.COMPUTER and game.board.is_empty and not game.is_over)
        ):
            self._thinking = None
            self._show_panel()
            return
        board, level = game.computer_position()
        if _instant(board):
            self._computer_found(token, choose_move(board, level, game.rng))
        else:
            search = partial(choose_move, board, level, game.rng)  # the engine passes `stop`
            self.engine.run(search, partial(self._computer_found, token))

    def _computer_found(self, token: object, cell: int) -> None:
        if self._thinking is not token:
            return  # a new game, undo or mode change came first
        self._thinking = None
        game = self.game
        game.computer_move(cell)
        if not game.is_over and game.mode is not Mode.WATCH:
            self.message = ""
        if game.mode is Mode.WATCH:
            self._computer_moves_if_its_turn()
        self._show_panel()

    def _schedule_next_game(self) -> None:
        if not self.paused:
            delay = max(NEXT_WATCHED_GAME_SECONDS, 4 * self.think_seconds)
            self._next_game = self._later(delay, self._next_watched_game)

    def _next_watched_game(self, token: object) -> None:
        if self._next_game is token and self.game.mode is Mode.WATCH and not self.paused:
            self._begin_game()
            self._computer_moves_if_its_turn()

    # -- the player's moves ----------------------------------------------------------------------

    def _may_move(self) -> bool:
        """Board keys work only on a person's turn (not while the computer thinks)."""
        return self._thinking is None and self.game.is_human_turn

    def action_play_key(self, key: int) -> None:
        game = self.game
        if not game.uses_keypad:
            size = game.size
            self._say(
                f"Keys 1-9 play the 3×3 board. On {size}×{size}: arrows and Enter, a click, "
                "or : and a square like b3."
            )
        elif self._may_move():
            self._play(game.keypad.cell_for_key(key))

    def action_play_cursor(self) -> None:
        if self._may_move():
            self._play(self._board.cursor)

    def action_space(self) -> None:
        if self.game.mode is Mode.WATCH:
            self.action_pause()
        else:
            self.action_play_cursor()

    @on(BoardWidget.CellClicked)
    def _clicked(self, message: BoardWidget.CellClicked) -> None:
        if self._may_move():
            self._play(message.cell)

    def _play(self, cell: int) -> None:
        game = self.game
        try:
            game.play_cell(cell)
        except SquareTaken as taken:
            self.bell()
            self._say(f"Square {game.square_name(taken.cell)} is taken by {taken.mark}.")
            return
        except IllegalMove as refusal:
            self.bell()
            self._say(_sentence(str(refusal)))
            return
        if not game.is_over:
            self.message = ""
            if game.is_computer_turn:
                self._think()
            else:
                self._show_panel()

    # -- learning --------------------------------------------------------------------------------

    def action_hint(self) -> None:
        game = self.game
        if game.mode is Mode.WATCH:
            self._say("Hints are for players: the computer needs none while you watch.")
        elif game.is_over:
            self._say("The game is over: n starts a new one.")
        elif self._may_move():
            board = game.board
            if _instant(board):
                self._hint_found(board, hint(board))
            else:
                self._say("Looking for a hint…")
                self.engine.run(partial(hint, board), partial(self._hint_found, board))

    def _hint_found(self, board: Board, found: Hint) -> None:
        game = self.game
        if game.board != board:
            return
        self.hint = found
        square = game.square_name(found.cell)
        self.message = f"Hint for {game.turn}: square {square}, {found.reason}."
        self._show_board()

    def action_toggle_analysis(self) -> None:
        if not self.analysis_on and self.game.size > PERFECT_SIZE:
            size = self.game.size
            self._say(
                f"The {size}×{size} game is too big to solve, so there is no perfect analysis: "
                "it works on 3×3 and 4×4. h still gives a hint."
            )
            return
        self.analysis_on = not self.analysis_on
        if self.analysis_on:
            self.message = (
                "Analysis on: each empty square shows how the game ends with perfect play "
                "if the side to move plays there."
            )
        else:
            self.message = "Analysis off."
        self._show_board()

    def action_undo(self) -> None:
        game = self.game
        self._thinking = None  # a reply still to come is taken back with the move
        self._cancel_searches()
        try:
            taken = game.undo()
        except GameAlreadyOver:
            self._say("The game is over and its result counted: n starts a new game.")
            return
        except NothingToUndo as refusal:
            self._say(_sentence(str(refusal)))
            self._computer_moves_if_its_turn()
            return
        moves = "move" if len(taken) == 1 else "moves"
        self._say(f"Took back {len(taken)} {moves}.")

    # -- commands --------------------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        self._board.move_cursor(rows, columns)

    def action_cursor_to(self, row: int, column: int) -> None:
        cells = self._board.view.cells
        self._board.cursor = (row % cells) * cells + column % cells

    def action_computer_starts(self) -> None:
        game = self.game
        if game.mode is Mode.TWO_PLAYER:
            self._say("Two people are playing: m changes the mode.")
        elif game.mode is Mode.WATCH:
            self._say("The computer plays both sides while you watch.")
        elif self._thinking is not None or not game.board.is_empty or game.is_over:
            self._say("The computer can only start on an empty board: n starts a new game.")
        else:
            self._say("The computer starts.")
            self._think()

    def action_level(self, name: str) -> None:
        """The computer's level; in watch mode, X's."""
        level = Level.parse(name)
        game = self.game
        if game.mode is Mode.WATCH:
            self.action_watch_level(Mark.X, level)
            return
        game.level = level
        self._save_settings(level=level)
        if game.mode is Mode.TWO_PLAYER:
            self._say(f"Level {level.label}, for when you play the computer again (m).")
        else:
            self._say(f"Level {level.label}: it plays the computer's next move.")

    def action_o_level(self, name: str) -> None:
        """O's level in watch mode."""
        if self.game.mode is Mode.WATCH:
            self.action_watch_level(Mark.O, Level.parse(name))
        else:
            self._say("Shift+I, A, G set O's level in watch mode (m changes the mode).")

    def action_watch_level(self, mark: Mark, level: Level) -> None:
        game = self.game
        game.watch_levels[mark] = level
        self._save_settings(watch_levels=(game.watch_levels[Mark.X], game.watch_levels[Mark.O]))
        self._say(f"{mark} plays as {level.label} from its next move.")

    def action_new_game(self) -> None:
        self._begin_game()
        self._computer_moves_if_its_turn()

    def action_next_mode(self) -> None:
        self.set_mode(self.game.mode.next)

    def set_mode(self, mode: Mode) -> None:
        """Switch mode; a new game starts and this session's score starts afresh."""
        self.paused = False
        self.score = SessionScore()
        self._save_settings(mode=mode)
        self._begin_game(mode=mode)
        self._computer_moves_if_its_turn()

    def set_mark(self, mark: Mark) -> None:
        """Play as `mark` against the computer; a new game starts."""
        self._save_settings(mark=mark)
        self._begin_game(human=mark)
        self._computer_moves_if_its_turn()

    def set_starter(self, rule: StarterRule) -> None:
        self._save_settings(starter=rule)
        self._say(f"From the next game {STARTER_DESCRIPTIONS[rule]}.")

    def action_pause(self) -> None:
        if self.game.mode is not Mode.WATCH:
            return
        self.paused = not self.paused
        if self.paused:
            self._thinking = None
            self._next_game = None
            self._cancel_searches()
            self._say("Paused: space resumes.")
        else:
            self._say("Resumed.")
            if self.game.is_over:
                self._schedule_next_game()
            else:
                self._computer_moves_if_its_turn()

    def action_next_size(self) -> None:
        sizes = BOARD_SIZES
        self.set_size(sizes[(sizes.index(self.game.size) + 1) % len(sizes)])

    def set_size(self, size: int) -> None:
        """Play on a size×size board (three in a row on 3×3, four on bigger): a new game."""
        self._save_settings(size=size)
        self.paused = False
        self._begin_game(size=size)
        if size > PERFECT_SIZE:
            self.analysis_on = False
        self._computer_moves_if_its_turn()

    async def action_move_prompt(self) -> None:
        if self.game.uses_keypad:
            self._say("On 3×3 the keys 1-9 play; : names squares on bigger boards (b).")
        elif self._may_move():
            if self._prompt is None:
                from .widgets.move_prompt import MovePrompt  # only on boards that need it

                self._prompt = MovePrompt()
                await self.query_one("#board-area").mount(self._prompt, after=self._banner)
            self._prompt.open()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A square was typed into the move prompt (other inputs are not ours)."""
        game = self.game
        prompt = self._prompt
        if prompt is None or event.input is not prompt:
            return
        if not self._may_move():
            prompt.close()
            return
        try:
            cell = parse_coordinate(event.value, game.size)
        except IllegalMove as refusal:
            self.bell()
            self._say(_sentence(str(refusal)))
            prompt.value = ""
            return
        prompt.close()
        self._play(cell)

    def on_move_prompt_closed(self) -> None:
        self._say("")

    def action_switch_keypad(self) -> None:
        self.set_keypad(self.game.keypad.next)

    def set_keypad(self, layout: KeypadLayout) -> None:
        self.game.keypad = layout
        self._save_settings(keypad=layout)
        self.message = f"Keypad: {KEYPAD_DESCRIPTIONS[layout]}."
        self._show_board()

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # Markdown is slow to import: only when asked

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_stats(self) -> None:
        from .screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            file = self.storage.stats.file
            where = str(file.path) if file.saving and not file.in_memory else "memory only"
            self.push_screen(StatsScreen(self.storage.stats.records(), where))
            self._show_notices()

    def _save_settings(self, **changes: object) -> None:
        self.settings = self.settings.but(**changes)
        self.storage.settings.save(self.settings)
        self._show_notices()

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self._save_settings(theme=theme.name)

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
                f"The computer plays as {level.label} from its next move (X's level in watch mode)",
                partial(self.action_level, level.value),
            )
        for mark in Mark:
            for level in Level:
                yield SystemCommand(
                    f"Watch: {mark} plays {level.label}",
                    f"In watch mode, {mark} plays as {level.label}",
                    partial(self.action_watch_level, mark, level),
                )
        for mode in Mode:
            yield SystemCommand(
                f"Mode: {mode.label}",
                "Switch mode and start a new game",
                partial(self.set_mode, mode),
            )
        for mark in Mark:
            yield SystemCommand(
                f"Play as {mark}",
                f"You play {mark} against the computer (a new game starts)",
                partial(self.set_mark, mark),
            )
        for rule in StarterRule:
            yield SystemCommand(
                f"Starter: {rule.value}",
                STARTER_DESCRIPTIONS[rule].capitalize(),
                partial(self.set_starter, rule),
            )
        for size in BOARD_SIZES:
            yield SystemCommand(
                f"Board: {size}×{size}",
                f"{default_win_length(size)} in a row on a {size}×{size} board (a new game)",
                partial(self.set_size, size),
            )
        for layout in KeypadLayout:
            yield SystemCommand(
                f"Keypad: {layout.label}",
                f"Keys 1-9 laid out like a {KEYPAD_DESCRIPTIONS[layout]}",
                partial(self.set_keypad, layout),
            )
        yield SystemCommand("Hint", "Mark the move Genius would make for you", self.action_hint)
        yield SystemCommand(
            "Analysis", "Show or hide how every move ends", self.action_toggle_analysis
        )
        yield SystemCommand("Undo", "Take back your last move", self.action_undo)
        yield SystemCommand("Stats", "Lifetime results per mode and level", self.action_stats)
        yield SystemCommand("Help", "Keys, levels and rules", self.action_help)


def _instant(board: Board) -> bool:
    """Searches on 3×3 take microseconds; bigger boards search on the engine's thread."""
    return board.size == 3


def _timed(
    clock: Callable[[], float], job: Callable[..., Found], stop: Event | None = None
) -> tuple[Found, float]:
    started = clock()
    found = job(stop=stop) if stop is not None else job()
    return found, clock() - started


def _note(value: MoveValue) -> CellNote:
    if value.result is Result.DRAW:
        return CellNote("draw", "D", "draw")
    letter = "W" if value.result is Result.WIN else "L"
    return CellNote(str(value), f"{letter}{value.plies}", value.result.value)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."
