"""Write the command table's key list into the manual's page on playing, docs/play.md (between its
`keys` markers): `python -m tools.readme_keys`. A test checks that its copy is current."""

from __future__ import annotations

from pathlib import Path

from nac.present.key_tables import key_table

README = Path(__file__).resolve().parent.parent / "docs" / "play.md"
START, END = "<!-- keys: written by tools/readme_keys.py -->", "<!-- /keys -->"


def with_keys(text: str) -> str:
    """`text` with the key table between the markers replaced by the command table's."""
    before, start, rest = text.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise ValueError(f"{README.name} has no {START} ... {END} section")
    return f"{before}{START}\n{key_table()}\n{END}{after}"


def main() -> None:
    README.write_text(with_keys(README.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
