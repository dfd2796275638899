"""The names of things a player reads about: boards, keypads, who starts, levels, keys. Plain
words shared by the sentences (`words.py`) and the command table (`commands.py`)."""

from __future__ import annotations

from ..core import MIXED, KeypadLayout, Level, Mark, Starter, Variant, win_length_for


def board_name(size: int) -> str:
    return f"{size}×{size}"


def board_description(size: int) -> str:
    return f"{win_length_for(size)} in a row on a {board_name(size)} board"


_NUMBERS = {3: "three", 4: "four", 5: "five"}


def in_a_row(size: int) -> str:
    """ "three in a row" on 3×3, "four in a row" on the bigger boards."""
    k = win_length_for(size)
    return f"{_NUMBERS.get(k, str(k))} in a row"


def notakto_name(boards: int) -> str:
    """ "Notakto 1 board", "Notakto 3 boards"."""
    return f"Notakto {boards} board{'s' if boards > 1 else ''}"


def variant_name(variant: Variant) -> str:
    return "misère (a line loses)" if variant is Variant.MISERE else "the normal game"


KEYPAD_DESCRIPTIONS = {
    KeypadLayout.PHONE: "phone (1 2 3 on top)",
    KeypadLayout.NUMPAD: "numpad (7 8 9 on top)",
}
STARTER_DESCRIPTIONS = {
    Starter.YOU: "you start every game (X starts in two-player and watch mode)",
    Starter.COMPUTER: "the computer starts every game (O starts in two-player and watch mode)",
    Starter.ALTERNATE: "the first move alternates from game to game",
}
STARTER_TITLES = {
    Starter.YOU: "Who starts: you",
    Starter.COMPUTER: "Who starts: the computer",
    Starter.ALTERNATE: "Who starts: alternate, each in turn",
}


def mark_entry_title(mark: Mark) -> str:
    """The palette's entry that makes you play `mark`."""
    return f"Your mark: {mark}"


def capitalised(text: str) -> str:
    """`text` with its first letter upper-case, the rest as it is."""
    return text[:1].upper() + text[1:]


def level_name(level: str) -> str:
    return "Mixed levels" if level == MIXED else Level(level).label


KEY_NAMES = {
    "question_mark": "?",
    "colon": ":",
    "escape": "Escape",
    "enter": "Enter",
    "backspace": "Backspace",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}
"""How a sentence names a key that Textual calls otherwise."""


def key_name(key: str) -> str:
    """A Textual key as a player reads it: "?" for question_mark, "Escape" for escape."""
    return KEY_NAMES.get(key, key)
