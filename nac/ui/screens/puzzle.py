"""Puzzles: a position where one move wins by force ("X to play and win in 3"). Play it against
Genius defending; a wrong move is shown wrong, with Genius's answer that refutes it. Solved
puzzles and the run of puzzles solved in a row are kept with the stats."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from textual import events, on
from textual.app import ComposeResult
from textual.reactive import var
from textual.screen import Screen

from ...core import Board, IllegalMove, KeypadLayout, check_square, square_name
from ...engine import Engine, Puzzle, all_puzzles
from ...present.game import words
from ...present.game.views import BoardView
from ...present.learning import words as learning_words
from ...present.learning.review_words import puzzle_goal
from ...present.screen_commands import PUZZLE_COMMANDS
from ...store import Storage
from ..bindings import board_bindings
from ..messages import LabWanted
from ..square_prompt import SquarePrompt
from ..widgets.board import BoardWidget
from ..widgets.board_beside import BoardBeside
from ..widgets.keys_bar import KeysBar
from ..widgets.puzzle_panel import PuzzlePanel
from ..widgets.searches import Searches
from ..widgets.title_bar import TitleBar


@dataclass(frozen=True)
class Attempt:
    """Where a puzzle stands: the position, and how the last move went."""

    board: Board
    solved: bool = False
    failed: bool = False
    last: int | None = None
    message: str = ""

    @property
    def playing(self) -> bool:
        return not (self.solved or self.failed or self.board.is_over)


class PuzzleScreen(Screen[None]):
    AUTO_FOCUS = "BoardWidget"
    COMMAND_TABLE = PUZZLE_COMMANDS
    HELP_TITLE = "Puzzles"
    BINDINGS = board_bindings(PUZZLE_COMMANDS)

    attempt: var[Attempt | None] = var(None, init=False, bindings=True)
    """The footer follows it: the digits play a 3×3 puzzle, the cursor and Enter a 4×4 one."""

    def __init__(self, storage: Storage, keypad: KeypadLayout, engine: Engine) -> None:
        super().__init__()
        self.storage = storage
        self.stats = storage.stats
        self.keypad = keypad
        self.engine = engine
        self.boards = 0
        """Which boards' puzzles are shown: an index into `learning_words.PUZZLE_BOARDS`."""
        self.puzzles = all_puzzles()
        self.failed: set[str] = set()
        """The puzzles answered wrong in this visit: solving one again is practice only."""
        self.index = 0
        """The puzzle on the board (the first one not solved yet, once mounted)."""
        self.prompt = SquarePrompt(
            self,
            self.say,
            lambda: self.attempt.message if self.attempt is not None else "",
            lambda: (self.puzzle.board.rules, self.keypad),
            self.play,
            words.letters_moved(PUZZLE_COMMANDS).get,
            picks=False,
        )

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield TitleBar("Puzzles")
        with BoardBeside():
            yield BoardWidget()
            yield PuzzlePanel()
        yield KeysBar(PUZZLE_COMMANDS)
        yield Searches(self.engine)

    def on_mount(self) -> None:
        solved = self.stats.puzzles().solved
        unsolved = [i for i, puzzle in enumerate(self.puzzles) if puzzle.key not in solved]
        self.index = unsolved[0] if unsolved else 0
        self._begin("" if unsolved else learning_words.ALL_PUZZLES_SOLVED)

    def _begin(self, message: str = "") -> None:
        self.query_one(Searches).cancel()
        self.prompt.close()
        self.attempt = Attempt(self.puzzle.board, message=message)
        self.prompt.follow()

    def say(self, message: str) -> None:
        if self.attempt is not None:
            self.attempt = replace(self.attempt, message=message)

    def on_key(self, event: events.Key) -> None:
        """On 4×4 a column letter begins a square's name (its command is in the palette)."""
        if self.prompt.took(event):
            event.stop()

    async def action_move_prompt(self) -> None:
        await self.prompt.open()

    async def action_type_square(self, letter: str) -> None:
        await self.prompt.open(letter)

    def on_screen_resume(self) -> None:
        """Back from the drills (or the lab, the help): the counts drawn afresh (a drill
        answered is no longer due)."""
        self._draw()

    def _draw(self) -> None:
        attempt = self.attempt
        if attempt is None:
            return
        self.query_one(BoardWidget).view = BoardView.of(
            attempt.board,
            name=self.square if attempt.playing else None,
            last=attempt.last,
            playing=attempt.playing,
        )
        record = self.stats.puzzles()
        solved = len(record.solved)
        count = learning_words.puzzle_count(self.index, len(self.puzzles), solved, record.streak)
        due = len(self.stats.drills.due(datetime.now(UTC)))
        count += f" · {learning_words.mistakes_offer(due)}"
        self.query_one(PuzzlePanel).text = (puzzle_goal(self.puzzle), count, attempt.message)

    watch_attempt = _draw

    def square(self, cell: int) -> str:
        return square_name(cell, self.puzzle.board.rules, self.keypad)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        playing = self.attempt is not None and self.attempt.playing
        allowed = self.prompt.allows(action, parameters, playing)
        return True if allowed is None else allowed

    async def action_play_key(self, key: int) -> None:
        await self.prompt.digit(key)

    @on(BoardWidget.CellChosen)
    def _chosen(self, chosen: BoardWidget.CellChosen) -> None:
        self.play(chosen.cell)

    def play(self, cell: int) -> None:
        """The player's move, judged by the engine (`_judged`); a taken square is refused."""
        attempt = self.attempt
        if attempt is None or not attempt.playing:
            return
        try:
            check_square(attempt.board, cell, self.keypad)
        except IllegalMove as refusal:
            self.app.bell()
            self.attempt = Attempt(attempt.board, message=words.sentence(str(refusal)))
            return
        self.query_one(Searches).judge(attempt.board, cell)

    @on(Searches.Judged)
    def _judged(self, judged: Searches.Judged) -> None:
        """Right (Genius defends, or it is won) or wrong (refuted)."""
        attempt = self.attempt
        if attempt is None or judged.board != attempt.board:
            return
        judgement = judged.judgement
        cell = judgement.cell
        after = attempt.board.play(cell)
        if not judgement.right:
            refutation = judgement.refutation
            shown, answer, last = after, None, cell
            if refutation is not None and not after.is_over:
                shown, answer, last = after.play(refutation), self.square(refutation), refutation
            message = learning_words.puzzle_wrong(self.square(cell), str(judgement.value), answer)
            self.stats.record_puzzle(self.puzzle.key, solved=False)
            self.failed.add(self.puzzle.key)
            self.attempt = Attempt(shown, failed=True, last=last, message=message)
        elif judged.defence is None and self.puzzle.key in self.failed:
            message = learning_words.puzzle_solved_again()
            self.attempt = Attempt(after, solved=True, last=cell, message=message)
        elif judged.defence is None:
            record = self.stats.record_puzzle(self.puzzle.key, solved=True)
            message = learning_words.puzzle_solved(record.streak)
            self.attempt = Attempt(after, solved=True, last=cell, message=message)
        else:
            message = learning_words.puzzle_right(self.square(judged.defence))
            self.attempt = Attempt(after.play(judged.defence), last=judged.defence, message=message)

    def action_mistakes(self) -> None:
        from .drills import DrillScreen

        drills = DrillScreen(self.storage, self.keypad, engine=self.engine)
        self.app.push_screen(drills, lambda _: self._begin())

    def action_go_to(self) -> None:
        from .number_prompt import NumberPrompt

        def chosen(number: int | None) -> None:
            if number is not None:
                self.index = number - 1
                self._begin()

        prompt = learning_words.puzzle_go_to_prompt(len(self.puzzles))
        self.app.push_screen(NumberPrompt(prompt, len(self.puzzles)), chosen)

    def action_boards(self) -> None:
        """Every board's puzzles, then 3×3's only, then 4×4's only."""
        self.boards = (self.boards + 1) % len(learning_words.PUZZLE_BOARDS)
        name, sizes = learning_words.PUZZLE_BOARDS[self.boards]
        self.puzzles = tuple(p for p in all_puzzles() if p.board.size in sizes)
        self.index = 0
        self._begin(learning_words.puzzle_filter(name))

    def action_next_puzzle(self) -> None:
        self.index = (self.index + 1) % len(self.puzzles)
        self._begin()

    def action_retry(self) -> None:
        self._begin()

    def action_lab(self) -> None:
        """The lab, on the puzzle's position as it stands."""
        if self.attempt is not None:
            self.post_message(LabWanted(self.attempt.board, self.square))

    def action_close(self) -> None:
        self.query_one(Searches).cancel()
        self.dismiss(None)
