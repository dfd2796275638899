"""What happens in a game: the cells marks go on, the changes a front end hears about, and
the moves of a game's history."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from .errors import GameAlreadyOver, IllegalMove, NothingToUndo, NotYourTurn
from .levels import Level
from .mark import Mark
from .modes import Mode

if TYPE_CHECKING:
    from .rules import Position


@dataclass(frozen=True, slots=True)
class Cell:
    """A square: its index (row-major from the top-left, across the boards where there are
    several), and its row and column on its board."""

    index: int
    row: int
    column: int

    @classmethod
    def of(cls, index: int, size: int) -> Cell:
        """The square `index` of boards `size`×`size` (several boards: one after another)."""
        row, column = divmod(index % (size * size), size)
        return cls(index, row, column)


class ChangeKind(Enum):
    PLACED = "placed"
    REMOVED = "removed"


class Change(NamedTuple):
    """One mark put on the board (or, with undo, taken off it), by which side (in Notakto, the
    seat: both draw X's), and the position after it."""

    cell: Cell
    mark: Mark
    by_computer: bool
    board: Position
    kind: ChangeKind = ChangeKind.PLACED


class Move(NamedTuple):
    """A move of the game's history; `level` is the level that chose it, None for a person."""

    cell: int
    mark: Mark
    by_computer: bool
    level: Level | None = None


def moves_to_undo(moves: list[Move], mode: Mode, over: bool) -> list[Move] | IllegalMove:
    """The moves an undo takes back, last first, or why there are none: the person's last
    move with the computer's reply if it came (two players: the last move); nothing once the
    game is over (its result is counted) or while watching."""
    if over:
        return GameAlreadyOver("the game is over and its result counted: start a new game")
    if mode is Mode.WATCH:
        return NothingToUndo("there is nothing of yours to take back while you watch")
    if mode is Mode.ONLINE:
        return IllegalMove("moves are not taken back in an online game")
    taken: list[Move] = []
    if mode is Mode.TWO_PLAYER:
        taken = moves[-1:]
    else:
        index = len(moves) - 1
        if index >= 0 and moves[index].by_computer:
            index -= 1
        if index >= 0:
            taken = moves[index:][::-1]
    if not taken:
        return NothingToUndo("there is no move of yours to take back")
    return taken


def resigner(
    mode: Mode, human: Mark, turn: Mark, over: bool, mark: Mark | None
) -> Mark | IllegalMove:
    """Who resigns (`mark`, or by default the person against the computer, else the side to move),
    or why nobody may: not once the game is over, not the computer, not in watch mode."""
    if over:
        return GameAlreadyOver()
    if mode is Mode.WATCH:
        return IllegalMove("the computer plays both sides in watch mode: nobody resigns")
    if mode is Mode.COMPUTER:
        if mark is not None and mark is not human:
            return NotYourTurn(mark, "only you resign, not the computer")
        return human
    return turn if mark is None else mark


def start_refusal(
    mode: Mode, turn: Mark, started: bool, computer_to_move: bool
) -> IllegalMove | None:
    """Why the computer may not make the first move (`Game.computer_starts`), or None: only
    against a person, on an empty board (`started` is False), when it is not its turn yet."""
    if mode is Mode.TWO_PLAYER:
        return IllegalMove("the computer starts only in a game against it: two players play")
    if mode is Mode.ONLINE:
        return IllegalMove("the computer starts only in a game against it: this one is online")
    if mode is Mode.WATCH:
        return IllegalMove("the computer already plays both sides in watch mode")
    if started:
        return NotYourTurn(turn, "the computer can only start on an empty board")
    if computer_to_move:
        return NotYourTurn(turn, "the computer is starting already")
    return None
