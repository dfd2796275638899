"""The stateful, UI-agnostic game controller that any front end can drive.

A front end calls `Game` methods for what the player does and hears back through callbacks:
`on_change` once per mark placed, `on_game_over` once per finished game, and `on_new_game`
when the board is cleared for another game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import NamedTuple

from .board import Board
from .coordinates import coordinate, parse_coordinate
from .errors import (
    GameAlreadyOver,
    IllegalMove,
    NotASquare,
    NothingToUndo,
    NotYourTurn,
    SquareTaken,
)
from .geometry import geometry
from .keypad import KEYPAD_SIZE, KeypadLayout
from .mark import Mark
from .opponents import Level, choose_move
from .outcome import Outcome


class Cell:
    """A square of the board: its index (row-major from the top-left), row and column."""

    __slots__ = ("column", "index", "row")

    def __init__(self, index: int, row: int, column: int) -> None:
        self.index = index
        self.row = row
        self.column = column

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cell):
            return NotImplemented
        return (self.index, self.row, self.column) == (other.index, other.row, other.column)

    def __hash__(self) -> int:
        return hash((self.index, self.row, self.column))

    def __repr__(self) -> str:
        return f"Cell(index={self.index}, row={self.row}, column={self.column})"


class ChangeKind(Enum):
    PLACED = "placed"
    REMOVED = "removed"


class Change(NamedTuple):
    """One mark put on the board (or, with undo, taken off it), and the board after it."""

    cell: Cell
    mark: Mark
    by_computer: bool
    board: Board
    kind: ChangeKind = ChangeKind.PLACED


class Move(NamedTuple):
    """A move of the game's history."""

    cell: int
    mark: Mark
    by_computer: bool


class Mode(Enum):
    """Who plays: one person against the computer, two people, or the computer against itself."""

    COMPUTER = "computer"
    TWO_PLAYER = "two-player"
    WATCH = "watch"

    @property
    def label(self) -> str:
        return {"computer": "Vs computer", "two-player": "Two players", "watch": "Watch"}[
            self.value
        ]

    @property
    def next(self) -> Mode:
        modes = list(Mode)
        return modes[(modes.index(self) + 1) % len(modes)]


ChangeListener = Callable[[Change], object]
GameOverListener = Callable[[Outcome], object]
NewGameListener = Callable[[Board], object]


class Game:
    """Game after game, in one of three modes.

    - `Mode.COMPUTER` (the default): the human plays X and the computer O unless told
      otherwise; the human starts each new game, and the computer may start instead by moving
      first on the empty board.
    - `Mode.TWO_PLAYER`: two people take turns at the same keys.
    - `Mode.WATCH`: the computer plays both sides, each at its own level (`watch_levels`).

    The game keeps its history, so moves can be taken back (`undo`).
    """

    def __init__(
        self,
        on_change: ChangeListener | None = None,
        on_game_over: GameOverListener | None = None,
        *,
        on_new_game: NewGameListener | None = None,
        level: Level = Level.AVERAGE,
        human: Mark = Mark.X,
        mode: Mode = Mode.COMPUTER,
        watch_levels: tuple[Level, Level] = (Level.GENIUS, Level.AVERAGE),
        keypad: KeypadLayout = KeypadLayout.PHONE,
        size: int = 3,
        win_length: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.on_change = on_change
        self.on_game_over = on_game_over
        self.on_new_game = on_new_game
        self.level = level
        """The computer's level against a person (from its next move)."""
        self.watch_levels = {Mark.X: watch_levels[0], Mark.O: watch_levels[1]}
        """Each side's level in watch mode (from its next move)."""
        self.keypad = keypad
        self.rng = rng or random.Random()
        self._human = human
        self._mode = mode
        self._size = size
        self._win_length = win_length
        first = human if mode is Mode.COMPUTER else Mark.X
        self._board = Board.empty(size, win_length, first=first)
        self._moves: list[Move] = []

    # -- what the front end reads ----------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def size(self) -> int:
        return self._size

    @property
    def uses_keypad(self) -> bool:
        """Keys 1-9 play the 3×3 board; bigger boards name squares like `b3`."""
        return self._size == KEYPAD_SIZE

    def square_name(self, cell: int) -> str:
        """What the player calls a square: its key on 3×3, its coordinate (`b3`) otherwise."""
        if self.uses_keypad:
            return str(self.keypad.key_for_cell(cell))
        return coordinate(cell, self._size)

    @property
    def mode(self) -> Mode:
        return self._mode

    @property
    def turn(self) -> Mark:
        """The mark to move next (still the loser's turn-to-be once the game is over)."""
        return self._board.to_move

    @property
    def first(self) -> Mark:
        """The mark that moved (or moves) first in this game."""
        return self._moves[0].mark if self._moves else self._board.to_move

    @property
    def human(self) -> Mark:
        """The person's mark against the computer."""
        return self._human

    @property
    def computer(self) -> Mark:
        """The computer's mark against a person."""
        return self._human.other

    def controlled_by_computer(self, mark: Mark) -> bool:
        if self._mode is Mode.COMPUTER:
            return mark is not self._human
        return self._mode is Mode.WATCH

    def level_of(self, mark: Mark) -> Level | None:
        """The level playing `mark`, or None for a person."""
        if not self.controlled_by_computer(mark):
            return None
        return self.watch_levels[mark] if self._mode is Mode.WATCH else self.level

    @property
    def is_human_turn(self) -> bool:
        return not self.is_over and not self.controlled_by_computer(self.turn)

    @property
    def is_computer_turn(self) -> bool:
        return not self.is_over and self.controlled_by_computer(self.turn)

    @property
    def is_over(self) -> bool:
        return self._board.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._board.outcome

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        return self._moves[-1] if self._moves else None

    def key_for_cell(self, cell: int) -> int:
        """The key that plays `cell` under the active keypad layout."""
        return self.keypad.key_for_cell(cell)

    # -- what the front end does -------------------------------------------------------------------

    def play_key(self, key: object) -> Cell:
        """A person plays the square of keypad key 1-9 (under the active layout; 3×3 only)."""
        if not self.uses_keypad:
            raise NotASquare(key, "a square like b3: keys 1-9 play the 3×3 board only")
        cell = self.keypad.cell_for_key(key)
        return self._human_move(cell, f"square {self.square_name(cell)}")

    def play_cell(self, cell: object) -> Cell:
        """A person plays the cell with this index (0..n²-1, row-major from the top-left)."""
        index = self._board.cell_index(cell)
        return self._human_move(index, f"cell {index}")

    def play_coordinate(self, name: object) -> Cell:
        """A person plays the square named like `b3` (column letter, row number from the top)."""
        cell = parse_coordinate(name, self._size)
        return self._human_move(cell, f"square {self.square_name(cell)}")

    def computer_move(self, cell: int | None = None) -> Cell:
        """The computer plays a move of its level. Against a person, on an empty board, this
        lets the computer start.

        A front end that searched in the background (see `computer_position`) passes the
        cell found.
        """
        board = self._computer_board()
        if cell is None:
            level = self.level_of(board.to_move)
            assert level is not None
            cell = choose_move(board, level, self.rng)
        board.check_move(cell)
        self._board = board
        return self._place(cell, by_computer=True)

    def computer_position(self) -> tuple[Board, Level]:
        """The board the computer would move on now and the level it plays: a front end can
        search it in the background (`choose_move(board, level, game.rng, stop)`) and then
        play the cell found with `computer_move(cell)`."""
        board = self._computer_board()
        level = self.level_of(board.to_move)
        assert level is not None
        return board, level

    def _computer_board(self) -> Board:
        """The board the computer moves on, refusing when it is not the computer's turn."""
        if self.is_over:
            raise GameAlreadyOver()
        if self._mode is Mode.TWO_PLAYER:
            raise NotYourTurn(self.turn, "two people are playing, not the computer")
        if self._mode is Mode.COMPUTER and self.turn is self._human:
            if not self._board.is_empty:
                raise NotYourTurn(self.turn, "the computer cannot move for you")
            return Board.empty(self._size, self._win_length, first=self.computer)
        return self._board

    def new_game(
        self,
        human: Mark | None = None,
        mode: Mode | None = None,
        first: Mark | None = None,
        size: int | None = None,
    ) -> None:
        """Clear the board for a new game, optionally of another size (3×3 has three in a
        row, bigger boards four).

        Against the computer the person starts unless `first` says otherwise (the computer
        may also start by moving first on the empty board); otherwise X starts unless `first`
        says otherwise.
        """
        if size is not None and size != self._size:
            geometry(size)  # refuses an unsupported size before anything changes
            self._size, self._win_length = size, None
        if human is not None:
            self._human = human
        if mode is not None:
            self._mode = mode
        if first is None:
            first = self._human if self._mode is Mode.COMPUTER else Mark.X
        self._board = Board.empty(self._size, self._win_length, first=first)
        self._moves.clear()
        if self.on_new_game is not None:
            self.on_new_game(self._board)

    def undo(self) -> tuple[Move, ...]:
        """Take back the person's last move, with the computer's reply if it has made one (in
        two-player mode, the last move). Repeatable back to the start; refused once the game is
        over, because its result has been counted. Each mark taken off is reported through
        `on_change`; returns the moves taken back, last first."""
        if self.is_over:
            raise GameAlreadyOver("the game is over and its result counted: start a new game")
        if self._mode is Mode.WATCH:
            raise NothingToUndo("there is nothing of yours to take back while you watch")
        taken: list[Move] = []
        if self._mode is Mode.TWO_PLAYER:
            if self._moves:
                taken.append(self._moves[-1])
        else:
            index = len(self._moves) - 1
            if index >= 0 and self._moves[index].by_computer:
                index -= 1
            if index >= 0:
                taken = self._moves[index:][::-1]
        if not taken:
            raise NothingToUndo("there is no move of yours to take back")
        first = self.first
        del self._moves[len(self._moves) - len(taken) :]
        board = Board.empty(self._size, self._win_length, first=first)
        for move in self._moves:
            board = board.play(move.cell)
        self._board = board
        if self.on_change is not None:
            for move in taken:
                self.on_change(
                    Change(
                        self._cell(move.cell),
                        move.mark,
                        move.by_computer,
                        board,
                        ChangeKind.REMOVED,
                    )
                )
        return tuple(taken)

    # -- inside -----------------------------------------------------------------------------------

    def _cell(self, index: int) -> Cell:
        row, column = divmod(index, self._size)
        return Cell(index, row, column)

    def _human_move(self, cell: int, square: str) -> Cell:
        if self.is_over:
            raise GameAlreadyOver()
        if self.controlled_by_computer(self.turn):
            raise NotYourTurn(self.turn, "wait for the computer")
        owner = self._board[cell]
        if owner is not None:
            raise SquareTaken(square, cell, owner)
        return self._place(cell, by_computer=False)

    def _place(self, cell: int, *, by_computer: bool) -> Cell:
        mark = self._board.to_move
        self._board = self._board.play(cell)
        self._moves.append(Move(cell, mark, by_computer))
        placed = self._cell(cell)
        if self.on_change is not None:
            self.on_change(Change(placed, mark, by_computer, self._board))
        outcome = self._board.outcome
        if outcome is not None and self.on_game_over is not None:
            self.on_game_over(outcome)
        return placed


__all__ = [
    "Cell",
    "Change",
    "ChangeKind",
    "Game",
    "IllegalMove",
    "Mode",
    "Move",
]
