"""The command line's options that name a choice (the rules, the mode, the level, ...): their
types, read in any case, each refused with a clear message. `nac` and `nac host` share them."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from .core import (
    BOARD_SIZES,
    LOCAL_MODES,
    OFFERED,
    RULEBOOKS,
    Family,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    Rulebook,
    Rules,
    Starter,
    checked_size,
)
from .store import Settings

DEFAULTS = Settings()
"""The settings a player starts from: what the help calls the defaults."""

MAX_THINK_SECONDS = 10.0
GENIUS_SECONDS_RANGE = (0.1, 60.0)
"""The least and the most time a move `--genius-seconds` gives Genius's search."""
Choice = TypeVar("Choice")


def numbered_by(option: str) -> tuple[Rulebook, ...]:
    """The offered families whose number `option` (`size`, `boards`) gives, in order."""
    return tuple(RULEBOOKS[found] for found in OFFERED if RULEBOOKS[found].numbered_by == option)


BOARD_COUNTS = tuple(number for rulebook in numbered_by("boards") for number in rulebook.numbers)
"""What `--boards` may give."""


def board_count(text: str) -> int:
    """How many boards (`--boards`): BOARD_COUNTS."""
    if not text.strip().isdigit() or int(text) not in BOARD_COUNTS:
        raise ValueError(f"{text!r} is not {said(BOARD_COUNTS)} boards")
    return int(text)


def said(numbers: tuple[int, ...]) -> str:
    """ "1, 2 or 3"."""
    *most, last = map(str, numbers)
    return f"{', '.join(most)} or {last}" if most else last


def family(text: str) -> Family:
    """The rules' family by name, in any case (`misère` too)."""
    folded = text.strip().lower().replace("è", "e")
    for found in OFFERED:
        if folded == found.value:
            return found
    names = ", ".join(found.value for found in OFFERED)
    raise ValueError(f"{text!r} is not a variant: use {names}")


def chosen_rules(options: argparse.Namespace, saved: Rules) -> Rules | None:
    """The rules `--variant`, `--size` and `--boards` choose (None if none is given), the rest
    from `saved`: `--size 4` keeps misère, `--boards 2` plays the family it numbers (Notakto),
    and a family keeps the saved number where it is played with it. ValueError for rules nac
    does not offer (Notakto on a 4×4 board)."""
    given = {"size": options.size, "boards": options.boards}
    if options.variant is None and set(given.values()) == {None}:
        return None
    numbered = "boards" if options.boards is not None else "size"
    kept = saved.rulebook if saved.rulebook.numbered_by == numbered else numbered_by(numbered)[0]
    rulebook = kept if options.variant is None else RULEBOOKS[options.variant]
    if options.boards is not None and rulebook.numbered_by != "boards":
        owner = numbered_by("boards")[0].family.value
        raise ValueError(
            f"--boards is {owner.capitalize()}'s: give --variant {owner}, or leave --boards out"
        )
    side = rulebook.size(rulebook.numbers[0])
    if options.size not in (None, side) and rulebook.numbered_by != "size":
        raise ValueError(
            f"{rulebook.family.value.capitalize()} is played on {side}×{side} boards: "
            f"--{rulebook.numbered_by} {said(rulebook.numbers)}"
        )
    number = given.get(rulebook.numbered_by)
    if number is None:
        same = saved.rulebook.numbered_by == rulebook.numbered_by
        number = saved.number if same and saved.number in rulebook.numbers else rulebook.numbers[0]
    return Rules(rulebook.family, number)


def seconds_between(least: float, most: float) -> Callable[[str], float]:
    """An argparse type for a number of seconds from `least` to `most`; anything else is refused
    with a clear message."""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not least <= value <= most:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(
                f"{text} is not between {least:g} and {most:g} seconds"
            )
        return value

    return seconds


genius_seconds = seconds_between(*GENIUS_SECONDS_RANGE)
"""Genius's time a move where it searches (`--genius-seconds`)."""
think_seconds = seconds_between(0, MAX_THINK_SECONDS)
"""The computer's pause before it moves (`--think`)."""


def watch_levels(text: str) -> tuple[Level, Level]:
    """Two levels, X's then O's: "genius,idiot"."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two levels: use X's and O's, e.g. genius,idiot"
        )
    try:
        return Level.parse(parts[0]), Level.parse(parts[1])
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def argument_type(parse: Callable[[str], Choice]) -> Callable[[str], Choice]:
    """An argparse type from a `parse` that raises ValueError: its message is the refusal."""

    def convert(text: str) -> Choice:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return convert


def board_size(text: str) -> int:
    return checked_size(int(text) if text.strip().isdigit() else text)


RULES_CHOICES: tuple[tuple[str, Callable[[str], object], str, str], ...] = (
    (
        "--variant",
        family,
        "{" + ",".join(found.value for found in OFFERED) + "}",
        "the rules: normal, misere, where a line of your own loses, notakto, "
        "where both play X on 1-3 boards and killing the last board loses, or ultimate, "
        "nine boards in one, each move sending the other side to a board "
        f"(default: {DEFAULTS.rules.family.value})",
    ),
    (
        "--size",
        board_size,
        "{" + ",".join(map(str, BOARD_SIZES)) + "}",
        "the board: 3×3 with three in a row, 4×4 or 5×5 with four in a row "
        f"(default: {DEFAULTS.rules.size})",
    ),
    (
        "--boards",
        board_count,
        "{" + ",".join(map(str, BOARD_COUNTS)) + "}",
        "Notakto's boards (plays Notakto; default: 1)",
    ),
)
"""The options that choose the rules (the command line and `nac host`)."""
CHOICES: tuple[tuple[str, Callable[[str], object], str, str], ...] = (
    (
        "--mode",
        Mode.parse_local,
        "{" + ",".join(mode.value for mode in LOCAL_MODES) + "}",
        "play the computer, two players on one keyboard, or watch the computer play itself",
    ),
    *RULES_CHOICES,
    (
        "--level",
        Level.parse,
        "{" + ",".join(level.value for level in Level) + "}",
        "how well the computer plays (adaptive: by your results, to an even score; "
        f"default: {DEFAULTS.level.value})",
    ),
    (
        "--starter",
        Starter.parse,
        "{" + ",".join(starter.value for starter in Starter) + "}",
        "who starts each game: you, the computer, or each in turn "
        f"(default: {DEFAULTS.starter.value})",
    ),
    (
        "--keypad",
        KeypadLayout.parse,
        "{" + ",".join(layout.value for layout in KeypadLayout) + "}",
        f"phone: 1 2 3 on the top row; numpad: 7 8 9 on top (default: {DEFAULTS.keypad.value})",
    ),
    ("--mark", Mark.parse, "{X,O}", f"the mark you play (default: {DEFAULTS.mark})"),
)
"""The options that name one of a few choices, read in any case: flag, parser, choices, help."""
