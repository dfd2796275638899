"""The 5×5 board with four in a row as bit masks in a padded layout, for the exact search.

Two masks, one per side, of 6 bits a row (the sixth column is always empty), so that a few
shifts find, for every window of four at once, the cells that would complete a line
("threats") and whether a side has any window left free of the other side's marks. Cells on
the public API are 0..24 row-major from the top-left, as everywhere in nac. Also the pairing
test (see `search.py`) and the fixed order in which moves are tried at the root.
"""

from __future__ import annotations

ROW = 6
"""Bits per row in the padded layout."""
VALID = sum(1 << (r * ROW + c) for r in range(5) for c in range(5))
PAD = tuple((c // 5) * ROW + c % 5 for c in range(25))
"""PAD[cell] is the cell's bit index in the padded layout."""
BIT_OF_CELL = tuple(1 << p for p in PAD)
CELL_OF_BIT = {1 << p: c for c, p in enumerate(PAD)}

_LINES_THROUGH = (3, 4, 4, 4, 3, 4, 7, 6, 7, 4, 4, 6, 8, 6, 4, 4, 7, 6, 7, 4, 3, 4, 4, 4, 3)
ORDER_CELLS = tuple(sorted(range(25), key=lambda c: (-_LINES_THROUGH[c], c)))
"""Cells on more lines first (then by index): the fixed part of the move order."""
ORDER_BITS = tuple(BIT_OF_CELL[c] for c in ORDER_CELLS)


def pad(bits: int) -> int:
    """A 25-bit row-major mask in the padded layout."""
    return (
        (bits & 0x1F)
        | (bits >> 5 & 0x1F) << 6
        | (bits >> 10 & 0x1F) << 12
        | (bits >> 15 & 0x1F) << 18
        | (bits >> 20 & 0x1F) << 24
    )


def threats(s: int) -> int:
    """The cells that would complete a line of `s` (padded; not yet masked by the empty
    cells): for each direction, a cell with three marks of `s` in one of its windows."""
    a1 = s >> 1
    a2 = s >> 2
    b1 = s << 1
    b2 = s << 2
    t = a1 & a2 & (s >> 3 | b1) | b1 & b2 & (a1 | s << 3)
    a1 = s >> 5
    a2 = s >> 10
    b1 = s << 5
    b2 = s << 10
    t |= a1 & a2 & (s >> 15 | b1) | b1 & b2 & (a1 | s << 15)
    a1 = s >> 6
    a2 = s >> 12
    b1 = s << 6
    b2 = s << 12
    t |= a1 & a2 & (s >> 18 | b1) | b1 & b2 & (a1 | s << 18)
    a1 = s >> 7
    a2 = s >> 14
    b1 = s << 7
    b2 = s << 14
    t |= a1 & a2 & (s >> 21 | b1) | b1 & b2 & (a1 | s << 21)
    return t


def has_open_line(free: int) -> bool:
    """Whether four cells in a row are all in `free` (padded): a line still open to a side
    when `free` is every cell but the other side's."""
    f = free
    return bool(
        f & f >> 1 & f >> 2 & f >> 3
        | f & f >> 5 & f >> 10 & f >> 15
        | f & f >> 6 & f >> 12 & f >> 18
        | f & f >> 7 & f >> 14 & f >> 21
    )


def _windows() -> tuple[int, ...]:
    found = []
    for r in range(5):
        for c in range(5):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= a < 5 and 0 <= b < 5 for a, b in cells):
                    found.append(sum(1 << (a * ROW + b) for a, b in cells))
    return tuple(found)


WINDOWS = _windows()
"""The 28 windows of four (the winning lines), padded."""
SIBLING = {w: v for w in WINDOWS for v in WINDOWS if v != w and (v & w).bit_count() == 3}
"""The other window of the same line of five (they share three cells)."""


def windows_of(me: int, op: int, empty: int) -> tuple[list[int], int, int]:
    """The windows still open to `me` (free of `op`), ordered for the pairing test (two empty
    cells first, then three, then four), the empty cells where a mark of `me` makes a threat,
    and the cells that lie in two or more of those windows. `me` must have no threat."""
    two = []
    one = []
    zero = []
    makers = 0
    once = twice = 0
    for w in WINDOWS:
        if not w & op:
            twice |= once & w
            once |= w
            k = (w & me).bit_count()
            if k == 2:
                two.append(w)
                makers |= w
            elif k:
                one.append(w)
            else:
                zero.append(w)
    return two + one + zero, makers & empty, twice


def paired(ws: list[int], op: int, empty: int, shared: int) -> bool:
    """Whether `op` can stop every window in `ws` (the windows open to the other side, in the
    order of `windows_of`) by a pairing strategy: each window gets a pair of its empty cells,
    the pairs disjoint (one pair may serve the two windows of a line of five). Greedy, so
    True is always right and False may be wrong. Prefers the cells two windows share with a
    sibling, then cells in no other open window."""
    used = 0
    chosen: list[int] = []
    for w in ws:
        for p in chosen:
            if p & w == p:
                break
        else:
            f = w & empty & ~used
            s = SIBLING.get(w, 0)
            if s and not s & op:
                g = f & s
                if g.bit_count() >= 2:
                    f = g
            if f.bit_count() < 2:
                return False
            g = f & ~shared
            if g.bit_count() >= 2:
                f = g
            elif g:
                f ^= g
                p = g | (f & -f)
                chosen.append(p)
                used |= p
                continue
            a = f & -f
            f ^= a
            p = a | (f & -f)
            chosen.append(p)
            used |= p
    return True


def root_order(me: int, op: int) -> list[int]:
    """Every empty cell (as a padded bit) in the order the root tries them: cells that make
    a threat, then cells that stop one of the opponent's, then the rest; within each, cells
    on more lines first. It depends on the position only (not on any table)."""
    empty = VALID ^ (me | op)
    _, attack, _ = windows_of(me, op, empty)
    _, defend, _ = windows_of(op, me, empty)
    defend &= ~attack
    moves = [b for b in ORDER_BITS if b & attack]
    moves.extend(b for b in ORDER_BITS if b & defend)
    rest = empty & ~(attack | defend)
    moves.extend(b for b in ORDER_BITS if b & rest)
    return moves
