"""The names of things a player reads about: sides, rules, keypads, who starts, levels, keys
(a board's are its look's, in `looks.py`). Plain words shared by the sentences (`words.py`) and
the command table (`commands.py`)."""

from __future__ import annotations

from ..core import MIXED, KeypadLayout, Level, Mark, Rules, Starter
from .looks import look_of


def side_label(rules: Rules, mark: Mark, first: Mark = Mark.X) -> str:
    """A side's name where the marks are the same (Notakto: "1" for the seat that moved
    `first`, "2" for the other, by turn), else its mark."""
    if rules.shares_marks:
        return "1" if mark is first else "2"
    return str(mark)


def rules_label(rules: Rules) -> str:
    """The rules in fewest words, as the panel and the stats name them: "3×3", "4×4 misère",
    "Notakto 2 boards", "Ultimate"."""
    look = look_of(rules)
    return look.said(look.short, rules)


def rules_name(rules: Rules) -> str:
    """The rules in a sentence: "the normal game on 4×4", "misère on 3×3 (a line loses)",
    "Notakto on 2 boards (killing the last board loses)", "Ultimate (nine boards in one)"."""
    look = look_of(rules)
    return look.said(look.named, rules)


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


def ended(text: str) -> str:
    """`text` ending as a sentence does: a full stop added, unless it ends with one already (or
    `?`, `!`, `…`): never "?." nor ".."."""
    return text if text.endswith((".", "?", "!", "…")) else text + "."


def counted(count: int, one: str, many: str | None = None) -> str:
    """ "1 node", "549,946 nodes": a count and its word, singular or plural."""
    return f"{count:,} {one if count == 1 else many or one + 's'}"


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
