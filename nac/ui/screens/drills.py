"""Your mistakes, drilled (the puzzles' `m`, or `d` after a game with one): each position
where you went wrong in a saved game, due by its schedule; play the move you missed. Right is
any move as good as the best; your game's move is shown only after you try. The saved games are
looked through for new mistakes on a thread as the screen opens."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from textual import events, on, work
from textual.app import ComposeResult
from textual.reactive import var
from textual.screen import Screen

from ...core import NORMAL, IllegalMove, KeypadLayout, Rules, check_square, format_game, square_name
from ...engine import Engine, mistakes_in, unscanned
from ...present.command import Command
from ...present.game import words
from ...present.game.views import BoardView
from ...present.learning import words as learning_words
from ...present.names import rules_label
from ...present.screen_commands import DRILL_COMMANDS, drill_commands
from ...store import Storage
from ...store.drills import DrillRecord
from ..bindings import board_bindings
from ..square_prompt import SquarePrompt
from ..widgets.board import BoardWidget
from ..widgets.board_beside import BoardBeside
from ..widgets.keys_bar import KeysBar
from ..widgets.puzzle_panel import PuzzlePanel
from ..widgets.title_bar import TitleBar


class DrillScreen(Screen[None]):
    """The mistakes due, one after another."""

    AUTO_FOCUS = "BoardWidget"
    HELP_TITLE = "Your mistakes"
    BINDINGS = board_bindings(DRILL_COMMANDS)

    drill: var[DrillRecord | None] = var(None, init=False, bindings=True)
    answered: var[str] = var("", init=False, bindings=True)
    """What the answer to this drill was ("" before one), said in the panel."""

    def __init__(
        self,
        storage: Storage,
        keypad: KeypadLayout,
        *,
        first: str | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        engine: Engine | None = None,
    ) -> None:
        """`first`: the key of a drill to begin with (the one a game just gave); `engine`
        reviews the games for mistakes (its search process; else this one)."""
        super().__init__()
        self.storage = storage
        self.engine = engine
        self.keypad = keypad
        self.first = first
        self.clock = clock
        self.due: list[DrillRecord] = []
        self.later = 0
        self.scanned = False
        self.tried: int | None = None
        """The square the answer was played on: marked on the board with the best move."""
        self.prompt = SquarePrompt(
            self,
            self.say,
            lambda: self.query_one(PuzzlePanel).text[2],
            self._squares,
            self.play,
            picks=False,
        )

    def _squares(self) -> tuple[Rules, KeypadLayout]:
        return (self.drill.board.rules if self.drill is not None else NORMAL), self.keypad

    def say(self, message: str) -> None:
        panel = self.query_one(PuzzlePanel)
        panel.text = (*panel.text[:2], message)

    def on_key(self, event: events.Key) -> None:
        """On 4×4 and 5×5 a column letter begins a square's name."""
        if self.prompt.took(event):
            event.stop()

    async def action_move_prompt(self) -> None:
        await self.prompt.open()

    async def action_type_square(self, letter: str) -> None:
        await self.prompt.open(letter)

    def compose(self) -> ComposeResult:
        yield TitleBar(learning_words.MISTAKES_TITLE)
        with BoardBeside():
            yield BoardWidget()
            yield PuzzlePanel()
        yield KeysBar(DRILL_COMMANDS)

    def on_mount(self) -> None:
        self.query_one(PuzzlePanel).text = (
            learning_words.MISTAKES_TITLE, "", learning_words.FINDING_MISTAKES
        )  # fmt: skip
        self._look_through_games()

    @work(thread=True, exclusive=True, group="drills")
    def _look_through_games(self) -> None:
        """New mistakes from the games saved since the last look, added to the schedule."""
        drills = self.storage.stats.drills
        games = unscanned(self.storage.games.games(), drills.scanned())
        found = mistakes_in(games, review=None if self.engine is None else self.engine.review)
        entries = [(d.key, d.board, d.played, d.answers, d.rating.value) for d in found]
        last = format_game(games[-1]) if games else None
        if entries or last is not None:
            drills.add(entries, last, self.clock())
        self.app.call_from_thread(self._found)

    def _found(self) -> None:
        self.scanned = True
        self._refresh_due()
        chosen = next((d for d in self.due if d.key == self.first), None)
        self._show(chosen or (self.due[0] if self.due else None))
        self._draw()  # with nothing due the drill stays None: no watcher would redraw

    def _refresh_due(self) -> None:
        drills = self.storage.stats.drills
        self.due = drills.due(self.clock())
        self.later = len(drills.all()) - len(self.due)

    def _show(self, drill: DrillRecord | None) -> None:
        self.prompt.close()
        self.answered = ""
        self.tried = None
        self.drill = drill
        self.prompt.follow()

    def _draw(self) -> None:
        drill = self.drill
        count = learning_words.mistakes_count(len(self.due), self.later)
        if drill is None:
            self.query_one(BoardWidget).view = BoardView.empty()
            self.query_one(PuzzlePanel).text = (
                learning_words.MISTAKES_TITLE, count, learning_words.NO_MISTAKES_DUE
            )  # fmt: skip
            return
        playing = not self.answered
        board, tried = drill.board, self.tried
        missed = tried is not None and not drill.is_right(tried)
        self.query_one(BoardWidget).view = BoardView.of(
            board if tried is None or playing else board.play(tried),
            name=self.square if playing else None,
            last=None if playing else tried,
            hint=drill.answers[0] if missed else None,
            hint_word="best",
            playing=playing,
        )
        title = learning_words.drill_title(rules_label(board.rules), str(board.to_move))
        self.query_one(PuzzlePanel).text = (title, count, self.answered)

    watch_drill = watch_answered = _draw

    def square(self, cell: int) -> str:
        return square_name(cell, *self._squares())

    @property
    def COMMAND_TABLE(self) -> tuple[Command, ...]:
        """The keys of the drill on the board: the digits on 3×3, its letters on the bigger
        boards (the bindings keep them all: a refused key does nothing)."""
        drill = self.drill
        return DRILL_COMMANDS if drill is None else drill_commands(drill.board.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        playing = self.drill is not None and not self.answered
        allowed = self.prompt.allows(action, parameters, playing)
        if allowed is not None:
            return allowed
        if action == "next_drill":
            return self.scanned and bool(self.answered or not self.due)
        return True

    async def action_play_key(self, key: int) -> None:
        await self.prompt.digit(key)

    @on(BoardWidget.CellChosen)
    def _chosen(self, chosen: BoardWidget.CellChosen) -> None:
        self.play(chosen.cell)

    def play(self, cell: int) -> None:
        """The answer: right if as good as the best; the schedule moves on either way."""
        drill = self.drill
        if drill is None or self.answered:
            return
        try:
            check_square(drill.board, cell, self.keypad)
        except IllegalMove as refusal:
            self.app.bell()
            self.say(words.sentence(str(refusal)))
            return
        right = drill.is_right(cell)
        kept = self.storage.stats.drills.answered(drill.key, right, self.clock())
        played, square = self.square(drill.played), self.square(cell)
        best = " or ".join(self.square(answer) for answer in drill.answers)
        self._refresh_due()
        self.tried = cell
        self.answered = (
            learning_words.drill_right(square, played, kept is not None)
            if right
            else learning_words.drill_wrong(square, played, best)
        )

    def action_next_drill(self) -> None:
        current = self.drill.key if self.drill is not None else None
        following = next((d for d in self.due if d.key != current), None)
        self._show(following)

    def action_close(self) -> None:
        self.dismiss(None)
