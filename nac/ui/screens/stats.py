"""The stats screen: lifetime results per mode and level, read afresh from the stats file, laid
out for the width (`stats_lines`): a table where it fits, else each kind of game over its
results. It scrolls, and has a footer of its own."""

from __future__ import annotations

from dataclasses import astuple

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core import Mode
from ...present.game import words
from ...present.learning.stats_lines import stats_lines, stats_rows
from ...present.screen_commands import STATS_COMMANDS
from ...store import Record
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar

STYLES = {"label": "bold", "": ""}


class StatsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    StatsScreen {
        align: center middle;
    }
    StatsScreen > VerticalScroll {
        width: 100;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
        scrollbar-gutter: stable;
    }
    StatsScreen #stats-note {
        padding: 1 0 0 0;
    }
    """

    AUTO_FOCUS = "VerticalScroll"
    COMMAND_TABLE = STATS_COMMANDS
    HELP_TITLE = "Stats"
    BINDINGS = bindings(STATS_COMMANDS)

    def __init__(
        self, records: dict[str, Record], where: str, notices: tuple[str, ...] = ()
    ) -> None:
        """`notices`: what reading the stats found wrong with the file (moved aside, ...)."""
        super().__init__()
        self.rows = stats_rows({key: astuple(record) for key, record in records.items()})
        self.where = where
        self.notices = notices

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Lifetime stats"
            yield Static(id="stats-table", markup=False)
            sides = any(row[1] != Mode.COMPUTER.label for row in self.rows)
            note = words.stats_note(self.where, sides)
            if self.notices:
                note = "\n".join([*self.notices, "", note])
            yield Static(note, id="stats-note", markup=False)
        yield KeysBar(STATS_COMMANDS)

    def on_resize(self) -> None:
        self.call_after_refresh(self._lay_out)

    def on_mount(self) -> None:
        self._lay_out()

    def _lay_out(self) -> None:
        table = self.query_one("#stats-table", Static)
        table.update(self.text_for(table.content_size.width or self.size.width - 6))

    def text_for(self, width: int) -> Text:
        """The table laid out in `width` columns."""
        if not self.rows:
            return Text(words.NO_STATS_YET)
        text = Text()
        for index, line in enumerate(stats_lines(self.rows, width)):
            if index:
                text.append("\n")
            for run, style in line:
                text.append(run, STYLES[style])
        return text

    @property
    def text(self) -> str:
        """What the table says now."""
        return str(self.query_one("#stats-table", Static).content)

    async def action_scroll(self, how: str) -> None:
        """The stats' box scrolls as it does by its own keys (`scroll_up`, `page_down`, ...)."""
        await self.query_one(VerticalScroll).run_action(how)

    def action_close(self) -> None:
        self.dismiss(None)
