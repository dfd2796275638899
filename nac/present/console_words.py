"""Every sentence the plain console (`nac --plain`) says of its own: the rest it shares with
the full-screen game, from `words`."""

from __future__ import annotations

from ..core import Game, Level, Mark, Match, Mode, Score
from .commands import key_for
from .names import board_description
from .words import level_label, player_name, score_rows

NO_HINT_NOW = "a hint is for the side to move, on a person's turn"


def score_line(game: Game, score: Score) -> str:
    """ "Score: You 1, Computer 0, Draws 2." (and against Adaptive what it plays like now)"""
    line = "Score: " + ", ".join(f"{name} {count}" for name, count in score_rows(game, score))
    if game.mode is Mode.COMPUTER and game.level is Level.ADAPTIVE:
        line += f". {level_label(game, game.computer)}"
    return line + "."


AFTER_GAME = f"Enter or {key_for('new_game')} for a new game, {key_for('quit')} to quit."


def move(game: Game, mark: Mark, square: str) -> str:
    """ "You (X) played 5.", "The computer (O) played b3.", "Genius (X) played c3." """
    if game.mode is Mode.COMPUTER:
        who = "You" if mark is game.human else "The computer"
    else:
        who = player_name(game, mark)
    return (
        f"{who} ({mark}) played {square}."
        if game.mode is Mode.COMPUTER
        else f"{who} played {square}."
    )


def intro(match: Match) -> str:
    game = match.game
    board = board_description(game.size)
    if game.mode is Mode.COMPUTER:
        level = level_label(game, game.computer)
        who = f"You are {game.human}; the computer ({level}) is {game.computer}"
    elif game.mode is Mode.TWO_PLAYER:
        who = "Two players take turns"
    else:
        x, o = (level_label(game, mark) for mark in Mark)
        who = f"Watching {x} (X) play {o} (O)"
    return f"Noughts and crosses, {board}. {who}."


def help_line(game: Game) -> str:
    squares = "1-9 (or a1-c3)" if game.uses_keypad else "a square like b3"
    if game.mode is Mode.WATCH:
        return f"Enter or {key_for('new_game')} starts the next game, {key_for('quit')} quits."
    start = key_for("computer_starts")
    extra = f", {start} to let the computer start" if game.mode is Mode.COMPUTER else ""
    hint, undo, new, quit_ = (key_for(a) for a in ("hint", "undo", "new_game", "quit"))
    return (
        f"Type {squares} to play{extra}, {hint} for a hint, {undo} to undo, {new} for a new "
        f"game, {quit_} to quit."
    )
