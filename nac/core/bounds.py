"""Transposition-table entries, shared by the exact solver and the 5×5 search.

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


def remember(table: dict[int, int], key: int, entry: int, limit: int) -> None:
    """Store an entry; a table at its limit starts afresh, so memory stays bounded."""
    if len(table) >= limit:
        table.clear()
    table[key] = entry
