"""The fields of a game's line, read one by one (`notation.py` puts them together): the date,
the board, `name=value` fields, the result, the squares and Notakto's boards (each family's
rulebook, `families`, reads its own squares and fields with them); each
refused with a `NotationError` that says what is wrong."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from .coordinates import parse_coordinate
from .endings import Ending
from .errors import IllegalMove, shown
from .geometry import BOARD_SIZES

DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z", re.ASCII)
_BOARD = re.compile(r"([0-9])x([0-9])", re.ASCII)
BOARDS = "boards"
"""Notakto's field after `variant=notakto`: how many boards."""
Parsed = TypeVar("Parsed")


class NotationError(ValueError):
    """A line that is not a game in nac's notation; the message says why."""


def read_date(text: str) -> datetime:
    text = text.upper()
    if not _DATE.fullmatch(text):
        raise NotationError(f"{shown(text)} is not a date like 2026-11-22T14:05:09Z (UTC)")
    try:
        return datetime.strptime(text, DATE_FORMAT).replace(tzinfo=UTC)
    except ValueError:
        raise NotationError(f"{text} is not a real date and time") from None


def read_size(text: str) -> int:
    match = _BOARD.fullmatch(text)
    if not match or match[1] != match[2] or int(match[1]) not in BOARD_SIZES:
        offered = ", ".join(f"{size}x{size}" for size in BOARD_SIZES)
        raise NotationError(f"{shown(text)} is not a board nac offers: use {offered}")
    return int(match[1])


def field(name: str, text: str) -> str:
    key, equals, value = text.partition("=")
    if not equals or key.lower() != name.lower():
        raise NotationError(f"{shown(text)} is not {name}=...")
    return value


def parsed(parse: Callable[[str], Parsed], text: str) -> Parsed:
    """`parse(text)`, its ValueError a NotationError."""
    try:
        return parse(text)
    except ValueError as error:
        raise NotationError(str(error)) from None


def read_ending(text: str) -> Ending:
    for ending in Ending:
        if text.lower() == ending.value.lower():
            return ending
    endings = ", ".join(ending.value for ending in Ending)
    raise NotationError(f"{shown(text)} is not a result: use one of {endings}")


def read_boards(text: str) -> int:
    count = field(BOARDS, text)
    if count not in ("1", "2", "3"):
        raise NotationError(f"{shown(text)}: Notakto is played on boards=1, boards=2 or boards=3")
    return int(count)


def square(name: str, size: int, number: int) -> int:
    try:
        return parse_coordinate(name, size)
    except IllegalMove as refusal:
        raise NotationError(f"move {number}: {refusal}") from None
