"""Why a move was refused. Every refusal is an `IllegalMove` and changes nothing."""

from __future__ import annotations

from .mark import Mark


class IllegalMove(Exception):
    """A move that the rules do not allow. The message says which square and why."""


class NotASquare(IllegalMove):
    """The move names no square: 0, 10, -1, a word, a float."""

    def __init__(self, square: object, valid: str) -> None:
        self.square = square
        super().__init__(f"{shown(square)} is not a square: use {valid}")


SHOWN_CHARACTERS = 20


def shown(value: object) -> str:
    """`value` as a message quotes it: its repr, cut short if it is long."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARACTERS else text[: SHOWN_CHARACTERS - 1] + "…"


class SquareTaken(IllegalMove):
    """The square already holds a mark."""

    def __init__(self, cell: int, mark: Mark, square: str | None = None) -> None:
        self.cell = cell
        self.mark = mark
        self.square = square or f"cell {cell}"
        """How the refusal names the square: "square 5", "square b3", "cell 4"."""
        super().__init__(f"{self.square} is taken by {mark}")


class GameAlreadyOver(IllegalMove):
    """The game has ended; only a new game can go on."""

    def __init__(self, message: str = "the game is over: start a new game") -> None:
        super().__init__(message)


class NothingToUndo(IllegalMove):
    """There is no move that may be taken back."""


class NotYourTurn(IllegalMove):
    """The side asking to move is not the side to move."""

    def __init__(self, to_move: Mark, detail: str) -> None:
        self.to_move = to_move
        super().__init__(f"it is {to_move}'s turn: {detail}")


class InvalidPosition(ValueError):
    """A text or a set of marks that is not a position a game can reach."""
