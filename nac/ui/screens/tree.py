"""The game tree from a position (the lab's `t`), in Textual's Tree: each move with its value
with perfect play (win in N, draw, loss in N, for the side making it), the best moves starred
(`p` opens the principal line, best play to the end), and the moves alpha-beta cuts marked with
the bound that cut them (why, under the tree, for the move under the cursor; a best move
alpha-beta skipped reads "not searched", not "cut"). A move's replies are found when it is
opened, on a thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import NamedTuple

from textual import on, work
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from ...core import Position as AnyPosition
from ...engine import MoveValue, SearchStopped, Step, analyse, trace
from ...present.learning import lab_lines
from ...present.screen_commands import TREE_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.title_bar import TitleBar

TRACE_NODES = 300_000
"""How far the alpha-beta search whose cuts are shown goes (on 4×4 it is far from the end)."""


class Position(NamedTuple):
    """A node of the tree: the moves from the root, the board they make, and the value of the
    last move (None at the root, or where it is not known) and whether it is a best one."""

    line: tuple[int, ...]
    board: AnyPosition
    value: MoveValue | None = None
    best: bool = False


class TreeScreen(Screen[None]):
    """Walk the game tree from a position."""

    COMMAND_TABLE = TREE_COMMANDS
    HELP_TITLE = "The game tree"
    BINDINGS = bindings(TREE_COMMANDS)

    def __init__(self, board: AnyPosition, square: Callable[[int], str]) -> None:
        super().__init__()
        self.board = board
        self.square = square
        self.cuts: dict[tuple[int, ...], Step] = {}
        """Alpha-beta's cuts, by the line of the position where they happen."""
        self.traced_all = False
        self.following = False
        """Whether `p` is opening the best line (each node as its replies come)."""
        self.stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield TitleBar(lab_lines.TREE_TITLE, lab_lines.TREE_SHORT_TITLE, "Tree")
        tree: Tree[Position] = Tree(
            lab_lines.tree_root_line(self.board), data=Position((), self.board), id="game-tree"
        )
        yield tree
        yield Static("", id="tree-reason", markup=False)
        yield KeysBar(TREE_COMMANDS)

    def on_mount(self) -> None:
        tree = self.query_one(Tree)
        tree.focus()
        self._trace()
        self._open(tree.root)

    @work(thread=True, exclusive=True, group="trace")
    def _trace(self) -> None:
        cuts: dict[tuple[int, ...], Step] = {}
        for step in trace(self.board, node_limit=TRACE_NODES):
            if step.kind == "cut":
                cuts[step.line] = step
            if self.stop.is_set():
                return
        self.app.call_from_thread(self._traced, cuts)

    def _traced(self, cuts: dict[tuple[int, ...], Step]) -> None:
        self.cuts = cuts
        self.traced_all = True
        tree = self.query_one(Tree)
        self._relabel(tree.root)
        self._show_reason(tree.cursor_node)

    @on(Tree.NodeExpanded)
    def _expanded(self, expanded: Tree.NodeExpanded[Position]) -> None:
        node = expanded.node
        if not node.children:
            self._open(node)

    @work(thread=True, group="values")
    def _open(self, node: TreeNode[Position]) -> None:
        position = _data(node)
        if position.board.is_over:
            return
        try:
            values = analyse(position.board, stop=self.stop)
        except SearchStopped:
            return
        self.app.call_from_thread(self._replies_found, node, values)

    def _replies_found(self, node: TreeNode[Position], values: dict[int, MoveValue]) -> None:
        position = _data(node)
        best = max((value.score for value in values.values()), default=None)
        for cell in position.board.legal_moves:
            value = values.get(cell)
            board = position.board.play(cell)
            is_best = value is not None and value.score == best
            child = Position((*position.line, cell), board, value, is_best)
            label = self._label(position, child)
            if board.is_over:
                node.add_leaf(label, data=child)
            else:
                node.add(label, data=child)
        node.expand()
        if self.following:
            self._follow_best(node)

    def _cut(self, parent: Position, child: Position) -> Step | None:
        """The cut that skipped `child`'s move, if alpha-beta skipped it."""
        cut = self.cuts.get(parent.line)
        return cut if cut is not None and child.line[-1] in cut.cut else None

    def _label(self, parent: Position, child: Position) -> str:
        return lab_lines.tree_label(
            mover=parent.board.to_move,
            square=self.square(child.line[-1]),
            value=child.value,
            best=child.best,
            cut=self._cut(parent, child) is not None,
            board=self.board,
        )

    def _relabel(self, node: TreeNode[Position]) -> None:
        """Labels again, once the cuts are known."""
        for child in node.children:
            child.set_label(self._label(_data(node), _data(child)))
            self._relabel(child)

    @on(Tree.NodeHighlighted)
    def _highlighted(self, highlighted: Tree.NodeHighlighted[Position]) -> None:
        self._show_reason(highlighted.node)

    def _show_reason(self, node: TreeNode[Position] | None) -> None:
        """Why alpha-beta skipped the move under the cursor (nothing if it did not)."""
        said = ""
        if node is not None and node.parent is not None:
            child = _data(node)
            cut = self._cut(_data(node.parent), child)
            if cut is not None:
                said = lab_lines.cut_reason(cut, self.board, best=child.best)
        reason = self.query_one("#tree-reason", Static)
        reason.update(said)
        reason.display = bool(said)

    def action_principal(self) -> None:
        """Open the best line, move after move, to the end (each move's replies found as it
        opens)."""
        self.following = True
        self._follow_best(self.query_one(Tree).root)

    def _follow_best(self, node: TreeNode[Position]) -> None:
        if not node.children:
            node.expand()  # its replies come in `_replies_found`, which follows on
            return
        best = next(
            (child for child in node.children if lab_lines.BEST_MARK in str(child.label)), None
        )
        if best is None:
            self.following = False
            return
        tree = self.query_one(Tree)
        tree.call_after_refresh(tree.move_cursor, best)  # once its line is laid out
        if best.allow_expand:
            self._follow_best(best)
        else:
            self.following = False

    def action_noop(self) -> None:
        """The Tree's own keys do the work (listed for the footer)."""

    def action_close(self) -> None:
        self.stop.set()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.stop.set()


def _data(node: TreeNode[Position]) -> Position:
    data = node.data
    assert data is not None
    return data
