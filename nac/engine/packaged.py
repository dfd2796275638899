"""The answers shipped with the package (tables, books, puzzles), read through
`importlib.resources`, so the package runs from a wheel or a zip as well as from a folder."""

from __future__ import annotations

from importlib import resources

PACKAGE = __package__ or "nac.engine"


def packaged(name: str) -> bytes:
    """The bytes of a file shipped in `nac.engine` (`name` may name a subfolder: `five/...`).
    OSError if it is missing."""
    place = resources.files(PACKAGE)
    for part in name.split("/"):
        place = place.joinpath(part)
    return place.read_bytes()
