"""Checking what a caller passes in: a refused value raises at once, before anything changes.
Each kind of value has one check here and one wording, whoever asks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .errors import NotASquare
from .geometry import BOARD_SIZES

Checked = TypeVar("Checked")


def checked(value: object, kind: type[Checked], name: str, choices: Iterable[object]) -> Checked:
    """`value` if it is a `kind`, else a TypeError that says what to give instead."""
    if not isinstance(value, kind):
        names = " or ".join(map(str, choices))
        raise TypeError(f"{name} must be a {kind.__name__} ({names}), not {value!r}")
    return value


def checked_listener(listener: Checked, name: str) -> Checked:
    """`listener` if it can be called, else a TypeError naming what it should be."""
    if not callable(listener):
        raise TypeError(f"{name} must be a function, not {listener!r}")
    return listener


def checked_cell(cell: object, cell_count: int) -> int:
    """`cell` if it is a cell index of a board of `cell_count` cells, else NotASquare."""
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < cell_count:
        raise NotASquare(cell, f"a cell from 0 to {cell_count - 1}")
    return cell


def size_refusal(size: object) -> str:
    """Why `size` is not a board the game offers, in the one wording every caller uses."""
    sizes = ", ".join(f"{n} ({n}×{n})" for n in BOARD_SIZES)
    return f"{size!r} is not a board nac offers: use {sizes}"


def checked_size(size: object) -> int:
    """`size` if the game offers that board, else ValueError."""
    if isinstance(size, bool) or not isinstance(size, int) or size not in BOARD_SIZES:
        raise ValueError(size_refusal(size))
    return size


def checked_cells(moves: Iterable[int], name: str = "moves") -> tuple[int, ...]:
    """`moves` as a tuple, if it can be gone through, else a TypeError saying what to pass (each
    cell is checked where it is played)."""
    refusal = f"{name} must be the cells played, like [4, 0, 8], not {moves!r}"
    if isinstance(moves, str | bytes):
        raise TypeError(refusal)
    try:
        return tuple(moves)
    except TypeError:
        raise TypeError(refusal) from None
