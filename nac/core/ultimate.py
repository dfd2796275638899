"""Ultimate noughts and crosses: nine 3×3 boards in a 3×3 big board.

The usual rules: the first move goes anywhere; after that, a move goes in the small board whose
place in the big board is the place of the previous move inside its small board, or anywhere
when that board is decided (won, or full). A small board is won by three in a row and takes no
more moves; the game is won by three won boards in a line; when every board is decided with no
such line, it is a draw.

An `UltimateBoard` is a position with the same face as a `Board` (`nac.core.rules.Position`). Cells
are counted board by board (`board * 9 + square`, `ultimate_cell`), boards and squares each row
by row from the top left, as Notakto's are; on the 9×9 grid a cell is the column and the row of
`grid_cell`. The marks are two 81-bit masks, so a move is a few integer operations (the engine's
search plays millions of them).
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import GameAlreadyOver, IllegalMove, InvalidPosition
from .geometry import geometry
from .mark import Mark
from .outcome import Outcome
from .rules import ULTIMATE, Position, Rules
from .small_boards import SQUARES, board_square, cell_across

CELLS = SQUARES * SQUARES
GRID = 9
"""The squares on a side of the 9×9 grid, as a square is named (`e5`)."""
SMALL_LINES: tuple[int, ...] = geometry(3).line_masks
"""The eight lines of a 3×3 board as 9-bit masks (of a small board's squares, or of the boards
of the big one)."""
BOARD_MASK = (1 << SQUARES) - 1
ALL_BOARDS = BOARD_MASK
ultimate_cell = cell_across
ultimate_move = board_square


def grid_cell(column: int, row: int) -> int:
    """The cell at `column` and `row` (0..8 each, from the top left) of the 9×9 grid."""
    board = (row // 3) * 3 + column // 3
    return ultimate_cell(board, (row % 3) * 3 + column % 3)


def grid_place(cell: int) -> tuple[int, int]:
    """The column and the row (0..8 each) of `cell` on the 9×9 grid (`grid_cell`'s inverse)."""
    board, square = ultimate_move(cell)
    return (board % 3) * 3 + square % 3, (board // 3) * 3 + square // 3


def has_line(bits: int) -> bool:
    """Whether 9-bit `bits` (a small board's marks of one side, or its won boards) hold a line."""
    return any(bits & line == line for line in SMALL_LINES)


def _small(bits: int, board: int) -> int:
    return (bits >> (board * SQUARES)) & BOARD_MASK


class UltimateBoard(Position):
    """The X's and the O's (81-bit masks), the side to move, and the board the next move must be
    played in (None: any undecided board)."""

    __slots__ = ("decided", "forced", "os", "outcome", "to_move", "won_o", "won_x", "xs")

    xs: int
    os: int
    to_move: Mark
    forced: int | None
    won_x: int
    """The boards X has won, as a 9-bit mask; `won_o` O's."""
    won_o: int
    decided: int
    """The boards that take no more moves (won or full), as a 9-bit mask."""
    outcome: Outcome | None

    def __init__(self, xs: int, os: int, to_move: Mark = Mark.X, forced: int | None = None) -> None:
        for bits in (xs, os):
            if isinstance(bits, bool) or not isinstance(bits, int) or bits < 0 or bits >> CELLS:
                raise InvalidPosition(f"{bits!r} is not the marks of the 81 squares")
        if xs & os:
            raise InvalidPosition("a square holds both an X and an O")
        if not isinstance(to_move, Mark):
            raise InvalidPosition(f"{to_move!r} is not a mark: use Mark.X or Mark.O")
        ahead = xs.bit_count() - os.bit_count()  # the side that moved first is ahead by one
        if ahead not in ((-1, 0) if to_move is Mark.X else (0, 1)):
            raise InvalidPosition(
                f"{xs.bit_count()} X's and {os.bit_count()} O's with {to_move.value} to move: "
                "no game reaches that (the sides take turns)"
            )
        won_x = won_o = decided = 0
        for board in range(SQUARES):
            x, o = _small(xs, board), _small(os, board)
            x_line, o_line = has_line(x), has_line(o)
            if x_line and o_line:
                raise InvalidPosition(f"board {board + 1} has a line of each mark")
            won_x |= x_line << board
            won_o |= o_line << board
            if x_line or o_line or (x | o) == BOARD_MASK:
                decided |= 1 << board
        if forced is not None and (
            isinstance(forced, bool) or not isinstance(forced, int) or not 0 <= forced < SQUARES
        ):
            raise InvalidPosition(f"{forced!r} is not a board: use 0..8, or None for any")
        if forced is not None and decided >> forced & 1:
            forced = None  # a decided board sends the move anywhere
        set_slot = object.__setattr__
        set_slot(self, "xs", xs)
        set_slot(self, "os", os)
        set_slot(self, "to_move", to_move)
        set_slot(self, "forced", forced)
        set_slot(self, "won_x", won_x)
        set_slot(self, "won_o", won_o)
        set_slot(self, "decided", decided)
        set_slot(self, "outcome", self._outcome())

    def _outcome(self) -> Outcome | None:
        for mark, won in ((Mark.X, self.won_x), (Mark.O, self.won_o)):
            lines = [line for line in SMALL_LINES if won & line == line]
            if lines:
                return Outcome(mark, self._winning_cells(mark, lines))
        return Outcome(None) if self.decided == ALL_BOARDS else None

    def _winning_cells(self, mark: Mark, big_lines: list[int]) -> tuple[int, ...]:
        """The cells of the lines that won the boards of the big lines."""
        bits = self.xs if mark is Mark.X else self.os
        cells: set[int] = set()
        for big in big_lines:
            for board in range(SQUARES):
                if big >> board & 1:
                    small = _small(bits, board)
                    for line in SMALL_LINES:
                        if small & line == line:
                            cells.update(
                                ultimate_cell(board, s) for s in range(SQUARES) if line >> s & 1
                            )
        return tuple(sorted(cells))

    @classmethod
    def empty(cls, first: Mark = Mark.X) -> UltimateBoard:
        return cls(0, 0, first)

    @classmethod
    def parse(cls, text: str, to_move: Mark | str = Mark.X) -> UltimateBoard:
        """The 9×9 grid's rows from the top, split by `/` (`X`, `O`, `.` each square), then,
        after a space, the board (1-9) the next move must be played in, if one is; `to_move`
        a Mark or its letter."""
        if isinstance(to_move, str):
            try:
                to_move = Mark.parse(to_move)
            except ValueError as refusal:
                raise InvalidPosition(str(refusal)) from None
        grid, _, board = text.strip().partition(" ")
        rows = grid.split("/")
        if len(rows) != 9 or any(len(row) != 9 or set(row) - set("xXoO._") for row in rows):
            raise InvalidPosition(
                f"{text!r} is not an Ultimate position: nine rows of nine squares (X, O or .) "
                "split by /, then the board to play in (1-9) if the rules name one"
            )
        xs = os = 0
        for row, line in enumerate(rows):
            for column, char in enumerate(line):
                bit = 1 << grid_cell(column, row)
                if char in "xX":
                    xs |= bit
                elif char in "oO":
                    os |= bit
        forced = None
        if board:
            if board not in {str(n) for n in range(1, 10)}:
                raise InvalidPosition(f"{board!r} is not a board: 1 to 9")
            forced = int(board) - 1
        return cls(xs, os, to_move, forced)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Ultimate board cannot change: {name} is read-only")

    def _state(self) -> tuple[object, ...]:
        return self.xs, self.os, self.to_move, self.forced

    def __str__(self) -> str:
        marks = [self[grid_cell(column, row)] for row in range(GRID) for column in range(GRID)]
        chars = "".join("." if mark is None else mark.value for mark in marks)
        text = "/".join(chars[row * GRID : row * GRID + GRID] for row in range(GRID))
        return text if self.forced is None else f"{text} {self.forced + 1}"

    def __repr__(self) -> str:
        return f"UltimateBoard.parse({str(self)!r}, to_move={self.to_move.value!r})"

    # -- the position's face ---------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return ULTIMATE

    @property
    def size(self) -> int:
        """Each small board's side: 3."""
        return 3

    @property
    def cell_count(self) -> int:
        return CELLS

    @property
    def mark_count(self) -> int:
        return (self.xs | self.os).bit_count()

    def board_winner(self, board: int) -> Mark | None:
        """Who won small board `board`, if anyone has."""
        if self.won_x >> board & 1:
            return Mark.X
        if self.won_o >> board & 1:
            return Mark.O
        return None

    @property
    def playable_boards(self) -> tuple[int, ...]:
        """The boards the side to move may play in (none once the game is over)."""
        if self.outcome is not None:
            return ()
        if self.forced is not None:
            return (self.forced,)
        return tuple(board for board in range(SQUARES) if not self.decided >> board & 1)

    def __getitem__(self, cell: int) -> Mark | None:
        index = self._square(cell)
        if self.xs >> index & 1:
            return Mark.X
        if self.os >> index & 1:
            return Mark.O
        return None

    def __iter__(self) -> Iterator[Mark | None]:
        for cell in range(CELLS):
            yield self[cell]

    @property
    def empty_cells(self) -> tuple[int, ...]:
        """Every cell with no mark, on decided boards too."""
        taken = self.xs | self.os
        return tuple(cell for cell in range(CELLS) if not taken >> cell & 1)

    @property
    def legal_moves(self) -> tuple[int, ...]:
        """The empty cells of the boards the side to move may play in."""
        taken = self.xs | self.os
        return tuple(
            cell
            for board in self.playable_boards
            for cell in range(board * SQUARES, board * SQUARES + SQUARES)
            if not taken >> cell & 1
        )

    def check_move(self, cell: object) -> int:
        index = self.cell_index(cell)
        if self.outcome is not None:
            raise GameAlreadyOver()
        board, square = ultimate_move(index)
        if (self.xs | self.os) >> index & 1:
            raise IllegalMove(f"square {square + 1} of board {board + 1} is taken")
        if self.decided >> board & 1:
            raise IllegalMove(f"board {board + 1} is decided: it takes no more moves")
        if self.forced is not None and board != self.forced:
            raise IllegalMove(f"the move must be played in board {self.forced + 1}")
        return index

    def play(self, cell: int) -> UltimateBoard:
        index = self.check_move(cell)
        bit = 1 << index
        xs, os = (self.xs | bit, self.os) if self.to_move is Mark.X else (self.xs, self.os | bit)
        return UltimateBoard(xs, os, self.to_move.other, index % SQUARES)
