"""The lab's table and sentences, for the app's lab screen and `nac --plain --lab`: pure, no
Textual. One row per technique: the nodes visited, the positions stored, the branches cut,
the time, the value and the move chosen."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Board
from ..engine.lab import Census, Searched, Technique, agree

TITLE = "How Genius searches this position"
COLUMNS = ("technique", "nodes", "stored", "cut", "time", "value", "move")
TECHNIQUE_NAMES = {
    Technique.MINIMAX: "minimax",
    Technique.ALPHA_BETA: "+ alpha-beta",
    Technique.ORDERING: "+ move ordering",
    Technique.TABLE: "+ transposition table",
    Technique.SYMMETRY: "+ symmetry",
}
"""Each technique with all those above it."""
SEARCHING = "searching…"


def seconds_text(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def row(result: Searched, square: Callable[[int], str]) -> tuple[str, ...]:
    """A technique's row of COLUMNS."""
    if result.stopped:
        value, move = f"stopped after {result.nodes:,} nodes", ""
    else:
        value = str(result.value) if result.value is not None else "game over"
        move = square(result.move) if result.move is not None else ""
    return (
        TECHNIQUE_NAMES[result.technique],
        f"{result.nodes:,}",
        f"{result.stored:,}",
        f"{result.cuts:,}",
        seconds_text(result.seconds),
        value,
        move,
    )


def pending_row(technique: Technique) -> tuple[str, ...]:
    return (TECHNIQUE_NAMES[technique], "", "", "", "", SEARCHING, "")


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
        return f"The whole game from here has more than {whole.nodes:,} nodes."
    return (
        f"The whole game from here: {whole.nodes:,} nodes, {whole.games:,} games, "
        f"{whole.positions:,} positions ({whole.symmetric:,} up to symmetry)."
    )


def table_text(rows: list[tuple[str, ...]]) -> list[str]:
    """The rows under COLUMNS, aligned (numbers to the right), as lines of text."""
    table = [COLUMNS, *rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
    lines = []
    for line in table:
        cells = [
            cell.ljust(width) if i in (0, 5, 6) else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def plain_lab(
    board: Board,
    results: tuple[Searched, ...],
    whole: Census,
    square: Callable[[int], str],
) -> str:
    """`nac --plain --lab POSITION`: the table, as plain text to paste into a report."""
    mover = "nobody" if board.is_over else str(board.to_move)
    head = f"{TITLE}: {board} ({mover} to move)"
    body = table_text([row(result, square) for result in results])
    rule = "-" * max(len(line) for line in body)
    return "\n".join(
        [head, rule, body[0], rule, *body[1:], rule, verdict(results), census_line(whole)]
    )
