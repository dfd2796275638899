"""Notakto: noughts and crosses where both players put X's, on one to three 3×3 boards. A board
with three in a row is dead (no more moves there); whoever kills the last live board loses, so
there are no draws.

A `NotaktoBoard` is a position with the same face as a `Board` (`nac.core.rules.Position`): moves
are cells counted across the boards (`board * 9 + square`, `notakto_cell`), `play` returns a
new position, `outcome` says who won and the killing lines' cells. X and O name the two seats
(both draw X's): `first` moved first, and the seat to move follows from how many marks there
are. The line test is the 3×3 geometry's, the same as the normal game's.
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import GameAlreadyOver, IllegalMove, InvalidPosition
from .geometry import geometry
from .mark import Mark
from .outcome import Outcome, Termination
from .rules import NOTAKTO_BOARDS, Position, Rules
from .small_boards import SQUARES, BoardSquare, board_square, cell_across

_SHAPE = geometry(3)
_FULL = _SHAPE.full_mask
NotaktoMove = BoardSquare
"""A move: its board (from the left) and its square."""
notakto_cell = cell_across
notakto_move = board_square


def is_dead(bits: int) -> bool:
    """Whether a board holding the X's `bits` has three in a row."""
    return any(bits & mask == mask for mask in _SHAPE.line_masks)


def kills(position: NotaktoBoard, cell: int) -> bool:
    """Whether playing `cell` makes three in a row on its board (kills it)."""
    board, square = notakto_move(cell)
    return is_dead(position.boards[board] | 1 << square)


class NotaktoBoard(Position):
    """The X's on each board (bit masks), and the seat that moved first."""

    __slots__ = ("boards", "first", "outcome")

    boards: tuple[int, ...]
    first: Mark
    outcome: Outcome | None
    """The winner (the seat that did not kill the last board) and the dead boards' lines."""

    def __init__(self, boards: tuple[int, ...], first: Mark = Mark.X) -> None:
        if not isinstance(boards, tuple) or len(boards) not in NOTAKTO_BOARDS:
            raise InvalidPosition(f"Notakto is played on 1 to 3 boards, not {boards!r}")
        for bits in boards:
            if isinstance(bits, bool) or not isinstance(bits, int) or bits < 0 or bits & ~_FULL:
                raise InvalidPosition(f"{bits!r} is not the marks of a 3×3 board")
        if not isinstance(first, Mark):
            raise InvalidPosition(f"{first!r} is not a mark: use Mark.X or Mark.O")
        set_slot = object.__setattr__
        set_slot(self, "boards", boards)
        set_slot(self, "first", first)
        over = all(is_dead(bits) for bits in boards)
        outcome = Outcome(self.to_move, dead_lines(self), Termination.LAST_BOARD) if over else None
        set_slot(self, "outcome", outcome)

    @classmethod
    def empty(cls, count: int = 1, first: Mark = Mark.X) -> NotaktoBoard:
        if count not in NOTAKTO_BOARDS:
            raise ValueError(f"Notakto is played on 1, 2 or 3 boards, not {count!r}")
        return cls((0,) * count, first)

    @classmethod
    def parse(cls, text: str, first: Mark = Mark.X) -> NotaktoBoard:
        """Boards split by spaces, each like `X.X/.../..X` (`X` a mark, `.` empty)."""
        boards = []
        for part in text.split():
            cells = part.replace("/", "")
            if len(cells) != SQUARES or set(cells) - set("xX._"):
                raise InvalidPosition(f"{part!r} is not a 3×3 Notakto board, like 'X.X/.../..X'")
            boards.append(sum(1 << cell for cell, char in enumerate(cells) if char in "xX"))
        return cls(tuple(boards), first)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Notakto board cannot change: {name} is read-only")

    def _state(self) -> tuple[object, ...]:
        return self.boards, self.first

    def __str__(self) -> str:
        return " ".join(
            "/".join(
                "".join("X" if bits >> (row * 3 + column) & 1 else "." for column in range(3))
                for row in range(3)
            )
            for bits in self.boards
        )

    def __repr__(self) -> str:
        return f"NotaktoBoard.parse({str(self)!r}, first={self.first.value!r})"

    # -- the position's face ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return Rules.notakto(len(self.boards))

    @property
    def size(self) -> int:
        """Each board's side: 3."""
        return 3

    @property
    def cell_count(self) -> int:
        return SQUARES * len(self.boards)

    @property
    def mark_count(self) -> int:
        return sum(bits.bit_count() for bits in self.boards)

    @property
    def to_move(self) -> Mark:
        """The seat to move (once over, the seat that would have: the winner)."""
        return self.first if self.mark_count % 2 == 0 else self.first.other

    @property
    def dead(self) -> tuple[bool, ...]:
        """For each board, whether it has three in a row."""
        return tuple(is_dead(bits) for bits in self.boards)

    def __getitem__(self, cell: int) -> Mark | None:
        """X on a marked cell (both seats draw X's), else None."""
        board, square = notakto_move(self._square(cell))
        return Mark.X if self.boards[board] >> square & 1 else None

    def __iter__(self) -> Iterator[Mark | None]:
        for bits in self.boards:
            for square in range(SQUARES):
                yield Mark.X if bits >> square & 1 else None

    @property
    def empty_cells(self) -> tuple[int, ...]:
        """Every cell with no mark, on live boards and dead ones."""
        return tuple(cell for cell, mark in enumerate(self) if mark is None)

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """Every empty cell of every live board (none once the game is over)."""
        return tuple(
            notakto_cell(board, square)
            for board, bits in enumerate(self.boards)
            if not is_dead(bits)
            for square in range(SQUARES)
            if not bits >> square & 1
        )

    def check_move(self, cell: object) -> int:
        index = self.cell_index(cell)
        if self.outcome is not None:
            raise GameAlreadyOver()
        board, square = notakto_move(index)
        bits = self.boards[board]
        if is_dead(bits):
            raise IllegalMove(f"board {board + 1} is dead (three in a row): play on a live board")
        if bits >> square & 1:
            raise IllegalMove(f"that square of board {board + 1} already holds an X")
        return index

    def play(self, cell: int) -> NotaktoBoard:
        """The position after the seat to move puts an X on `cell` (across the boards)."""
        board, square = notakto_move(self.check_move(cell))
        boards = list(self.boards)
        boards[board] |= 1 << square
        after = NotaktoBoard(tuple(boards), self.first)
        if after.outcome is not None:  # the line that ended it, as a normal game's win shows
            ending = Outcome(after.to_move, after.killing_lines(board), Termination.LAST_BOARD)
            object.__setattr__(after, "outcome", ending)
        return after

    def killing_lines(self, board: int) -> tuple[int, ...]:
        """The cells (across the boards) of the lines on `board`."""
        bits = self.boards[board]
        cells = {
            notakto_cell(board, square)
            for mask in _SHAPE.line_masks
            if bits & mask == mask
            for square in range(SQUARES)
            if mask >> square & 1
        }
        return tuple(sorted(cells))


def dead_lines(position: NotaktoBoard) -> tuple[int, ...]:
    """The cells (across the boards) of the lines on every dead board."""
    return tuple(
        cell for board in range(len(position.boards)) for cell in position.killing_lines(board)
    )


def replay_notakto(boards: int, cells: tuple[int, ...], first: Mark = Mark.X) -> NotaktoBoard:
    """The position `cells` (across the boards) lead to from `boards` empty boards; IllegalMove
    (or NotASquare) for the first the rules refuse, GameAlreadyOver for one after the end."""
    position = NotaktoBoard.empty(boards, first)
    for cell in cells:
        position = position.play(cell)
    return position
