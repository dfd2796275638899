"""Saved settings and lifetime stats: JSON files written atomically, shared safely between
copies of the game running at once, and never lost to a bad file. No UI library here."""

from __future__ import annotations

from .files import JsonFile
from .games import GameFileError, GameLog, read_game_file
from .paths import StorageDirs, storage_dirs
from .settings import Settings, SettingsFile
from .stats import PuzzleRecord, Record, Stats


class Storage:
    """The settings file and the stats file of one player."""

    def __init__(self, settings: SettingsFile, stats: Stats, games: GameLog | None = None) -> None:
        self.settings = settings
        self.stats = stats
        self.games = games if games is not None else GameLog(None)

    @classmethod
    def at(cls, dirs: StorageDirs, *, saving: bool = True) -> Storage:
        return cls(
            SettingsFile(dirs.config, saving=saving),
            Stats(dirs.data, saving=saving),
            GameLog(dirs.data, saving=saving),
        )

    @classmethod
    def default(cls, *, saving: bool = True) -> Storage:
        """In $NAC_HOME, or the user's config and data directories."""
        return cls.at(storage_dirs(), saving=saving)

    @classmethod
    def in_memory(cls) -> Storage:
        """Nothing read, nothing written: for a session that keeps nothing."""
        return cls(SettingsFile(None), Stats(None), GameLog(None))

    @property
    def notices(self) -> list[str]:
        return [*self.settings.notices, *self.stats.notices, *self.games.notices]


__all__ = [
    "GameFileError",
    "GameLog",
    "JsonFile",
    "PuzzleRecord",
    "Record",
    "Settings",
    "SettingsFile",
    "Stats",
    "Storage",
    "StorageDirs",
    "read_game_file",
    "storage_dirs",
]
