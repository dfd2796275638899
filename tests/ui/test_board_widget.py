"""The board is drawn as it is told, at every size, with the cursor shown by its shape; only
what changed is drawn again; the glyphs are well formed and the board uses the room it has."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from nac.core import Mark, Rules
from nac.present.game.board_lines import (
    HINT_MARKER,
    LAST_MOVE_MARKER,
    WINNING_MARKER,
    BoardLines,
    junctions,
)
from nac.present.game.glyphs import glyph, glyph_width
from nac.present.game.metrics import (
    MAX_GLYPH_ROWS,
    SIDE_MARGIN,
    BoardMetrics,
    ScreenLayout,
    board_metrics,
    screen_layout,
)
from nac.present.game.views import BoardView, CellNote
from nac.present.looks import Shape
from nac.ui.widgets.board import BoardWidget

from .helpers import drawn_fit, drawn_metrics

X, O, _ = "X", "O", ""  # noqa: E741 - the mark's name
VIEW = BoardView(
    marks=(X, _, O, _, X, _, O, _, _),
    labels=tuple("123456789"),
    last_move=6,
)


def drawn(view: BoardView, width: int, height: int) -> list[str]:
    """The board as text, in a space of width×height."""
    metrics = board_metrics(view.cells, width, height)
    assert metrics is not None
    board = BoardLines(metrics)
    return ["".join(text for text, _ in board.line(view, y)) for y in range(board.height)]


def test_the_compact_board_draws_one_letter_per_cell_and_the_keys() -> None:
    assert drawn(VIEW, 15, 7) == [
        "┌───┬───┬───┐",
        "│ X │ 2 │ O │",
        "├───┼───┼───┤",
        "│ 4 │ X │ 6 │",
        "├───┼───┼───┤",
        "│ O │ 8 │ 9 │",
        "└───┴───┴───┘",
    ]


def test_the_cursor_is_a_frame_of_heavy_lines_that_shows_without_colour() -> None:
    lines = drawn(VIEW._replace(cursor=4), 15, 7)
    assert lines == [
        "┌───┬───┬───┐",
        "│ X │ 2 │ O │",
        "├───╆━━━╅───┤",
        "│ 4 ┃ X ┃ 6 │",
        "├───╄━━━╃───┤",
        "│ O │ 8 │ 9 │",
        "└───┴───┴───┘",
    ]
    corner = drawn(VIEW._replace(cursor=0), 15, 7)
    assert corner[0] == "┏━━━┱───┬───┐" and corner[2] == "┡━━━╃───┼───┤"


def test_every_light_and_heavy_junction_has_its_character() -> None:
    table = junctions()
    assert table[(0, 1, 0, 1)] == "┌" and table[(2, 2, 2, 2)] == "╋"
    assert table[(1, 2, 1, 2)] == "╆"
    for up in (0, 1, 2):
        for down in (0, 1, 2):
            for left in (0, 1, 2):
                for right in (0, 1, 2):
                    arms = (up, down, left, right)
                    horizontal_only = up == down == 0 and left and right
                    vertical_only = left == right == 0 and up and down
                    if sum(1 for arm in arms if arm) >= 2 and not (
                        (horizontal_only and left != right) or (vertical_only and up != down)
                    ):
                        assert arms in table, arms


@pytest.mark.parametrize("size", [(60, 28), (42, 20), (33, 16), (80, 40), (160, 60)])
def test_big_glyphs_sit_in_their_cells(size: tuple[int, int]) -> None:
    metrics = board_metrics(3, *size)
    assert metrics is not None and not metrics.compact
    board = drawn(VIEW, *size)

    def interior(cell: int) -> list[str]:
        row, column = divmod(cell, 3)
        y = 1 + row * (metrics.cell_height + 1)
        x = 1 + column * (metrics.cell_width + 1)
        return [line[x : x + metrics.cell_width] for line in board[y : y + metrics.cell_height]]

    for cell, mark in enumerate(VIEW.marks):
        rows = interior(cell)
        if not mark:
            assert rows[0].strip() == VIEW.labels[cell]
            assert all(not row.strip() for row in rows[1:])
        else:
            assert [row.strip() for row in rows[1:]] == [
                line.strip() for line in glyph(Mark(mark), metrics.glyph_rows)
            ]
    assert interior(6)[0].strip() == LAST_MOVE_MARKER


def test_the_winning_line_is_starred_and_a_hint_marked() -> None:
    view = BoardView((X, X, X, O, O, _, _, _, _), tuple("123456789"), 2, frozenset({0, 1, 2}))
    assert drawn(view, 60, 28)[1].count(WINNING_MARKER) == 3
    hinted = BoardView((X, _, _, _, O, _, _, _, _), tuple("123456789"), hint=8)
    assert any(HINT_MARKER in line for line in drawn(hinted, 60, 28))
    assert HINT_MARKER in "".join(drawn(hinted, 15, 7))


def test_analysis_notes_are_written_in_the_empty_cells() -> None:
    notes = (None, CellNote("win in 2", "W2", "win"), *([None] * 7))
    view = BoardView((X, _, _, _, O, _, _, _, _), tuple("123456789"), notes=notes)
    assert "win in 2" in "".join(drawn(view, 60, 28))
    assert "W2" in "".join(drawn(view, 15, 7))


@pytest.mark.parametrize("cells", [4, 5])
@pytest.mark.parametrize("size", [(100, 32), (80, 24), (60, 20), (120, 40)])
def test_markers_never_touch_a_glyph_on_bigger_boards(cells: int, size: tuple[int, int]) -> None:
    """The last-move dot goes in a free row or a margin a column clear of the glyph; else the
    mark is underlined."""
    layout = screen_layout(Rules.of(cells), *size)
    assert layout is not None
    metrics = layout.board
    assert isinstance(metrics, BoardMetrics)
    marks = ("X", "O") * (cells * cells // 2) + ("X",) * (cells * cells % 2)
    view = BoardView(marks, ("",) * cells * cells, last_move=cells + 1)
    lines = BoardLines(metrics)
    text = "".join(run for y in range(lines.height) for run, _ in lines.line(view, y))
    if metrics.compact or not metrics.dot_fits:
        assert LAST_MOVE_MARKER not in text
        return
    assert text.count(LAST_MOVE_MARKER) == 1
    for y in range(lines.height):
        line = "".join(run for run, _ in lines.line(view, y))
        at = line.find(LAST_MOVE_MARKER)
        if at > 0:
            assert line[at - 1] == " ", f"the dot touches a glyph: {line!r}"


class BoardOnly(App[None]):
    def __init__(self, view: BoardView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        widget = BoardWidget()
        widget.view = self.view
        yield widget


async def test_the_widget_draws_again_only_the_lines_of_cells_that_changed() -> None:
    app = BoardOnly(VIEW._replace(playing=True))
    async with app.run_test(size=(60, 28)) as pilot:
        await pilot.pause()
        widget = app.query_one(BoardWidget)
        assert widget.cursor == 4  # the centre
        drawn_lines: list[int] = []
        draw = widget._draw_line

        def counted(y: int) -> object:
            drawn_lines.append(y)
            return draw(y)

        widget._draw_line = counted  # type: ignore[method-assign, assignment]
        widget.cursor = 5  # one cell to the right: same rows
        await pilot.pause()
        metrics = drawn_metrics(widget)
        assert metrics is not None
        assert 0 < len(set(drawn_lines)) <= metrics.cell_height + 2
        drawn_lines.clear()
        widget.view = widget.view._replace()  # the same view again: nothing drawn
        await pilot.pause()
        assert drawn_lines == []


async def test_the_widget_draws_anew_when_the_boards_change() -> None:
    """One big board, then Notakto's small boards, more of them, fewer, and one big board
    again: each view is drawn whole, the cursor on a board that is there."""
    app = BoardOnly(VIEW._replace(playing=True))
    async with app.run_test(size=(100, 28)) as pilot:
        await pilot.pause()
        widget = app.query_one(BoardWidget)
        for dead in ((False,), (False, False), (False, True, False), (False,)):
            cells = 9 * len(dead)
            marks = tuple("X" if cell % 9 == 4 else _ for cell in range(cells))
            labels = tuple("" if mark else str(1 + cell % 9) for cell, mark in enumerate(marks))
            widget.view = BoardView(marks, labels, playing=True, dead=dead, shape=Shape.BOARDS)
            await pilot.pause()
            fit = drawn_fit(widget)
            assert fit is not None and fit.boards == len(dead), dead
            assert widget.shown.dead == dead and not dead[widget.board_of_cursor]
        widget.view = VIEW._replace(playing=True)
        await pilot.pause()
        assert drawn_metrics(widget) is not None and widget.shown.marks == VIEW.marks


async def test_a_new_theme_draws_the_board_in_its_colours() -> None:
    """The board's colours are styled when first drawn, not with the widget: a theme chosen
    later repaints the board in the new theme's colours, as a board started in it has."""

    def colours(app: App[None]) -> set[object]:
        widget = app.query_one(BoardWidget)
        return {
            (segment.style.color, segment.style.bgcolor)
            for y in range(widget.content_size.height)
            for segment in widget.render_line(y)
            if segment.style is not None
        }

    app = BoardOnly(VIEW._replace(playing=True))
    async with app.run_test(size=(60, 28)) as pilot:
        await pilot.pause()
        dark = colours(app)
        app.theme = "textual-light"
        await pilot.pause()
        changed = colours(app)
    light = BoardOnly(VIEW._replace(playing=True))
    light.theme = "textual-light"
    async with light.run_test(size=(60, 28)) as pilot:
        await pilot.pause()
        assert changed == colours(light) != dark


async def test_clicks_find_their_cell_and_lines_find_none() -> None:
    app = BoardOnly(VIEW)
    async with app.run_test(size=(60, 28)) as pilot:
        await pilot.pause()
        widget = app.query_one(BoardWidget)
        metrics = drawn_metrics(widget)
        assert metrics is not None
        left, top = widget.origin()
        assert widget.cell_at(left + 2, top + 2) == 0
        assert widget.cell_at(left, top + 2) is None and widget.cell_at(0, 0) is None


@pytest.mark.parametrize("rows", [1, 2, 3, *range(4, MAX_GLYPH_ROWS + 1)])
def test_glyphs_are_rectangular_and_x_and_o_differ_in_shape(rows: int) -> None:
    for mark in Mark:
        lines = glyph(mark, rows)
        assert len(lines) == rows
        assert {len(line) for line in lines} == {glyph_width(rows)}
    assert glyph(Mark.X, rows) != glyph(Mark.O, rows)
    if rows >= 4:
        # X fills its corners, O leaves them empty: the shapes differ, not only the colours.
        assert glyph(Mark.X, rows)[0][0] != " " and glyph(Mark.O, rows)[0][0] == " "


def laid_out(cells: int, columns: int, rows: int) -> tuple[ScreenLayout, BoardMetrics] | None:
    """Where the panel goes beside or under a board of cells×cells, and the board's metrics."""
    layout = screen_layout(Rules.of(cells), columns, rows)
    if layout is None:
        return None
    assert isinstance(layout.board, BoardMetrics)
    return layout, layout.board


def test_the_layout_puts_the_panel_beside_a_big_board_and_under_a_narrow_one() -> None:
    wide = laid_out(3, 100, 32)
    assert wide is not None and wide[0].side_panel and wide[1].glyph_rows >= 7
    narrow = laid_out(3, 40, 15)
    assert narrow is not None and not narrow[0].side_panel and narrow[1].compact
    assert laid_out(3, 39, 15) is None and laid_out(3, 40, 14) is None


@pytest.mark.parametrize(("cells", "size"), [(3, (80, 24)), (4, (80, 24)), (5, (80, 24))])
def test_every_board_gets_real_glyphs_at_80_by_24(cells: int, size: tuple[int, int]) -> None:
    layout = laid_out(cells, *size)
    assert layout is not None and not layout[1].compact


def test_the_board_keeps_growing_on_a_big_terminal() -> None:
    small, big = laid_out(3, 100, 32), laid_out(3, 200, 60)
    assert small is not None and big is not None
    assert big[1].glyph_rows > small[1].glyph_rows + 6


def test_the_board_never_touches_the_panel() -> None:
    from nac.core import RULES
    from nac.present.game.metrics import SIDE_PANEL_WIDTH

    for rules in RULES:  # Notakto's small boards too
        for columns, rows in ((100, 32), (80, 24), (120, 40), (60, 20)):
            layout = screen_layout(rules, columns, rows)
            if layout is not None and layout.side_panel:
                room = columns - SIDE_PANEL_WIDTH
                assert layout.board.width + 2 * SIDE_MARGIN <= room, (rules, columns, rows)


async def test_the_game_draws_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR puts a filter over every segment drawn: each needs a style to filter."""
    from .helpers import make_app, press, settle

    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5", "t")
        await settle(pilot, app)
        picture = app.export_screenshot()
        assert "Noughts" in picture and app.is_running


CELL_SIZES = [
    (cells, size)
    for cells in (3, 4, 5)
    for size in ((100, 32), (80, 24), (60, 20), (40, 20), (15, 7), (21, 9))
    if board_metrics(cells, *size) is not None
]


@pytest.mark.parametrize(("cells", "size"), CELL_SIZES)
def test_the_winning_line_is_starred_on_every_size_of_cell(
    cells: int, size: tuple[int, int]
) -> None:
    """The star shows the winning line without colour (NO_COLOR, 16 colours) however small
    the cells: beside a small glyph, beside a compact board's letter."""
    metrics = board_metrics(cells, *size)
    assert metrics is not None
    line = frozenset(range(cells if cells == 3 else 4))  # the top row's first k cells
    marks = tuple(
        "X" if cell in line else ("O" if cell < 2 * cells else "") for cell in range(cells * cells)
    )
    view = BoardView(marks, ("",) * cells * cells, last_move=0, winning=line)
    board = BoardLines(metrics)
    text = "".join(run for y in range(board.height) for run, _ in board.line(view, y))
    assert text.count(WINNING_MARKER) == len(line)
