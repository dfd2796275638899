"""Where settings and stats live: the user's config and data directories, or $NAC_HOME."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

HOME_VARIABLE = "NAC_HOME"


class StorageDirs(NamedTuple):
    config: Path
    data: Path


def storage_dirs() -> StorageDirs:
    """$NAC_HOME for both if it is set, else the platform's user config and data directories."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        directory = Path(home).expanduser()
        return StorageDirs(directory, directory)
    import platformdirs

    return StorageDirs(
        Path(platformdirs.user_config_dir("nac", appauthor=False)),
        Path(platformdirs.user_data_dir("nac", appauthor=False)),
    )
