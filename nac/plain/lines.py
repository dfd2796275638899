"""What the plain-text front ends (`console.py`, `online.py`) share: reading typed
lines (edited where both ends are a terminal), saying lines, and the app's keys typed as the
console's commands."""

from __future__ import annotations

import contextlib
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import TextIO

from ..present.commands import COMMANDS
from ..present.names import key_name
from ..present.plain_text import encodable

ACTIONS = ("new_game", "computer_starts", "hint", "undo", "review", "help", "quit")
"""The commands of the app's table that the console runs too, typed as their keys."""
WORDS = {"quit": "quit", "exit": "quit", "help": "help"}
SQUARE_ACTIONS = ("play_", "type_square", "cursor", "move_prompt")
"""The app's actions that choose a square: a typed line that is none is no other command."""


def typed_action(text: str) -> str | None:
    """The console's command a line names: one of the app's keys for it, or a word."""
    if text in WORDS:
        return WORDS[text]
    for command in COMMANDS:
        for key, action in command.keys:
            if action in ACTIONS and key_name(key) == text:
                return action
    return None


def app_only_command(text: str) -> str | None:
    """The name of the app's command a line's key runs there, where the console has no such
    command ("Analysis" for `t`); None for any other line."""
    for command in COMMANDS:
        for key, action in command.keys:
            squares = action.startswith(SQUARE_ACTIONS)  # a typed line names its squares itself
            if action not in ACTIONS and not squares and key_name(key) == text and command.label:
                return command.label
    return None


def say_to(stdout: TextIO, text: str = "") -> None:
    """`text` on `stdout`, in what its encoding can write; where it is a terminal, long lines
    broken between words at its width (a pipe gets every line whole, for scripts)."""
    text = encodable(text, getattr(stdout, "encoding", None))
    isatty = getattr(stdout, "isatty", None)
    if callable(isatty) and isatty():
        width = shutil.get_terminal_size().columns
        text = "\n".join(
            textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False)
            if len(line) > width
            else line
            for line in text.split("\n")
        )
    print(text, file=stdout, flush=True)


Reader = Callable[[str], str | None]
"""Reads a line after showing a prompt: the line, or None at the end of the input."""


def line_reader(stdin: TextIO, stdout: TextIO) -> Reader:
    """Lines from `stdin`: edited with the standard `readline` module where both ends are a
    terminal (arrows, Backspace, history), read plainly from a pipe or a file."""
    if stdin is sys.stdin and stdout is sys.stdout and stdin.isatty() and stdout.isatty():
        # importing readline gives input() its line editing (a Python without it: less)
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401

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
