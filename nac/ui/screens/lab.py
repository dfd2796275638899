"""The lab (`y`): the position on the board searched by each technique Genius's solver uses, one
after another, side by side (nodes, positions stored, branches cut, time, value, move), and
whether they agree; the whole game's size from here; the ways into the search (the tree `t`,
step by step `s`). Ultimate, which no search here reaches the end of, gets the techniques for
an unsolved game instead, each on a fixed budget (the work done, the depth reached, the time,
the score and the move), said to be estimates. The searches run on a thread, one technique at
a time, the screen answering meanwhile; `space` stops them, and leaving does too."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...core import Position
from ...engine import (
    DEFAULT_NODE_LIMIT,
    UNSOLVED_NODES,
    UNSOLVED_SIMULATIONS,
    Census,
    Estimated,
    Searched,
    SearchStopped,
    Technique,
    UnsolvedTechnique,
    census,
    estimate,
    is_estimated,
    search,
)
from ...present.learning import lab_lines, unsolved_lab_lines
from ...present.screen_commands import LAB_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.title_bar import TitleBar


class LabScreen(Screen[None]):
    """Five techniques on one position (four estimates on an Ultimate one)."""

    COMMAND_TABLE = LAB_COMMANDS
    HELP_TITLE = "The lab"
    BINDINGS = bindings(LAB_COMMANDS)

    def __init__(
        self,
        board: Position,
        square: Callable[[int], str],
        *,
        node_limit: int | None = None,
        simulations: int = UNSOLVED_SIMULATIONS,
        timer: Callable[[], float] | None = None,
    ) -> None:
        super().__init__()
        self.board = board
        self.square = square
        self.unsolved = is_estimated(board.rules)
        """Whether the techniques are the estimates of an unsolved game (Ultimate's)."""
        default = UNSOLVED_NODES if self.unsolved else DEFAULT_NODE_LIMIT
        self.node_limit = default if node_limit is None else node_limit
        self.simulations = simulations
        """Monte Carlo's simulations (Ultimate's lab)."""
        self.timer = timer
        """Times the searches (tests give a fixed one, so pictures do not vary)."""
        self.results: list[Searched] = []
        self.estimates: list[Estimated] = []
        self.whole: Census | None = None
        self.stop = threading.Event()
        self.searching = False
        self.halted = False
        """Whether `space` stopped the searches (those not run say so)."""
        self.columns: tuple[int, ...] = ()
        """The columns shown (indices into `lab_lines.COLUMNS`), as the width allows."""

    def compose(self) -> ComposeResult:
        lines = unsolved_lab_lines if self.unsolved else lab_lines
        yield TitleBar(f"The lab · {lines.TITLE}", "The lab")
        with Vertical():
            yield Static(lines.position_line(self.board), id="lab-position", markup=False)
            yield DataTable(id="lab-table", cursor_type="none", zebra_stripes=False)
            if self.unsolved:
                yield Static(unsolved_lab_lines.ESTIMATES, id="lab-note", markup=False)
            yield Static("", id="lab-verdict", markup=False)
            yield Static("", id="lab-census", markup=False)
        yield KeysBar(LAB_COMMANDS)

    def on_mount(self) -> None:
        self._lay_out(self.size.width)
        self.searching = True
        self._search()

    def on_resize(self, resized: events.Resize) -> None:
        self._lay_out(resized.size.width)

    def _lay_out(self, width: int) -> None:
        """The table with the columns that fit the screen's `width` (less the padding round
        the table), and the rows found so far."""
        lines = unsolved_lab_lines if self.unsolved else lab_lines
        rows = self._rows(short=False)
        room = width - self.query_one(Vertical).styles.gutter.width
        self.columns = lab_lines.columns_for(room, rows, lines.COLUMNS, lines.NARROW_COLUMNS)
        if self.columns == lines.NARROW_COLUMNS:
            rows = self._rows(short=True)
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for index in self.columns:  # widths given, not measured: the same however rows came
            label = lines.COLUMNS[index]
            width = max(cell_len(text) for text in (label, *(cells[index] for cells in rows)))
            table.add_column(label, width=width)
        for cells in rows:
            table.add_row(
                *(
                    Text(cells[index], justify="right" if index in lines.NUMBERS else "left")
                    for index in self.columns
                )
            )

    def _rows(self, *, short: bool) -> list[tuple[str, ...]]:
        """Each technique's row: what it found, or that it is searching (or stopped)."""
        state = lab_lines.STOPPED if self.halted else lab_lines.SEARCHING
        lines = unsolved_lab_lines if self.unsolved else lab_lines
        results: list[Searched | Estimated] = [*self.results, *self.estimates]
        found = {result.technique: result for result in results}
        return [
            lines.row(found[technique], self.square, short=short)
            if technique in found
            else lines.pending_row(technique, state, short=short)
            for technique in (UnsolvedTechnique if self.unsolved else Technique)
        ]

    @work(thread=True, exclusive=True, group="lab")
    def _search(self) -> None:
        """Each technique in turn, the fastest first (its row fills in a second where the
        slow ones run to their node limit, as on Notakto's three boards), then the whole
        game's census; each result shown as it comes, in its own row."""
        timing = {"timer": self.timer} if self.timer is not None else {}
        if self.unsolved:
            self._estimate()
            return
        try:
            for technique in reversed(Technique):
                found = search(
                    self.board, technique, node_limit=self.node_limit, stop=self.stop, **timing
                )
                self.app.call_from_thread(self._found, found)
            whole = census(self.board, node_limit=self.node_limit, stop=self.stop)
            self.app.call_from_thread(self._counted, whole)
        except SearchStopped:
            self.app.call_from_thread(self._stopped)

    def _estimate(self) -> None:
        """Ultimate's techniques in turn, each on its budget; `space` ends the one running
        with what it has found so far, and the rest are not run."""
        for technique in UnsolvedTechnique:
            found = estimate(
                self.board,
                technique,
                node_budget=self.node_limit,
                simulations=self.simulations,
                stop=self.stop,
                timer=self.timer or time.perf_counter,
            )
            self.app.call_from_thread(self._estimated, found)
            if found.stopped:
                self.app.call_from_thread(self._stopped)
                return

    def _estimated(self, found: Estimated) -> None:
        self.estimates.append(found)
        self._lay_out(self.size.width)
        if len(self.estimates) == len(UnsolvedTechnique):
            verdict = unsolved_lab_lines.verdict(
                tuple(self.estimates), self.node_limit, self.square
            )
            self.query_one("#lab-verdict", Static).update(verdict)
            self.searching = False
            self.refresh_bindings()

    def _found(self, found: Searched) -> None:
        self.results.append(found)
        self._lay_out(self.size.width)  # every column as wide as what it holds now
        if len(self.results) == len(Technique):
            self.query_one("#lab-verdict", Static).update(lab_lines.verdict(tuple(self.results)))

    def _counted(self, whole: Census) -> None:
        self.whole = whole
        self.searching = False
        self._lay_out(self.size.width)  # the columns as wide as what was found, however it came
        self.query_one("#lab-census", Static).update(lab_lines.census_line(whole))
        self.refresh_bindings()

    def _stopped(self) -> None:
        self.searching = False
        self.halted = True
        self._lay_out(self.size.width)
        self.query_one("#lab-verdict", Static).update(lab_lines.STOPPED_VERDICT)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return self.searching
        if action in ("tree", "steps"):  # both search to the game's end
            return not self.board.is_over and not self.unsolved
        return True

    def action_stop(self) -> None:
        self.stop.set()

    def action_tree(self) -> None:
        from .tree import TreeScreen

        self.app.push_screen(TreeScreen(self.board, self.square))

    def action_steps(self) -> None:
        from .steps import StepsScreen

        self.app.push_screen(StepsScreen(self.board, self.square))

    def action_close(self) -> None:
        self.stop.set()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.stop.set()
