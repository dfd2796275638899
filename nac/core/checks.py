"""Checking what a caller passes in: a refused value raises at once, before anything changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .geometry import BOARD_SIZES
from .opponents import Level

Checked = TypeVar("Checked")


def checked(value: object, kind: type[Checked], name: str, choices: Iterable[object]) -> Checked:
    """`value` if it is a `kind`, else a TypeError that says what to give instead."""
    if not isinstance(value, kind):
        names = " or ".join(map(str, choices))
        raise TypeError(f"{name} must be a {kind.__name__} ({names}), not {value!r}")
    return value


def checked_size(size: object) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or size not in BOARD_SIZES:
        sizes = ", ".join(map(str, BOARD_SIZES))
        raise ValueError(f"board size {size!r} is not offered: use one of {sizes}")
    return size


def checked_pair(levels: tuple[Level, Level]) -> tuple[Level, Level]:
    if not isinstance(levels, tuple | list) or len(levels) != 2:
        raise TypeError(f"watch_levels must be two Levels, X's then O's, not {levels!r}")
    x = checked(levels[0], Level, "X's watch level", Level)
    o = checked(levels[1], Level, "O's watch level", Level)
    return x, o
