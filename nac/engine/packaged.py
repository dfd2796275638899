"""The answers shipped with the package (tables, books, puzzles), read through the package's
loader (PEP 302 `get_data`, as `pkgutil.get_data` and `importlib.resources` do underneath), so
the package runs from a wheel or a zip as well as from a folder.

Not `importlib.resources` itself: importing it (with pathlib, tempfile and zipfile) costs about
9 ms, more than half of a cold first reply on 3×3 (measured with `python -X importtime`), and
this is all of it that nac needs."""

from __future__ import annotations

import os


def packaged(name: str) -> bytes:
    """The bytes of a file shipped in `nac.engine` (`name` may name a subfolder: `five/...`).
    OSError if it is missing."""
    loader = __spec__.loader if __spec__ is not None else None
    get_data = getattr(loader, "get_data", None)
    if get_data is None:
        raise OSError(f"nac.engine's loader cannot read {name}")
    data: bytes = get_data(os.path.join(os.path.dirname(__file__), *name.split("/")))
    return data
