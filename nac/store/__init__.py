"""Saved settings, lifetime stats and saved games: JSON files written atomically, shared safely
between copies of the game running at once, and never lost to a bad file. No UI library here."""

from __future__ import annotations

from .files import JsonFile
from .games import GameFileError, GameLog, read_game_file
from .paths import NoSuchHome, StorageDirs, expanded, storage_dirs
from .settings import Settings, SettingsFile
from .stats import PuzzleRecord, Record, Stats
from .storage import Storage

__all__ = [
    "GameFileError",
    "GameLog",
    "JsonFile",
    "NoSuchHome",
    "PuzzleRecord",
    "Record",
    "Settings",
    "SettingsFile",
    "Stats",
    "Storage",
    "StorageDirs",
    "expanded",
    "read_game_file",
    "storage_dirs",
]
