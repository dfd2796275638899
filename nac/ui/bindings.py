"""Key bindings from a command table (`nac.present.commands`): one builder for every screen."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from textual.binding import Binding, BindingType

from ..present.commands import COMMANDS, CURSOR_KEYS, PLAY_CURSOR, Command

PRIORITY = frozenset({"ctrl+c", "colon"})
"""Keys run as soon as the app reads them: ctrl+c always quits; `:` opens the prompt before the
keys typed after it (fast typing, a paste) are passed on, so they reach the prompt."""


def bindings(
    commands: Sequence[Command] = COMMANDS,
    *,
    leave: Sequence[Command] = (),
    priority: Collection[str] = PRIORITY,
) -> list[BindingType]:
    """Every key of every command of the table but those in `leave`, none shown by Textual's
    footer (each screen's own footer shows its commands); the keys in `priority` run first."""
    return [
        Binding(key, action, command.label or command.help, show=False, priority=key in priority)
        for command in commands
        if command not in leave
        for key, action in command.keys
    ]


BOARDS_OWN = (CURSOR_KEYS, PLAY_CURSOR)
"""The keys the board binds itself (`BoardWidget`): the cursor's, and Enter on it."""


def board_bindings(commands: Sequence[Command] = COMMANDS) -> list[BindingType]:
    """The keys of a screen with a board (the game, online play, puzzles, drills): its table's
    but the board's own."""
    return bindings(commands, leave=BOARDS_OWN)
