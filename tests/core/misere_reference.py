"""An independent model of misère (a line of your own loses) on n×n boards, for checking the
core and Genius. It shares no code with `nac`: positions are tuples of "X", "O" and ".", the
lines are listed here afresh, and values come from plain memoised minimax without pruning,
tables or symmetry."""

from __future__ import annotations

from functools import cache


@cache
def lines(size: int, length: int) -> tuple[tuple[int, ...], ...]:
    found = []
    for row in range(size):
        for column in range(size):
            for d_row, d_column in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + d_row * i, column + d_column * i) for i in range(length)]
                if all(0 <= r < size and 0 <= c < size for r, c in cells):
                    found.append(tuple(r * size + c for r, c in cells))
    return tuple(found)


def makes_a_line(cells: tuple[str, ...], cell: int, mark: str, size: int, length: int) -> bool:
    """Whether `mark`, just played on `cell`, has a whole line through it (and so loses)."""
    return any(cell in line and all(cells[i] == mark for i in line) for line in lines(size, length))


def loser(cells: tuple[str, ...], size: int, length: int) -> str | None:
    """The side holding a whole line: in misère, the side that lost."""
    for line in lines(size, length):
        first = cells[line[0]]
        if first != "." and all(cells[i] == first for i in line):
            return first
    return None


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def played(cells: tuple[str, ...], cell: int, mark: str) -> tuple[str, ...]:
    assert cells[cell] == "."
    return (*cells[:cell], mark, *cells[cell + 1 :])


@cache
def value(cells: tuple[str, ...], mover: str, size: int, length: int) -> tuple[int, int]:
    """(result, plies) for `mover`: +1 win, 0 draw, -1 loss, and the plies to the end with the
    winner as fast and the loser as slow as they can."""
    best: tuple[int, int] | None = None
    for cell in range(len(cells)):
        if cells[cell] == ".":
            candidate = move_value(cells, cell, mover, size, length)
            if best is None or preference(candidate) > preference(best):
                best = candidate
    assert best is not None
    return best


def move_value(
    cells: tuple[str, ...], cell: int, mover: str, size: int, length: int
) -> tuple[int, int]:
    """(result, plies) for `mover` of playing `cell`, this move counted in the plies."""
    after = played(cells, cell, mover)
    if makes_a_line(after, cell, mover, size, length):
        return (-1, 1)
    if "." not in after:
        return (0, 1)
    result, plies = value(after, other(mover), size, length)
    return (-result, plies + 1)


def preference(result_plies: tuple[int, int]) -> tuple[int, int]:
    """Fast wins first, then draws, then slow losses, then fast losses."""
    result, plies = result_plies
    if result > 0:
        return (2, -plies)
    if result == 0:
        return (1, 0)
    return (0, plies)
