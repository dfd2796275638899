"""Reading a choice (a level, a mode, a mark...) from its name, in any case."""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

Choice = TypeVar("Choice", bound=Enum)


def parse_choice(kind: type[Choice], text: object, what: str) -> Choice:
    """The member of `kind` whose value is `text` in any case, with spaces around ignored;
    ValueError naming the choices otherwise."""
    if isinstance(text, str):
        name = text.strip().lower()
        for member in kind:
            if name == str(member.value).lower():
                return member
    names = ", ".join(str(member.value) for member in kind)
    raise ValueError(f"{text!r} is not {what}: use one of {names}")
