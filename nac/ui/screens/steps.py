"""Alpha-beta, one step at a time (the lab's `s`): the board shows the line the search is
trying, the panel says what it does (tries a move, backs a value up, cuts the moves that cannot
matter and why). `→` or `space` the next step, `←` the one before, `Home` from the start."""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice

from textual.app import ComposeResult
from textual.reactive import var
from textual.screen import Screen

from ...core import Position
from ...engine import Step, trace
from ...present.game.views import BoardView
from ...present.learning import lab_lines
from ...present.screen_commands import STEP_COMMANDS
from ..bindings import bindings
from ..widgets.board import BoardWidget
from ..widgets.board_beside import BoardBeside
from ..widgets.keys_bar import KeysBar
from ..widgets.puzzle_panel import PuzzlePanel
from ..widgets.title_bar import TitleBar

MOST_STEPS = 20_000
"""Steps kept to go back through (from the empty 4×4 board the search is endless)."""


class StepsScreen(Screen[None]):
    """An alpha-beta search of one position, step by step."""

    COMMAND_TABLE = STEP_COMMANDS
    HELP_TITLE = "Alpha-beta, step by step"
    BINDINGS = bindings(STEP_COMMANDS)

    at: var[int] = var(0, init=False)
    """How many steps have been taken (0: none yet)."""

    def __init__(self, board: Position, square: Callable[[int], str]) -> None:
        super().__init__()
        self.board = board
        self.square = square
        self.steps: list[Step] = list(islice(trace(board), MOST_STEPS))

    def compose(self) -> ComposeResult:
        yield TitleBar(lab_lines.STEPS_TITLE, "Step by step")
        with BoardBeside():
            yield BoardWidget()
            yield PuzzlePanel()
        yield KeysBar(STEP_COMMANDS)

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        board = self.board
        step = self.steps[self.at - 1] if self.at else None
        line = step.line if step is not None else ()
        shown = board
        for cell in line:
            shown = shown.play(cell)
        self.query_one(BoardWidget).view = BoardView.of(
            shown, name=self.square, last=line[-1] if line else None
        )
        said = lab_lines.STEPS_START if step is None else lab_lines.step_sentence(
            step, board, self.square
        )  # fmt: skip
        count = lab_lines.step_count(self.at, len(self.steps), len(self.steps) == MOST_STEPS)
        self.query_one(PuzzlePanel).text = (lab_lines.STEPS_HEADING, count, said)

    watch_at = _show

    def action_step(self, by: int) -> None:
        self.at = max(0, min(len(self.steps), self.at + by))

    def action_step_to(self, at: int) -> None:
        self.at = at

    def action_close(self) -> None:
        self.dismiss(None)
