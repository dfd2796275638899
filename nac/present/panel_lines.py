"""The panel laid out in lines: pure arithmetic, no Textual, so tests read the text.

Beside the board: the status, the message, the settings, the score, the moves and the
analysis's timing, a blank line between them. Under it: the status with the level or mode, the
score, the message. Every sentence wraps to the width; a move never breaks across lines. When
the height is short the parts that matter least go first (the settings, then the timing); then
the moves keep their title and their latest lines, and go only when not even one line of them
fits, before the score; the status and the message always stay.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .game.views import PanelState
from .runs import Line

LABEL_WIDTH = 12
SCORE_WIDTH = 4
MOVE_GAP = "   "
KEPT_ALWAYS = 8
"""Sections of this priority or more are never dropped."""
NARROW = 24
"""Below this many columns the panel beside the board is the narrow one: its labels take no
more room than they need."""
TRIMMED = 2
"""The settings' section: where it does not fit whole, its first rows (the rules first)."""
MOVES = 4
"""The moves' section: where it does not fit whole, its title and its latest moves."""

Section = tuple[int, list[Line]]
"""A priority (lower goes first when short) and the section's lines."""


GLUE = "\u00a0"
"""A no-break space: `wrapped` keeps the words it joins on one line."""


def wrapped(text: str, width: int, style: str, indent: str = "") -> list[Line]:
    """`text` in lines of at most `width` columns, each one run of `style`. Words joined by
    a no-break space (GLUE) stay on one line; it is shown as a space."""
    lines = textwrap.wrap(
        text, max(1, width), subsequent_indent=indent, break_on_hyphens=False
    ) or ([""] if text else [])
    return [((line.replace(GLUE, " "), style),) for line in lines]


def packed(items: Sequence[str], width: int, gap: str = MOVE_GAP, indent: str = "") -> list[str]:
    """`items` (a game's moves) on as few lines of `width` as they fit, `gap` between two, each
    line begun by `indent`, none broken."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(gap) + len(item) <= width:
            lines[-1] += gap + item
        else:
            lines.append(indent + item)
    return lines


def table_text(
    rows: list[tuple[str, ...]], columns: tuple[str, ...], numbers: tuple[int, ...]
) -> list[str]:
    """The rows under `columns`, aligned (the `numbers` to the right), as lines of text."""
    table = [columns, *rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(columns))]
    lines = []
    for line in table:
        cells = [
            cell.rjust(width) if i in numbers else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def labelled(label: str, value: str, width: int, label_width: int = LABEL_WIDTH) -> list[Line]:
    """`label` in bold, padded, then `value`, wrapped under itself if it is long."""
    head = f"{label:<{label_width}}"
    room = max(1, width - len(head))
    parts = textwrap.wrap(value, room) or [""]
    lines: list[Line] = [((head, "label"), (parts[0], ""))]
    lines += [((" " * len(head), ""), (part, "")) for part in parts[1:]]
    return lines


def beside(state: PanelState, width: int) -> list[Section]:
    boxed = f" {state.status} "  # its spaces belong to the reversed box
    status: list[Line] = [((boxed.replace(GLUE, " "), "status"),)]
    if len(boxed) > width:
        status = wrapped(boxed, width, "status")
    label_width = LABEL_WIDTH
    if width < NARROW and state.details:  # the narrow panel: labels only as wide as they are
        label_width = min(LABEL_WIDTH, 1 + max(len(label) for label, _ in state.details))
    details = [
        line
        for label, value in state.details
        for line in labelled(label, value, width, label_width=label_width)
    ]
    score: list[Line] = [(("Score", "label"),)]
    for label, count in state.score:
        score.append(((f"  {label:<{LABEL_WIDTH}}", ""), (f"{count:>{SCORE_WIDTH}}", "")))
    sections: list[Section] = [
        (9, status),
        (8, wrapped(state.message, width, "message")),
        (TRIMMED, details),
        (5, score),
    ]
    if state.moves:
        moves: list[Line] = [((state.history_title, "label"),)]
        moves += [((line, ""),) for line in packed(state.moves, width)]
        sections.append((MOVES, moves))
    if state.analysis:
        sections.append((3, wrapped(state.analysis, width, "dim")))
    return sections


def under(state: PanelState, width: int) -> list[Section]:
    status: Line = ((f" {state.status} ".replace(GLUE, " "), "status"),)
    if state.summary:
        status += ((" " + state.summary, "label"),)
    score = "  ".join(f"{label} {count}" for label, count in state.score)
    return [
        (9, [status]),
        (4, wrapped(score, width, "")),
        (8, wrapped(state.message, width, "message")),
    ]


def _continues(line: Line) -> bool:
    """Whether `line` goes on with the value of the labelled row above it (`labelled`)."""
    return bool(line) and line[0][1] == "" and line[0][0].isspace()


def panel_lines(state: PanelState, width: int, height: int, stacked: bool) -> list[Line]:
    """The panel's lines in width×height."""
    sections = under(state, width) if stacked else beside(state, width)
    return stacked_up(sections, height, 0 if stacked else 1, TRIMMED, latest=MOVES)


def _title_length(lines: list[Line]) -> int:
    """How many of a section's first lines are its title (in the label's style)."""
    return next(
        (index for index, line in enumerate(lines) if not line or line[0][1] != "label"),
        len(lines),
    )


def height_of(sections: list[Section], gap: int) -> int:
    """The lines `sections` take one under another, `gap` blank lines between."""
    return sum(len(lines) for _, lines in sections) + gap * (len(sections) - 1)


def stacked_up(
    sections: list[Section], height: int, gap: int, trimmed: int, latest: int | None = None
) -> list[Line]:
    """Sections one under another (`gap` blank lines between, none empty), in `height` lines:
    while they do not fit, the one of lowest priority goes (those of KEPT_ALWAYS or more never
    do); the one of priority `trimmed` keeps its first lines rather than none, where that is
    enough; the one of priority `latest` (a history) keeps its title and its last lines, where
    one is enough."""
    sections = [section for section in sections if section[1]]
    while sections and height_of(sections, gap) > height:
        lowest = min(priority for priority, _ in sections)
        if lowest >= KEPT_ALWAYS:
            break
        excess = height_of(sections, gap) - height
        at = next(index for index, (priority, _) in enumerate(sections) if priority == lowest)
        lines = sections[at][1]
        kept = len(lines) - excess
        while 0 < kept < len(lines) and _continues(lines[kept]):
            kept -= 1  # a row's value is kept whole or not at all
        if lowest == trimmed and kept > 0:  # its first rows, not nothing
            sections[at] = (lowest, lines[:kept])
            break
        title = _title_length(lines)
        if lowest == latest and kept > title:  # its title and its latest lines
            sections[at] = (lowest, lines[:title] + lines[len(lines) - (kept - title) :])
            break
        sections = [section for section in sections if section[0] != lowest]
    result: list[Line] = []
    for index, (_, lines) in enumerate(sections):
        if index:
            result += [()] * gap
        result += lines
    return result
