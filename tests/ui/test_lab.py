"""Pilot tests of the lab: `y` from the empty board shows the five techniques with the textbook
figures and their agreement; on 4×4 the slow ones stop at their limit and say so while the
screen answers keys; the tree walks to a leaf and shows the moves alpha-beta cuts; the search
goes step by step on the board; on Ultimate the techniques of an unsolved game show their
estimates side by side, said to be estimates, and `space` stops them."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import DataTable, Static, Tree
from textual.widgets.tree import TreeNode

from nac.core import ULTIMATE, Board, Mode, NotaktoBoard, Rules
from nac.engine import Technique, position_value
from nac.present.learning import lab_lines
from nac.ui.screens.lab import LabScreen
from nac.ui.screens.steps import StepsScreen
from nac.ui.screens.tree import TreeScreen
from nac.ui.widgets.board import BoardWidget
from nac.ui.widgets.keys_bar import KeysBar
from nac.ui.widgets.puzzle_panel import PuzzlePanel

from .helpers import make_app, press, until


def rows(screen: LabScreen) -> list[list[str]]:
    table = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def test_on_a_narrow_terminal_the_lab_keeps_nodes_value_and_move() -> None:
    app = make_app()
    async with app.run_test(size=(40, 15)) as pilot:
        await press(pilot, "y")
        screen = app.screen
        assert isinstance(screen, LabScreen)
        await until(pilot, lambda: screen.whole is not None, "the searches")
        table = rows(screen)
        assert table[0] == ["minimax", "549,946", "draw", "1"]
        assert table[1][0] == "+ α-β"


async def test_the_lab_on_the_empty_board_shows_the_textbook_figures_and_agreement() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "y")
        screen = app.screen
        assert isinstance(screen, LabScreen)
        await until(pilot, lambda: screen.whole is not None, "the searches and the census")
        table = rows(screen)
        assert [row[0] for row in table] == [
            "minimax", "+ alpha-beta", "+ move ordering", "+ transposition table", "+ symmetry",
        ]  # fmt: skip
        assert table[0][1] == "549,946" and {row[5] for row in table} == {"draw"}
        verdict = str(screen.query_one("#lab-verdict", Static).render())
        census = str(screen.query_one("#lab-census", Static).render())
        assert verdict.startswith("All five agree: draw")
        assert "255,168 games, 5,478 positions (765 up to symmetry)" in census
        await press(pilot, "escape")
        assert not isinstance(app.screen, LabScreen)


async def test_on_4x4_the_slow_techniques_stop_at_their_limit_and_keys_still_work() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(100, 32)) as pilot:
        position = Board.parse("XO../.X../..O./....")  # X to move; the fast ones finish
        app.push_screen(LabScreen(position, app.game.square_name, node_limit=30_000))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LabScreen)
        await until(pilot, lambda: screen.whole is not None, "every technique done or stopped")
        table = rows(screen)
        assert [(row[1], row[5]) for row in table[:3]] == [("30,000", "stopped")] * 3
        assert table[3][5] == table[4][5] == str(position_value(position))
        assert "The 2 that finished agree" in str(screen.query_one("#lab-verdict", Static).render())
        assert "3 stopped at the node limit" in str(
            screen.query_one("#lab-verdict", Static).render()
        )
        app.pop_screen()
        app.push_screen(LabScreen(app.game.board, app.game.square_name))  # 2,000,000 nodes
        await pilot.pause()
        searching = app.screen
        assert isinstance(searching, LabScreen) and searching.searching
        await press(pilot, "space")  # answered while the search runs: it stops
        await until(pilot, lambda: not searching.searching, "the stop")
        assert "stopped" in str(searching.query_one("#lab-verdict", Static).render()).lower()


async def test_the_tree_walks_to_a_leaf_and_shows_the_moves_alpha_beta_cuts() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "5", "y")  # after X's centre, Genius has answered: X to move
        lab = app.screen
        assert isinstance(lab, LabScreen)
        await press(pilot, "t")
        screen = app.screen
        assert isinstance(screen, TreeScreen)
        tree: Tree[object] = screen.query_one(Tree)
        await until(pilot, lambda: bool(tree.root.children) and screen.traced_all, "the moves")
        labels = [str(child.label) for child in tree.root.children]
        assert len(labels) == 7 and all(" · " in label for label in labels)
        assert any("★" in label for label in labels)
        for child in tree.root.children:  # the replies to each move: alpha-beta cuts some
            child.expand()
        await until(pilot, lambda: all(c.children for c in tree.root.children), "the replies")
        cut = [str(n.label) for n in _walk(tree.root) if "✂" in str(n.label)]
        assert cut and all(label.endswith(lab_lines.CUT) for label in cut)
        await press(pilot, "p")  # the principal line, opened to the end
        await until(pilot, lambda: _leaf_selected(tree), "a leaf of the best line")
        assert "draw" in str(tree.cursor_node.label if tree.cursor_node else "")


async def test_the_trees_first_line_fits_40_columns_on_4x4() -> None:
    app = make_app(rules=Rules.of(4))
    async with app.run_test(size=(40, 15)) as pilot:
        await press(pilot, "y", "t")
        screen = app.screen
        assert isinstance(screen, TreeScreen)
        tree: Tree[object] = screen.query_one(Tree)
        root = str(tree.root.label)
        assert "4×4" in root and cell_len(root) + 4 <= tree.scrollable_content_region.width


async def test_a_best_move_alpha_beta_skips_reads_not_searched_and_its_whole_reason_shows() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5", "y", "t")  # X on 5, Genius answered: X to move
        screen = app.screen
        assert isinstance(screen, TreeScreen)
        tree: Tree[object] = screen.query_one(Tree)
        await until(pilot, lambda: bool(tree.root.children) and screen.traced_all, "the moves")
        for child in tree.root.children:
            child.expand()
        await until(pilot, lambda: all(c.children for c in tree.root.children), "the replies")
        nodes = _walk(tree.root)
        skipped = [n for n in nodes if lab_lines.NOT_SEARCHED in str(n.label)]
        assert skipped, "a best move alpha-beta did not search"
        for node in skipped:  # a best move: said so, not "cut"
            assert lab_lines.BEST_MARK in str(node.label)
            assert lab_lines.CUT_MARK not in str(node.label)
        cut = next(n for n in nodes if str(n.label).endswith(lab_lines.CUT))
        for node, opening in ((skipped[0], "★ Best, yet not searched:"), (cut, "✂ cut by")):
            tree.move_cursor(node)
            await pilot.pause()
            reason = screen.query_one("#tree-reason", Static)
            said = " ".join(_shown(reason))
            assert said.startswith(opening) and "the bound β" in said
            assert said.endswith("."), "the whole reason shows, not its first 80 columns"
            assert reason.region.bottom <= screen.query_one(KeysBar).region.y
        tree.move_cursor(tree.root)
        await pilot.pause()
        assert not screen.query_one("#tree-reason", Static).display  # nothing was skipped


def _shown(widget: Static) -> list[str]:
    """The lines `widget` shows on the screen, each stripped."""
    return [
        "".join(segment.text for segment in strip).strip()
        for strip in widget.render_lines(widget.region.reset_offset)
    ]


def _walk(node: TreeNode[object]) -> list[TreeNode[object]]:
    found = list(node.children)
    for child in node.children:
        found += _walk(child)
    return found


def _leaf_selected(tree: Tree[object]) -> bool:
    node = tree.cursor_node
    return node is not None and not node.allow_expand and node is not tree.root


async def test_the_search_goes_step_by_step_on_the_board() -> None:
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "5", "y", "s")
        screen = app.screen
        assert isinstance(screen, StepsScreen)
        board = screen.query_one(BoardWidget)
        marks_before = sum(1 for mark in board.view.marks if mark)
        await press(pilot, "right")
        assert sum(1 for mark in board.view.marks if mark) == marks_before + 1
        said = screen.query_one(PuzzlePanel).text
        assert said[1] == f"Step 1 of {len(screen.steps):,}" and said[2].startswith("Tries X on")
        for _ in range(40):
            await pilot.press("right")
        await pilot.pause()
        kinds = {step.kind for step in screen.steps[: screen.at]}
        assert {"try", "value"} <= kinds
        await press(pilot, "home")
        assert screen.at == 0


async def test_on_ultimate_the_lab_shows_each_techniques_estimate_side_by_side() -> None:
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "5", "5")  # X on e5: O is sent to the centre board
        board = app.game.board
        app.push_screen(LabScreen(board, app.game.square_name, node_limit=4_000, simulations=200))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LabScreen) and screen.unsolved
        await until(pilot, lambda: not screen.searching, "the four techniques")
        table = rows(screen)
        assert [row[0] for row in table] == [
            "minimax", "+ alpha-beta", "+ move ordering", "Monte Carlo (Genius)",
        ]  # fmt: skip
        assert [row[1] for row in table] == ["4,000 nodes"] * 3 + ["200 games"]
        depths = [int(row[2]) for row in table[:3]]
        assert depths[0] < depths[1] and table[3][2] == ""
        assert table[3][4].endswith("% won")
        names = {app.game.square_name(cell) for cell in board.legal_moves}
        assert {row[5] for row in table} <= names  # each picks a move the rules allow
        note = str(screen.query_one("#lab-note", Static).render())
        verdict = str(screen.query_one("#lab-verdict", Static).render())
        assert note.startswith("Estimates, not values: Ultimate is not solved.")
        assert verdict.startswith(f"Within 4,000 nodes each, minimax looks {depths[0]} moves")
        keys = screen.query_one(KeysBar).text
        assert "Tree" not in keys and "Step" not in keys  # both search to the game's end


async def test_y_opens_the_lab_on_an_ultimate_game_and_space_stops_a_long_search() -> None:
    app = make_app(rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    async with app.run_test(size=(60, 20)) as pilot:
        await press(pilot, "y")  # Ultimate's own budgets: a few seconds at most
        opened = app.screen
        assert isinstance(opened, LabScreen) and opened.unsolved
        position = str(opened.query_one("#lab-position", Static).render())
        assert position == "Ultimate · move 1 · X to move anywhere"
        await until(pilot, lambda: not opened.searching, "the four techniques")
        await press(pilot, "escape")
        long = LabScreen(app.game.board, app.game.square_name, node_limit=10**9)
        app.push_screen(long)
        await pilot.pause()
        assert long.searching
        await press(pilot, "space")  # answered while minimax runs: it stops, the rest never run
        await until(pilot, lambda: not long.searching, "the stop")
        verdict = str(long.query_one("#lab-verdict", Static).render())
        assert verdict == lab_lines.STOPPED_VERDICT
        table = rows(long)
        assert table[0][1] != "1,000,000,000 nodes"  # minimax: the nodes it had searched
        assert all(lab_lines.STOPPED in row for row in table[1:])  # the others: not run
        await press(pilot, "escape")
        assert not isinstance(app.screen, LabScreen)


async def test_on_three_notakto_boards_the_fast_techniques_show_first_and_space_shows() -> None:
    app = make_app(rules=Rules.notakto(3))
    async with app.run_test(size=(40, 15)) as pilot:
        position = NotaktoBoard.parse(".../.X./... .../X../... .../.../...")
        screen = LabScreen(position, app.game.square_name)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.searching
        assert "space" in screen.query_one(KeysBar).text  # how to stop, at 40 columns
        await until(pilot, lambda: bool(screen.results), "the first technique")
        assert screen.results[0].technique is Technique.SYMMETRY
        assert not screen.results[0].stopped  # its row has a value while minimax runs
        symmetry = rows(screen)[-1]
        assert lab_lines.SEARCHING not in symmetry and lab_lines.SEARCHING in rows(screen)[0]
        await press(pilot, "space")
        await until(pilot, lambda: not screen.searching, "the stop")
