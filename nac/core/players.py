"""Who played a side, as a game's line and the stats name them: a person (this machine's
player), the computer at a level, or (online) the other player by the name they chose."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from urllib.parse import quote, unquote

LONGEST_NAME = 20
"""Columns a player's shown name takes at most (a wide character, as in 漢字 or most emoji,
takes two)."""
REMOTE = "@"
"""Before the other player's name in a game's line (`O=@Ana`) and a kind's key."""
LONGEST_TEXT = 4 * LONGEST_NAME
"""Characters a name holds at most (letters that carry accents, each a character of its own)."""
LONGEST_ESCAPED = LONGEST_TEXT * len("%F0%9F%98%80")
"""Characters a name takes at most escaped (`escaped`): each character is up to four bytes of
UTF-8, each byte three characters. A name of twenty letters with two signs each, as Hindi
writes them, takes 540."""
MARKS_IN_A_ROW = 2
"""Combining marks one letter may carry (an accent, a vowel sign): more stack out of the line."""
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
"""Characters Python calls printable that show nothing: the Hangul fillers, the blank braille
pattern, the combining grapheme joiner, Khmer's inherent vowels."""
TOO_WIDE = frozenset(chr(code) for code in (*range(0xFDFA, 0xFDFE), 0xA9C5, 0x102A)) | frozenset(
    chr(code) for code in range(0x12000, 0x12550)
)
"""Characters whose glyph spreads far past the cell a terminal gives it (the ligature ﷽,
cuneiform signs): a name of them would run over its neighbours."""


def player_name(name: object) -> str:
    """A player's shown name: printable, visible text of 1 to LONGEST_NAME columns, the spaces
    around it dropped and any run inside made one. ValueError for anything else."""
    if not isinstance(name, str):
        raise ValueError("a name must be text")
    tidy = " ".join(name.split())
    if len(tidy) > LONGEST_TEXT or not tidy.isprintable() or INVISIBLE & set(tidy):
        raise ValueError(f"a name is 1 to {LONGEST_NAME} printable, visible characters")
    if columns(tidy) > LONGEST_NAME:
        raise ValueError(f"a name takes at most {LONGEST_NAME} columns (a wide character two)")
    if TOO_WIDE & set(tidy):
        raise ValueError("a name cannot hold a sign drawn wider than its place (﷽, cuneiform)")
    marks = 0
    for place, character in enumerate(tidy):
        marks = marks + 1 if _is_mark(character) else 0
        if marks > MARKS_IN_A_ROW or (marks and place == 0):
            raise ValueError("a name begins with a letter, and carries at most two accents each")
    if not any(not character.isspace() and not _is_mark(character) for character in tidy):
        raise ValueError(f"a name is 1 to {LONGEST_NAME} printable, visible characters")
    return tidy


LOOK_ALIKES = str.maketrans(
    # Cyrillic capitals, small letters; Greek capitals, small letters; digits and a bar
    "АВЕКМНОРСТХЅІЈҺԚԜ" "аеорсухіјѕһԁӏԛԝ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" "αικνορυχ" "01|",
    "ABEKMHOPCTXSIJHQW" "aeopcyxijshdlqw" "ABEZHIKMNOPTYX" "aikvopux" "oll",
)  # fmt: skip
"""The commonest letters that look like Latin ones (Cyrillic and Greek, capital and small), and
digits that look like letters: enough that a stranger cannot take the look of another's name."""


@functools.lru_cache(maxsize=4096)
def look(name: str) -> str:
    """What a name looks like, for telling two apart: compatibility forms as their plain letters
    (NFKC: ｓ as s, ﬁ as fi), the commonest look-alike letters as the Latin ones (`LOOK_ALIKES`),
    case folded, l as i, and accents and spaces dropped. Two names that look alike here are
    shown as two (`distinct`)."""
    plain = unicodedata.normalize("NFKC", name).translate(LOOK_ALIKES).casefold()
    plain = plain.translate(LOOK_ALIKES)  # a capital's small letter may look Latin too
    bare = unicodedata.normalize("NFD", plain.replace("l", "i"))
    return "".join(
        character for character in bare if not _is_mark(character) and not character.isspace()
    )


def distinct(name: str, others: Iterable[str]) -> str:
    """`name`, or if it looks like one of `others` (`look`), the name with the first number
    that makes it look like none of them (`Sam 2`), cut to fit LONGEST_NAME columns."""
    seen = {look(other) for other in others}
    if look(name) not in seen:
        return name
    for number in range(2, len(seen) + 3):
        suffix, base = f" {number}", name
        while base and columns(base + suffix) > LONGEST_NAME:
            base = base[:-1]
        try:
            numbered = player_name(base.rstrip() + suffix)
        except ValueError:
            continue
        if look(numbered) not in seen:
            return numbered
    return name  # not reached: the numbers outnumber the names


def columns(text: str) -> int:
    """The columns `text` takes in a terminal: two for a wide character, none for a mark
    that combines with the one before."""
    return sum(
        0 if _is_mark(character) else 2 if unicodedata.east_asian_width(character) in "WF" else 1
        for character in text
    )


def _is_mark(character: str) -> bool:
    return unicodedata.category(character) in ("Mn", "Me")


def escaped(name: str) -> str:
    """A player's name as one word of letters, digits and `%` escapes (for a key or a line)."""
    return quote(player_name(name), safe="")


def unescaped(word: str) -> str:
    """The name `escaped` made `word` from; ValueError if it made no such word."""
    if len(word) > LONGEST_ESCAPED:
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
