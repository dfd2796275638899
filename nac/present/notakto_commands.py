"""Notakto's command table, of the same shape as the game's (`commands.py`): most commands are
the game's own (the levels, a new game, the mode, hints, undo, the analysis, help, quit); the
digits play on the board the cursor is on, Tab takes the cursor to the next live board, `b`
sets the boards and `w` goes back to noughts and crosses."""

from __future__ import annotations

from ..core import Mode, NotaktoGame
from .board_keys import CURSOR_KEYS, PLAY_CURSOR
from .command import Command, Entry
from .commands import COMMANDS


def _game_command(action: str) -> Command:
    """The game's command whose first key runs `action`."""
    return next(command for command in COMMANDS if command.keys and command.action == action)


NOTAKTO_PLAY = Command(
    tuple((str(key), f"play_key({key})") for key in range(1, 10)),
    "1-9",
    "Put an X on that square of the board the cursor is on (the number in each empty square "
    "is its key)",
    "Play",
    rank=1,
)
NEXT_BOARD = Command(
    (("tab", "next_board"),),
    "Tab",
    "Take the cursor to the next live board (the arrows cross from board to board too)",
    "Next board",
    "Board",
    rank=5,
)
BOARDS = Command(
    (("b", "next_boards"),),
    "b",
    "Boards: 1, 2 or 3 (a new game)",
    "Boards",
    rank=6,
    palette=tuple(
        Entry(
            f"Notakto: {count} board{'s' if count > 1 else ''}",
            "A new game of Notakto",
            f"boards({count})",
        )
        for count in (1, 2, 3)
    ),
)
RULES = Command(
    (("w", "leave_notakto"),),
    "w",
    "Rules: back to noughts and crosses",
    "Noughts & crosses",
    "Rules",
    rank=9,
    palette=(Entry("Rules: Normal", "Back to noughts and crosses", "leave_notakto"),),
)
NOTAKTO_OWN = (NOTAKTO_PLAY, NEXT_BOARD, BOARDS, RULES)
"""Notakto's commands that the game does not have (the help lists these)."""
NOTAKTO_COMMANDS: tuple[Command, ...] = (
    NOTAKTO_PLAY,
    CURSOR_KEYS,
    PLAY_CURSOR,
    NEXT_BOARD,
    _game_command("next_game"),
    _game_command("computer_starts"),
    _game_command("level('idiot')"),
    _game_command("o_level('idiot')"),
    _game_command("new_game"),
    _game_command("next_mode"),
    _game_command("hint"),
    _game_command("undo"),
    _game_command("toggle_analysis"),
    BOARDS,
    RULES,
    _game_command("switch_keypad"),
    _game_command("review"),
    _game_command("games"),
    _game_command("stats"),
    _game_command("help"),
    _game_command("quit"),
)
"""Notakto's commands, in the footer's and the help's order."""


PLAYING = frozenset({"play_key", "play_cursor", "cursor", "cursor_to", "cursor_centre", "hint"})


def available(game: NotaktoGame, action: str) -> bool | None:
    """Whether a command works now: True, False (not now: hidden), None (after the computer's
    move: dimmed)."""
    playing = game.is_human_turn
    if action in PLAYING or action == "toggle_analysis":
        return True if playing else None if not game.is_over else False
    if action == "next_board":
        return playing and sum(not dead for dead in game.position.dead) > 1
    if action == "next_game":
        return game.is_over
    if action == "computer_starts":
        return game.why_computer_cannot_start() is None
    if action == "o_level":
        return game.mode is Mode.WATCH
    if action == "undo":
        return game.why_no_undo() is None
    return True


def in_progress(game: NotaktoGame) -> bool:
    """Whether a new game now would drop one the person has played in."""
    played = any(not move.by_computer for move in game.moves)
    return played and not game.is_over and game.mode is not Mode.WATCH
