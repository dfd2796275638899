"""Where settings and stats live: the user's config and data directories, or $NAC_HOME."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

HOME_VARIABLE = "NAC_HOME"


class StorageDirs(NamedTuple):
    config: Path
    data: Path


class NoSuchHome(ValueError):
    """A path starting `~user` for a user with no home directory; the message says so."""


def expanded(text: str) -> Path:
    """The path `text` names, `~` and `~user` expanded; NoSuchHome where there is no such
    home directory (Python's own error says only "Could not determine home directory")."""
    try:
        return Path(text).expanduser()
    except RuntimeError:
        user = text[1:].partition("/")[0]
        whose = f"for the user {user}" if user else "to put ~ in"
        raise NoSuchHome(f"{text}: there is no home directory {whose}") from None


def storage_dirs() -> StorageDirs:
    """$NAC_HOME for both if it is set, else the platform's user config and data directories;
    NoSuchHome if $NAC_HOME names a home directory that does not exist."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        try:
            directory = expanded(home)
        except NoSuchHome as error:
            raise NoSuchHome(f"{HOME_VARIABLE}={error}") from None
        return StorageDirs(directory, directory)
    import platformdirs

    return StorageDirs(
        Path(platformdirs.user_config_dir("nac", appauthor=False)),
        Path(platformdirs.user_data_dir("nac", appauthor=False)),
    )
