"""The player's settings: level, keypad, mark, mode, who starts, watch levels and theme."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core import (
    BOARD_SIZES,
    STRATEGIES,
    Game,
    KeypadLayout,
    Level,
    Mark,
    Match,
    Mode,
    Starter,
    Strategy,
)
from .files import Data, JsonFile

SCHEMA = 1
FILE_NAME = "settings.json"
SETTINGS = "settings"


@dataclass(frozen=True)
class Settings:
    level: Level = Level.AVERAGE
    keypad: KeypadLayout = KeypadLayout.PHONE
    mark: Mark = Mark.X
    mode: Mode = Mode.COMPUTER
    starter: Starter = Starter.YOU
    watch_levels: tuple[Level, Level] = (Level.GENIUS, Level.AVERAGE)
    theme: str = field(default="textual-dark")
    size: int = 3

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level.value,
            "keypad": self.keypad.value,
            "mark": self.mark.value,
            "mode": self.mode.value,
            "starter": self.starter.value,
            "watch_levels": [level.value for level in self.watch_levels],
            "theme": self.theme,
            "size": self.size,
        }

    @classmethod
    def from_json(cls, fields: dict[str, Any]) -> Settings:
        """Settings from their JSON form; a missing field takes its default, a bad one raises."""
        default = cls()
        watch = fields.get("watch_levels", [level.value for level in default.watch_levels])
        if not isinstance(watch, list) or len(watch) != 2:
            raise ValueError(f"watch_levels is {watch!r}, not two levels")
        theme = fields.get("theme", default.theme)
        if not isinstance(theme, str):
            raise ValueError(f"theme is {theme!r}, not a name")
        size = fields.get("size", default.size)
        if size not in BOARD_SIZES:
            raise ValueError(f"size is {size!r}, not one of {BOARD_SIZES}")
        return cls(
            level=Level(fields.get("level", default.level.value)),
            keypad=KeypadLayout(fields.get("keypad", default.keypad.value)),
            mark=Mark(fields.get("mark", default.mark.value)),
            mode=Mode(fields.get("mode", default.mode.value)),
            starter=Starter(fields.get("starter", default.starter.value)),
            watch_levels=(Level(watch[0]), Level(watch[1])),
            theme=theme,
            size=size,
        )

    def but(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def match(
        self, rng: random.Random | None = None, strategies: Mapping[Level, Strategy] = STRATEGIES
    ) -> Match:
        """A match set up as these settings say (the theme aside)."""
        game = Game(
            level=self.level,
            human=self.mark,
            mode=self.mode,
            watch_levels=self.watch_levels,
            keypad=self.keypad,
            size=self.size,
            rng=rng,
            strategies=strategies,
        )
        return Match(game, self.starter)


def _check(data: Data) -> None:
    fields = data.get(SETTINGS, {})
    if not isinstance(fields, dict):
        raise ValueError("settings is not an object")
    Settings.from_json(fields)


class SettingsFile:
    def __init__(self, directory: Path | None, *, saving: bool = True) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="settings file"
        )

    def load(self) -> Settings:
        return Settings.from_json(self.file.read().get(SETTINGS, {}))

    def change(self, **changes: Any) -> None:
        """Save these changes over the settings saved now (whatever else a run uses)."""

        def put(data: Data) -> Data:
            saved = data.get(SETTINGS, {})
            saved = saved if isinstance(saved, dict) else {}
            try:
                settings = Settings.from_json(saved)
            except (KeyError, TypeError, ValueError):
                settings = Settings()
            data[SETTINGS] = settings.but(**changes).to_json()
            return data

        self.file.update(put)

    def save(self, settings: Settings) -> None:
        def put(data: Data) -> Data:
            data[SETTINGS] = settings.to_json()
            return data

        self.file.update(put)

    @property
    def notices(self) -> list[str]:
        return self.file.notices


__all__ = ["Settings", "SettingsFile"]
