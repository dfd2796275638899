"""The eight symmetries of a square board, and canonical keys for positions under them.

Positions that are rotations or reflections of each other have the same game-theoretic value,
so the solver stores one entry for all eight. Bit masks are transformed a chunk at a time
through precomputed tables, so a transform costs a few lookups, not one step per cell.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

Permutation = tuple[int, ...]
"""`permutation[cell]` is where `cell` goes."""

MAX_CHUNK_BITS = 10


def permutations(size: int) -> tuple[Permutation, ...]:
    """The 8 rotations and reflections of a size×size board, the identity first."""
    last = size - 1
    maps: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, last - r),
        lambda r, c: (last - r, last - c),
        lambda r, c: (last - c, r),
        lambda r, c: (r, last - c),
        lambda r, c: (last - r, c),
        lambda r, c: (c, r),
        lambda r, c: (last - c, last - r),
    )
    result = []
    for transform in maps:
        perm = []
        for cell in range(size * size):
            row, column = transform(*divmod(cell, size))
            perm.append(row * size + column)
        result.append(tuple(perm))
    return tuple(result)


def transform_bits(bits: int, permutation: Permutation) -> int:
    """The bit mask of the cells of `bits` moved by `permutation` (slow; for tests and set-up)."""
    out = 0
    for cell, target in enumerate(permutation):
        if bits >> cell & 1:
            out |= 1 << target
    return out


class Symmetries:
    """Canonical keys: the least of a position's eight transformed (mine, theirs) encodings."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.cell_count = size * size
        self.permutations = permutations(size)
        chunk_count = -(-self.cell_count // MAX_CHUNK_BITS)
        self.chunk_bits = -(-self.cell_count // chunk_count)
        self.chunk_count = chunk_count
        chunk_mask = (1 << self.chunk_bits) - 1
        self._chunk_mask = chunk_mask
        # _tables[symmetry][chunk][value]: the transform of `value` placed at that chunk.
        self._tables: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(self._chunk_table(perm, chunk) for chunk in range(chunk_count))
            for perm in self.permutations
        )
        self.canonical_key = self._pick_canonical_key()

    def _chunk_table(self, permutation: Permutation, chunk: int) -> tuple[int, ...]:
        first = chunk * self.chunk_bits
        targets = [
            1 << permutation[first + i] if first + i < self.cell_count else 0
            for i in range(self.chunk_bits)
        ]
        table = [0] * (self._chunk_mask + 1)
        for value in range(1, self._chunk_mask + 1):
            lowest = value & -value
            table[value] = table[value ^ lowest] | targets[lowest.bit_length() - 1]
        return tuple(table)

    def _pick_canonical_key(self) -> Callable[[int, int], int]:
        shift = self.cell_count
        if self.chunk_count == 1:
            singles = tuple(tables[0] for tables in self._tables)

            def canonical_one_chunk(mine: int, theirs: int) -> int:
                return min([(table[mine] << shift) | table[theirs] for table in singles])

            return canonical_one_chunk

        bits, mask = self.chunk_bits, self._chunk_mask
        if self.chunk_count == 2:
            pairs = tuple((tables[0], tables[1]) for tables in self._tables)

            def canonical_two_chunks(mine: int, theirs: int) -> int:
                m0, m1 = mine & mask, mine >> bits
                t0, t1 = theirs & mask, theirs >> bits
                return min([((a[m0] | b[m1]) << shift) | a[t0] | b[t1] for a, b in pairs])

            return canonical_two_chunks

        if self.chunk_count == 3:
            triples = tuple((tables[0], tables[1], tables[2]) for tables in self._tables)
            double = 2 * bits

            def canonical_three_chunks(mine: int, theirs: int) -> int:
                m0, m1, m2 = mine & mask, mine >> bits & mask, mine >> double
                t0, t1, t2 = theirs & mask, theirs >> bits & mask, theirs >> double
                return min(
                    [
                        ((a[m0] | b[m1] | c[m2]) << shift) | a[t0] | b[t1] | c[t2]
                        for a, b, c in triples
                    ]
                )

            return canonical_three_chunks

        return self._canonical_any

    def transform(self, bits: int, symmetry: int) -> int:
        out = 0
        for chunk, table in enumerate(self._tables[symmetry]):
            out |= table[bits >> (chunk * self.chunk_bits) & self._chunk_mask]
        return out

    def canonical_with_symmetry(self, mine: int, theirs: int) -> tuple[int, int]:
        """The canonical key and the index of a symmetry that maps the position onto it."""
        keys = [
            (self.transform(mine, s) << self.cell_count) | self.transform(theirs, s)
            for s in range(8)
        ]
        key = min(keys)
        return key, keys.index(key)

    def _canonical_any(self, mine: int, theirs: int) -> int:
        return self.canonical_with_symmetry(mine, theirs)[0]


@cache
def symmetries(size: int) -> Symmetries:
    return Symmetries(size)
