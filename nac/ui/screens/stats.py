"""The stats screen: lifetime results per mode and level, read afresh from the stats file."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...core import GameKind, Mode
from ...present import words
from ...present.screen_commands import STATS_COMMANDS
from ...store import Record
from ..bindings import bindings

COLUMNS = ("Board", "Mode", "Against", "Won", "Drawn", "Lost", "Streak", "Best")


def rows(records: dict[str, Record]) -> list[tuple[str, ...]]:
    """Table rows; in two-player and watch mode, won and lost are X's and O's wins. A record
    whose key names no kind of game is shown by its key."""
    table: list[tuple[str, ...]] = []
    for key in sorted(records, key=lambda key: (key.partition("@")[2], key)):
        record = records[key]
        try:
            kind = GameKind.parse(key)
        except ValueError:
            board, mode, against, streaks = "", key, "", False
        else:
            board, mode, against = words.describe_kind(kind)
            streaks = kind.mode is Mode.COMPUTER
        table.append(
            (
                board,
                mode,
                against,
                str(record.won),
                str(record.drawn),
                str(record.lost),
                str(record.streak) if streaks else "–",
                str(record.best_streak) if streaks else "–",
            )
        )
    return table


class StatsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    StatsScreen {
        align: center middle;
    }
    StatsScreen > Vertical {
        width: 100;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
    }
    StatsScreen Static {
        width: 100%;
        padding: 1 0 0 0;
    }
    StatsScreen DataTable {
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 20;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(bindings(STATS_COMMANDS))

    def __init__(self, records: dict[str, Record], where: str) -> None:
        super().__init__()
        self.records = records
        self.where = where

    def compose(self) -> ComposeResult:
        shown = rows(self.records)
        with Vertical() as box:
            box.border_title = "Lifetime stats"
            if shown:
                table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True)
                table.add_columns(*COLUMNS)
                table.add_rows([tuple(Text(cell) for cell in row) for row in shown])
                yield table
            else:
                yield Static(words.NO_STATS_YET, markup=False)
            sides_counted = any(row[1] != Mode.COMPUTER.label for row in shown)
            yield Static(words.stats_note(self.where, sides_counted), markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
