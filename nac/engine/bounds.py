"""Transposition-table entries of the exact solver (`solver.py`).

An alpha-beta search that fails outside its window learns only a bound: a result at or below
alpha is an upper bound on the true score, one at or above beta a lower bound. An entry keeps
the score with its kind, packed into one int (the score in the high bits, the kind in the low
two), so a table is one int per position.
"""

from __future__ import annotations

EXACT, LOWER, UPPER = 0, 1, 2
"""The true score, a lower bound on it, an upper bound on it."""
KIND_BITS = 2
KIND_MASK = 3


def bound_kind(score: int, alpha: int, beta: int) -> int:
    """What a fail-soft search of window (alpha, beta) that returned `score` has learnt."""
    if score <= alpha:
        return UPPER
    if score >= beta:
        return LOWER
    return EXACT


def decides(kind: int, score: int, alpha: int, beta: int) -> bool:
    """Whether a stored score of this kind answers a search of window (alpha, beta)."""
    return kind == EXACT or (kind == LOWER and score >= beta) or (kind == UPPER and score <= alpha)


class PackedTable:
    """A transposition table in two arrays of fixed size: a key has one slot (from its bits),
    and a newer entry there replaces the older. Memory is 9 bytes a slot however many
    positions are searched, and a lookup costs about what a dict's does.

    For keys from 0 to 2⁶² (boards up to 5×5: two 25-bit masks) and entries from -128 to 127
    (the exact solver's packed scores up to 5×5).
    """

    EMPTY = -1

    def __init__(self, slots_log2: int = 18) -> None:
        from array import array

        self._mask = (1 << slots_log2) - 1
        self._keys = array("q", [self.EMPTY]) * (1 << slots_log2)
        self._entries = array("b", [0]) * (1 << slots_log2)

    def get(self, key: int) -> int | None:
        slot = (key ^ key >> 19 ^ key >> 37) & self._mask
        return self._entries[slot] if self._keys[slot] == key else None

    def put(self, key: int, entry: int) -> None:
        slot = (key ^ key >> 19 ^ key >> 37) & self._mask
        self._keys[slot] = key
        self._entries[slot] = entry

    def entries(self) -> list[int]:
        """Every entry held (for tests and the curious)."""
        return [entry for key, entry in zip(self._keys, self._entries, strict=True) if key >= 0]

    def __len__(self) -> int:
        return sum(1 for key in self._keys if key != self.EMPTY)
