"""Puzzles: positions where the side to move can force a win with exactly one first move.

"X to play and win in 3": the player finds the one winning move, then Genius defends (the
slowest loss) and the player must keep a forced win to the end. From 3×3 and 4×4, found by
the exact solver (`tools/make_puzzles.py`, `make puzzles`) and shipped in `puzzles.txt`
beside this module, easiest first.

Each line of the file is one puzzle, `<board> <to move> <winning square> <plies> <tempting>`:

    X.O/.X./O.. X c3 3 1

- the board in `Board.parse`'s text form (rows split by `/`, `.` empty), then the side to move;
- the one move that wins, as a square (`a1` top-left, `b3` second column, third row);
- the plies to the win with perfect defence, the winning move included ("win in 3");
- the number of tempting wrong moves: moves that do not win but make a threat (a line one
  mark short of a win, its last square empty), so they look like an attack.

The file is sorted by `difficulty`, one point for each reply of the defender the win must get
through and one for each tempting wrong move, then by plies, board size and text. Lines
starting `#` are comments.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from ..core import Board, IllegalMove, coordinate, parse_coordinate
from .limits import NO_LIMIT
from .packaged import packaged
from .solver import solver_for
from .sources import exact_source
from .stop import StopSignal
from .values import MoveValue, Result, Unsolvable

FILE_NAME = "puzzles.txt"
SHORTEST_WIN = 3
"""A puzzle's win takes at least this many plies: a win in one move is no puzzle."""


class Judgement(NamedTuple):
    """What a move in a puzzle does."""

    cell: int
    right: bool
    """Whether the move keeps a forced win."""
    value: MoveValue
    """What the move leads to with perfect play on both sides, for the mover: a win in so
    many plies, a draw, or a loss."""
    refutation: int | None
    """After a wrong move, the defender's best reply (None after a right one, or if the wrong
    move ended the game)."""


@dataclass(frozen=True)
class Puzzle:
    board: Board
    winning_cell: int
    plies: int
    """Plies to the win with perfect defence, the winning move included."""
    tempting: int
    """Wrong moves that make a threat (see the module's docstring)."""

    @property
    def difficulty(self) -> int:
        """One point per reply of the defender the win must get through, one per tempting
        wrong move: a win in 3 with no tempting move is 1."""
        return (self.plies - 1) // 2 + self.tempting

    @property
    def key(self) -> str:
        """A name that stays the same from one version of the file to the next, for saving
        which puzzles were solved: the board and the side to move, "X.O/.X./O.. X"."""
        return f"{self.board} {self.board.to_move}"

    def judge(self, cell: int, stop: StopSignal | None = None) -> Judgement:
        """Whether `cell` is the winning first move, and if not, its refutation."""
        return judge_move(self.board, cell, stop)


def judge_move(board: Board, cell: int, stop: StopSignal | None = None) -> Judgement:
    """Whether a move in `board` keeps a forced win for the side to move (any win, not only
    the fastest), with the refutation of a move that does not. IllegalMove for a move the
    rules refuse; Unsolvable on boards too big; `stop` cancels (SearchStopped)."""
    after = board.play(cell)
    value = exact_source(board).values(board, NO_LIMIT, stop)[cell]
    right = value.result is Result.WIN
    refutation = None
    if not right and after.outcome is None:
        refutation = exact_source(after).genius_moves(after, stop)[0]
    return Judgement(cell, right, value, refutation)


def defender_reply(board: Board, stop: StopSignal | None = None) -> int:
    """Genius's defence in a puzzle (the side to move is losing): the slowest loss, the same
    reply every time."""
    return exact_source(board).genius_moves(board, stop)[0]


def find_puzzle(board: Board, stop: StopSignal | None = None) -> Puzzle | None:
    """The puzzle `board` makes, if the side to move has a forced win with exactly one first
    move taking SHORTEST_WIN plies or more; None otherwise (also for boards too big to solve).
    """
    if board.outcome is not None:
        return None
    try:
        source = exact_source(board)
    except Unsolvable:
        return None
    if not source.instant and not _one_winning_move(board, stop):
        return None  # a quick test first: most positions are not puzzles
    values = source.values(board, NO_LIMIT, stop)
    winning = [cell for cell, value in values.items() if value.result is Result.WIN]
    plies = values[winning[0]].plies if len(winning) == 1 else None
    if plies is None or plies < SHORTEST_WIN:
        return None
    (cell,) = winning
    tempting = sum(1 for other in values if other != cell and makes_threat(board, other))
    return Puzzle(board, cell, plies, tempting)


def makes_threat(board: Board, cell: int) -> bool:
    """Whether playing `cell` leaves the side to move one mark short of a line, with the
    line's last square empty."""
    shape = board.geometry
    mine, theirs = board.sides
    after = mine | 1 << cell
    short = shape.win_length - 1
    return any(
        not mask & theirs and (mask & after).bit_count() == short
        for mask in shape.masks_through[cell]
    )


def _one_winning_move(board: Board, stop: StopSignal | None) -> bool:
    """Whether exactly one move wins: one exact score, then a null-window test per move."""
    mine, theirs = board.sides
    with solver_for(board.geometry).stopped_by(stop) as solver:
        if solver.score(mine, theirs) <= 0:
            return False
        return len(board.empty_cells) - solver.mistakes(mine, theirs, 1) == 1


def difficulty_order(puzzle: Puzzle) -> tuple[int, int, int, str]:
    """The order of the file: easiest first."""
    return (puzzle.difficulty, puzzle.plies, puzzle.board.size, puzzle.key)


def format_puzzle(puzzle: Puzzle) -> str:
    """One line of the puzzle file."""
    square = coordinate(puzzle.winning_cell, puzzle.board.size)
    return f"{puzzle.key} {square} {puzzle.plies} {puzzle.tempting}"


def parse_puzzle(line: str) -> Puzzle:
    """A puzzle from a line of the file; ValueError if the line is not one."""
    fields = line.split()
    if len(fields) != 5 or not all(field.isascii() and field.isdigit() for field in fields[3:]):
        raise ValueError(f"{line!r} is not a puzzle: board, to move, square, plies, tempting")
    text, to_move, square, plies, tempting = fields
    board = Board.parse(text, to_move)
    try:
        cell = parse_coordinate(square, board.size)
    except IllegalMove as error:
        raise ValueError(f"{line!r}: {error}") from None
    if board[cell] is not None:
        raise ValueError(f"{line!r}: the winning square {square} is taken")
    return Puzzle(board, cell, int(plies), int(tempting))


def puzzles_text() -> str:
    """The puzzle file as shipped inside the package."""
    return packaged(FILE_NAME).decode("ascii")


@cache
def all_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, easiest first; read on first use."""
    return tuple(
        parse_puzzle(line)
        for line in puzzles_text().splitlines()
        if line.strip() and not line.startswith("#")
    )


__all__ = ["Judgement", "Puzzle", "all_puzzles", "defender_reply", "find_puzzle", "judge_move"]
