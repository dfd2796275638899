"""The board, under any rules, in the drawing its view's shape picks (`drawings`): one big-glyph
n×n board, small 3×3 boards side by side, or the 9×9 grid of small boards; the grid, the marks,
the keys of empty cells, cursor and highlights.

It draws what it is told (`BoardView`) and owns the cursor: while the view says a person is
playing, the arrows move it (across the small boards, Tab to the next live one), and Enter,
space or a click chooses a cell (`CellChosen`); it decides no rule. Lines are kept as strips:
when the view changes, only the lines of the cells that changed are drawn again and sent to the
terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.css.styles import RenderStyles
from textual.dom import DOMNode
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ...core import KeypadLayout
from ...present.game import words
from ...present.game.board_lines import cell_look
from ...present.game.drawings import Drawing, drawing
from ...present.game.grid_lines import HERE
from ...present.game.metrics import smallest_drawing
from ...present.game.views import BoardView, centre, cursor_at, cursor_moved, on_live_board
from ..bindings import BOARDS_OWN, bindings
from ..strips import StripCache

FOREGROUNDS = (
    "grid",
    "frame",
    "x",
    "o",
    "key",
    "last",
    "winning-mark",
    "hint-mark",
    "dead",
    "line",
    "caption",
    "caption-dead",
    "caption-here",
)
BACKGROUNDS = ("cursor", "winning", "hint")
TONES = ("win", "draw", "loss")


class BoardWidget(Widget):
    """Draws the board scaled to its size: big glyphs when there is room, one letter when not."""

    can_focus = True
    BINDINGS = bindings(BOARDS_OWN)
    COLOURS: ClassVar[frozenset[str]] = frozenset(
        f"board--{name}" for name in (*FOREGROUNDS, *BACKGROUNDS, *TONES)
    )
    """The board's colour classes. Not Textual's COMPONENT_CLASSES: Textual styles every one of
    those at each restyle (19 here, about half the first layout); these are styled the first
    time a line drawn in them is asked for, the same way (`_colour`)."""

    DEFAULT_CSS = """
    BoardWidget {
        width: 1fr;
        height: 1fr;
    }
    BoardWidget > .board--grid { color: $foreground 45%; }
    BoardWidget > .board--frame { color: $foreground; text-style: bold; }
    BoardWidget > .board--x { color: $text-primary; text-style: bold; }
    BoardWidget > .board--o { color: $text-warning; text-style: bold; }
    BoardWidget > .board--key { color: $text-muted; }
    BoardWidget > .board--last { color: $text-accent; text-style: bold; }
    BoardWidget > .board--winning-mark { color: $text-success; text-style: bold; }
    BoardWidget > .board--hint-mark { color: $text-secondary; text-style: bold; }
    BoardWidget > .board--cursor { background: $foreground 10%; }
    BoardWidget > .board--winning { background: $success 30%; }
    BoardWidget > .board--hint { background: $secondary 40%; }
    BoardWidget > .board--win { color: $text-success; text-style: bold; }
    BoardWidget > .board--draw { color: $foreground; text-style: italic; }
    BoardWidget > .board--loss { color: $text-error; text-style: bold; }
    BoardWidget > .board--dead { color: $foreground 30%; text-style: dim; }
    BoardWidget > .board--line { color: $text-error; text-style: bold reverse; }
    BoardWidget > .board--caption { color: $foreground; }
    BoardWidget > .board--caption-dead { color: $foreground 40%; text-style: dim strike; }
    BoardWidget > .board--caption-here { color: $text-accent; text-style: bold; }
    """

    view: reactive[BoardView] = reactive(BoardView.empty, repaint=False)
    """What to show, as the screen says."""
    cursor: reactive[int] = reactive(4, repaint=False)
    """The cell under the cursor, drawn while the view says a person is playing."""

    @dataclass
    class CellChosen(Message):
        """The player chose a cell: Enter or space on the cursor's, or a click."""

        cell: int

    def __init__(self) -> None:
        super().__init__()
        self.picked: int | None = None
        """Ultimate: the board a first digit picked, its square's digit awaited."""
        self._lines: Drawing | None = None
        self._lines_for: tuple[int, int, Size] | None = None
        self._cache = StripCache()
        self.shown = BoardView.empty()
        """The view as drawn: the screen's, with the cursor put in."""

    # -- where things are --------------------------------------------------------------------------

    def _board(self) -> Drawing | None:
        """The drawing of the board at this size (made again when the size or the board
        changes); None if it does not fit."""
        view = self.view
        key = (view.cells, view.boards, self.content_size)
        if key != self._lines_for:
            self._lines_for = key
            self._lines = drawing(view, *self.content_size)
            self._cache.drop_lines()
        return self._lines

    def origin(self) -> tuple[int, int]:
        """Where the board's top-left corner (edge labels included) is drawn: centred."""
        board = self._board()
        if board is None:
            return 0, 0
        size = self.content_size
        return max(0, (size.width - board.width) // 2), max(0, (size.height - board.height) // 2)

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under content offset (x, y), or None on a grid line or outside the board."""
        board = self._board()
        if board is None:
            return None
        left, top = self.origin()
        return board.cell_at(x - left, y - top)

    # -- the cursor and the player's choice --------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The cursor's keys work while a person is playing (and the screen allows them)."""
        if not self.view.playing:
            return False
        return self.screen.check_action(action, parameters)

    def action_cursor(self, rows: int, columns: int) -> None:
        self.cursor = cursor_moved(self.cursor, self.view, rows, columns)

    def action_cursor_to(self, row: int, column: int) -> None:
        self.cursor = cursor_at(self.cursor, self.view, row, column)

    def action_cursor_centre(self) -> None:
        self.cursor = centre(self.view)

    def action_next_board(self) -> None:
        """Tab: the same square of the next live small board."""
        self.cursor = on_live_board(self.cursor, self.view.dead, self.board_of_cursor + 1)

    @property
    def board_of_cursor(self) -> int:
        """The small board the cursor is on (0 for one board)."""
        return self.cursor // 9 if self.view.dead or self.view.grid else 0

    def digit(self, key: int, keypad: KeypadLayout, picks: bool = True) -> int | str:
        """What a digit does, as every screen with a board takes it: the cell it plays, that
        square of the 3×3 board the cursor is on (of its small board where there are several),
        or, where it `picks` in Ultimate while the move may go in more than one board, first
        the board it picks (the cursor goes there): then the sentence to say."""
        view = self.view
        open_boards = [board for board, closed in enumerate(view.dead) if not closed]
        if not (picks and view.grid) or len(open_boards) < 2:
            return self.board_of_cursor * 9 + keypad.cell_for_key(key)
        if self.picked is None:
            board = keypad.cell_for_key(key)
            if board not in open_boards:
                return words.board_closed(key)
            self.picked = board
            self.cursor = board * 9 + 4
            return words.board_picked(key)
        board, self.picked = self.picked, None
        cell = board * 9 + keypad.cell_for_key(key)
        if view.marks[cell]:  # refused (it is taken): the board stays picked for another key
            self.picked = board
        return cell

    def action_play_cursor(self) -> None:
        self.post_message(self.CellChosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None and self.view.playing:
            self.cursor = cell
            self.post_message(self.CellChosen(cell))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None and self.view.playing:
            self.cursor = cell

    # -- what changed ------------------------------------------------------------------------------

    def watch_view(self, old: BoardView, new: BoardView) -> None:
        if old.marks != new.marks:
            self.picked = None
        if old.cells != new.cells or old.boards != new.boards:
            self.set_reactive(BoardWidget.cursor, centre(new))
        elif new.dead:  # never on a dead board
            self.set_reactive(BoardWidget.cursor, on_live_board(self.cursor, new.dead))
        self._show()

    def watch_cursor(self) -> None:
        self._show()

    def _show(self) -> None:
        """Redraw only the lines of the cells that look different now."""
        old = self.shown
        new = self.view._replace(cursor=self.cursor if self.view.playing else None)
        self.shown = new
        board = self._board()
        changed = old.cells != new.cells or old.boards != new.boards
        if board is None or changed or old.won != new.won:  # a board won: its big mark is drawn
            self._cache.drop_lines()  # over lines of squares whose own look did not change
            self.refresh()
            return
        _, top = self.origin()
        touched = {
            y
            for cell in range(len(new.marks))
            if cell_look(old, cell) != cell_look(new, cell)
            for y in board.rows_of(cell)
        }
        width = self.content_size.width
        for y in sorted(touched):
            if board.line(old, y) != board.line(new, y):
                self._cache.drop(top + y)
                self.refresh(Region(0, top + y, width, 1))

    def notify_style_update(self) -> None:
        """The theme or the styles changed: every colour is looked up afresh."""
        super().notify_style_update()
        self._cache.drop_all()
        drawn = dict(self._component_styles)
        self._component_styles.clear()
        if any(self._styled(name) != styles for name, styles in drawn.items()):
            self.refresh()  # as Textual does when a component class's colours change

    # -- drawing -----------------------------------------------------------------------------------

    @property
    def fits(self) -> bool:
        """Whether the board is drawn (it fits, or there is none to draw)."""
        return self._board() is not None or not self.view.marks

    @property
    def note_room(self) -> int:
        """Columns a square's note may take at this size (0 while the board does not fit)."""
        board = self._board()
        return 0 if board is None else board.note_room

    def terminal_needed(self) -> tuple[int, int]:
        """The terminal's size at which the smallest drawing of the board fits here: the rows
        around the board stay as they are; its share of the columns grows at most in
        proportion (exact where a panel beside takes half, as on the learning screens)."""
        view, terminal, size, content = self.view, self.app.size, self.size, self.content_size
        width, height = smallest_drawing(view.shape, view.cells, view.boards)
        columns, rows = terminal
        if width > content.width:
            wanted = width + size.width - content.width
            columns = max(columns, -(-columns * wanted // max(1, size.width)))
        return columns, rows + max(0, height - content.height)

    def render_line(self, y: int) -> Strip:
        self._board()  # a new size (or board) drops the lines kept for the old one first
        return self._cache.strip(y, self._draw_line)

    def _draw_line(self, y: int) -> Strip:
        width = self.content_size.width
        board = self._board()
        left, top = self.origin()
        plain = self._style("", "")
        if board is None and self.view.marks:  # too small: said where the board would be
            need = self.terminal_needed()
            lines = words.board_does_not_fit(self.view.cells, len(self.view.dead), width, need)
            row = y - (self.content_size.height - len(lines)) // 2
            text = lines[row] if 0 <= row < len(lines) else ""
            return Strip([Segment(text.center(width)[:width], plain)], width)
        if board is None or not 0 <= y - top < board.height:
            return Strip.blank(width, plain)
        segments = [Segment(" " * left, plain)] if left else []
        for text, names in board.line(self.shown, y - top):
            segments.append(Segment(text, self._style(*names)))
        # Every character of a board is one cell wide (the glyphs' tables, tested): the
        # length is counted here, not measured character by character.
        cells = sum(len(segment.text) for segment in segments)
        return Strip(segments, cells).adjust_cell_length(width, plain)

    def _style(self, foreground: str, background: str) -> Style:
        """A run's colours from the component classes (looked up once per theme), over the
        widget's own colours: every segment has a style (Textual's filters, NO_COLOR's among
        them, read it) and the widget's background (Textual paints none under these lines)."""

        def make() -> Style:
            own = self.rich_style
            style = Style(color=own.color, bgcolor=own.bgcolor)
            if foreground:
                here = foreground.endswith(HERE)
                name = foreground.removesuffix(HERE)
                underline = name.endswith("-last")
                name = name.removesuffix("-last")
                rich = self._colour(f"board--{name}")
                style += Style(
                    color=rich.color,
                    bold=rich.bold,
                    italic=rich.italic,
                    underline=underline,
                    dim=rich.dim,
                    reverse=rich.reverse or here,
                    strike=rich.strike,
                )
            if background:
                style += Style(bgcolor=self._colour(f"board--{background}").bgcolor)
            return style

        return self._cache.style((foreground, background), make)

    def _colour(self, name: str) -> Style:
        """The colours of the class `name` (one of `COLOURS`), styled as Textual styles a
        component class (`Stylesheet._process_component_classes`: a node of that class under
        this widget), once until the styles change."""
        if name not in self._component_styles:
            self._styled(name)
        return self.get_component_rich_style(name)

    def _styled(self, name: str) -> RenderStyles:
        assert name in self.COLOURS, name
        node = DOMNode(classes=name)
        node._attach(self)
        self.app.stylesheet.apply(node, animate=False)
        self._component_styles[name] = node.styles
        return node.styles
