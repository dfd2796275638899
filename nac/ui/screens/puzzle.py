"""Puzzles: a position where one move wins by force ("X to play and win in 3"). Play it against
Genius defending; a wrong move is shown wrong, with Genius's answer that refutes it. Solved
puzzles and the run of puzzles solved in a row are kept with the stats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.reactive import var
from textual.screen import Screen

from ... import learning_words, words
from ...core import Board, Puzzle, SquareTaken, all_puzzles, defender_reply, judge_move
from ...core.keypad import square_name
from ..host import Host
from ..learning_commands import PUZZLE_COMMANDS, screen_bindings
from ..views import BoardView, centre, cursor_at, cursor_moved
from ..widgets.board import BoardWidget
from ..widgets.keys_bar import KeysBar
from ..widgets.puzzle_panel import PuzzlePanel
from ..widgets.title_bar import TitleBar


@dataclass(frozen=True)
class Attempt:
    """Where a puzzle stands: the position, and how the last move went."""

    board: Board
    solved: bool = False
    failed: bool = False
    last: int | None = None
    message: str = ""


class PuzzleScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = list(screen_bindings(PUZZLE_COMMANDS))

    attempt: var[Attempt | None] = var(None, init=False)
    cursor: var[int] = var(4, init=False)

    def __init__(self) -> None:
        super().__init__()
        self.puzzles = all_puzzles()
        self.index = 0
        """The puzzle on the board (the first one not solved yet, once mounted)."""

    @property
    def host(self) -> Host:
        return cast(Host, self.app)

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def compose(self) -> ComposeResult:
        yield TitleBar("Puzzles")
        with Horizontal():
            yield BoardWidget()
            yield PuzzlePanel()
        yield KeysBar(PUZZLE_COMMANDS)

    def on_mount(self) -> None:
        solved = self.host.storage.stats.puzzles().solved
        unsolved = [i for i, puzzle in enumerate(self.puzzles) if puzzle.key not in solved]
        self.index = unsolved[0] if unsolved else 0
        self._begin("" if unsolved else learning_words.ALL_PUZZLES_SOLVED)

    def _begin(self, message: str = "") -> None:
        self.cursor = centre(self.puzzle.board.size)
        self.attempt = Attempt(self.puzzle.board, message=message)

    def _show(self) -> None:
        attempt = self.attempt
        if attempt is None:
            return
        board = attempt.board
        size = board.size
        playing = not (attempt.solved or attempt.failed or board.is_over)
        self.query_one(BoardWidget).view = BoardView(
            marks=tuple(mark.value if mark else "" for mark in board),
            labels=tuple(
                square_name(cell, size, self.host.keypad) if playing else ""
                for cell in range(board.cell_count)
            ),
            last_move=attempt.last,
            winning=frozenset(board.outcome.line) if board.outcome else frozenset(),
            cursor=self.cursor if playing else None,
        )
        record = self.host.storage.stats.puzzles()
        solved = len(record.solved)
        count = learning_words.puzzle_count(self.index, len(self.puzzles), solved, record.streak)
        self.query_one(PuzzlePanel).text = (self.puzzle.title, count, attempt.message)

    watch_attempt = watch_cursor = _show

    def square(self, cell: int) -> str:
        return square_name(cell, self.puzzle.board.size, self.host.keypad)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        attempt = self.attempt
        playing = attempt is not None and not (attempt.solved or attempt.failed)
        if action == "play_key":
            return playing and self.puzzle.board.size == 3
        if action in ("cursor", "cursor_to", "cursor_centre", "play_cursor"):
            return playing
        return True

    def action_play_key(self, key: int) -> None:
        self.play(self.host.keypad.cell_for_key(key))

    def action_play_cursor(self) -> None:
        self.play(self.cursor)

    def action_cursor(self, rows: int, columns: int) -> None:
        self.cursor = cursor_moved(self.cursor, self.puzzle.board.size, rows, columns)

    def action_cursor_to(self, row: int, column: int) -> None:
        self.cursor = cursor_at(self.puzzle.board.size, row, column)

    def action_cursor_centre(self) -> None:
        self.cursor = centre(self.puzzle.board.size)

    @on(BoardWidget.CellClicked)
    def _clicked(self, message: BoardWidget.CellClicked) -> None:
        if self.check_action("play_cursor", ()):
            self.play(message.cell)

    def play(self, cell: int) -> None:
        """The player's move: right (Genius defends, or it wins) or wrong (refuted)."""
        attempt = self.attempt
        if attempt is None or attempt.solved or attempt.failed:
            return
        board = attempt.board
        owner = board[cell]
        if owner is not None:
            self.app.bell()
            refusal = SquareTaken(cell, owner, f"square {self.square(cell)}")
            self.attempt = Attempt(board, message=words.sentence(str(refusal)))
            return
        judged = judge_move(board, cell)
        after = board.play(cell)
        if not judged.right:
            refutation = judged.refutation
            shown, answer, last = after, None, cell
            if refutation is not None and not after.is_over:
                shown, answer, last = after.play(refutation), self.square(refutation), refutation
            message = learning_words.puzzle_wrong(self.square(cell), str(judged.value), answer)
            self.host.storage.stats.record_puzzle(self.puzzle.key, solved=False)
            self.attempt = Attempt(shown, failed=True, last=last, message=message)
            return
        if after.is_over:
            record = self.host.storage.stats.record_puzzle(self.puzzle.key, solved=True)
            self.attempt = Attempt(
                after, solved=True, last=cell, message=learning_words.puzzle_solved(record.streak)
            )
            return
        defence = defender_reply(after)
        message = learning_words.puzzle_right(self.square(defence))
        self.attempt = Attempt(after.play(defence), last=defence, message=message)

    def action_next_puzzle(self) -> None:
        self.index = (self.index + 1) % len(self.puzzles)
        self._begin()

    def action_retry(self) -> None:
        self._begin()

    def action_close(self) -> None:
        self.dismiss(None)
