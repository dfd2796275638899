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
from .errors import GameAlreadyOver, IllegalMove, NotYourTurn, SquareTaken
from .keypad import KeypadLayout
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


ChangeListener = Callable[[Change], object]
GameOverListener = Callable[[Outcome], object]
NewGameListener = Callable[[Board], object]


class Game:
    """One player against the computer, game after game.

    The human plays X and the computer O unless told otherwise; the human starts each new game,
    and the computer may start instead by moving first on the empty board.
    """

    def __init__(
        self,
        on_change: ChangeListener | None = None,
        on_game_over: GameOverListener | None = None,
        *,
        on_new_game: NewGameListener | None = None,
        level: Level = Level.AVERAGE,
        human: Mark = Mark.X,
        keypad: KeypadLayout = KeypadLayout.PHONE,
        size: int = 3,
        win_length: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.on_change = on_change
        self.on_game_over = on_game_over
        self.on_new_game = on_new_game
        self.level = level
        self.keypad = keypad
        self.rng = rng or random.Random()
        self._human = human
        self._size = size
        self._win_length = win_length
        self._board = Board.empty(size, win_length, first=human)
        self._moves: list[Move] = []

    # -- what the front end reads ----------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def turn(self) -> Mark:
        """The mark to move next (still the loser's turn-to-be once the game is over)."""
        return self._board.to_move

    @property
    def human(self) -> Mark:
        return self._human

    @property
    def computer(self) -> Mark:
        return self._human.other

    @property
    def is_human_turn(self) -> bool:
        return not self.is_over and self.turn is self._human

    @property
    def is_computer_turn(self) -> bool:
        return not self.is_over and self.turn is not self._human

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
        """The human plays the square of keypad key 1-9 (under the active layout)."""
        cell = self.keypad.cell_for_key(key)
        return self._human_move(cell, f"square {self.keypad.key_for_cell(cell)}")

    def play_cell(self, cell: object) -> Cell:
        """The human plays the cell with this index (0..n²-1, row-major from the top-left)."""
        index = self._board.cell_index(cell)
        return self._human_move(index, f"cell {index}")

    def computer_move(self) -> Cell:
        """The computer plays a move of its level. On an empty board this lets it start."""
        if self.is_over:
            raise GameAlreadyOver()
        if self._board.is_empty and self.turn is self._human:
            self._board = Board.empty(self._size, self._win_length, first=self.computer)
        elif self.turn is self._human:
            raise NotYourTurn(self.turn, "the computer cannot move for you")
        cell = choose_move(self._board, self.level, self.rng)
        return self._place(cell, by_computer=True)

    def new_game(self, human: Mark | None = None) -> None:
        """Clear the board for a new game; the human starts (the computer may then start)."""
        if human is not None:
            self._human = human
        self._board = Board.empty(self._size, self._win_length, first=self._human)
        self._moves.clear()
        if self.on_new_game is not None:
            self.on_new_game(self._board)

    # -- inside -----------------------------------------------------------------------------------

    def _human_move(self, cell: int, square: str) -> Cell:
        if self.is_over:
            raise GameAlreadyOver()
        if self.turn is not self._human:
            raise NotYourTurn(self.turn, "wait for the computer")
        owner = self._board[cell]
        if owner is not None:
            raise SquareTaken(square, cell, owner)
        return self._place(cell, by_computer=False)

    def _place(self, cell: int, *, by_computer: bool) -> Cell:
        mark = self._board.to_move
        self._board = self._board.play(cell)
        self._moves.append(Move(cell, mark, by_computer))
        row, column = divmod(cell, self._size)
        placed = Cell(cell, row, column)
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
    "Move",
]
