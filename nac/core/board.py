"""An immutable position: the marks on an n×n board, k in a row wins (in misère: loses), and the
side to move."""

from __future__ import annotations

from collections.abc import Iterator

from .errors import GameAlreadyOver, InvalidPosition, SquareTaken
from .geometry import MAX_SIZE, Geometry, geometry
from .mark import Mark
from .outcome import Outcome
from .rules import Position, Rules
from .variants import Variant

EMPTY_CHARS = frozenset("._ ")
ROW_SEPARATOR = "/"
LONGEST_TEXT = MAX_SIZE * MAX_SIZE + MAX_SIZE - 1
"""The longest text form of a board: MAX_SIZE rows of MAX_SIZE cells and the separators."""


class Board(Position):
    """A position. `play` returns a new Board; a Board never changes.

    Cells are indexed 0..n²-1, row-major from the top-left. Either side may start, so the side
    to move is part of the position.
    """

    __slots__ = ("geometry", "o_bits", "outcome", "to_move", "x_bits")

    geometry: Geometry
    x_bits: int
    o_bits: int
    to_move: Mark
    outcome: Outcome | None
    """How the game ended, or None while it goes on."""

    def __init__(
        self,
        x_bits: int = 0,
        o_bits: int = 0,
        to_move: Mark = Mark.X,
        *,
        size: int = 3,
        win_length: int | None = None,
        variant: Variant = Variant.NORMAL,
    ) -> None:
        """A position from bit masks of X's and O's cells; checked, so it can be reached."""
        shape = geometry(size, win_length, variant)
        _set(self, shape, x_bits, o_bits, to_move, _outcome_of(shape, x_bits, o_bits, to_move))

    @classmethod
    def empty(
        cls,
        size: int = 3,
        win_length: int | None = None,
        first: Mark = Mark.X,
        variant: Variant = Variant.NORMAL,
    ) -> Board:
        return cls(0, 0, first, size=size, win_length=win_length, variant=variant)

    @classmethod
    def parse(
        cls,
        text: str,
        to_move: Mark | str | None = None,
        win_length: int | None = None,
        variant: Variant = Variant.NORMAL,
    ) -> Board:
        """A position from its text form, e.g. `"X.O/.X./..O"`.

        Rows are split by `/`; `X` and `O` (any case) are marks; `.`, `_` and space are empty.
        Without `to_move`, X moves when the counts are equal (X started), else O.
        """
        if not isinstance(text, str):
            raise InvalidPosition(f"{text!r} is not a board's text, like 'X.O/.X./..O'")
        if len(text) > LONGEST_TEXT:
            raise InvalidPosition(
                f"a text of {len(text):,} characters is not a board: "
                f"the biggest board, {MAX_SIZE}×{MAX_SIZE}, takes {LONGEST_TEXT}"
            )
        rows = text.split(ROW_SEPARATOR)
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise InvalidPosition(
                f"{text!r} is not a square board: every one of the {size} rows needs {size} cells"
            )
        x_bits = o_bits = 0
        for cell, char in enumerate("".join(rows)):
            if char in "xX":
                x_bits |= 1 << cell
            elif char in "oO":
                o_bits |= 1 << cell
            elif char not in EMPTY_CHARS:
                raise InvalidPosition(f"{char!r} in {text!r} is not a mark: use X, O or .")
        if to_move is None:
            mover = Mark.X if x_bits.bit_count() == o_bits.bit_count() else Mark.O
        elif isinstance(to_move, Mark):
            mover = to_move
        else:
            mover = Mark.parse(to_move)
        try:
            return cls(x_bits, o_bits, mover, size=size, win_length=win_length, variant=variant)
        except ValueError as error:
            if isinstance(error, InvalidPosition):
                raise
            raise InvalidPosition(str(error)) from None

    # -- reading the position --------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.geometry.size

    @property
    def win_length(self) -> int:
        return self.geometry.win_length

    @property
    def cell_count(self) -> int:
        return self.geometry.cell_count

    @property
    def variant(self) -> Variant:
        return self.geometry.variant

    @property
    def rules(self) -> Rules:
        """The rules this board is played by; ValueError for a board nac does not offer (6×6,
        or five in a row on 5×5: the core models them, the game does not)."""
        if self.win_length != geometry(self.size).win_length:
            raise ValueError(f"{self.size}×{self.size} with {self.win_length} in a row: no rules")
        return Rules.of(self.size, self.variant)

    def __getitem__(self, cell: int) -> Mark | None:
        """The mark on `cell`, or None; IndexError for a cell the board does not have."""
        bit = 1 << self._square(cell)
        if self.x_bits & bit:
            return Mark.X
        if self.o_bits & bit:
            return Mark.O
        return None

    def __iter__(self) -> Iterator[Mark | None]:
        x_bits, o_bits = self.x_bits, self.o_bits
        for cell in range(self.cell_count):
            yield Mark.X if x_bits >> cell & 1 else Mark.O if o_bits >> cell & 1 else None

    @property
    def sides(self) -> tuple[int, int]:
        """(the side to move's marks, the other side's marks) as bit masks."""
        return (self.x_bits, self.o_bits) if self.to_move is Mark.X else (self.o_bits, self.x_bits)

    def bits_of(self, mark: Mark) -> int:
        return self.x_bits if mark is Mark.X else self.o_bits

    def cells_of(self, mark: Mark) -> tuple[int, ...]:
        bits = self.bits_of(mark)
        return tuple(cell for cell in range(self.cell_count) if bits >> cell & 1)

    @property
    def empty_cells(self) -> tuple[int, ...]:
        taken = self.x_bits | self.o_bits
        return tuple(cell for cell in range(self.cell_count) if not taken >> cell & 1)

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The empty cells, or nothing once the game is over."""
        return () if self.outcome else self.empty_cells

    @property
    def mark_count(self) -> int:
        return (self.x_bits | self.o_bits).bit_count()

    # -- moving ------------------------------------------------------------------------------

    def check_move(self, cell: object) -> int:
        index = self.cell_index(cell)
        if self.outcome is not None:
            raise GameAlreadyOver()
        owner = self[index]
        if owner is not None:
            raise SquareTaken(index, owner)
        return index

    def play(self, cell: int) -> Board:
        """The position after the side to move puts its mark on `cell`."""
        self.check_move(cell)
        shape = self.geometry
        bit = 1 << cell
        mover = self.to_move
        x_bits = self.x_bits | bit if mover is Mark.X else self.x_bits
        o_bits = self.o_bits | bit if mover is Mark.O else self.o_bits
        mover_bits = x_bits if mover is Mark.X else o_bits
        outcome: Outcome | None = None
        if shape.completes_line(mover_bits, cell):
            outcome = shape.line_outcome(mover, shape.completed_cells(mover_bits, cell))
        elif (x_bits | o_bits) == shape.full_mask:
            outcome = Outcome(None)
        board = object.__new__(Board)
        _set(board, shape, x_bits, o_bits, mover.other, outcome)
        return board

    # -- text ----------------------------------------------------------------------------------

    def __str__(self) -> str:
        chars = ["." if mark is None else mark.value for mark in self]
        n = self.size
        return ROW_SEPARATOR.join("".join(chars[row * n : row * n + n]) for row in range(n))

    def __repr__(self) -> str:
        extra = "" if self.win_length == geometry(self.size).win_length else f", {self.win_length}"
        if not self.geometry.completer_wins:
            extra += f", variant={self.variant}"
        return f"Board.parse({str(self)!r}, to_move={self.to_move.value!r}{extra})"

    def _state(self) -> tuple[object, ...]:
        return self.x_bits, self.o_bits, self.to_move, self.size, self.win_length, self.variant

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Board cannot change: {name} is read-only")

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its marks (a board can go to a search in another process)."""
        return _rebuilt, self._state()


def _rebuilt(
    x_bits: int,
    o_bits: int,
    to_move: Mark,
    size: int,
    win_length: int,
    variant: Variant = Variant.NORMAL,
) -> Board:
    return Board(x_bits, o_bits, to_move, size=size, win_length=win_length, variant=variant)


def _set(
    board: Board, shape: Geometry, x_bits: int, o_bits: int, to_move: Mark, outcome: Outcome | None
) -> None:
    set_slot = object.__setattr__
    set_slot(board, "geometry", shape)
    set_slot(board, "x_bits", x_bits)
    set_slot(board, "o_bits", o_bits)
    set_slot(board, "to_move", to_move)
    set_slot(board, "outcome", outcome)


def _outcome_of(shape: Geometry, x_bits: int, o_bits: int, to_move: Mark) -> Outcome | None:
    """The outcome of a position given by its marks, after checking a game can reach it."""
    if not isinstance(to_move, Mark):
        raise InvalidPosition(f"{to_move!r} is not a mark: use Mark.X or Mark.O")
    full = shape.full_mask
    if x_bits & ~full or o_bits & ~full:
        raise InvalidPosition(f"a mark lies outside the {shape.size}×{shape.size} board")
    if x_bits & o_bits:
        raise InvalidPosition("a cell cannot hold both X and O")
    x_count, o_count = x_bits.bit_count(), o_bits.bit_count()
    mover_count, other_count = (x_count, o_count) if to_move is Mark.X else (o_count, x_count)
    if other_count - mover_count not in (0, 1):
        raise InvalidPosition(
            f"{x_count} X and {o_count} O with {to_move} to move: turns must alternate"
        )
    last_mover = to_move.other
    completed = {
        mark: [mask for mask in shape.line_masks if bits & mask == mask]
        for mark, bits in ((Mark.X, x_bits), (Mark.O, o_bits))
    }
    if completed[Mark.X] and completed[Mark.O]:
        raise InvalidPosition("X and O cannot both have a line")
    if completed[to_move]:
        raise InvalidPosition(
            f"{to_move} has a line, so the game ended before {to_move} could move"
        )
    if winning_masks := completed[last_mover]:
        common = full
        for mask in winning_masks:
            common &= mask
        if not common:
            raise InvalidPosition(f"{last_mover} has lines that no single last move completed")
        cells = sorted(
            {cell for mask in winning_masks for cell in range(shape.cell_count) if mask >> cell & 1}
        )
        return shape.line_outcome(last_mover, tuple(cells))
    return Outcome(None) if (x_bits | o_bits) == full else None
