"""The lab (`y`): the position on the board searched by each technique Genius's solver uses, one
after another, side by side (nodes, positions stored, branches cut, time, value, move), and
whether they agree; the whole game's size from here; the ways into the search (the tree `t`,
step by step `s`). The searches run on a thread, one technique at a time, the screen answering
meanwhile; `space` stops them, and leaving does too."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...core import Position
from ...engine import (
    DEFAULT_NODE_LIMIT,
    Census,
    Searched,
    SearchStopped,
    Technique,
    census,
    search,
)
from ...present.command import Command
from ...present.learning import lab_lines
from ...present.screen_commands import LAB_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.title_bar import TitleBar


class LabScreen(Screen[None]):
    """Five techniques on one position."""

    COMMAND_TABLE: ClassVar[tuple[Command, ...]] = LAB_COMMANDS
    HELP_TITLE = "The lab"
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(LAB_COMMANDS))

    def __init__(
        self,
        board: Position,
        square: Callable[[int], str],
        *,
        node_limit: int = DEFAULT_NODE_LIMIT,
        timer: Callable[[], float] | None = None,
    ) -> None:
        super().__init__()
        self.board = board
        self.square = square
        self.node_limit = node_limit
        self.timer = timer
        """Times the searches (tests give a fixed one, so pictures do not vary)."""
        self.results: list[Searched] = []
        self.whole: Census | None = None
        self.stop = threading.Event()
        self.searching = False
        self.columns: tuple[int, ...] = ()
        """The columns shown (indices into `lab_lines.COLUMNS`), as the width allows."""

    def compose(self) -> ComposeResult:
        yield TitleBar(f"The lab · {lab_lines.TITLE}", "The lab")
        with Vertical():
            yield Static(lab_lines.position_line(self.board), id="lab-position", markup=False)
            yield DataTable(id="lab-table", cursor_type="none", zebra_stripes=False)
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
        """The table with the columns that fit the width, and the rows found so far."""
        found = {result.technique: result for result in self.results}

        def rows_of(short: bool) -> list[tuple[str, ...]]:
            return [
                lab_lines.row(found[technique], self.square, short=short)
                if technique in found
                else lab_lines.pending_row(technique, short=short)
                for technique in Technique
            ]

        rows = rows_of(short=False)
        self.columns = lab_lines.columns_for(width, rows)
        if self.columns == lab_lines.NARROW_COLUMNS:
            rows = rows_of(short=True)
        table = self.query_one(DataTable)
        table.clear(columns=True)
        for index in self.columns:  # widths given, not measured: the same however rows came
            label = lab_lines.COLUMNS[index]
            width = max(cell_len(text) for text in (label, *(cells[index] for cells in rows)))
            table.add_column(label, width=width)
        for cells in rows:
            table.add_row(*self._cells(cells))

    def _cells(self, cells: tuple[str, ...]) -> list[Text]:
        return [
            Text(cells[index], justify="right" if index in lab_lines.NUMBERS else "left")
            for index in self.columns
        ]

    @work(thread=True, exclusive=True, group="lab")
    def _search(self) -> None:
        """Each technique in turn, then the whole game's census; each result shown as it
        comes."""
        timing = {"timer": self.timer} if self.timer is not None else {}
        try:
            for index, technique in enumerate(Technique):
                found = search(
                    self.board, technique, node_limit=self.node_limit, stop=self.stop, **timing
                )
                self.app.call_from_thread(self._found, index, found)
            whole = census(self.board, node_limit=self.node_limit, stop=self.stop)
            self.app.call_from_thread(self._counted, whole)
        except SearchStopped:
            self.app.call_from_thread(self._stopped)

    def _found(self, index: int, found: Searched) -> None:
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
        self._lay_out(self.size.width)
        table = self.query_one(DataTable)
        value = self.columns.index(5)
        for index in range(len(self.results), len(Technique)):
            cell = Text(lab_lines.STOPPED)
            table.update_cell_at(Coordinate(index, value), cell, update_width=True)
        self.query_one("#lab-verdict", Static).update(lab_lines.STOPPED_VERDICT)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop":
            return self.searching
        if action in ("tree", "steps"):
            return not self.board.is_over
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
