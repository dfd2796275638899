"""The lifetime stats laid out for a width: pure, no Textual, so tests read the text.

Where every column fits, one row per kind of game under a header. Where they do not, each kind
of game on a line of its own (wrapped if it must) and its results under it, so what was won
and lost shows at every width, the smallest terminal's included."""

from __future__ import annotations

import textwrap

from ...core import GameKind, Mode
from ..game import words
from ..panel_lines import packed, table_text
from ..runs import Line

COLUMNS = ("Board", "Mode", "Against", "Won", "Drawn", "Lost", "Streak", "Best")
KIND_COLUMNS = 3
"""The columns that say what kind of game a row counts; the rest are counts."""
GAP = "  "
NO_STREAK = "–"
"""The streak of a kind of game that has none (two players, watch)."""


Counts = tuple[int, int, int, int, int]
"""A kind of game's results as the stats keep them: won, drawn, lost, the streak, the best."""


def stats_rows(records: dict[str, Counts]) -> list[tuple[str, ...]]:
    """A row of COLUMNS per kind of game, sorted by board and kind;
    in two-player and watch mode won and lost are X's and O's wins, and there is no streak. A
    record whose key names no kind of game is shown by its key."""
    table: list[tuple[str, ...]] = []
    for key in sorted(records, key=lambda key: (key.partition("@")[2], key)):
        won, drawn, lost, streak, best = records[key]
        try:
            kind = GameKind.parse(key)
        except ValueError:
            board, mode, against, streaks = "", key, "", False
        else:
            board, mode, against = words.describe_kind(kind)
            streaks = kind.mode in (Mode.COMPUTER, Mode.ONLINE)
        counts = (won, drawn, lost, streak, best) if streaks else (won, drawn, lost)
        cells = [str(count) for count in counts] + [NO_STREAK] * (5 - len(counts))
        table.append((board, mode, against, *cells))
    return table


def stats_lines(rows: list[tuple[str, ...]], width: int) -> list[Line]:
    """The rows in lines of at most `width` columns; runs styled "label" or ""."""
    table = table_text(rows, COLUMNS, tuple(range(KIND_COLUMNS, len(COLUMNS))))
    if len(table[0]) <= width:  # the counts to the right: no line is longer than the header
        return [((table[0], "label"),), *(((line, ""),) for line in table[1:])]
    lines: list[Line] = []
    for row in rows:
        kind = " · ".join(cell for cell in row[:KIND_COLUMNS] if cell)
        lines += [((text, "label"),) for text in textwrap.wrap(kind, max(1, width)) or [""]]
        counts = [
            f"{name} {value}"
            for name, value in zip(COLUMNS[KIND_COLUMNS:], row[KIND_COLUMNS:], strict=True)
            if value != NO_STREAK
        ]
        lines += [((text, ""),) for text in packed(counts, width, GAP, "  ")]
    return lines
