"""Reading typed lines for the plain-text front ends (`console.py`, `notakto_console.py`):
line editing where both ends are a terminal, and the app's keys typed as commands."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from .present.commands import COMMANDS
from .present.names import key_name

ACTIONS = ("new_game", "computer_starts", "hint", "undo", "help", "quit")
"""The commands of the app's table that the console runs too, typed as their keys."""
WORDS = {"quit": "quit", "exit": "quit", "help": "help"}


def typed_action(text: str) -> str | None:
    """The console's command a line names: one of the app's keys for it, or a word."""
    if text in WORDS:
        return WORDS[text]
    for command in COMMANDS:
        for key, action in command.keys:
            if action in ACTIONS and key_name(key) == text:
                return action
    return None


Reader = Callable[[str], str | None]
"""Reads a line after showing a prompt: the line, or None at the end of the input."""


def line_reader(stdin: TextIO, stdout: TextIO) -> Reader:
    """Lines from `stdin`: edited with the standard `readline` module where both ends are a
    terminal (arrows, Backspace, history), read plainly from a pipe or a file."""
    if stdin is sys.stdin and stdout is sys.stdout and stdin.isatty() and stdout.isatty():
        import readline  # noqa: F401 - importing it gives input() its line editing

        def edited(prompt: str) -> str | None:
            try:
                return input(prompt)
            except EOFError:
                return None

        return edited

    def plain(prompt: str) -> str | None:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        return line if line else None

    return plain
