"""Ultimate in the app: the nine boards drawn as one grid at every size that holds it (the
9×9 board's lines where they fit, a letter a square where they do not), the squares the next
move may take shown, digits for the board then the square (one digit when the board is sent
to), clicks on every square, and what Ultimate does not offer said plainly."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from nac.core import ULTIMATE, Level, Mark, Mode, UltimateBoard, grid_cell
from nac.present.game import words
from nac.present.game.grid_lines import HERE, DenseGridLines, GridLines, TightGridLines
from nac.present.game.metrics import board_metrics
from nac.present.game.views import BoardView
from nac.present.learning import unsolved_lab_lines
from nac.ui.screens.lab import LabScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.keys_bar import KeysBar
from nac.ui.widgets.move_prompt import MovePrompt

from .helpers import board_widget, make_app, panel, press, scores, settle, until

WATCHED_MOVES = 400
"""Looks at a watched game at most, waiting for a board to be won."""


def drawn(app: object) -> str:
    widget = board_widget(app)  # type: ignore[arg-type]
    board = widget._board()
    assert board is not None
    return "\n".join(
        "".join(text for text, _ in board.line(widget.shown, y)) for y in range(board.height)
    )


@pytest.mark.parametrize(
    ("size", "drawing"),
    [
        ((80, 24), GridLines),
        ((60, 20), DenseGridLines),
        ((40, 15), TightGridLines),
        ((120, 40), GridLines),
    ],
)
async def test_the_grid_is_drawn_at_every_size_that_holds_it(
    size: tuple[int, int], drawing: type
) -> None:
    app = make_app(rules=ULTIMATE, level=Level.AVERAGE)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert isinstance(board_widget(app)._board(), drawing)
        empty = drawn(app)
        await press(pilot, "5", "5")  # board 5, then its centre: e5
        await settle(pilot, app)
        board = app.game.board
        assert isinstance(board, UltimateBoard) and board[grid_cell(4, 4)] is not None
        assert drawn(app) != empty and len(drawn(app).splitlines()) == len(empty.splitlines())
        assert " · board\u00a0" in panel(app).status  # where the move goes, with whose it is


async def test_at_40x15_the_tight_grid_shows_the_cursor_reversed_and_won_boards_whole() -> None:
    rows = ["XXX......", "OO.......", "........O", *["........."] * 6]
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot, app)
        app.game._board = UltimateBoard.parse("/".join(rows), "X")
        app.screen._update_views()  # type: ignore[attr-defined]
        await pilot.pause()
        widget = board_widget(app)
        lines = drawn(app).splitlines()
        assert [line[2:5] for line in lines[1:4]] == ["╲ ╱", " ╳ ", "╱ ╲"]  # board 1, won by X
        cursor = widget.cursor
        styles = [
            names
            for y in widget._board().rows_of(cursor)  # type: ignore[union-attr]
            for _, names in widget._board().line(widget.shown, y)  # type: ignore[union-attr]
        ]
        assert any(name.endswith(HERE) for name, _ in styles)  # the cursor's square
        assert widget._style(f"key{HERE}", "").reverse  # reversed: it shows without colours
        assert app.screen.query_one("#body").has_class("-narrow")


async def test_a_free_move_takes_the_board_then_the_square_and_a_sent_one_the_square() -> None:
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "5")  # the first move goes anywhere: 5 picks the centre board
        assert app.game.board.is_empty and panel(app).message == words.board_picked(5)
        await press(pilot, "1")  # its top-left square: d4, which sends O to board 1
        board = app.game.board
        assert isinstance(board, UltimateBoard) and board.forced == 0
        await press(pilot, "9")  # sent to board 1: one digit, its bottom-right square (c3)
        board = app.game.board
        assert isinstance(board, UltimateBoard) and board[grid_cell(2, 2)] is not None
        assert board.forced == 8  # c3 is board 1's ninth square: X goes to board 9
        assert board_widget(app).board_of_cursor == 8  # the cursor went there too


async def test_a_digit_naming_a_decided_board_says_so_and_plays_nothing() -> None:
    # X has won board 1 (its top row) and the move is free: board 1 takes no move
    rows = ["XXX......", "OO.......", "........O", *["........."] * 6]
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        app.game._board = UltimateBoard.parse("/".join(rows), "X")
        app.screen._update_views()  # type: ignore[attr-defined]
        await pilot.pause()
        await press(pilot, "1")
        assert panel(app).message == words.board_closed(1)
        assert panel(app).value("Boards won") == "X 1"  # the panel names the boards won
        inside = [  # board 1, between its heavy borders: one big X, no squares, no O
            line.split("┃")[1]
            for line in drawn(app).splitlines()[2:]
            if line.count("┃") >= 2 and not line.lstrip(" 0123456789").startswith("┣")
        ][:5]
        assert any(set(part) & set("▄▀█╲╱╳") for part in inside)
        assert not any(set(part) & set("│┼╭╮╰╯O") for part in inside)


def test_every_square_is_found_where_it_is_drawn() -> None:
    view = BoardView.of(UltimateBoard.empty(), name=str)
    metrics = board_metrics(9, 60, 30)
    assert metrics is not None
    for lines in (GridLines(metrics), DenseGridLines(), TightGridLines()):
        found = {
            lines.cell_at(x, y)
            for y in range(lines.height)
            for x in range(lines.width)
            if lines.cell_at(x, y) is not None
        }
        assert found == set(range(81))
        for cell in range(81):  # each square's lines hold its mark once it is played
            assert lines.rows_of(cell)
        assert all(len("".join(t for t, _ in lines.line(view, y))) == lines.width
                   for y in range(lines.height))  # fmt: skip
        letters = "".join(text for text, _ in lines.line(view, 0))
        first_row = min(lines.rows_of(grid_cell(0, 0)))
        for column, letter in enumerate("abcdefghi"):  # each letter over its column's squares
            x = letters.index(letter)
            assert any(
                lines.cell_at(x, y) == grid_cell(column, 0) for y in range(first_row, first_row + 3)
            ), (type(lines).__name__, letter)


async def test_a_game_is_played_to_its_end_and_what_is_not_offered_is_said() -> None:
    app = make_app(rules=ULTIMATE, level=Level.AVERAGE)
    rng = random.Random(4)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert "b Board" not in app.screen.query_one(KeysBar).text  # one board in Ultimate
        await press(pilot, "b")
        assert panel(app).message == words.one_board(app.game.rules)
        while not app.game.is_over:
            app.screen.play(rng.choice(app.game.board.legal_moves))  # type: ignore[attr-defined]
            await settle(pilot, app)
        assert app.game.outcome is not None
        assert sum(scores(app).values()) == 1  # counted, as every game is
        await press(pilot, "y")  # the lab takes Ultimate: a finished game has nothing to search
        lab = app.screen
        assert isinstance(lab, LabScreen)
        await until(pilot, lambda: not lab.searching, "the lab's search ended")
        verdict = str(lab.query_one("#lab-verdict", Static).render())
        assert verdict == unsolved_lab_lines.GAME_OVER


async def test_a_click_plays_the_square_under_it() -> None:
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        widget = app.screen.query_one(BoardWidget)
        lines = widget._board()
        assert lines is not None
        left, top = widget.origin()
        target = grid_cell(4, 4)
        x, y = next(
            (x, y)
            for y in range(lines.height)
            for x in range(lines.width)
            if lines.cell_at(x, y) == target
        )
        await pilot.click(BoardWidget, offset=(left + x, top + y))
        await pilot.pause()
        assert app.game.board[target] is not None


async def test_a_board_won_while_no_square_is_dotted_is_drawn_whole() -> None:
    """Watching, no square is dotted: a board won changes one square's look, yet its big mark
    covers every line of the board, and every one of them is drawn again."""
    app = make_app(rules=ULTIMATE, mode=Mode.WATCH, watch_levels=(Level.IDIOT, Level.IDIOT))
    app.pace.watch_gap = 0.01
    async with app.run_test(size=(80, 24)) as pilot:
        widget = board_widget(app)
        for _ in range(WATCHED_MOVES):
            await pilot.pause(0.05)
            if any(widget.shown.won) or app.game.board.is_over:
                break
        assert any(widget.shown.won)
        board = widget._board()
        assert board is not None
        left, top = widget.origin()
        for y in range(board.height):
            shown = "".join(segment.text for segment in widget.render_line(top + y))
            drawn_now = "".join(text for text, _ in board.line(widget.shown, y))
            assert shown[left:].rstrip() == drawn_now.rstrip()


async def test_a_taken_square_keeps_the_board_picked_for_the_next_digit() -> None:
    rows = ["........."] * 4 + ["....X....", "........O"] + ["........."] * 3
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        app.game._board = UltimateBoard.parse("/".join(rows), "X")  # the move is free
        app.screen._update_views()  # type: ignore[attr-defined]
        await pilot.pause()
        await press(pilot, "5", "5")  # board 5, then its centre: e5, X's already
        assert app.game.board[grid_cell(4, 4)] is Mark.X and len(app.game.moves) == 0
        await press(pilot, "1")  # still board 5: its top-left square, d4
        assert app.game.board[grid_cell(3, 3)] is Mark.X


async def test_the_game_over_panel_at_80x24_keeps_the_score_and_the_latest_moves() -> None:
    from nac.ui.widgets.panel import InfoPanel

    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    rng = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while not app.game.is_over:
            app.screen.play(rng.choice(app.game.board.legal_moves))  # type: ignore[attr-defined]
            await pilot.pause()
        await pilot.pause()
        info = app.screen.query_one(InfoPanel)
        shown = ["".join(run for run, _ in line) for line in info._lines]
        assert "Score" in shown and "Moves" in shown
        last = panel(app).moves[-1]
        assert any(line.endswith(last) for line in shown)


async def test_a_colon_typed_in_the_prompt_is_kept_a_board_and_its_square() -> None:
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await press(pilot, "colon", "5", "colon", "3")
        assert app.screen.query_one(MovePrompt).value == "5:3"  # as typed, the `:` kept
        await press(pilot, "enter")
        assert [move.cell for move in app.game.moves] == [grid_cell(5, 3)]  # board 5, key 3: f4
