"""Who played a side, as a game's line and the stats name them: a person (this machine's
player), the computer at a level, or (online) the other player by the name they chose."""

from __future__ import annotations

from urllib.parse import quote, unquote

LONGEST_NAME = 20
"""Characters in a player's shown name."""
REMOTE = "@"
"""Before the other player's name in a game's line (`O=@Ana`) and a kind's key."""


def player_name(name: object) -> str:
    """A player's shown name: printable text of 1 to LONGEST_NAME characters, the spaces
    around it dropped and any run inside made one. ValueError for anything else."""
    if not isinstance(name, str):
        raise ValueError("a name must be text")
    tidy = " ".join(name.split())
    if not tidy or len(tidy) > LONGEST_NAME or not tidy.isprintable():
        raise ValueError(f"a name is 1 to {LONGEST_NAME} printable characters")
    return tidy


def escaped(name: str) -> str:
    """A player's name as one word of letters, digits and `%` escapes (for a key or a line)."""
    return quote(player_name(name), safe="")


def unescaped(word: str) -> str:
    """The name `escaped` made `word` from; ValueError if it made no such word."""
    if len(word) > 12 * LONGEST_NAME:
        raise ValueError(f"{word[:40]!r}... is longer than any player's name")
    name = player_name(unquote(word, errors="strict"))
    if escaped(name) != word:
        raise ValueError(f"{word!r} is not a player's name as nac writes it")
    return name


def named(name: str) -> str:
    """The other player, as a game's line names them: `@` and the escaped name."""
    return REMOTE + escaped(name)


def name_of(word: str) -> str:
    """The name in a word made by `named`; ValueError if it holds none."""
    if not word.startswith(REMOTE):
        raise ValueError(f"{word!r} is not {REMOTE} and a player's name")
    return unescaped(word[len(REMOTE) :])
