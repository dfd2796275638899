"""Genius on 5×5 with four in a row: the book, then an exact search. Never loses from the empty
board (X first), as X or as O, and takes every forced win it meets (see tools/five/prove.py).

    best_move(board, rng, stop)   -> the cell Genius plays
    decide(board, stop, limit)    -> Decision(cell, value, source)
    position_value(board, ...)    -> 1 / 0 / -1 for the side to move, or None if unknown
    move_values(board, ...)       -> {cell: 1 / 0 / -1 or None} for the side to move

Values are exact, never guessed: 1 the side to move can force a win, 0 a draw with best play,
-1 it loses. They come from the book (book.py) where it knows the position (Genius's own
positions, and every position one reply away), else from the exact search (search.py) if it
finishes within `limit` positions; otherwise None ("unknown": a caller may then fall back to
a heuristic and must say it is an estimate).

Genius's move in a position of its strategy comes from the book, or else from the search,
which then always finishes within the budget the book was built for (tools/five/prove.py
checks every such position). The search runs on the canonical image of the position, from an
empty table, so a move and its cost depend on the position only. Positions the book cannot
reach (O moved first, a set-up board) are searched too, within `limit`; past it, `decide`
falls back to a rule of thumb and says so (source "estimate").
"""

from __future__ import annotations

import random
import threading
import time
from typing import NamedTuple

from ...core.board import Board
from ...core.errors import GameAlreadyOver
from ..stop import StopSignal
from ..symmetry import symmetries
from . import lines
from .book import NO_MOVE, Book, read as read_book
from .search import OutOfBudget, Search5, choose

SIZE = 5
WIN_LENGTH = 4
LOW25 = (1 << 25) - 1

DEFAULT_LIMIT = 60_000
"""Positions a search for a move off Genius's own games may visit before it gives up (about
half a second; Genius's own positions need at most a few thousand, see tools/five/prove.py)."""
VALUE_LIMIT = 60_000
"""Positions a value query may search in all (`move_values` shares it among the moves)."""


class Decision(NamedTuple):
    cell: int
    value: int | None
    """The position's exact value for the side to move (1, 0, -1), or None if unknown."""
    source: str
    """"book" (a book move), "table" (the analysis table's values, the move the search would
    choose), "search" (exact) or "estimate" (the search ran out: a rule of thumb)."""
    nodes: int = 0
    """Positions the search visited (0 from the book)."""


_book: Book | None = None
_lock = threading.Lock()


def book() -> Book:
    """The book, loaded on first use (an empty one if the file is missing)."""
    global _book
    if _book is None:
        with _lock:
            if _book is None:
                try:
                    _book = read_book()
                except OSError:
                    from array import array

                    _book = Book(array("Q"), array("I"), {})
    return _book


def _deadline(seconds: float | None) -> float | None:
    return None if seconds is None else time.perf_counter() + seconds


def _check(board: Board) -> None:
    if board.size != SIZE or board.win_length != WIN_LENGTH:
        raise ValueError(f"5×5 with four in a row only, not {board.size}×{board.size}")
    if board.outcome is not None:
        raise GameAlreadyOver()


class _Image(NamedTuple):
    key: int
    symmetries: tuple[int, ...]
    """Every symmetry that maps the position onto its canonical image."""


def _image(mine: int, theirs: int) -> _Image:
    shapes = symmetries(SIZE)
    keys = [(shapes.transform(mine, s) << 25) | shapes.transform(theirs, s) for s in range(8)]
    key = min(keys)
    return _Image(key, tuple(s for s in range(8) if keys[s] == key))


def _back(cell: int, symmetry: int) -> int:
    """The board's cell whose image under `symmetry` is `cell`."""
    return symmetries(SIZE).permutations[symmetry].index(cell)


def _forward(cell: int, symmetry: int) -> int:
    return symmetries(SIZE).permutations[symmetry][cell]


# -- Genius's move ------------------------------------------------------------------------------


def decide(
    board: Board,
    stop: StopSignal | None = None,
    limit: int | None = None,
    seconds: float | None = None,
) -> Decision:
    """Genius's move for the side to move, with the position's value and where it came from.

    In a position of Genius's strategy (from the empty board, X first) the move is the book's
    or the exact search's and keeps the value. `limit` caps an off-book search (default
    DEFAULT_LIMIT positions; the book's positions never need that many), and so does
    `seconds` if given. Raises SearchStopped if `stop` is set during a search."""
    _check(board)
    image = _image(*board.sides)
    symmetry = image.symmetries[0]
    entry = book().get(image.key)
    if entry is not None and entry.move != NO_MOVE:
        return Decision(_back(entry.move, symmetry), entry.value, "book")
    me, them = lines.pad(image.key >> 25), lines.pad(image.key & LOW25)
    table = book().analysis(image.key)
    if table is not None:
        cell, value = _pick(me, them, table)
        return Decision(_back(cell, symmetry), value, "table")
    known = entry.value if entry is not None else None
    search = Search5()
    search.stop = stop
    search.node_limit = DEFAULT_LIMIT if limit is None else limit
    search.deadline = _deadline(seconds)
    try:
        bit, value = choose(search, me, them, known)
    except OutOfBudget:
        cell = _back(_rule_of_thumb(me, them), symmetry)
        return Decision(cell, None, "estimate", search.nodes)
    return Decision(_back(lines.CELL_OF_BIT[bit], symmetry), value, "search", search.nodes)


def best_move(
    board: Board,
    rng: random.Random | None = None,
    stop: StopSignal | None = None,
    limit: int | None = None,
    seconds: float | None = None,
) -> int:
    """The cell Genius plays. `rng` picks among the symmetric images of the move when the
    position has symmetries (an equivalent move, so games vary); `stop` cancels a search
    (SearchStopped); `limit` and `seconds` as for `decide`."""
    decision = decide(board, stop, limit, seconds)
    if rng is None:
        return decision.cell
    image = _image(*board.sides)
    if len(image.symmetries) == 1:
        return decision.cell
    return _back(_forward(decision.cell, image.symmetries[0]), rng.choice(image.symmetries))


def _pick(me: int, them: int, values: dict[int, int]) -> tuple[int, int]:
    """The move the search would choose (choose), from known move values: a win now,
    the block of a single threat, else the first move in root order with the best value."""
    empty = lines.VALID ^ (me | them)
    best = max(values.values())
    for mask in (lines.threats(me) & empty, lines.threats(them) & empty):
        if mask:
            return lines.CELL_OF_BIT[mask & -mask], best
    for bit in lines.root_order(me, them):
        cell = lines.CELL_OF_BIT[bit]
        if values[cell] == best:
            return cell, best
    raise AssertionError("no move has the best value")


def _rule_of_thumb(me: int, them: int) -> int:
    """A move when the search ran out (never in Genius's own games): win, block, else the
    first cell that makes a threat or stops one, else the cell on the most lines."""
    empty = lines.VALID ^ (me | them)
    for mask in (lines.threats(me) & empty, lines.threats(them) & empty):
        if mask:
            return lines.CELL_OF_BIT[mask & -mask]
    return lines.CELL_OF_BIT[lines.root_order(me, them)[0]]


# -- values -----------------------------------------------------------------------------------


def _book_value(mine: int, theirs: int) -> int | None:
    """The exact value for the side to move if the book knows it: a position of Genius's
    (an entry or a leaf record), or one where Genius's opponent is to move right after a book
    move (its replies' values are in the entry)."""
    b = book()
    image = _image(mine, theirs)
    entry = b.get(image.key)
    if entry is not None:
        return entry.value
    table = b.analysis(image.key)
    if table is not None:
        return max(table.values())
    replies = _reply_values(mine, theirs)
    return max(replies.values()) if replies is not None else None


def _reply_values(mine: int, theirs: int) -> dict[int, int] | None:
    """If the side to move is Genius's opponent right after a book move, the value of each of
    its moves (for it): -1 where the book says the reply loses, else 0."""
    b = book()
    taken = mine | theirs
    if not theirs:
        if mine or not b.header.get("entries"):
            return None
        losers = b.first_move_losers  # the empty board, Genius as O
        return {c: -1 if losers >> c & 1 else 0 for c in range(25)}
    for g in range(25):
        if not theirs >> g & 1:
            continue
        parent_mine, parent_theirs = theirs & ~(1 << g), mine  # Genius to move, before g
        image = _image(parent_mine, parent_theirs)
        entry = b.get(image.key)
        if entry is None or entry.move == NO_MOVE:
            continue
        for s in image.symmetries:
            if _back(entry.move, s) == g:
                losers = entry.losing_replies
                return {
                    c: -1 if entry.value or losers >> _forward(c, s) & 1 else 0
                    for c in range(25)
                    if not taken >> c & 1
                }
    return None


def position_value(
    board: Board, stop: StopSignal | None = None, limit: int | None = VALUE_LIMIT
) -> int | None:
    """The exact value for the side to move (1 win, 0 draw, -1 loss), from the book or a
    search within `limit` positions (None: no limit); None if neither knows it."""
    _check(board)
    mine, theirs = board.sides
    known = _book_value(mine, theirs)
    return known if known is not None else _searched_value(mine, theirs, stop, limit, Search5())


def _searched_value(
    mine: int, theirs: int, stop: StopSignal | None, limit: int | None, search: Search5
) -> int | None:
    image = _image(mine, theirs)
    me, them = lines.pad(image.key >> 25), lines.pad(image.key & LOW25)
    search.stop = stop
    search.node_limit = None if limit is None else search.nodes + limit
    try:
        return search.value(me, them)
    except OutOfBudget:
        return None


def move_values(
    board: Board,
    stop: StopSignal | None = None,
    limit: int | None = VALUE_LIMIT,
    seconds: float | None = None,
) -> dict[int, int | None]:
    """For every empty cell, the exact value of playing there for the side to move (1 wins, 0 draws,
    -1 loses), or None where neither the book nor the searches (at most `limit` positions in all,
    shared among the moves; None: no limit; and at most `seconds` in all, if given) know it."""
    _check(board)
    mine, theirs = board.sides
    taken = mine | theirs
    image = _image(mine, theirs)
    table = book().analysis(image.key)
    if table is not None:
        s = image.symmetries[0]
        return {c: table[_forward(c, s)] for c in range(25) if not taken >> c & 1}
    replies = _reply_values(mine, theirs)
    if replies is not None:
        return dict(sorted(replies.items()))
    values: dict[int, int | None] = {}
    full = board.geometry.full_mask
    unknown = []
    for cell in range(25):
        if taken >> cell & 1:
            continue
        after = mine | 1 << cell
        if board.geometry.completes_line(after, cell):
            values[cell] = 1
            continue
        if after | theirs == full:
            values[cell] = 0
            continue
        child = _book_value(theirs, after)
        values[cell] = None if child is None else -child
        if child is None:
            unknown.append(cell)
    search = Search5()
    search.deadline = _deadline(seconds)
    for done, cell in enumerate(unknown):
        left = len(unknown) - done
        share = None if limit is None else max(0, limit - search.nodes) // left
        child = _searched_value(theirs, mine | 1 << cell, stop, share, search)
        values[cell] = None if child is None else -child
    return values


__all__ = [
    "DEFAULT_LIMIT",
    "VALUE_LIMIT",
    "Decision",
    "best_move",
    "book",
    "decide",
    "move_values",
    "position_value",
]
