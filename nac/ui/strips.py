"""Lines drawn once and kept: the strips of a widget drawn with Textual's line API, and the
styles its runs are drawn in, looked up once per theme. A widget drops a line's strip when
what it shows there changes, and everything when its size or its theme changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.style import Style
from textual.strip import Strip


class StripCache:
    def __init__(self) -> None:
        self._strips: dict[int, Strip] = {}
        self._styles: dict[Hashable, Style] = {}

    def strip(self, y: int, draw: Callable[[int], Strip]) -> Strip:
        """Line `y`, drawn by `draw` the first time it is asked for."""
        strip = self._strips.get(y)
        if strip is None:
            strip = self._strips[y] = draw(y)
        return strip

    def style(self, key: Hashable, make: Callable[[], Style]) -> Style:
        """The style named by `key`, made by `make` the first time (per theme)."""
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = make()
        return style

    def drop(self, y: int) -> None:
        """Line `y` shows something else now: it is drawn again when asked for."""
        self._strips.pop(y, None)

    def drop_lines(self) -> None:
        """Every line is drawn again (the size or the content changed throughout)."""
        self._strips.clear()

    def drop_all(self) -> None:
        """The theme or the styles changed: every line and every style afresh."""
        self._strips.clear()
        self._styles.clear()
