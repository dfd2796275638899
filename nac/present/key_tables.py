"""The key lists of the help screen and the README, from the command tables: every key's name and
what it does, written once, in the table."""

from __future__ import annotations

from collections.abc import Sequence

from .command import Command
from .commands import COMMANDS


def help_rows(commands: Sequence[Command] = COMMANDS) -> list[tuple[str, str]]:
    """A table's key list: the keys as shown, and what they do (a command with no help of its
    own, like resume, is told in another's)."""
    return [
        (" ".join(f"`{key}`" for key in command.shown.split(" ")), command.help)
        for command in commands
        if command.help
    ]


def rows_table(rows: Sequence[tuple[str, str]]) -> str:
    """Key rows as a Markdown table."""
    lines = ["| Key | Does |", "|-----|------|"]
    lines += [f"| {keys} | {does} |" for keys, does in rows]
    return "\n".join(lines)


def key_table() -> str:
    """The key list as a Markdown table (the help screen's and the README's)."""
    return rows_table([*help_rows(), ("mouse click", "Play the square clicked")])


ONLINE_HELP = next(command.help for command in COMMANDS if command.action == "app.online")
"""What `o` does (its row of the game's table), told again in the help's section on online
play."""
