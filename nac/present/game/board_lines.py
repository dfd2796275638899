"""The board as lines of text runs, each run with the names of its colours: pure arithmetic, no
Textual, so tests read the drawing and the widget only turns names into styles.

The grid is drawn with light box lines; the cursor's cell has a frame of heavy lines (its
shape shows in any terminal, colours or none). A run's style is a pair: the name of its
foreground ("grid", "frame", "x", "o", "key", ...) and of its background ("cursor",
"winning", "hint" or "" for none).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import NamedTuple

from ...core import COLUMN_LETTERS, Mark
from .glyphs import glyph, glyph_width
from .metrics import EDGE_COLUMNS, GRID, BoardMetrics
from .views import BoardView

LAST_MOVE_MARKER = "●"
WINNING_MARKER = "★"
HINT_MARKER = "◆"
EMPTY_MARKER = "·"

Style = tuple[str, str]
"""(foreground name, background name)."""
Run = tuple[str, Style]
Line = tuple[Run, ...]

LIGHT, HEAVY = 1, 2
_DIRECTIONS = {
    "UP": "u",
    "DOWN": "d",
    "LEFT": "l",
    "RIGHT": "r",
    "VERTICAL": "ud",
    "HORIZONTAL": "lr",
}


@cache
def junctions() -> dict[tuple[int, int, int, int], str]:
    """Box-drawing characters by the weight (0, LIGHT, HEAVY) of their up, down, left and
    right arms, read from the characters' Unicode names."""
    weights = {"LIGHT": LIGHT, "HEAVY": HEAVY}
    table: dict[tuple[int, int, int, int], str] = {}
    for code in range(0x2500, 0x2580):
        words = unicodedata.name(chr(code), "").removeprefix("BOX DRAWINGS ").split()
        words = [word for word in words if word != "AND"]
        if not words or any(word not in _DIRECTIONS and word not in weights for word in words):
            continue
        arms: dict[str, int] = {}
        if words[0] in weights:  # "LIGHT DOWN AND RIGHT": one weight for every arm
            if any(word in weights for word in words[1:]):
                continue
            arms = {arm: weights[words[0]] for word in words[1:] for arm in _DIRECTIONS[word]}
        else:  # "DOWN LIGHT AND RIGHT HEAVY": each weight follows its arms
            pending = ""
            for word in words:
                if word in _DIRECTIONS:
                    pending += _DIRECTIONS[word]
                else:
                    arms.update({arm: weights[word] for arm in pending})
                    pending = ""
        key = (arms.get("u", 0), arms.get("d", 0), arms.get("l", 0), arms.get("r", 0))
        if sum(1 for weight in key if weight) >= 2:
            table[key] = chr(code)
    return table


class CellLook(NamedTuple):
    """Everything that decides how one cell's inside is drawn."""

    mark: str
    label: str
    last: bool
    winning: bool
    hint: str
    """The word beside the hint's marker ("hint", "best"), "" where there is no hint."""
    cursor: bool
    note: tuple[str, str, str] | None


def cell_look(view: BoardView, cell: int) -> CellLook:
    note = view.note(cell)
    return CellLook(
        view.marks[cell],
        view.labels[cell],
        cell == view.last_move,
        cell in view.winning,
        view.hint_word if cell == view.hint else "",
        cell == view.cursor,
        (note.long, note.short, note.tone) if note is not None and not view.marks[cell] else None,
    )


class BoardLines:
    """Draws a board of the given metrics, one line at a time."""

    def __init__(self, metrics: BoardMetrics) -> None:
        self.metrics = metrics
        self.section = 3 if metrics.cells == GRID else 0
        """Every how many cells a heavy line parts the grid (the small boards of the grid), or 0."""
        self.top = 1 if metrics.edges else 0
        self.left = EDGE_COLUMNS if metrics.edges else 0
        self._interiors: dict[tuple[CellLook, int], Line] = {}

    @property
    def height(self) -> int:
        return self.metrics.height

    @property
    def width(self) -> int:
        return self.metrics.width

    @property
    def note_room(self) -> int:
        """Columns a square's note may take (a longer note shows its short form: "L1")."""
        return 3 if self.metrics.compact else self.metrics.cell_width - 2

    def rows_of(self, cell: int) -> range:
        """The lines a cell touches, its frame included (what to redraw when it changes)."""
        stride = self.metrics.cell_height + 1
        row = cell // self.metrics.cells
        return range(self.top + row * stride, self.top + row * stride + stride + 1)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell at (x, y) of the board (labels included), None on a line or outside."""
        metrics = self.metrics
        column, column_offset = divmod(x - self.left - 1, metrics.cell_width + 1)
        row, row_offset = divmod(y - self.top - 1, metrics.cell_height + 1)
        inside = column_offset < metrics.cell_width and row_offset < metrics.cell_height
        if inside and 0 <= row < metrics.cells and 0 <= column < metrics.cells:
            return row * metrics.cells + column
        return None

    def line(self, view: BoardView, y: int) -> Line:
        """Line `y` of the board (0 is the top, column letters included)."""
        if y < self.top:
            return self._letters()
        row, offset = divmod(y - self.top, self.metrics.cell_height + 1)
        label: Line = ()
        if self.left:
            number = f"{row + 1:>{EDGE_COLUMNS - 1}} "
            middle = offset == 1 + self.metrics.cell_height // 2
            text = number if middle and row < self.metrics.cells else " " * EDGE_COLUMNS
            label = ((text, ("key", "")),)
        if offset == 0:
            return label + self._boundary(view, row)
        return label + self._content(view, row, offset - 1)

    def _letters(self) -> Line:
        metrics = self.metrics
        stride = metrics.cell_width + 1
        letters = [" "] * metrics.grid_width
        for column in range(metrics.cells):
            letters[1 + column * stride + metrics.cell_width // 2] = COLUMN_LETTERS[column]
        return ((" " * self.left + "".join(letters), ("key", "")),)

    def _framed(self, view: BoardView, row: int, column: int) -> bool:
        n = self.metrics.cells
        return 0 <= row < n and 0 <= column < n and view.cursor == row * n + column

    def _boundary(self, view: BoardView, row: int) -> Line:
        """The grid line above cell row `row` (row n: the bottom line)."""
        n, width = self.metrics.cells, self.metrics.cell_width
        table = junctions()
        runs: list[Run] = []
        across = self._parts(row)
        for column in range(n + 1):
            upright = self._parts(column)
            above = (self._framed(view, row - 1, column - 1), self._framed(view, row - 1, column))
            below = (self._framed(view, row, column - 1), self._framed(view, row, column))
            left = self._framed(view, row - 1, column - 1) or self._framed(view, row, column - 1)
            right = self._framed(view, row - 1, column) or self._framed(view, row, column)
            arms = (
                (HEAVY if any(above) or upright else LIGHT) if row > 0 else 0,
                (HEAVY if any(below) or upright else LIGHT) if row < n else 0,
                (HEAVY if left or across else LIGHT) if column > 0 else 0,
                (HEAVY if right or across else LIGHT) if column < n else 0,
            )
            runs.append((table[arms], ("frame" if HEAVY in arms else "grid", "")))
            if column < n:
                heavy = right or across
                runs.append(("━" * width, ("frame", "")) if heavy else ("─" * width, ("grid", "")))
        return merged(runs)

    def _parts(self, line: int) -> bool:
        """Whether grid line `line` (from the top or the left) parts two small boards."""
        return bool(self.section) and line % self.section == 0

    def _content(self, view: BoardView, row: int, cell_row: int) -> Line:
        n = self.metrics.cells
        runs: list[Run] = []
        for column in range(n + 1):
            heavy = self._framed(view, row, column - 1) or self._framed(view, row, column)
            heavy = heavy or self._parts(column)
            runs.append(("┃", ("frame", "")) if heavy else ("│", ("grid", "")))
            if column < n:
                runs.extend(self._interior(cell_look(view, row * n + column), cell_row))
        return merged(runs)

    def _interior(self, look: CellLook, cell_row: int) -> Line:
        key = (look, cell_row)
        found = self._interiors.get(key)
        if found is None:
            found = self._interiors[key] = merged(self._draw_interior(look, cell_row))
        return found

    def _draw_interior(self, look: CellLook, cell_row: int) -> list[Run]:
        """One row of one cell's inside, `cell_width` wide."""
        metrics = self.metrics
        width = metrics.cell_width
        background = (
            "winning"
            if look.winning
            else "hint"
            if look.hint
            else ("cursor" if look.cursor else "")
        )
        chars = [" "] * width
        names = [""] * width

        def put(start: int, text: str, name: str) -> None:
            for index, char in enumerate(text[: max(0, width - start)], start):
                chars[index] = char
                names[index] = name

        mark_name = "x" if look.mark == "X" else "o"
        if metrics.compact:
            if look.note is not None:
                put(0, f"{look.note[1]:^3}", look.note[2])
            elif not look.mark:
                label = EMPTY_MARKER if metrics.edges else look.label or " "
                if self.section and not look.label:  # the grid: a square no move may take now
                    label = " "
                put(1, HINT_MARKER if look.hint else label, "hint-mark" if look.hint else "key")
            else:
                put(1, look.mark, mark_name + ("-last" if look.last else ""))
                if look.winning:  # beside the letter: the line shows without colour too
                    put(0, WINNING_MARKER, "winning-mark")
        elif look.mark:
            rows = metrics.glyph_rows
            glyph_row = cell_row - metrics.glyph_top
            left = (width - glyph_width(rows)) // 2
            corner = metrics.dot_fits
            if 0 <= glyph_row < rows:
                underlined = look.last and not corner  # no room for the dot: underline it
                put(left, glyph(Mark(look.mark), rows)[glyph_row], mark_name + "-last" * underlined)
            if cell_row == 0 and look.winning:  # in the free row, or the glyph's margin
                put(0, WINNING_MARKER, "winning-mark")
            if cell_row == 0 and look.last and corner:
                put(width - 1, LAST_MOVE_MARKER, "last")
        else:
            if cell_row == 0 and look.label:
                put(1, look.label, "key")
            middle = metrics.cell_height // 2
            if look.note is not None and cell_row == middle:
                words = look.note[0] if len(look.note[0]) <= width - 2 else look.note[1]
                put((width - len(words)) // 2, words, look.note[2])
            hint_row = min(middle + 1, metrics.cell_height - 1) if look.note else middle
            if look.hint and cell_row == hint_row:
                words = f"{HINT_MARKER} {look.hint}"
                words = words if len(words) <= width else HINT_MARKER
                put((width - len(words)) // 2, words, "hint-mark")
        return [(char, (name, background)) for char, name in zip(chars, names, strict=True)]


def merged(runs: list[Run]) -> Line:
    """Neighbouring runs of the same style as one."""
    merged: list[Run] = []
    for text, style in runs:
        if merged and merged[-1][1] == style:
            merged[-1] = (merged[-1][0] + text, style)
        else:
            merged.append((text, style))
    return tuple(merged)
