"""A package's face whose names load on first use (PEP 562), so importing the package costs
nothing until a name is asked for, and asking for one loads only its module: `from nac.core
import Board` does not load the notation, nor `from nac.engine import play` the reviews.

A face lists each name once, by the module that defines it, in a table; type checkers read the
same names from the face's `TYPE_CHECKING` imports (a test keeps the two equal)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

Table = Mapping[str, tuple[str, ...]]
"""Module (relative to the package, like ".board", or absolute) to the public names it gives."""


def lazy_face(
    package: str, table: Table
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """`__getattr__`, `__dir__` and `__all__` for the package named `package`."""
    where = {name: module for module, names in table.items() for name in names}
    public = sorted(where)

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(importlib.import_module(package), name, value)  # asked once, then a plain name
        return value

    def __dir__() -> list[str]:
        return public

    return __getattr__, __dir__, public
