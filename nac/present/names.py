"""The names of things a player reads about: boards, keypads, who starts, levels, keys. Plain
words shared by the sentences (`words.py`) and the command table (`commands.py`)."""

from __future__ import annotations

from ..core import MIXED, Family, KeypadLayout, Level, Mark, Rules, Starter, Variant, win_length_for


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


def side_label(rules: Rules, mark: Mark, first: Mark = Mark.X) -> str:
    """A side's name where the marks are the same (Notakto: "1" for the seat that moved
    `first`, "2" for the other, by turn), else its mark."""
    if rules.shares_marks:
        return "1" if mark is first else "2"
    return str(mark)


FAMILY_LABELS = {
    Family.NORMAL: "Normal",
    Family.MISERE: "Misère",
    Family.NOTAKTO: "Notakto",
    Family.ULTIMATE: "Ultimate",
}
"""The rules' names in a title or a list ("Rules: Misère")."""


def rules_label(rules: Rules) -> str:
    """The rules in fewest words, as the panel and the stats name them: "3×3", "4×4 misère",
    "Notakto 2 boards", "Ultimate"."""
    if rules.is_notakto:
        return notakto_name(rules.boards)
    if rules.is_ultimate:
        return FAMILY_LABELS[Family.ULTIMATE]
    misere = " misère" if rules.family is Family.MISERE else ""
    return f"{board_name(rules.size)}{misere}"


def rules_name(rules: Rules) -> str:
    """The rules in a sentence: "the normal game on 4×4", "misère on 3×3 (a line loses)",
    "Notakto on 2 boards (killing the last board loses)", "Ultimate (nine boards in one)"."""
    if rules.is_ultimate:
        return "Ultimate (nine boards in one, each move sending the other side to a board)"
    if rules.is_notakto:
        boards = f"{rules.boards} board{'s' if rules.boards > 1 else ''}"
        return f"Notakto on {boards} (killing the last board loses)"
    if rules.family is Family.MISERE:
        return f"misère on {board_name(rules.size)} (a line loses)"
    return f"the normal game on {board_name(rules.size)}"


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
