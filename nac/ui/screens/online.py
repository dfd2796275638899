"""Online play on the full screen: the game an `OnlinePlay` follows (the server referees every
move), drawn as the board and a panel, and the player's keys sent as requests.

What it shows is the client's table turned into views by pure functions
(`nac.present.online.view`), kept in reactive state the board and the panel are bound to, as
on the game screen; `check_action` asks the same module which commands work now, so
the footer and the refusals agree. The connection runs in a worker from mount to leaving;
leaving (or quitting) stops it, and `nac host`'s own server with it. A countdown on screen
(the invite's expiry, a dropped player's time to come back) ticks once a second, and only then.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...core import NORMAL, Game, KeypadLayout, Mode, Rules
from ...engine import Engine
from ...net.play import OnlinePlay
from ...net.table import Keep
from ...play import CONFIRM_SECONDS, Confirm
from ...present.game import words
from ...present.game.metrics import minimum_terminal
from ...present.game.views import BoardView
from ...present.online import view as online_view, words as online_words
from ...present.online.layout import OnlineLayout, online_layout
from ...present.screen_commands import ONLINE_COMMANDS
from ..bindings import board_bindings
from ..messages import CommandRuns
from ..square_prompt import SquarePrompt
from ..watcher_analysis import WatcherAnalysis
from ..widgets.board import BoardWidget
from ..widgets.keys_bar import KeysBar
from ..widgets.online_panel import OnlinePanel
from ..widgets.searches import Searches
from ..widgets.title_bar import TitleBar

Opening = Callable[[Callable[[], object], Keep | None], Awaitable[tuple[OnlinePlay | None, str]]]
"""Begins the online game (`nac.net.start.begin`), given what to call at each change and where a
finished game is kept: the game and a note to say first (""), or None and why there is none
(`nac host`'s server could not listen)."""
QUESTIONS = {"resign": online_words.RESIGN_QUESTION, **online_words.LEAVE_QUESTIONS}


class OnlineScreen(Screen[None]):
    """One online game, as a player or a watcher, from connecting to leaving."""

    AUTO_FOCUS = "BoardWidget"
    COMMAND_TABLE = ONLINE_COMMANDS
    HELP_TITLE = "Online play"
    BINDINGS = board_bindings(ONLINE_COMMANDS)

    board_view: var[BoardView] = var(BoardView.empty())
    panel: var[online_view.OnlinePanelState] = var(online_view.OnlinePanelState(""))
    """The views the board and the panel show (bound to them, as on the game screen)."""

    def __init__(
        self,
        opening: Opening,
        *,
        engine: Engine,
        keep: Keep | None = None,
        keypad: KeypadLayout = KeypadLayout.PHONE,
        clock: Callable[[], float] = time.monotonic,
        timer: Callable[[], float] = time.perf_counter,
    ) -> None:
        """`keep`: where a finished game goes (counted and saved); `keypad`: the digits' layout
        on 3×3; `clock`: the time the countdowns count on (the table's); `timer`: times the
        analysis."""
        super().__init__()
        self._opening = opening
        self._keep = keep
        self.engine = engine
        self.keypad = keypad
        self.clock = clock
        self.timer = timer
        self.play: OnlinePlay | None = None
        self.failure = ""
        """Why there is no game (`nac host`'s server could not listen)."""
        self.message = ""
        self.questions = Confirm()
        self.watch_line = ""
        """The host's watch line, kept once the invite is gone (`w` copies it all game)."""
        self.analysis = WatcherAnalysis()
        self.arrangement: OnlineLayout | None = None
        self.prompt = SquarePrompt(self, self.say, lambda: self.message, self._squares, self._move)
        self._due = False
        self._moves_seen: tuple[int, int, bool] | None = None
        """The game's number and its moves when last drawn."""
        self._refusal_seen = ""
        self._ticker: Timer | None = None
        self._stopped = False

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar(online_words.TITLE, "Online")
        with Container(id="online-main"):
            with Container(id="online-body"):
                with Vertical(id="online-board-area"):
                    yield BoardWidget().data_bind(view=OnlineScreen.board_view)
                yield OnlinePanel().data_bind(state=OnlineScreen.panel)
            yield Static(id="online-too-small", markup=False)
        yield KeysBar(ONLINE_COMMANDS)
        yield Searches(self.engine, self.timer)

    def on_mount(self) -> None:
        self._ticker = self.set_interval(1.0, self._update, pause=True)
        self._update()
        self.run_worker(self._connect(), group="online", exit_on_error=False)

    async def _connect(self) -> None:
        play, note = await self._opening(self._changed, self._keep)
        if play is None:
            self.failure = note
            self._changed()
            return
        if self._stopped:
            await play.stop()
            return
        play.keypad = play.game.keypad = self.keypad
        self.play, self.message = play, note
        self._changed()
        await play.run()

    def on_resize(self) -> None:
        self._update()

    def _arrange(self, invite_width: int) -> None:
        rules = self.play.game.rules if self.play is not None else NORMAL
        columns, rows = self.app.size
        layout = online_layout(rules, columns, rows, invite_width)
        arranged, self.arrangement = self.arrangement != layout, layout
        self.query_one("#online-main").set_class(layout is None, "-too-small")
        if layout is None:
            self.prompt.close()
            need = minimum_terminal(rules)
            status = online_view.panel_state(self.play, self.clock(), self._said()).status
            text = words.too_small(rules, columns, rows, need, None, status)
            self.query_one("#online-too-small", Static).update(text)
            return
        body = self.query_one("#online-body")
        body.set_class(not layout.side_panel, "-stacked")
        body.set_class(layout.board is None, "-alone")
        self.query_one(OnlinePanel).stacked = not layout.side_panel
        area = self.query_one("#online-board-area")
        area.styles.width = layout.board_columns if layout.side_panel else "1fr"
        if arranged and not self.prompt.is_open and layout.board is not None:
            self.query_one(BoardWidget).focus()

    # -- what the server tells ---------------------------------------------------------------------

    def _changed(self) -> None:
        """The table changed (a message from the server, or the connection's own): the
        screen is drawn again once, after whatever else is queued."""
        if not self._due:
            self._due = True
            self.call_later(self._update)

    def _update(self) -> None:
        """Draw the table as it is now: the board, the panel, the layout and the footer."""
        self._due = False
        play = self.play
        if play is not None:
            self._heard(play)
        now = self.clock()
        self.questions.expire()
        message = self._said()
        if self.failure:
            state = online_view.OnlinePanelState(online_words.NOT_HOSTING, message=self.failure)
        else:
            timing, watch_line = self.analysis.timing, self.watch_line
            state = online_view.panel_state(play, now, message, timing, watch_line)
        self._arrange(state.invite_width)
        self.panel = state
        self.board_view = online_view.board_view(play, self.analysis.notes)
        if self._ticker is not None:
            (self._ticker.resume if online_view.counting_down(play) else self._ticker.pause)()
        self.refresh_bindings()

    def _heard(self, play: OnlinePlay) -> None:
        """What changed since the last drawing: a move (the analysis follows it, an old
        message goes), the server's refusal (said, with the bell), the host's watch line."""
        table = play.table
        room = table.room
        if room is not None and room.invite is not None:
            self.watch_line = room.invite.watch
        game = play.game
        self.prompt.follow()  # the room's rules known
        moves = (room.number, len(game.moves), game.is_over) if room is not None else None
        if moves != self._moves_seen:
            self.message = "" if self._moves_seen is not None else self.message
            self._moves_seen = moves
            if play.why_not_play() is not None:
                self.prompt.close()
            self._analysis_follows()
        if table.refusal and table.refusal != self._refusal_seen:
            self.message = online_words.refused(table.refusal)
            self.app.bell()
        self._refusal_seen = table.refusal

    def _said(self) -> str:
        asked = self.questions.asked
        if not isinstance(asked, str):
            return self.message
        on_clock = self.play is not None and self.play.leaving_runs_clock
        return (online_words.LEAVE_QUESTIONS_ON_CLOCK if on_clock else QUESTIONS).get(
            asked, QUESTIONS[asked]
        )

    def say(self, message: str) -> None:
        self.message = message
        self._changed()

    # -- what may be done now ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.arrangement is None and action not in online_view.ALWAYS:
            return False
        refusal = online_view.refusal(
            self.play, action, prompt_open=self.prompt.is_open, watch_line=self.watch_line
        )
        return refusal is None

    def on_key(self, event: events.Key) -> None:
        """A key whose commands cannot work now says why (instead of doing nothing unseen); on
        4×4 and 5×5 a column letter opens the square prompt."""
        play = self.play
        if self.arrangement is None or play is None:
            return
        if self.prompt.took(event):
            self.heard("type_square")
            event.stop()
            return
        if self.prompt.is_open:
            return
        reason = online_view.key_refusal(play, event.key, watch_line=self.watch_line)
        if reason is not None:
            self.heard("")
            self.say(reason)
            event.stop()

    @on(CommandRuns)
    def _command_runs(self, runs: CommandRuns) -> None:
        self.heard(runs.action)

    def heard(self, action: str) -> None:
        """A command is about to run: a question waiting for a second press goes at any other."""
        if self.questions.heard(action):
            self._changed()

    def _ask(self, action: str) -> bool:
        """Whether this press of `action` is the second, which runs it; the first asks."""
        if self.questions.pressed(action):
            return True
        self.set_timer(CONFIRM_SECONDS + 0.1, self._update)  # the question expires
        self._changed()
        return False

    # -- the player's requests ---------------------------------------------------------------------

    def action_next_board(self) -> None:
        self.query_one(BoardWidget).action_next_board()

    async def action_play_key(self, key: int) -> None:
        await self.prompt.digit(key)

    @on(BoardWidget.CellChosen)
    async def _chosen(self, chosen: BoardWidget.CellChosen) -> None:
        await self._move(chosen.cell)

    async def _move(self, cell: int) -> None:
        play = self.play
        if play is None:
            return
        refusal = await play.move(cell)
        if refusal is not None:
            self.app.bell()
        self.say(words.sentence(refusal) if refusal else "")

    def _squares(self) -> tuple[Rules, KeypadLayout]:
        """The rules and the keypad the squares are named by (the game's, once there is one)."""
        game = self.play.game if self.play is not None else None
        return (NORMAL, self.keypad) if game is None else (game.rules, game.keypad)

    async def action_move_prompt(self) -> None:
        await self.prompt.open()

    async def action_type_square(self, letter: str) -> None:
        await self.prompt.open(letter)

    async def action_rematch(self) -> None:
        if self.play is not None:
            self._answered(await self.play.rematch())

    async def action_resign(self) -> None:
        if self.play is not None and self._ask("resign"):
            self._answered(await self.play.resign())

    def _answered(self, refusal: str | None) -> None:
        self.say(words.sentence(refusal) if refusal else "")

    def action_copy_invite(self) -> None:
        room = self.play.table.room if self.play is not None else None
        if room is not None and room.invite is not None:
            self.app.copy_to_clipboard(room.invite.join)
            self.say(online_words.copied(room.invite.join))

    def action_copy_watch(self) -> None:
        if self.watch_line:
            self.app.copy_to_clipboard(self.watch_line)
            self.say(online_words.copied(self.watch_line))

    # -- a watcher's analysis ----------------------------------------------------------------------

    def action_analysis(self) -> None:
        if self.play is not None:
            room = self.query_one(BoardWidget).note_room
            self.say(self.analysis.switch(self.play.game.rules, room))
        self._analysis_follows()

    def _analysis_follows(self) -> None:
        play = self.play
        board = play.game.board if play is not None and not play.game.is_over else None
        self.analysis.follow(board, self.query_one(Searches))
        self._changed()

    @on(Searches.AnalysisDone)
    def _analysis_done(self, done: Searches.AnalysisDone) -> None:
        if self.analysis.done(done, self.play.game.board if self.play is not None else None):
            self._changed()

    # -- leaving -----------------------------------------------------------------------------------

    async def action_leave(self) -> None:
        """Back to the screen below (the game, or the lobby)."""
        if await self._left("leave"):
            self.dismiss(None)

    def action_help(self) -> None:
        from .help import HelpScreen, help_text

        game = self.play.game if self.play is not None else Game(mode=Mode.ONLINE)
        self.app.push_screen(HelpScreen(help_text(game, online=True)))

    async def action_quit(self) -> None:
        if await self._left("quit"):
            self.app.exit()

    async def _left(self, action: str) -> bool:
        """Whether this press of `action` (leave, quit) leaves: at once but in this player's
        game, where the first asks (it counts as resigning) and the second resigns."""
        play = self.play
        if play is not None and play.leaving_resigns and not self._ask(action):
            return False
        await self.stop(leaving=True)
        return True

    async def stop(self, *, leaving: bool = False) -> None:
        """The connection closes (and `nac host`'s server with it); `leaving`: resigned first."""
        if self._stopped:
            return
        self._stopped = True
        for searches in self.query(Searches):
            searches.cancel()
        if self.play is not None:
            await (self.play.leave() if leaving else self.play.stop())

    async def on_unmount(self) -> None:
        await self.stop()
