"""Big X and O glyphs for the board, at any size from one character up.

From 4 rows up the glyphs are drawn with half-block characters (▀ ▄ █) by rasterising two
thick diagonal strokes (X) and a thick ring (O) on a grid of square "pixels", two per
character cell vertically. At 3 and 2 rows they are drawn with line characters, and at 1 row
they are the letters themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from ...core import Mark

SMALL_ROWS = 3
MIN_RASTER_ROWS = 4
MAX_STROKE = 3.6

_SMALL = {
    Mark.X: (" ╲ ╱ ", "  ╳  ", " ╱ ╲ "),
    Mark.O: ("╭───╮", "│   │", "╰───╯"),
}
TINY_ROWS = 2
_TINY = {
    Mark.X: ("╲ ╱", "╱ ╲"),
    Mark.O: ("╭─╮", "╰─╯"),
}


def glyph_width(rows: int) -> int:
    """How many columns a glyph `rows` tall takes: square-looking, as characters are ~1:2."""
    return 2 * rows if rows >= MIN_RASTER_ROWS else len(glyph(Mark.X, max(1, rows))[0])


@cache
def glyph(mark: Mark, rows: int) -> tuple[str, ...]:
    """The glyph of `mark`, `rows` tall and `glyph_width(rows)` wide, one string per row."""
    if rows >= MIN_RASTER_ROWS:
        stroke = min(0.6 + 0.3 * rows, MAX_STROKE)
        draw = _x_pixels if mark is Mark.X else _o_pixels
        return _raster(rows, 2 * rows, draw(rows, 2 * rows, stroke))
    if rows == SMALL_ROWS:
        return _SMALL[mark]
    if rows == TINY_ROWS:
        return _TINY[mark]
    if rows == 1:
        return (mark.value,)
    raise ValueError(f"no glyph is {rows} rows tall")


Pixels = Callable[[float, float], bool]


def _raster(rows: int, columns: int, lit: Pixels) -> tuple[str, ...]:
    def char(column: int, row: int) -> str:
        top, bottom = lit(column + 0.5, 2 * row + 0.5), lit(column + 0.5, 2 * row + 1.5)
        return "█" if top and bottom else "▀" if top else "▄" if bottom else " "

    return tuple("".join(char(column, row) for column in range(columns)) for row in range(rows))


def _distance_to_segment(
    x: float, y: float, start: tuple[float, float], end: tuple[float, float]
) -> float:
    (ax, ay), (bx, by) = start, end
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))


def _x_pixels(rows: int, columns: int, stroke: float) -> Pixels:
    height, half = 2 * rows, stroke / 2
    down = ((half, half), (columns - half, height - half))
    up = ((columns - half, half), (half, height - half))

    def lit(x: float, y: float) -> bool:
        return _distance_to_segment(x, y, *down) <= half or _distance_to_segment(x, y, *up) <= half

    return lit


def _o_pixels(rows: int, columns: int, stroke: float) -> Pixels:
    height = 2 * rows
    centre_x, centre_y = columns / 2, height / 2
    outer_x, outer_y = columns / 2 - 0.2, height / 2 - 0.2
    inner_x, inner_y = outer_x - stroke, outer_y - stroke

    def lit(x: float, y: float) -> bool:
        dx, dy = x - centre_x, y - centre_y
        outside_inner = math.hypot(dx / inner_x, dy / inner_y) >= 1
        return outside_inner and math.hypot(dx / outer_x, dy / outer_y) <= 1

    return lit
