"""The lab's table and sentences, for the app's lab screen and `nac --plain --lab`: pure, no
Textual. One row per technique: the nodes visited, the positions stored, the branches cut,
the time, the value and the move chosen."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len

from ...core import Mark, Position
from ...engine import Census, MoveValue, Result, Searched, Step, Technique, agree
from ...engine.values import value_of
from ..names import capitalised, counted, rules_label, rules_name, side_label
from ..panel_lines import table_text

TITLE = "How Genius searches this position"
COLUMNS = ("technique", "nodes", "stored", "cut", "time", "value", "move")
SHORT_NAMES = {
    Technique.MINIMAX: "minimax",
    Technique.ALPHA_BETA: "+ α-β",
    Technique.ORDERING: "+ ordering",
    Technique.TABLE: "+ table",
    Technique.SYMMETRY: "+ symmetry",
}
"""The same, where the terminal is narrow."""
NUMBERS = (1, 2, 3, 4)
"""The columns of numbers (aligned to the right)."""
NARROW_COLUMNS = (0, 1, 5, 6)
"""Where the whole table does not fit: technique, nodes, value and move."""
PADDING = 2
"""Columns a table puts around each of its cells."""
TECHNIQUE_NAMES = {
    technique: ("" if technique is Technique.MINIMAX else "+ ") + technique.value
    for technique in Technique
}
"""Each technique with all those above it: "minimax", "+ alpha-beta", ... "+ symmetry"."""
SEARCHING = "searching…"
STOPPED = "stopped"
STOPPED_VERDICT = "Stopped: the searches still running were stopped."


def position_line(board: Position) -> str:
    """The position searched: its board, the rules it is searched by, and who is to move."""
    rules = board.rules
    if board.is_over:
        return f"{board}: the game is over ({rules_name(rules)})"
    return f"{board} · {rules_name(rules)} · {side_named(board, board.to_move)} to move"


def side_named(board: Position, mark: Mark) -> str:
    """A side of the search from `board`: its mark, or where the marks are shared (Notakto:
    both play X) the player by turn, "player 1" for the side that moved first."""
    if not board.rules.shares_marks:
        return str(mark)
    first = board.to_move if board.mark_count % 2 == 0 else board.to_move.other
    by_turn = Mark.X if mark is first else Mark.O  # the seat that moves first names "1"
    return f"player {side_label(board.rules, by_turn)}"


def tree_root_line(board: Position) -> str:
    """The tree's root: the board and its rules in fewest words (the moves under it say who is
    to move), so that it fits 40 columns where a tree's line cannot wrap."""
    return f"{board} · {rules_label(board.rules)}"


def seconds_text(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def columns_for(
    width: int,
    rows: list[tuple[str, ...]],
    columns: tuple[str, ...] = COLUMNS,
    narrow: tuple[int, ...] = NARROW_COLUMNS,
) -> tuple[int, ...]:
    """The columns (indices into `columns`) whose widest cells (of `rows`) fit `width`: every
    one, or the `narrow` table's."""
    everything = tuple(range(len(columns)))
    need = sum(
        max(cell_len(text) for text in (columns[i], *(cells[i] for cells in rows))) + PADDING
        for i in everything
    )
    return everything if need <= width else narrow


def row(result: Searched, square: Callable[[int], str], *, short: bool = False) -> tuple[str, ...]:
    """A technique's row of COLUMNS (`short`: its short name)."""
    if result.stopped:  # its nodes say where: the limit
        value, move = STOPPED, ""
    else:
        value = str(result.value) if result.value is not None else "game over"
        move = square(result.move) if result.move is not None else ""
    return (
        (SHORT_NAMES if short else TECHNIQUE_NAMES)[result.technique],
        f"{result.nodes:,}",
        f"{result.stored:,}",
        f"{result.cuts:,}",
        seconds_text(result.seconds),
        value,
        move,
    )


def pending_row(
    technique: Technique, state: str = SEARCHING, *, short: bool = False
) -> tuple[str, ...]:
    """A technique not run yet: `state` is SEARCHING, or STOPPED once the searches are."""
    return ((SHORT_NAMES if short else TECHNIQUE_NAMES)[technique], "", "", "", "", state, "")


def verdict(results: tuple[Searched, ...]) -> str:
    """What the techniques found together."""
    finished = [result for result in results if not result.stopped]
    stopped = len(results) - len(finished)
    if not finished:
        return "No technique finished within its node limit."
    if not agree(results):
        return "The techniques disagree: this is a bug, please report it."
    value = finished[0].value
    found = "the game is over" if value is None else f"{value} for the side to move"
    agreed = "All five agree" if not stopped else f"The {len(finished)} that finished agree"
    moves = {result.move for result in finished}
    equal = (
        " (each picks the first of equally good moves in its own order)" if len(moves) > 1 else ""
    )
    limit = f"; {stopped} stopped at the node limit instead of running for hours" if stopped else ""
    return f"{agreed}: {found}{equal}{limit}."


def census_line(whole: Census) -> str:
    """The whole game from here: "549,946 nodes, 255,168 games, 5,478 positions (765 up to
    symmetry)"."""
    if whole.stopped:
        return f"The whole game from here has more than {counted(whole.nodes, 'node')}."
    return (
        f"The whole game from here: {counted(whole.nodes, 'node')}, "
        f"{counted(whole.games, 'game')}, {counted(whole.positions, 'position')} "
        f"({whole.symmetric:,} up to symmetry)."
    )


def plain_lab(
    board: Position,
    results: tuple[Searched, ...],
    whole: Census,
    square: Callable[[int], str],
) -> str:
    """`nac --plain --lab POSITION`: the table, as plain text to paste into a report."""
    body = table_text([row(result, square) for result in results], COLUMNS, NUMBERS)
    return ruled(f"{TITLE}: {position_line(board)}", body, verdict(results), census_line(whole))


def ruled(head: str, body: list[str], *after: str) -> str:
    """A table's lines (`table_text`) as plain text under `head`, ruled off, then `after`."""
    rule = "-" * max(len(line) for line in body)
    return "\n".join([head, rule, body[0], rule, *body[1:], rule, *after])


# -- the search, step by step ------------------------------------------------------------------


def step_sentence(step: Step, board: Position, square: Callable[[int], str]) -> str:
    """What a step of alpha-beta from `board` does, in words: "Tries X on 5.", "X on 5 is
    worth a draw for X.", "Cuts 3, 7: ..." (why those moves need no search); in Notakto the
    sides are "player 1" and "player 2"."""
    depth = len(step.line)
    root = board.to_move
    mover = side_named(board, root if depth % 2 == 1 else root.other)
    if step.kind == "try":
        return f"Tries {mover} on {square(step.line[-1])} (depth {depth})."
    if step.kind == "value":
        worth = _worth(board.cell_count, step.score, board.mark_count + depth - 1)
        return f"{capitalised(mover)} on {square(step.line[-1])} is worth {worth} for {mover}."
    cut = ", ".join(square(cell) for cell in step.cut)
    return f"Cuts {cut}: {_why_cut(step, board)}: the other moves cannot change the result."


def _why_cut(cut: Step, board: Position) -> str:
    """Why alpha-beta needs no more moves at the position `cut.line` leads to from `board`."""
    to_move = board.to_move if len(cut.line) % 2 == 0 else board.to_move.other
    side, other = side_named(board, to_move), side_named(board, to_move.other)
    cells, marks = board.cell_count, board.mark_count + len(cut.line)
    worth, bound = _worth(cells, cut.score, marks), _worth(cells, cut.bound, marks)
    return (
        f"{side} already has a move worth {worth} here, and {other} can hold {side} to {bound} "
        f"(the bound β) by playing elsewhere before this, so {other} will not come here"
    )


def _worth(cells: int, score: int | None, marks: int) -> str:
    """A score at a position with `marks` marks, in words: "a draw", "a win in 2"; a bound
    from a line that ends sooner than any from here (0 moves away or fewer): "a loss"."""
    if score is None:
        return "nothing known"
    value = value_of(cells, score, marks)
    if value.result is Result.DRAW:
        return "a draw"
    if value.plies is not None and value.plies < 1:
        return f"a {value.result.value}"
    return f"a {value}"


# -- the tree ----------------------------------------------------------------------------------

TREE_TITLE = "The game tree · each move's value with perfect play · ★ best · ✂ cut by alpha-beta"
TREE_SHORT_TITLE = "The game tree · ★ best · ✂ cut by alpha-beta"
BEST_MARK = "★"
CUT_MARK = "✂"
CUT = f"{CUT_MARK} cut"
"""After a move alpha-beta cut (why, under the tree: `cut_reason`)."""
NOT_SEARCHED = "not searched"
"""After a best move alpha-beta did not search (a move before it was good enough): not "cut",
which would read as a bad move."""


def tree_label(
    *,
    mover: Mark,
    square: str,
    value: MoveValue | None,
    best: bool,
    cut: bool,
    board: Position,
) -> str:
    """A move in the tree from `board`: "X on 5 · draw ★", "O on 3 · loss in 2 ✂ cut", a best
    move alpha-beta skipped "O on 9 · draw ★ not searched" (in Notakto "player 1 on 1:5")."""
    worth = "value not known" if value is None else str(value)
    label = f"{side_named(board, mover)} on {square} · {worth}"
    if best:
        label += f" {BEST_MARK}"
    if cut:
        label += f" {NOT_SEARCHED if best else CUT}"
    return label


def cut_reason(cut: Step, board: Position, *, best: bool) -> str:
    """Why alpha-beta did not search a move at the position `cut.line` leads to from `board`
    (shown under the tree for the move under the cursor, wrapped to the width)."""
    why = _why_cut(cut, board)
    if best:
        return (
            f"{BEST_MARK} Best, yet not searched: {why}. A move before it was good enough; "
            "this one is skipped for that, not for being worse."
        )
    return f"{CUT} by alpha-beta: {why}: this move cannot change the result."


# -- step by step ------------------------------------------------------------------------------

STEPS_TITLE = "Alpha-beta, step by step"
STEPS_HEADING = "Alpha-beta search, moves in order: centre, corners, edges"
STEPS_START = (
    "The search tries each move in turn, goes down to the end of the game, and backs the "
    "values up; where a move is already good enough that the side above would never allow it, "
    "the rest are cut. → takes a step."
)


def step_count(at: int, total: int, more: bool) -> str:
    """ "Step 12 of 100", "Step 12 of the first 20,000" where the search goes on."""
    of = f"the first {total:,}" if more else f"{total:,}"
    return f"Step {at:,} of {of}"
