"""The board widget draws what it is told, at every size, and the glyphs are well formed."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from nac.core import Mark
from nac.ui.glyphs import glyph, glyph_width
from nac.ui.metrics import MAX_GLYPH_ROWS, board_metrics, screen_layout
from nac.ui.views import BoardView
from nac.ui.widgets.board import LAST_MOVE_MARKER, WINNING_MARKER, BoardWidget

X, O, _ = "X", "O", ""  # noqa: E741 - the mark's name
VIEW = BoardView(
    marks=(X, _, O, _, X, _, O, _, _),
    labels=tuple("123456789"),
    last_move=6,
)


class BoardOnly(App[None]):
    def __init__(self, view: BoardView) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        widget = BoardWidget()
        widget.view = self.view
        yield widget


async def drawn(view: BoardView, size: tuple[int, int]) -> list[str]:
    app = BoardOnly(view)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return app.query_one(BoardWidget).render().plain.split("\n")


async def test_the_compact_board_draws_one_letter_per_cell_and_the_keys() -> None:
    lines = await drawn(VIEW, (13, 7))
    assert lines == [
        "┌───┬───┬───┐",
        "│ X │ 2 │ O │",
        "├───┼───┼───┤",
        "│ 4 │ X │ 6 │",
        "├───┼───┼───┤",
        "│ O │ 8 │ 9 │",
        "└───┴───┴───┘",
    ]


@pytest.mark.parametrize("size", [(58, 28), (40, 20), (31, 16), (80, 40)])
async def test_big_glyphs_sit_in_their_cells(size: tuple[int, int]) -> None:
    metrics = board_metrics(3, *size)
    assert metrics is not None and not metrics.compact
    lines = await drawn(VIEW, size)
    left = (size[0] - metrics.width) // 2
    top = (size[1] - metrics.height) // 2
    board = [line[left : left + metrics.width] for line in lines[top : top + metrics.height]]

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


async def test_the_winning_line_is_starred() -> None:
    view = BoardView((X, X, X, O, O, _, _, _, _), tuple("123456789"), 2, frozenset({0, 1, 2}))
    lines = await drawn(view, (58, 28))
    assert lines[1].count(WINNING_MARKER) == 3


async def test_nothing_is_drawn_where_no_board_fits() -> None:
    assert await drawn(VIEW, (12, 6)) == [""]


@pytest.mark.parametrize("rows", [1, 3, *range(4, MAX_GLYPH_ROWS + 1)])
def test_glyphs_are_rectangular_and_x_and_o_differ_in_shape(rows: int) -> None:
    for mark in Mark:
        lines = glyph(mark, rows)
        assert len(lines) == rows
        assert {len(line) for line in lines} == {glyph_width(rows)}
    assert glyph(Mark.X, rows) != glyph(Mark.O, rows)
    if rows >= 4:
        # X fills its corners, O leaves them empty: the shapes differ, not only the colours.
        assert glyph(Mark.X, rows)[0][0] != " " and glyph(Mark.O, rows)[0][0] == " "


def test_the_layout_puts_the_panel_beside_a_big_board_and_under_a_narrow_one() -> None:
    wide = screen_layout(3, 100, 32)
    assert wide is not None and wide.side_panel and wide.board.glyph_rows >= 7
    narrow = screen_layout(3, 40, 15)
    assert narrow is not None and not narrow.side_panel and narrow.board.compact
    assert screen_layout(3, 39, 15) is None and screen_layout(3, 40, 14) is None
