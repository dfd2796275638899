"""Text for an output that cannot show every character (`PYTHONIOENCODING=ascii`, a Latin-1
terminal): the game's few non-ASCII characters in plain ASCII, anything else replaced."""

from __future__ import annotations

ASCII = str.maketrans(
    {
        "×": "x",
        "·": ".",
        "—": "-",
        "–": "-",
        "…": "...",
        "▶": ">",
        "★": "*",
        "●": "*",
        "◆": "+",
        "←": "<-",
        "→": "->",
        "↑": "^",
        "↓": "v",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "\u00a0": " ",
    }
)


def encodable(text: str, encoding: str | None) -> str:
    """`text` as it is if `encoding` can write it (or none is given), else in plain ASCII where
    the game's characters have an ASCII form, and "?" for the rest."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        plain = text.translate(ASCII)
        return plain.encode(encoding, errors="replace").decode(encoding)
    return text
