"""The player's settings: level, keypad, mark, mode, who starts, watch levels, theme, and the
rules played (a family and its number: `misere 4`, `notakto 2`, `ultimate 3`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from ..core import (
    DEFAULT_LEVEL,
    DEFAULT_WATCH_LEVELS,
    NORMAL,
    OFFERED,
    FinishedGame,
    Game,
    KeypadLayout,
    Level,
    Mark,
    Match,
    Mode,
    Rules,
    Starter,
    Variant,
    checked_size,
    find_rules,
)
from ..core.errors import shown
from ..core.match import utc_now
from .files import BadFile, Data, JsonFile

SCHEMA = 1
FILE_NAME = "settings.json"
SETTINGS = "settings"
LONGEST_THEME = 64
Choice = TypeVar("Choice", bound=Enum)


@dataclass(frozen=True)
class Settings:
    """What a player sets: the one source of the defaults every front end starts from."""

    level: Level = DEFAULT_LEVEL
    keypad: KeypadLayout = KeypadLayout.PHONE
    mark: Mark = Mark.X
    mode: Mode = Mode.COMPUTER
    starter: Starter = Starter.YOU
    watch_levels: tuple[Level, Level] = DEFAULT_WATCH_LEVELS
    theme: str = field(default="textual-dark")
    rules: Rules = NORMAL
    """What is played: a family of rules, on which board (or how many boards)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level.value,
            "keypad": self.keypad.value,
            "mark": self.mark.value,
            "mode": self.mode.value,
            "starter": self.starter.value,
            "watch_levels": [level.value for level in self.watch_levels],
            "theme": self.theme,
            "rules": self.rules.name,
        }

    @classmethod
    def from_json(cls, fields: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from their JSON form, and the fields that were bad. A missing field takes
        its default; so does a bad one (the wrong type or out of range), and it is named."""
        default = cls()
        values: dict[str, Any] = {}
        bad: list[str] = []
        if "rules" not in fields:  # written before the rules were one field
            fields = {**fields, "rules": _rules_before(fields, bad)}
        for name, read in _READERS.items():
            if name not in fields:
                continue
            try:
                values[name] = read(fields[name])
            except (TypeError, ValueError):
                bad.append(f"{name} ({shown(fields[name])})")
        settings = replace(default, **values)
        return settings, bad

    def but(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def match(
        self,
        keep: Callable[[FinishedGame], object] | None = None,
        clock: Callable[[], datetime] = utc_now,
    ) -> Match:
        """A match set up as these settings say (the theme aside), its first game begun;
        `keep` hears every finished game (see `Match`)."""
        game = Game(
            level=self.level,
            human=self.mark,
            mode=self.mode,
            watch_levels=self.watch_levels,
            keypad=self.keypad,
            rules=self.rules,
        )
        return Match(game, self.starter, keep=keep, clock=clock)


def _rules_before(fields: dict[str, Any], bad: list[str]) -> str:
    """The rules as a settings file kept them before they were one field, as `rules` names
    them: a family kept as a flag of its own (`"notakto": true`) with its number in the field
    its rulebook numbers it by (`boards`), else `size` and `variant`. A field missing, its
    default; a bad one named in `bad`, and its default."""
    for family in OFFERED:
        if fields.get(family.value) is True:
            rules = find_rules(family.value)
            field = rules.rulebook.numbered_by
            number: Any = fields.get(field)  # checked by the rules
            try:
                return rules.with_number(number).name
            except ValueError:
                bad.append(f"{field} ({shown(number)})")
                return rules.name
    size, variant = NORMAL.size, Variant.NORMAL
    if "size" in fields:
        try:
            size = _old_size(fields["size"])
        except (TypeError, ValueError):
            bad.append(f"size ({shown(fields['size'])})")
    if "variant" in fields:
        try:
            variant = _choice(Variant)(fields["variant"])
        except (TypeError, ValueError):
            bad.append(f"variant ({shown(fields['variant'])})")
    return Rules.of(size, variant).name


def _old_size(value: Any) -> int:
    # bool is an int and 4.0 == 4 in Python, but neither is a board size in the file
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(value)
    return checked_size(value)


def _choice(kind: type[Choice]) -> Callable[[Any], Choice]:
    def read(value: Any) -> Choice:
        if not isinstance(value, str):
            raise TypeError(value)
        return kind(value)

    return read


def _local_mode(value: Any) -> Mode:
    if not isinstance(value, str):
        raise TypeError(value)
    return Mode.parse_local(value)


def _watch_levels(value: Any) -> tuple[Level, Level]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(value)
    read = _choice(Level)
    return read(value[0]), read(value[1])


def _theme(value: Any) -> str:
    if not isinstance(value, str) or not value.isprintable() or len(value) > LONGEST_THEME:
        raise ValueError(value)
    return value


def _rules(value: Any) -> Rules:
    if not isinstance(value, str):
        raise TypeError(value)
    return find_rules(value)


_READERS: dict[str, Callable[[Any], Any]] = {
    "level": _choice(Level),
    "keypad": _choice(KeypadLayout),
    "mark": _choice(Mark),
    "mode": _local_mode,
    "starter": _choice(Starter),
    "watch_levels": _watch_levels,
    "theme": _theme,
    "rules": _rules,
}
"""How each field is read from the file, raising TypeError or ValueError for a bad value."""


def _check(data: Data) -> None:
    if not isinstance(data.get(SETTINGS, {}), dict):
        raise BadFile("its settings are not an object")


class SettingsFile:
    def __init__(self, directory: Path | None, *, saving: bool = True) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="settings file"
        )

    def load(self) -> Settings:
        """The saved settings; a bad value is dropped (its default used) with one notice."""
        settings, bad = Settings.from_json(self.file.read().get(SETTINGS, {}))
        if bad:
            self.file.notice(
                f"Your settings file {self.file.path} had bad values, left at their defaults: "
                + ", ".join(bad)
                + "."
            )
        return settings

    def change(self, **changes: Any) -> None:
        """Save these changes over the settings saved now (whatever else a run uses)."""

        def put(data: Data) -> Data:
            saved = data.get(SETTINGS, {})
            settings, _ = Settings.from_json(saved if isinstance(saved, dict) else {})
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
