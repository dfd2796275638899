"""What the screen says in each mode: pure functions of the game, so tests can read them."""

from __future__ import annotations

from ..core import Game, Mark, Mode, Outcome
from .session import SessionScore


def player_name(game: Game, mark: Mark) -> str:
    """ "You", "Computer", "X", or "Genius (X)", as the mode calls the player of `mark`."""
    if game.mode is Mode.COMPUTER:
        return "You" if mark is game.human else "Computer"
    if game.mode is Mode.WATCH:
        return f"{game.watch_levels[mark].label} ({mark})"
    return str(mark)


def headline(game: Game, outcome: Outcome) -> str:
    """The result in a few words: "You won", "O won", "Genius (X) beat Idiot (O)", "Draw"."""
    winner = outcome.winner
    if game.mode is Mode.WATCH:
        x, o = player_name(game, Mark.X), player_name(game, Mark.O)
        if winner is None:
            return f"Draw between {x} and {o}"
        return f"{player_name(game, winner)} beat {player_name(game, winner.other)}"
    if winner is None:
        return "Draw"
    if game.mode is Mode.COMPUTER:
        return "You won" if winner is game.human else "The computer won"
    return f"{winner} won"


def banner_result(game: Game, outcome: Outcome) -> str:
    """The banner's style: -won, -lost or -draw (two-player and watch wins count as -won)."""
    if outcome.winner is None:
        return "-draw"
    if game.mode is Mode.COMPUTER and outcome.winner is not game.human:
        return "-lost"
    return "-won"


def score_rows(game: Game, score: SessionScore) -> list[tuple[str, int]]:
    if game.mode is Mode.COMPUTER:
        first, second = "You", "Computer"
    else:
        first, second = player_name(game, Mark.X), player_name(game, Mark.O)
    return [(first, score.first), (second, score.second), ("Draws", score.draws)]


def history(game: Game) -> str:
    """`1. X 5   2. O 1   3. X 9`: squares in the keypad's numbers, or like `b3` on bigger
    boards."""
    return "   ".join(
        f"{number}. {move.mark} {game.square_name(move.cell)}"
        for number, move in enumerate(game.moves, 1)
    )
