"""The game screen: the board, the panel, the banner and the footer, and every command.

What it shows is reactive state (the game's board, the result, the hint, the analysis, what it
is doing), turned into views by pure functions (`views.py`). The core reports every change
through its callbacks; searches run in `Searches` and come back as messages. `check_action`
asks `availability` which commands work now, so the footer and the palette offer only those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container, Vertical
from textual.reactive import var
from textual.widgets import Static

from ... import words
from ...core import (
    Board,
    Change,
    FinishedGame,
    GameKind,
    IllegalMove,
    Match,
    Outcome,
    SavedGame,
)
from .. import availability, commands
from ..metrics import SIDE_MARGIN, ScreenLayout, minimum_terminal, screen_layout
from ..views import (
    Banner,
    BoardView,
    PanelState,
    banner,
    board_view,
    centre,
    cursor_at,
    cursor_moved,
    panel_state,
)
from ..widgets.banner import ResultBanner
from ..widgets.board import BoardWidget
from ..widgets.keys_bar import KeysBar
from ..widgets.panel import InfoPanel
from ..widgets.searches import Searches
from ..widgets.title_bar import TitleBar
from .learning import LearningScreen

if TYPE_CHECKING:
    from textual.widgets import Input

    from ..widgets.move_prompt import MovePrompt


class GameScreen(LearningScreen):
    """Noughts and crosses: against the computer, two players, or watching the computer."""

    AUTO_FOCUS = None  # the keys need no focus; the move prompt takes it when opened
    BINDINGS: ClassVar[list[BindingType]] = list(commands.bindings())

    board: var[Board] = var(Board.empty(), bindings=True)
    """The game's position, as the core last reported it."""
    finished: var[FinishedGame | None] = var(None, bindings=True)
    cursor: var[int] = var(4)
    arrangement: var[ScreenLayout | None] = var(None, bindings=True, init=False)
    """Where the board and the panel go in this terminal; None when the board does not fit."""

    board_view: var[BoardView] = var(BoardView.empty())
    panel: var[PanelState | None] = var(None)
    result: var[Banner | None] = var(None)

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self._prompt: MovePrompt | None = None
        self._said_before_prompt = ""
        """What the panel said when the prompt opened: Escape puts it back."""
        """Mounted the first time it is opened: most games never need it."""
        self._too_small = ""
        self._views_due = False

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        game = self.game
        self.match.new_game()  # the first game: the starter rule says who starts
        game.on_change = self._changed
        game.on_game_over = self._game_over
        game.on_new_game = self._new_board
        self.cursor = centre(game.board.size)
        self.board = game.board
        self.say(words.ui_welcome(self.match))
        self._arrange(self.app.size.width, self.app.size.height)
        self._update_views()
        yield TitleBar(words.TITLE)
        with Container(id="main"):
            with Container(id="body"):
                with Vertical(id="board-area"):
                    yield ResultBanner().data_bind(GameScreen.result)
                    yield BoardWidget().data_bind(view=GameScreen.board_view)
                yield InfoPanel().data_bind(state=GameScreen.panel)
            yield Static(id="too-small", markup=False)
        yield KeysBar()
        yield Searches()

    def on_mount(self) -> None:
        if self.host.notices_shown:
            self.say(self.host.notices_shown[-1])
        self.watch_arrangement(self.arrangement)
        self.call_after_refresh(self._ready)

    def _ready(self) -> None:
        """After the first frame: the search process starts if the board needs it, and the
        computer moves if it starts."""
        for searches in self.query(Searches):
            searches.prepare(self.game.board)
        self.start_turn()

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width, event.size.height)

    def _arrange(self, columns: int, rows: int) -> None:
        """Where things go in a terminal of columns×rows (or what to say if nothing fits)."""
        size = self.game.size
        self.arrangement = screen_layout(size, columns, rows)
        self._too_small = words.too_small(size, columns, rows, minimum_terminal(size))
        if self.arrangement is None:
            for message in self.query("#too-small").results(Static):
                message.update(self._too_small)

    def watch_arrangement(self, layout: ScreenLayout | None) -> None:
        if not self.query("#main"):
            return  # not composed yet: on_mount arranges
        self.query_one("#main").set_class(layout is None, "-too-small")
        if layout is None:
            self.query_one("#too-small", Static).update(self._too_small)
            self._close_prompt()  # no square may be played on a board that cannot be seen
            return
        self.query_one("#body").set_class(not layout.side_panel, "-stacked")
        self.query_one(InfoPanel).stacked = not layout.side_panel
        # Beside the panel, the board takes the room it needs and the two sit together.
        area = self.query_one("#board-area")
        area.styles.width = layout.board.width + 2 * SIDE_MARGIN if layout.side_panel else "1fr"

    # -- the views ---------------------------------------------------------------------------------

    def _update_views(self) -> None:
        """Turn the state into the views the widgets show (they repaint only what changed)."""
        self._views_due = False
        self.board_view = board_view(self.game, self.hint, self.notes, self.cursor)
        self.panel = panel_state(self.match, self.activity)
        self.result = banner(self.game, self.finished)

    def _views_changed(self) -> None:
        """Some state changed: the views are made again once, after the handler that changed
        it (a move changes the board, the message and more at once)."""
        if not self._views_due:
            self._views_due = True
            self.call_next(self._update_views)

    watch_board = watch_finished = watch_hint = watch_notes = watch_cursor = _views_changed
    watch_activity = _views_changed

    # -- what the game tells us --------------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        self.hint = None
        self.board = change.board
        self._analysis_follows()

    def _game_over(self, outcome: Outcome) -> None:
        finished = self.match.finish(outcome)
        self.host.record(finished)
        self.host.save_game(self.saved_game(finished.kind))
        self.finished = finished
        self.say(words.after_game(self.game, outcome))
        self.after_game()

    def _new_board(self, board: Board) -> None:
        self.hint = None
        self.finished = None
        self.switch_asked = ""
        if board.cell_count != self.board.cell_count:
            self.cursor = centre(board.size)
        self.board = board
        for searches in self.query(Searches):
            searches.prepare(board)
        self._arrange(self.size.width, self.size.height)
        self._analysis_follows()

    def before_new_game(self) -> None:
        self._close_prompt()

    # -- what may be done now ----------------------------------------------------------------------

    @property
    def prompt_open(self) -> bool:
        return self._prompt is not None and self._prompt.is_open

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return availability.allowed(
            self.game,
            action,
            board_shown=self.arrangement is not None,
            thinking=self.activity.thinking,
            prompt_open=self.prompt_open,
        )

    def on_key(self, event: events.Key) -> None:
        """A command's key that cannot work now says why, instead of doing nothing unseen.

        Key events reach the screen before its bindings are checked, so a key that some
        binding can run now is left to it."""
        if self.arrangement is None or self.prompt_open:
            return
        reasons: list[str | None] = []
        for _, action in commands.key_actions(event.key):
            name = action.partition("(")[0]
            allowed = self.check_action(name, ())
            if allowed:
                return
            if allowed is None:  # shown but waiting for the computer
                reasons.append(words.WAIT_YOUR_TURN)
            else:
                reasons.append(availability.refusal(self.game, name, prompt_open=self.prompt_open))
        reason = next((reason for reason in reasons if reason), None)
        if reason is not None:
            self.say(reason)
            event.stop()

    # -- the player's moves ------------------------------------------------------------------------

    def action_play_key(self, key: int) -> None:
        self.play(self.game.keypad.cell_for_key(key))

    def action_play_cursor(self) -> None:
        self.play(self.cursor)

    @on(BoardWidget.CellClicked)
    def _clicked(self, message: BoardWidget.CellClicked) -> None:
        if self.check_action("play_cursor", ()):
            self.cursor = message.cell
            self.play(message.cell)

    @on(BoardWidget.CellPointed)
    def _pointed(self, message: BoardWidget.CellPointed) -> None:
        if self.board_view.cursor is not None:
            self.cursor = message.cell

    def play(self, cell: int) -> None:
        """A person plays `cell`: refused with a bell and a sentence, or played and answered."""
        game = self.game
        if self.activity.thinking or not game.is_human_turn:
            self.say(words.WAIT_YOUR_TURN)
            return
        try:
            game.play_cell(cell)
        except IllegalMove as refusal:
            self.app.bell()
            self.say(words.sentence(str(refusal)))
            return
        if not game.is_over:
            self.say("")
            self.start_turn()

    def action_cursor(self, rows: int, columns: int) -> None:
        self.cursor = cursor_moved(self.cursor, self.board.size, rows, columns)

    def action_cursor_to(self, row: int, column: int) -> None:
        self.cursor = cursor_at(self.board.size, row, column)

    def action_cursor_centre(self) -> None:
        self.cursor = centre(self.board.size)

    async def action_move_prompt(self) -> None:
        if self._prompt is None:
            from ..widgets.move_prompt import MovePrompt  # only when first needed

            self._prompt = MovePrompt(words.prompt_placeholder(self.game))
            # In the footer's place, the whole width: the board stays where it is.
            await self.mount(self._prompt, before=self.query_one(KeysBar))
        self._prompt.placeholder = words.prompt_placeholder(self.game)
        self._said_before_prompt = self.activity.message
        self._prompt.open()
        self.add_class("-prompting")
        self.refresh_bindings()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A square typed into the move prompt."""
        prompt = self._prompt
        if prompt is None or event.input is not prompt:
            return
        text = event.value.strip()
        if not text:
            self.say(words.empty_square(self.game))
            return
        try:
            cell = self.game.parse_square(text)
        except IllegalMove as refusal:
            self.app.bell()
            self.say(words.sentence(str(refusal)))
            prompt.value = ""
            return
        self._close_prompt()
        self.play(cell)

    def on_move_prompt_closed(self) -> None:
        self.say(self._said_before_prompt)
        self.remove_class("-prompting")
        self.refresh_bindings()

    def _close_prompt(self) -> None:
        if self._prompt is not None and self._prompt.is_open:
            self._prompt.close()
            self.remove_class("-prompting")
            self.refresh_bindings()

    # -- other screens -----------------------------------------------------------------------------

    def saved_game(self, kind: GameKind | None = None) -> SavedGame:
        """The game so far as the notation holds it (its kind from its moves, if not given)."""
        game = self.game
        kind = kind or GameKind.of(game.mode, game.size, game.moves, game.levels_playing())
        cells = [move.cell for move in game.moves]
        return SavedGame.of(kind, cells, game.first, human=game.human, date=self.host.now())

    def action_review(self) -> None:
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.saved_game(), self.game.square_name))

    def action_games(self) -> None:
        from .games import GamesScreen

        games = self.host.storage.games
        self.app.push_screen(GamesScreen(games.games(), games.where))

    def action_puzzles(self) -> None:
        from .puzzle import PuzzleScreen

        self.app.push_screen(PuzzleScreen())

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.game))

    def action_stats(self) -> None:
        self.host.show_stats()

    def action_quit(self) -> None:
        self.cancel_turn()
        self.query_one(Searches).cancel()
        self.app.exit()

    def on_unmount(self) -> None:
        self.cancel_turn()
        for searches in self.query(Searches):
            searches.cancel()
