"""Average's rules of thumb for noughts and crosses (a line wins), and the moves no level passes
by: a win at once, else a block of one (`urgent_cells`, which Clever plays even where Genius,
lost anyway, would not)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..core import CLASSIC_SIZE, Board, Geometry


def completing_cells(shape: Geometry, bits: int, free: tuple[int, ...]) -> list[int]:
    """The free cells that would complete a line for the player holding `bits`."""
    return [cell for cell in free if shape.completes_line(bits | 1 << cell, cell)]


def urgent_cells(board: Board) -> list[int]:
    """The cells that win at once for the side to move, else those that block a win at once
    of the other side; none if there are neither."""
    shape, free = board.geometry, board.empty_cells
    mine, theirs = board.sides
    return completing_cells(shape, mine, free) or completing_cells(shape, theirs, free)


def normal_candidates(board: Board) -> list[int]:
    """Average's rules (see `Average`): win, block; then on 3×3 the centre, the corner opposite
    theirs, a corner; on bigger boards the cell on the most open lines; else any free cell."""
    shape = board.geometry
    theirs = board.sides[1]
    free = board.empty_cells
    rules = [urgent_cells(board)]
    if shape.size == CLASSIC_SIZE:
        rules += [
            [cell for cell in shape.centre_cells if cell in free],
            [
                shape.opposite_corner(corner)
                for corner in shape.corners
                if theirs >> corner & 1 and shape.opposite_corner(corner) in free
            ],
            [cell for cell in shape.corners if cell in free],
        ]
    else:
        rules.append(on_open_lines(shape, theirs, free, max))
    for rule in rules:
        if rule:
            return rule
    return list(free)


def on_open_lines(
    shape: Geometry, theirs: int, cells: Sequence[int], pick: Callable[[Iterable[int]], int]
) -> list[int]:
    """The cells with the most (`pick` max) or the fewest (min) lines through them still free of
    the opponent's marks."""
    counts = [sum(1 for mask in shape.masks_through[cell] if not mask & theirs) for cell in cells]
    chosen = pick(counts)
    return [cell for cell, count in zip(cells, counts, strict=True) if count == chosen]
