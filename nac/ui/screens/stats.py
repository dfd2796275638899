"""The stats screen: lifetime results per mode and level, read afresh from the stats file."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...core import Level
from ...store import Record

COLUMNS = ("Board", "Mode", "Against", "Won", "Drawn", "Lost", "Unbeaten run", "Best run")


def describe(key: str) -> tuple[str, str, str]:
    """("3×3", "Against the computer", "Genius") and so on, from a record's key."""
    kind, _, board = key.partition("@")
    board = board.replace("x", "×") if board else "3×3"
    return (board, *_describe_kind(kind))


def _describe_kind(kind: str) -> tuple[str, str]:
    mode, _, detail = kind.partition("/")
    if mode == "computer":
        return "Against the computer", Level(detail).label
    if mode == "watch":
        x_level, _, o_level = detail.partition("-vs-")
        return "Watch", f"{Level(x_level).label} (X) v {Level(o_level).label} (O)"
    return "Two players", "X v O"


def rows(records: dict[str, Record]) -> list[tuple[str, ...]]:
    """Table rows; in two-player and watch mode, won and lost are X's and O's wins."""
    table: list[tuple[str, ...]] = []
    for key in sorted(records, key=lambda key: (key.partition("@")[2], key)):
        record = records[key]
        try:
            board, mode, against = describe(key)
        except ValueError:
            board, mode, against = "", key, ""
        streaks = key.startswith("computer/")
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
        width: auto;
        padding: 1 0 0 0;
    }
    StatsScreen DataTable {
        width: auto;
        height: auto;
        max-height: 20;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,r,q", "close", "Close stats"),
    ]

    def __init__(self, records: dict[str, Record], where: str) -> None:
        super().__init__()
        self.records = records
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Lifetime stats"
            if self.records:
                table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True)
                table.add_columns(*COLUMNS)
                table.add_rows(rows(self.records))
                yield table
            else:
                yield Static("No games finished yet: the results of every game are kept here.")
            yield Static(
                f"In two-player and watch mode, Won and Lost count X's and O's wins.\n"
                f"Kept in {self.where}. Escape closes."
            )

    def action_close(self) -> None:
        self.dismiss(None)
