"""Notakto: noughts and crosses where both players play X, on one to three 3×3 boards. A board
with three in a row is dead (no more moves there); whoever kills the last live board loses.

A `NotaktoPosition` is immutable, like a `Board`: `play(board, cell)` returns a new one. The
line test is the 3×3 geometry's, the same as the normal game's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from .checks import checked_cell
from .errors import GameAlreadyOver, IllegalMove, InvalidPosition, NotASquare
from .geometry import geometry

BOARD_COUNTS = (1, 2, 3)
"""How many boards a game of Notakto may have."""
_SHAPE = geometry(3)
_FULL = _SHAPE.full_mask


class NotaktoMove(NamedTuple):
    board: int
    """Which board: 0 to the number of boards less one, from the left."""
    cell: int
    """The cell on it: 0..8, row by row from the top left."""


def is_dead(bits: int) -> bool:
    """Whether a board holding the X's `bits` has three in a row."""
    return any(bits & mask == mask for mask in _SHAPE.line_masks)


class NotaktoPosition:
    """The X's on each board, and so whose turn it is: the first player moves when the marks
    on all boards together are even."""

    __slots__ = ("boards",)

    boards: tuple[int, ...]

    def __init__(self, boards: tuple[int, ...]) -> None:
        if not isinstance(boards, tuple) or len(boards) not in BOARD_COUNTS:
            raise InvalidPosition(f"Notakto is played on 1 to 3 boards, not {boards!r}")
        for bits in boards:
            if not isinstance(bits, int) or bits < 0 or bits & ~_FULL:
                raise InvalidPosition(f"{bits!r} is not the marks of a 3×3 board")
        object.__setattr__(self, "boards", boards)

    @classmethod
    def empty(cls, count: int = 1) -> NotaktoPosition:
        if count not in BOARD_COUNTS:
            raise ValueError(f"Notakto is played on 1, 2 or 3 boards, not {count!r}")
        return cls((0,) * count)

    @classmethod
    def parse(cls, text: str) -> NotaktoPosition:
        """Boards split by spaces, each like `X.X/.../..X` (`X` a mark, `.` empty)."""
        boards = []
        for part in text.split():
            cells = part.replace("/", "")
            if len(cells) != 9 or set(cells) - set("xX._"):
                raise InvalidPosition(f"{part!r} is not a 3×3 Notakto board, like 'X.X/.../..X'")
            boards.append(sum(1 << cell for cell, char in enumerate(cells) if char in "xX"))
        return cls(tuple(boards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Notakto position cannot change: {name} is read-only")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotaktoPosition) and self.boards == other.boards

    def __hash__(self) -> int:
        return hash(self.boards)

    def __str__(self) -> str:
        return " ".join(
            "/".join(
                "".join("X" if bits >> (row * 3 + column) & 1 else "." for column in range(3))
                for row in range(3)
            )
            for bits in self.boards
        )

    def __repr__(self) -> str:
        return f"NotaktoPosition.parse({str(self)!r})"

    @property
    def mark_count(self) -> int:
        return sum(bits.bit_count() for bits in self.boards)

    @property
    def first_to_move(self) -> bool:
        """Whether the first player is to move (or, once it is over, would have been)."""
        return self.mark_count % 2 == 0

    @property
    def dead(self) -> tuple[bool, ...]:
        """For each board, whether it has three in a row."""
        return tuple(is_dead(bits) for bits in self.boards)

    @property
    def is_over(self) -> bool:
        """Every board is dead: the player who killed the last one lost."""
        return all(self.dead)

    @property
    def loser_was_first(self) -> bool | None:
        """Once over, whether the first player lost (made the last move); None before."""
        return not self.first_to_move if self.is_over else None

    def legal_moves(self) -> Iterator[NotaktoMove]:
        """Every empty cell of every live board (none once the game is over)."""
        for board, bits in enumerate(self.boards):
            if not is_dead(bits):
                for cell in range(9):
                    if not bits >> cell & 1:
                        yield NotaktoMove(board, cell)

    def play(self, board: int, cell: int) -> NotaktoPosition:
        """The position after the player to move puts an X on `cell` of `board`."""
        if self.is_over:
            raise GameAlreadyOver()
        count = len(self.boards)
        if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board < count:
            raise NotASquare(board, f"a board from 0 to {count - 1}")
        index = checked_cell(cell, 9)
        bits = self.boards[board]
        if is_dead(bits):
            raise IllegalMove(f"board {board + 1} is dead (three in a row): play on a live board")
        if bits >> index & 1:
            raise IllegalMove(f"that square of board {board + 1} already holds an X")
        boards = list(self.boards)
        boards[board] = bits | 1 << index
        return NotaktoPosition(tuple(boards))


SQUARES = 9
"""The squares of one Notakto board."""


def notakto_cell(board: int, square: int) -> int:
    """A move's cell across the boards: board 0's squares are 0..8, board 1's 9..17, ..."""
    return board * SQUARES + square


def notakto_move(cell: int) -> NotaktoMove:
    """The board and square of a cell across the boards (`notakto_cell`'s inverse)."""
    board, square = divmod(cell, SQUARES)
    return NotaktoMove(board, square)


def replay_notakto(boards: int, cells: tuple[int, ...]) -> NotaktoPosition:
    """The position `cells` (across the boards) lead to from `boards` empty boards; IllegalMove
    (or NotASquare) for the first the rules refuse, GameAlreadyOver for one after the end."""
    position = NotaktoPosition.empty(boards)
    for cell in cells:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < boards * 9:
            raise NotASquare(cell, f"a cell from 0 to {boards * SQUARES - 1}")
        position = position.play(*notakto_move(cell))
    return position


def last_line(position: NotaktoPosition, killed: int) -> tuple[int, ...]:
    """The cells (across the boards) of the lines on board `killed`."""
    bits = position.boards[killed]
    cells = {
        notakto_cell(killed, square)
        for mask in _SHAPE.line_masks
        if bits & mask == mask
        for square in range(SQUARES)
        if mask >> square & 1
    }
    return tuple(sorted(cells))


def dead_lines(position: NotaktoPosition) -> tuple[int, ...]:
    """The cells (across the boards) of the lines on every dead board."""
    return tuple(
        cell
        for board, dead in enumerate(position.dead)
        if dead
        for cell in last_line(position, board)
    )
