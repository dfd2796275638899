"""Every sentence a player reads in the learning screens: the review of a game, the saved
games and the puzzles (the rest are in `nac.words`)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Ending, Mark, Mode, SavedGame
from ..core.players import REMOTE, name_of
from . import words
from .commands import key_for
from .names import level_name
from .screen_commands import GAMES_COMMANDS, PUZZLE_COMMANDS

REVIEWING = "Rating every move against perfect play…"
REVIEW_EXACT = "Every move rated against perfect play."
REVIEW_SEARCHED = (
    "On 5×5 the ratings come from Genius's book and its exact search: win, draw or loss, not "
    "how fast, and a move is rated only where its value is proven."
)
REVIEW_EMPTY = f"No moves yet: play, then press {key_for('review')}."
COPIED = "The game's line is copied: paste it to share it, or in the games list to review it."
NOTHING_TO_COPY = "No moves yet: nothing to copy."
NO_GAMES_YET = "No saved games yet: every finished game is kept here (not with --no-save)."
GAME_FILTERS: dict[str, Callable[[SavedGame], bool]] = {
    "every game": lambda game: True,
    "your games": lambda game: game.mode is not Mode.WATCH,
    "watched games": lambda game: game.mode is Mode.WATCH,
}
"""What the saved games list can show, `f` going from one to the next."""


def not_a_game(reason: str) -> str:
    """Said when what was pasted is not a game's line."""
    return f"That is not a game's line: {reason}."


ALL_PUZZLES_SOLVED = "Every puzzle is solved: here they are again, from the first."


def puzzle_right(reply: str) -> str:
    return f"Right: that keeps the win. Genius answers {reply}: your move."


def games_note(where: str, shown: str, count: int, total: int) -> str:
    """The saved games' note: what the list shows, how to review a line, where they are kept."""
    games = "game" if total == 1 else "games"
    showing = (
        f"Showing {shown}: {count} of {total} {games} ({key_for('filter', GAMES_COMMANDS)} "
        "changes it). "
        if total
        else ""
    )
    return (
        f"{showing}To review a game's line, paste it here (your terminal's paste keys). "
        f"Kept in {where}."
    )


def side_name(mode: Mode, mark: Mark, player: str) -> str:
    """A side of a saved game: "You (X)", "Genius (O)", "X", online "Ana (O)"."""
    if player == "person":
        return f"You ({mark})" if mode in (Mode.COMPUTER, Mode.ONLINE) else str(mark)
    if player.startswith(REMOTE):
        return f"{name_of(player)} ({mark})"
    return f"{level_name(player)} ({mark})"


def review_title(game: SavedGame) -> str:
    """The review screen's title: "Review · 3×3 · Vs computer · Genius · You lost"."""
    return review_titles(game)[0]


def review_titles(game: SavedGame) -> tuple[str, ...]:
    """The review's title, then shorter ones for a narrow terminal, the result always in."""
    board, mode, against = words.describe_kind(game.kind)
    result = saved_result(game)
    return (
        f"Review · {board} · {mode} · {against} · {result}",
        f"{result} · {board} · {mode} · {against}",
        f"{result} · {board} · {against}",
        result,
    )


def played_at(game: SavedGame) -> str:
    """When a saved game was played, in UTC as it is stored: "2026-11-22 14:05"."""
    return game.date.strftime("%Y-%m-%d %H:%M")


def review_heading(game: SavedGame) -> str:
    """The review's title with when the game was played, for a printed review:
    "Review · 3×3 · Vs computer · Genius · You lost · 2026-11-22 14:05 UTC"."""
    return f"{review_title(game)} · {played_at(game)} UTC"


def review_move(number: int, mark: Mark, square: str, rating: str, best: str) -> str:
    """ "4. X b2  blunder: b1 draws"."""
    text = f"{number}. {mark} {square}  {rating}"
    return f"{text}: {best}" if best else text


def puzzle_wrong(square: str, value: str, reply: str | None) -> str:
    after = f"; Genius answers {reply}" if reply else ""
    again, following = key_for("retry", PUZZLE_COMMANDS), key_for("next_puzzle", PUZZLE_COMMANDS)
    return (
        f"Not that one: {square} is a {value}{after}. {again} tries again, {following} is the next."
    )


def puzzle_solved(streak: int) -> str:
    return f"Solved! {streak} in a row. {key_for('next_puzzle', PUZZLE_COMMANDS)}: the next puzzle."


def puzzle_count(index: int, total: int, solved: int, streak: int) -> str:
    return f"Puzzle {index + 1} of {total} · {solved} solved · {streak} in a row"


def saved_result(game: SavedGame) -> str:
    """How a saved game ended, from the person's side against the computer: "You won"."""
    if game.ending is Ending.UNFINISHED:
        return "Unfinished"
    if game.ending is Ending.DRAW:
        return "Draw"
    winner = game.ending.winner
    assert winner is not None
    if game.mode in (Mode.COMPUTER, Mode.ONLINE):
        result = "You won" if game.player(winner) == "person" else "You lost"
    else:
        result = f"{winner} won"
    resigned = game.ending.resigned
    return result if resigned is None else f"{result} ({resigned} resigned)"
