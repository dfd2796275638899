"""An independent brute-force model of 3×3 noughts and crosses, for checking the core.

It shares no code with `nac.core`: boards are 9-character strings, the lines are written out by
hand, and values come from plain memoised minimax without pruning, tables or symmetry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip
EMPTY = "........."


def winner(cells: str) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


def is_terminal(cells: str) -> bool:
    return winner(cells) is not None or "." not in cells


def to_move(cells: str, first: str = "X") -> str:
    second = "O" if first == "X" else "X"
    return first if cells.count(first) == cells.count(second) else second


def play(cells: str, cell: int, mark: str) -> str:
    assert cells[cell] == "."
    return cells[:cell] + mark + cells[cell + 1 :]


def reachable_positions(first: str = "X") -> set[str]:
    """Every position a game starting with `first` can reach, terminal ones included."""
    seen: set[str] = set()
    stack = [EMPTY]
    while stack:
        cells = stack.pop()
        if cells in seen:
            continue
        seen.add(cells)
        if is_terminal(cells):
            continue
        mark = to_move(cells, first)
        stack.extend(play(cells, i, mark) for i in range(9) if cells[i] == ".")
    return seen


def count_games() -> Counter[str]:
    """How many distinct move sequences end in each result ("X", "O" or "draw")."""

    @cache
    def games_from(cells: str) -> tuple[int, int, int]:
        won_by = winner(cells)
        if won_by == "X":
            return (1, 0, 0)
        if won_by == "O":
            return (0, 1, 0)
        if "." not in cells:
            return (0, 0, 1)
        mark = to_move(cells)
        totals = [0, 0, 0]
        for i in range(9):
            if cells[i] == ".":
                for slot, count in enumerate(games_from(play(cells, i, mark))):
                    totals[slot] += count
        return (totals[0], totals[1], totals[2])

    x, o, draws = games_from(EMPTY)
    return Counter({"X": x, "O": o, "draw": draws})


@cache
def value(cells: str, mark: str) -> tuple[int, int]:
    """(result, plies) for `mark` to move: result +1 win, 0 draw, -1 loss; plies to the end.

    Perfect play on both sides: the winner wins as fast as it can, the loser loses as slowly.
    """
    best: tuple[int, int] | None = None
    for i in range(9):
        if cells[i] != ".":
            continue
        candidate = move_value(cells, i, mark)
        if best is None or preference(candidate) > preference(best):
            best = candidate
    assert best is not None, f"{cells} is over"
    return best


def move_value(cells: str, cell: int, mark: str) -> tuple[int, int]:
    """(result, plies) for `mark` of playing `cell`, counting this move in the plies."""
    other = "O" if mark == "X" else "X"
    after = play(cells, cell, mark)
    if winner(after) == mark:
        return (1, 1)
    if "." not in after:
        return (0, 1)
    result, plies = value(after, other)
    return (-result, plies + 1)


def preference(result_plies: tuple[int, int]) -> tuple[int, int]:
    """Orders outcomes: fast wins first, then draws, then slow losses, then fast losses."""
    result, plies = result_plies
    if result > 0:
        return (2, -plies)
    if result == 0:
        return (1, 0)
    return (0, plies)


def non_terminal_positions(first: str = "X") -> Iterator[str]:
    return (cells for cells in sorted(reachable_positions(first)) if not is_terminal(cells))


def as_text(cells: str) -> str:
    """The core's text form: rows split by '/'."""
    return "/".join((cells[0:3], cells[3:6], cells[6:9]))
