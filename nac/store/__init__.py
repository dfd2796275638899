"""Saved settings and lifetime stats: JSON files written atomically, shared safely between
copies of the game running at once, and never lost to a bad file. No UI library here."""

from .files import JsonFile
from .paths import StorageDirs, storage_dirs
from .settings import Settings, SettingsFile, StarterRule
from .stats import Record, Stats

__all__ = [
    "JsonFile",
    "Record",
    "Settings",
    "SettingsFile",
    "StarterRule",
    "Stats",
    "StorageDirs",
    "storage_dirs",
]
