"""Every sentence the plain console (`nac --plain`) says of its own: the rest it shares with
the full-screen game, from `words`."""

from __future__ import annotations

from ...core import Game, Level, Mark, Match, Mode, Score
from ..commands import key_for
from ..looks import look_of
from .words import level_label, player_name, score_rows, side

NO_HINT_NOW = "a hint is for the side to move, on a person's turn"


def score_line(game: Game, score: Score) -> str:
    """ "Score: You 1, Computer 0, Draws 2." (and against Adaptive what it plays like now)"""
    line = "Score: " + ", ".join(f"{name} {count}" for name, count in score_rows(game, score))
    if game.mode is Mode.COMPUTER and game.level is Level.ADAPTIVE:
        line += f". {level_label(game, game.computer)}"
    return line + "."


AFTER_GAME = (
    f"Enter or {key_for('new_game')} for a new game, {key_for('quit')} to quit, "
    f"{key_for('review')} to review this one."
)
NO_MOVES_TO_REVIEW = "there is no move to review yet"


def app_only(key: str, label: str) -> str:
    """Said of an app's key that plain text has no command for (`t`, the analysis)."""
    return f"{key} ({label}) is a key of the full-screen app, not a square here."


def move(game: Game, mark: Mark, square: str) -> str:
    """ "You (X) played 5.", "The computer (O) played b3.", "Genius (X) played c3."; in
    Notakto "You played 2:5." (both play X)."""
    if game.mode is Mode.COMPUTER:
        who = "You" if mark is game.human else "The computer"
        if not game.rules.shares_marks:
            who += f" ({mark})"
    else:
        who = player_name(game, mark)
    return f"{who} played {square}."


def intro(match: Match) -> str:
    game = match.game
    rules = game.rules
    if game.mode is Mode.COMPUTER:
        level = level_label(game, game.computer)
        who = f"You are {game.human}; the computer ({level}) is {game.computer}"
        if rules.shares_marks:
            who = f"You play the computer ({level})"
    elif game.mode is Mode.TWO_PLAYER:
        who = "Two players take turns"
    else:
        x, o = (level_label(game, mark) for mark in Mark)
        who = f"Watching {x} ({side(game, Mark.X)}) play {o} ({side(game, Mark.O)})"
    look = look_of(rules)
    return f"{look.said(look.opening, rules)} {who}."


def help_line(game: Game) -> str:
    squares = look_of(game.rules).typed_squares(game)
    if game.mode is Mode.WATCH:
        return f"Enter or {key_for('new_game')} starts the next game, {key_for('quit')} quits."
    start = key_for("computer_starts")
    extra = f", {start} to let the computer start" if game.mode is Mode.COMPUTER else ""
    hint, undo, new, quit_ = (key_for(a) for a in ("hint", "undo", "new_game", "quit"))
    return (
        f"Type {squares} to play{extra}, {hint} for a hint, {undo} to undo, {new} for a new "
        f"game, {quit_} to quit."
    )
