"""A widget that shows lines of text runs, each run with the name of its style, and sends the
terminal only the lines that changed: Textual's line API with a strip kept per line."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ...present.runs import Line
from ..strips import StripCache


class LinesWidget(Widget):
    """Lines of styled runs. A subclass names its styles in COMPONENT_CLASSES as
    `<STYLE_PREFIX>--<name>` and calls `show(lines)` whenever its content changes."""

    STYLE_PREFIX = "lines"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Line] = []
        self._cache = StripCache()
        self._laid_out_for: Size | None = None
        """The size the lines were laid out for: drawn at another, they are laid out again
        first (content set before the first layout is laid out for no size at all)."""
        self._drawing = False

    def show(self, lines: list[Line]) -> None:
        """Show these lines, redrawing only those that changed."""
        old = self._lines
        self._lines = lines
        self._laid_out_for = self.content_size
        width = self.content_size.width
        for y in range(max(len(old), len(lines))):
            if y >= len(old) or y >= len(lines) or old[y] != lines[y]:
                self._cache.drop(y)
                if self.is_mounted and not self._drawing:
                    self.refresh(Region(0, y, width, 1))

    def render_line(self, y: int) -> Strip:
        if self._laid_out_for != self.content_size:
            self._cache.drop_lines()
            self._drawing = True  # the frame being drawn takes the new lines: no refresh
            try:
                self.relayout()
            finally:
                self._drawing = False
            self._laid_out_for = self.content_size
        return self._cache.strip(y, self._draw_line)

    def _draw_line(self, y: int) -> Strip:
        width = self.content_size.width
        if y < len(self._lines):
            segments = [Segment(text, self._style(name)) for text, name in self._lines[y]]
            return Strip(segments).adjust_cell_length(width, self._style(""))
        return Strip.blank(width, self._style(""))

    def _style(self, name: str) -> Style:
        """A run's style: the widget's own colours (Textual paints no background under these
        lines; every segment has a style, as Textual's filters, NO_COLOR's among them, read
        it), and over them the named component class's, looked up once per theme."""

        def make() -> Style:
            own = self.rich_style
            style = Style(color=own.color, bgcolor=own.bgcolor)
            if name:
                named = self.get_component_rich_style(f"{self.STYLE_PREFIX}--{name}")
                style += Style(
                    color=named.color,
                    bgcolor=named.bgcolor,
                    bold=named.bold,
                    italic=named.italic,
                    reverse=named.reverse,
                    dim=named.dim,
                )
            return style

        return self._cache.style(name, make)

    def on_resize(self) -> None:
        if self._laid_out_for == self.content_size:  # drawn at this size already
            return
        self._cache.drop_lines()
        self.relayout()

    def relayout(self) -> None:
        """The size changed: a subclass lays its lines out again."""

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.drop_all()
