"""The command tables of the learning screens (the review, the saved games, the puzzles), of
the same shape as the game's own table: each feeds its screen's bindings and footer."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding

from .commands import CURSOR_KEYS, PLAY_CURSOR, PLAY_KEYS, Command

CLOSE = Command((("escape", "close"), ("q", "close")), "Esc", "Back to the game", "Back", rank=0)
REVIEW_COMMANDS: tuple[Command, ...] = (
    Command(
        (
            ("left", "step(-1)"),
            ("right", "step(1)"),
            ("home", "step_to(0)"),
            ("end", "step_to(-1)"),
        ),
        "← →",
        "Step through the game (Home, End: its start and end)",
        "Step",
        rank=1,
    ),
    Command(
        (("c", "copy"),), "c", "Copy the game as one line of text", "Copy line", "Copy", rank=2
    ),
    CLOSE,
)
GAMES_COMMANDS: tuple[Command, ...] = (
    Command((("enter", "open"),), "Enter", "Review the game", "Review", rank=1),
    Command(
        (("c", "copy"),), "c", "Copy the game as one line of text", "Copy line", "Copy", rank=2
    ),
    Command((), "paste", "Paste a game's line to review it (the terminal's paste keys)"),
    CLOSE,
)
PUZZLE_COMMANDS: tuple[Command, ...] = (
    PLAY_KEYS,
    CURSOR_KEYS,
    PLAY_CURSOR,
    Command((("n", "next_puzzle"),), "n", "The next puzzle", "Next", rank=1),
    Command((("r", "retry"),), "r", "This puzzle again", "Retry", rank=2),
    CLOSE,
)


def screen_bindings(commands: Sequence[Command]) -> list[Binding]:
    """The bindings of a screen's own command table."""
    return [
        Binding(key, action, command.label or command.help, show=False)
        for command in commands
        for key, action in command.keys
    ]
