"""The face every rules' position shows (`Board` for noughts and crosses and misère,
`NotaktoBoard` for Notakto): what `Game`, `Match`, the notation and the engines' door need, so
that a new rules plugs in as one more position class (`positions.start_position` makes it).

A position is immutable: `play(cell)` returns the next one. Cells are numbered from 0, row by
row from the top left, across the boards where there are several."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from .mark import Mark
from .outcome import Outcome
from .rules import Rules


class Position(Protocol):
    @property
    def rules(self) -> Rules: ...

    @property
    def to_move(self) -> Mark:
        """The side to move (once over, the side that would have)."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def size(self) -> int:
        """A board's side (each board's, where there are several)."""
        ...

    @property
    def cell_count(self) -> int: ...

    @property
    def mark_count(self) -> int: ...

    @property
    def is_empty(self) -> bool: ...

    @property
    def empty_cells(self) -> tuple[int, ...]: ...

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The cells the side to move may play (none once the game is over)."""
        ...

    def __getitem__(self, cell: int) -> Mark | None: ...

    def __iter__(self) -> Iterator[Mark | None]: ...

    def cell_index(self, cell: object) -> int:
        """`cell` if it is a cell of this position, else NotASquare."""
        ...

    def check_move(self, cell: object) -> int:
        """`cell` if the side to move may play there, else an IllegalMove saying why."""
        ...

    def play(self, cell: int) -> Position:
        """The position after the side to move plays `cell`."""
        ...
