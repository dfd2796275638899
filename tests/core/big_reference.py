"""An independent solver for small endgames on any board: plain memoised negamax over tuples,
win / draw / loss only. It shares no code with `nac.core` (lines are listed here afresh)."""

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


@cache
def lines_through(size: int, length: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(line for line in lines(size, length) if cell in line) for cell in range(size * size)
    )


def completes(cells: tuple[str, ...], cell: int, mark: str, size: int, length: int) -> bool:
    """Whether `mark`, just played on `cell`, completes a line through it."""
    return any(all(cells[i] == mark for i in line) for line in lines_through(size, length)[cell])


def winner(cells: tuple[str, ...], size: int, length: int) -> str | None:
    for line in lines(size, length):
        first = cells[line[0]]
        if first != "." and all(cells[i] == first for i in line):
            return first
    return None


@cache
def value(cells: tuple[str, ...], mover: str, size: int, length: int) -> int:
    """+1 if `mover` (to move) wins with perfect play, 0 for a draw, -1 if it loses."""
    other = "O" if mover == "X" else "X"
    best = -1
    empty = [i for i, mark in enumerate(cells) if mark == "."]
    if not empty:
        return 0
    for cell in empty:
        after = (*cells[:cell], mover, *cells[cell + 1 :])
        if completes(after, cell, mover, size, length):
            return 1
        result = 0 if len(empty) == 1 else -value(after, other, size, length)
        if result > best:
            best = result
            if best == 1:
                break
    return best


def move_value(cells: tuple[str, ...], cell: int, mover: str, size: int, length: int) -> int:
    other = "O" if mover == "X" else "X"
    after = (*cells[:cell], mover, *cells[cell + 1 :])
    if completes(after, cell, mover, size, length):
        return 1
    if "." not in after:
        return 0
    return -value(after, other, size, length)
