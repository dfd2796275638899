"""The game screen, under any rules (what differs between them is asked of their look,
`nac.present.looks`): the board, the panel, the banner and the footer, and every command.

What it shows is reactive state turned into views by pure functions (`nac.present.game.views`). The
game and the match report every change through listeners; searches run in `Searches` and come
back as messages. Helpers it owns: `Turns` (whose turn, the computer's replies found by its
searches, the pause) and `Switches` (settings, and asking before a switch that drops a game),
both from `nac.play` as the console runs them, `SquarePrompt` (a square's name typed) and
`Doors` (the other screens). `check_action` asks `availability` which commands work now, so
the footer, the palette and the refusals agree.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.command import Provider
from textual.containers import Container, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from ...core import (
    NORMAL,
    Change,
    ComputerTurn,
    FinishedGame,
    IllegalMove,
    Mark,
    Mode,
    Position,
    Rules,
    square_name,
    start_position,
)
from ...play import CONFIRM_SECONDS, Session, Switches, Turns, next_board, next_rules, rules_named
from ...present import commands
from ...present.game import availability, words
from ...present.game.metrics import (
    SIDE_MARGIN,
    ScreenLayout,
    minimum_terminal,
    screen_layout,
    smaller_rules_that_fit,
)
from ...present.game.pace import Pace
from ...present.game.views import (
    Activity,
    Banner,
    BoardView,
    CellNote,
    PanelState,
    analysis_notes,
    banner,
    board_view,
    panel_state,
    playouts_of,
)
from ...present.learning import words as learning_words
from ..bindings import board_bindings
from ..doors import Doors
from ..messages import CommandRuns, LabWanted
from ..palette import SizeNamesProvider
from ..square_prompt import SquarePrompt
from ..widgets.banner import ResultBanner
from ..widgets.board import BoardWidget
from ..widgets.keys_bar import KeysBar
from ..widgets.panel import InfoPanel
from ..widgets.searches import Searches
from ..widgets.title_bar import TitleBar

if TYPE_CHECKING:  # the engine loads after the first frame (`EngineOnDemand`)
    from ...engine import Engine, Hint


class GameScreen(Screen[None]):
    """A game under any rules: against the computer, two players, or watching the computer."""

    AUTO_FOCUS = "BoardWidget"  # its cursor keys; the move prompt takes the focus when open
    COMMAND_TABLE = commands.COMMANDS
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {SizeNamesProvider}
    """The palette's finder of 5×5 typed as 5x5 (beside the app's own)."""
    BINDINGS = board_bindings()

    board: var[Position] = var(start_position(NORMAL), bindings=True)
    """The game's position, as the game last reported it."""
    finished: var[FinishedGame | None] = var(None, bindings=True)
    arrangement: var[ScreenLayout | None] = var(None, bindings=True, init=False)
    """Where the board and the panel go in this terminal; None when the board does not fit."""
    activity: var[Activity] = var(Activity(), bindings=True)
    hint: var[Hint | None] = var(None)
    notes: var[tuple[CellNote | None, ...]] = var(())
    analysis_on: var[bool] = var(False, bindings=True)

    board_view: var[BoardView] = var(BoardView.empty())
    panel: var[PanelState | None] = var(None)
    result: var[Banner | None] = var(None)

    def __init__(
        self, session: Session, engine: Engine, pace: Pace, timer: Callable[[], float]
    ) -> None:
        super().__init__()
        self.timer = timer
        """Times the analysis shown in the panel."""
        self.session = session
        self.match = session.match
        self.game = session.match.game
        self.engine = engine
        self.turns = Turns(
            self.game, pace, self, self, thinking=self._thinking, ready=lambda: self.is_mounted
        )
        self.switches = Switches(session)
        self.prompt = SquarePrompt(
            self,
            self.say,
            lambda: self.activity.message,
            lambda: (self.game.rules, self.game.keypad),
            self.play,
            words.GAME_LETTERS.get,
        )
        self.doors = Doors(self, session, engine)
        self._views_due = False
        self.hint_wanted = False
        """A hint asked for before the computer's move: given once it has moved."""
        self.last_drill: str | None = None
        """The drill the last game gave (a mistake of yours), for `d`."""
        self.game.listen(on_change=self._changed, on_new_game=self._new_board)
        self.match.listen(self._finished)

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.board = self.game.board
        resumed = self.session.resumed and self.game.moves
        self.say(words.resumed(self.match) if resumed else words.ui_welcome(self.match))
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
        yield Searches(self.engine, self.timer)

    def on_mount(self) -> None:
        self.watch_arrangement(self.arrangement)
        self.call_after_refresh(self._ready)

    def _ready(self) -> None:
        """After the first frame: the search process, the computer's first move, the prompt."""
        for searches in self.query(Searches):
            searches.prepare(self.game.board)
        self.start_turn()
        self.prompt.follow()

    def on_resize(self, event: events.Resize) -> None:
        self._arrange(event.size.width, event.size.height)

    def _arrange(self, columns: int, rows: int) -> None:
        """Where things go in a terminal of columns×rows (or what to say if nothing fits)."""
        self.arrangement = screen_layout(self.game.rules, columns, rows)
        self._views_changed()

    def watch_arrangement(self, layout: ScreenLayout | None) -> None:
        if not self.query("#main"):
            return  # not composed yet: on_mount arranges
        self.query_one("#main").set_class(layout is None, "-too-small")
        if layout is None:
            self.prompt.close()  # no square may be played on a board that cannot be seen
            return
        self.query_one("#body").set_class(not layout.side_panel, "-stacked")
        self.query_one("#body").set_class(layout.narrow, "-narrow")
        self.query_one(InfoPanel).stacked = not layout.side_panel
        # Beside the panel, the board takes the room it needs and the two sit together.
        area = self.query_one("#board-area")
        area.styles.width = layout.board.width + 2 * SIDE_MARGIN if layout.side_panel else "1fr"
        if not self.prompt.is_open:
            self.query_one(BoardWidget).focus()

    # -- the views ---------------------------------------------------------------------------------

    def say(self, message: str) -> None:
        self.activity = self.activity.but(message=message)

    def _update_views(self) -> None:
        """Turn the state into the views the widgets show (they repaint only what changed)."""
        self._views_due = False
        self.board_view = board_view(self.game, self.hint, self.notes)
        self.panel = panel_state(self.match, self.activity)
        self.result = banner(self.game, self.finished)
        if self.arrangement is None:  # how big the terminal must be, and a switch's question
            rules, (columns, rows) = self.game.rules, self.app.size
            smaller = smaller_rules_that_fit(rules, columns, rows)
            question = self.activity.message if self.switches.confirm.asked is not None else ""
            need = minimum_terminal(rules)
            text = words.too_small(rules, columns, rows, need, smaller, question)
            for message in self.query("#too-small").results(Static):
                message.update(text)

    def _views_changed(self) -> None:
        """Some state changed: the views are made again once, after the handler that changed
        it (a move changes the board, the message and more at once)."""
        if not self._views_due:
            self._views_due = True
            self.call_next(self._update_views)

    watch_board = watch_finished = watch_hint = watch_notes = watch_activity = _views_changed

    # -- what the game tells us --------------------------------------------------------------------

    def _changed(self, change: Change) -> None:
        self.hint = None
        self.board = change.board
        self._analysis_follows()
        if self.hint_wanted and self.game.is_human_turn and not self.game.is_over:
            self.call_next(self.action_hint)

    def _finished(self, finished: FinishedGame) -> None:
        self.finished = finished
        self.last_drill = None
        self.say(words.after_game(self.game, finished.outcome))
        self.turns.after_game(self._next_watched_game)
        self._find_mistakes(finished)

    @work(thread=True, exclusive=True, group="mistakes")
    def _find_mistakes(self, finished: FinishedGame) -> None:
        """A game of yours just ended: its mistakes become drills, and `d` offers the first."""
        from ...engine import mistakes_in

        drills = mistakes_in([finished.saved], review=self.engine.review)
        if not drills:
            return
        entries = [(d.key, d.board, d.played, d.answers, d.rating.value) for d in drills]
        self.session.storage.stats.drills.add(entries, None, datetime.now(UTC))
        first = drills[0]
        square = square_name(first.played, first.board.rules, self.game.keypad)
        self.app.call_from_thread(
            self._offer_drill, finished, first.key, square, first.rating.value
        )

    def _offer_drill(self, finished: FinishedGame, key: str, square: str, rating: str) -> None:
        if self.finished is finished:  # no other game began meanwhile
            self.last_drill = key
            result = words.after_game(self.game, finished.outcome)
            self.say(f"{result} {learning_words.drill_offer(square, rating)}")
            self.refresh_bindings()

    def _new_board(self, board: Position) -> None:
        self.hint = None
        self.hint_wanted = False
        self.finished = None
        self.switches.forget_question()
        self.prompt.close()
        self.board = board
        for searches in self.query(Searches):
            searches.prepare(board)
        self._arrange(self.size.width, self.size.height)
        self._analysis_follows()
        self.prompt.follow()

    # -- what may be done now ----------------------------------------------------------------------

    @on(CommandRuns)
    def _heard(self, runs: CommandRuns) -> None:
        """A command is about to run: a switch's question waits only for its second press."""
        self.switches.heard(runs.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "drill_last":
            return self.last_drill is not None and self.finished is not None
        return availability.allowed(
            self.game,
            action,
            board_shown=self.arrangement is not None,
            thinking=self.activity.thinking,
            prompt_open=self.prompt.is_open,
            paused=self.activity.paused,
            parameters=parameters,
        )

    def on_key(self, event: events.Key) -> None:
        """Key events reach the screen before its bindings are checked: a command's key that
        cannot work now says why, instead of doing nothing unseen; on 4×4 and 5×5 a column
        letter opens the prompt at once, and what is typed before it has the focus joins it."""
        if self.arrangement is None:
            return
        if self.prompt.took(event):
            self.switches.forget_question()
            event.stop()
            return
        if self.prompt.is_open:
            return
        reason = availability.key_refusal(
            self.game,
            event.key,
            board_shown=True,
            thinking=self.activity.thinking,
            paused=self.activity.paused,
        ) or self._drill_refusal(event.key)
        if reason is not None:
            self.switches.forget_question()
            if reason == words.GAME_OVER and self.finished is not None:
                self.app.bell()  # the result stays said, with how to go on
            else:
                self.say(reason)
            event.stop()

    def _drill_refusal(self, key: str) -> str | None:
        """Why `d` drills nothing now (no mistake of yours in the game just over)."""
        drills = key == commands.key_for("drill_last")
        offered = not drills or self.check_action("drill_last", ())
        return None if offered else learning_words.NO_DRILL_NOW

    # -- the player's moves ------------------------------------------------------------------------

    async def action_play_key(self, key: int) -> None:
        await self.prompt.digit(key)

    def action_next_board(self) -> None:
        self.query_one(BoardWidget).action_next_board()

    @on(BoardWidget.CellChosen)
    def _chosen(self, chosen: BoardWidget.CellChosen) -> None:
        self.play(chosen.cell)

    def play(self, cell: int) -> None:
        """A person plays `cell`: refused with a bell and a sentence, or played and answered."""
        self.switches.forget_question()
        refusal = self.turns.person_plays(cell)
        if refusal is not None:
            if refusal != words.WAIT_YOUR_TURN:
                self.app.bell()
            self.say(refusal)
        elif not self.game.is_over:
            self.say("")

    async def action_move_prompt(self) -> None:
        await self.prompt.open()

    async def action_type_square(self, letter: str) -> None:
        await self.prompt.open(letter)

    # -- the computer's turns (`Turns`) ----------------------------------------------------------

    def start_turn(self) -> None:
        """If it is the computer's turn (and not paused), its reply begins."""
        self.turns.start()

    def find_move(self, turn: ComputerTurn) -> None:
        """The search for the computer's move (`Turns`'s move finder): found by `Searches`."""
        self.query_one(Searches).find_move(turn)

    def cancel_moves(self) -> None:
        for searches in self.query(Searches):
            searches.cancel("move")

    def _thinking(self, thinking: bool) -> None:
        """The computer's reply begins or ends (then "wait for it" is said no more)."""
        said = self.activity.message
        said = "" if not thinking and said == words.WAIT_YOUR_TURN else said
        self.activity = self.activity.but(thinking=thinking, message=said)

    @on(Searches.MoveFound)
    def _move_found(self, found: Searches.MoveFound) -> None:
        self.turns.found(found.board, found.cell)

    def _next_watched_game(self) -> None:
        if self.game.mode is Mode.WATCH and not self.turns.paused:
            self.begin_game()

    def begin_game(self, **switches: object) -> None:
        """The next game of the match; `switches` (mode, size, mark) change and are saved."""
        self.turns.cancel()
        self.turns.paused = False
        if switches:
            self.session.change(**switches)
        else:
            self.match.new_game()
        self.activity = Activity(message=words.ui_welcome(self.match))
        self.start_turn()

    def action_pause(self) -> None:
        paused = self.turns.toggle_pause(self._next_watched_game)
        self.activity = self.activity.but(
            paused=paused, message=words.PAUSED if paused else words.RESUMED
        )

    action_resume = action_pause
    action_next_game = begin_game

    def action_computer_starts(self) -> None:
        self.game.computer_starts()
        self.say(words.COMPUTER_STARTS)
        self.start_turn()

    # -- settings and switches (each said in the player's words) ---------------------------------

    def action_level(self, name: str) -> None:
        self.say(self.switches.level(name))

    def action_o_level(self, name: str) -> None:
        self.say(self.switches.watch_level(name))

    def action_keypad(self, name: str) -> None:
        self.say(self.switches.keypad(name))

    def action_switch_keypad(self) -> None:
        self.action_keypad(self.game.keypad.next.value)

    def action_starter(self, name: str) -> None:
        self.say(self.switches.starter(name))

    def action_new_game(self) -> None:
        self._switch()

    def action_next_mode(self) -> None:
        self.action_mode(self.game.mode.next.value)

    def action_mode(self, name: str) -> None:
        self._switch(mode=Mode.parse(name))

    def action_next_size(self) -> None:
        """The next board (where the rules count small boards, the next number of them); while
        the board does not fit, the biggest smaller one that does."""
        rules, (columns, rows) = self.game.rules, self.size
        fits = smaller_rules_that_fit(rules, columns, rows) if self.arrangement is None else None
        self._switch(rules=fits or next_board(rules))

    def action_size(self, size: int) -> None:
        """Noughts and crosses (normal or misère, as now) on size×size."""
        self._switch(rules=Rules.of(size, self.game.rules.variant))

    def action_next_variant(self) -> None:
        self._switch(rules=next_rules(self.game.rules))

    def action_rules(self, name: str) -> None:
        self._switch(rules=rules_named(name, self.game.rules))

    def action_mark(self, name: str) -> None:
        self._switch(mark=Mark.parse(name))

    def _switch(self, **switch: object) -> None:
        """A switch that begins a new game: asked about first if it would drop one (the
        question is taken back if no second press comes in time)."""
        question = self.switches.question(**switch)
        if question is None:
            self.begin_game(**switch)
            return
        self.say(question)
        self.set_timer(CONFIRM_SECONDS, lambda: self._question_expired(question))

    def _question_expired(self, question: str) -> None:
        if self.switches.expired:
            self.switches.forget_question()
            if self.activity.message == question:
                self.say("")

    # -- learning: a hint, the analysis that follows the board, undo ------------------------------

    def action_hint(self) -> None:
        """A hint for the person's move; asked before the computer's move, given after it."""
        if self.game.is_human_turn and not self.activity.thinking:
            self.hint_wanted = False
            self.say(words.LOOKING_FOR_HINT)
            self.query_one(Searches).find_hint(self.game.board)
        else:
            self.hint_wanted = True
            self.say(words.HINT_AFTER_COMPUTER)

    @on(Searches.HintFound)
    def _hint_found(self, found: Searches.HintFound) -> None:
        if found.board == self.game.board:
            self.hint = found.hint
            self.say(words.hint_sentence(self.game, found.hint))

    def action_toggle_analysis(self) -> None:
        self.analysis_on = not self.analysis_on
        room = self.query_one(BoardWidget).note_room
        self.say(words.analysis_switched(self.analysis_on, self.game.rules, room))
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
            self.notes = analysis_notes(done.values, done.board, done.estimates)
            self.activity = self.activity.but(
                analysis_seconds=done.seconds, analysis_playouts=playouts_of(done.estimates)
            )

    def action_undo(self) -> None:
        self.turns.cancel()
        self.hint_wanted = False
        try:
            taken = self.game.undo()
        except IllegalMove as refusal:
            self.say(words.sentence(str(refusal)))
            return
        self.say(words.took_back(len(taken)))

    # -- other screens -----------------------------------------------------------------------------

    def action_review(self) -> None:
        self.doors.review()

    def action_games(self) -> None:
        self.doors.games()

    def action_puzzles(self) -> None:
        self.doors.puzzles()

    def action_help(self) -> None:
        self.doors.help()

    def action_stats(self) -> None:
        self.doors.stats()

    def action_drill_last(self) -> None:
        if self.last_drill is not None:
            self.doors.drill(self.last_drill)

    def action_lab(self) -> None:
        self.post_message(LabWanted(self.game.board, self.game.square_name))

    def on_paste(self, event: events.Paste) -> None:
        """A game's line pasted here opens its review (anything else says why not)."""
        refused = self.doors.review_line(event.text)
        if refused is not None:
            self.say(refused)

    def action_quit(self) -> None:
        """Quit at once: a game in progress is kept for the next start (the app keeps it)."""
        self.turns.cancel()
        self.query_one(Searches).cancel()
        self.app.exit()
