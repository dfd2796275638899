"""The shape of a board: its size, how many in a row make a line, its lines, and the variant of
the rules (whether a line wins or loses).

Lines are computed once per (size, win_length) and cached, together with, for every cell,
the lines through it, so that checking a move only looks at the lines through that cell.
"""

from __future__ import annotations

from functools import cache

from .mark import Mark
from .outcome import Outcome, Termination
from .variants import Variant

MIN_SIZE = 3
MAX_SIZE = 7
"""The boards a `Board` can model (n×n with k in a row)."""

CLASSIC_SIZE = 3
"""The classic board: 3×3, three in a row, played with the keys 1-9."""
BOARD_SIZES = (3, 4, 5)
"""The boards the game offers: 3×3 with three in a row, 4×4 and 5×5 with four."""

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class Geometry:
    """Everything about an n×n board with k in a row that does not depend on the marks.

    Made once per (size, win_length) by `geometry()`; compare them by identity.
    """

    __slots__ = (
        "cell_count",
        "line_masks",
        "lines",
        "lines_through",
        "masks_through",
        "size",
        "variant",
        "win_length",
    )

    size: int
    win_length: int
    variant: Variant
    """Whether completing a line wins (normal) or loses (misère)."""
    cell_count: int
    """size × size."""
    lines: tuple[tuple[int, ...], ...]
    """Every winning line as a tuple of cell indices."""
    line_masks: tuple[int, ...]
    """The same lines as bit masks (bit i set for cell i)."""
    lines_through: tuple[tuple[int, ...], ...]
    """For every cell, the indices (into `lines`) of the lines through it."""
    masks_through: tuple[tuple[int, ...], ...]
    """For every cell, the bit masks of the lines through it."""

    def __init__(self, size: int, win_length: int, variant: Variant = Variant.NORMAL) -> None:
        lines: list[tuple[int, ...]] = []
        for row in range(size):
            for column in range(size):
                for d_row, d_column in _DIRECTIONS:
                    end_row = row + d_row * (win_length - 1)
                    end_column = column + d_column * (win_length - 1)
                    if 0 <= end_row < size and 0 <= end_column < size:
                        lines.append(
                            tuple(
                                (row + d_row * i) * size + column + d_column * i
                                for i in range(win_length)
                            )
                        )
        masks = tuple(sum(1 << cell for cell in line) for line in lines)
        through = tuple(
            tuple(index for index, line in enumerate(lines) if cell in line)
            for cell in range(size * size)
        )
        self.size = size
        self.win_length = win_length
        self.variant = variant
        self.cell_count = size * size
        self.lines = tuple(lines)
        self.line_masks = masks
        self.lines_through = through
        self.masks_through = tuple(tuple(masks[i] for i in indices) for indices in through)

    def __repr__(self) -> str:
        loses = "" if self.completer_wins else f", {self.variant}"
        return f"geometry({self.size}, {self.win_length}{loses})"

    @property
    def completer_wins(self) -> bool:
        """Whether a side that completes a line wins (the normal game) or loses (misère)."""
        return self.variant.completer_wins

    def line_outcome(self, mark: Mark, cells: tuple[int, ...]) -> Outcome:
        """How a game ends that `mark` ends by completing the lines of `cells`: the rule of the
        variant, in one place."""
        if self.variant.completer_wins:
            return Outcome(mark, cells)
        return Outcome(mark.other, cells, Termination.LOSING_LINE)

    @property
    def full_mask(self) -> int:
        return (1 << self.cell_count) - 1

    def row_col(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)

    def cell_at(self, row: int, column: int) -> int:
        return row * self.size + column

    def completes_line(self, bits: int, cell: int) -> bool:
        """Whether the marks `bits` (which include `cell`) hold a whole line through `cell`."""
        return any(bits & mask == mask for mask in self.masks_through[cell])

    def completed_cells(self, bits: int, cell: int) -> tuple[int, ...]:
        """The cells of every line through `cell` that `bits` complete, sorted."""
        cells: set[int] = set()
        for line_index in self.lines_through[cell]:
            if bits & self.line_masks[line_index] == self.line_masks[line_index]:
                cells.update(self.lines[line_index])
        return tuple(sorted(cells))

    @property
    def corners(self) -> tuple[int, ...]:
        last = self.size - 1
        return (0, last, self.cell_at(last, 0), self.cell_at(last, last))

    @property
    def centre_cells(self) -> tuple[int, ...]:
        """The middle cell of an odd board, the middle four of an even one."""
        half = self.size // 2
        if self.size % 2:
            return (self.cell_at(half, half),)
        return tuple(self.cell_at(r, c) for r in (half - 1, half) for c in (half - 1, half))

    def opposite_corner(self, corner: int) -> int:
        row, column = self.row_col(corner)
        last = self.size - 1
        return self.cell_at(last - row, last - column)


def win_length_for(size: int) -> int:
    """Three in a row on 3×3, four in a row on anything bigger."""
    return min(size, 4)


def geometry(
    size: int = 3, win_length: int | None = None, variant: Variant = Variant.NORMAL
) -> Geometry:
    """The geometry of a size×size board where `win_length` in a row wins, or in misère loses
    (default: 3 on 3×3, else 4). There is one Geometry per shape and variant, so geometries
    compare by identity."""
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size {size!r} is not supported: use {MIN_SIZE} to {MAX_SIZE}")
    k = win_length_for(size) if win_length is None else win_length
    if isinstance(k, bool) or not isinstance(k, int):
        raise ValueError(f"{k!r} is not a number of marks in a row")
    if not MIN_SIZE <= k <= size:
        raise ValueError(f"{k} in a row is not possible on a {size}×{size} board: use 3 to {size}")
    if not isinstance(variant, Variant):
        raise ValueError(f"{variant!r} is not a variant: use Variant.NORMAL or Variant.MISERE")
    return _geometry(size, k, variant)


@cache
def _geometry(size: int, win_length: int, variant: Variant) -> Geometry:
    return Geometry(size, win_length, variant)
