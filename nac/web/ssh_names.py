"""Who an SSH player is on this server: their key. The name a key first came with (the user
name of `ssh NAME@host`) is kept for it in `ssh-names.json`, in the server's data directory,
written atomically (`nac.store.files.JsonFile`): the same key is the same player, by the same
name, whatever user name it comes with later. A name another key holds gets a number; a user
name that is no player's name (`player_name`) gives "Player". Players without a key, where the
server lets them in, are guests: Guest-NNNN, remembered nowhere."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core import LONGEST_NAME, player_name, shown
from ..store.files import BadFile, Data, JsonFile

SCHEMA = 1
FILE_NAME = "ssh-names.json"
KEYS = "keys"
MOST_KEYS = 5_000
"""Keys remembered at most (the file stays well under what `JsonFile` reads): the ones seen
longest ago go first."""
LONGEST_FINGERPRINT = 100
DEFAULT_NAME = "Player"
GUEST = "Guest-"
"""How a guest's name begins (no key's name may)."""


def _check(data: Data) -> None:
    keys = data.get(KEYS, {})
    if not isinstance(keys, dict) or len(keys) > MOST_KEYS:
        raise BadFile(f"keys is not an object of at most {MOST_KEYS:,} keys")
    for fingerprint, entry in keys.items():
        if not isinstance(fingerprint, str) or len(fingerprint) > LONGEST_FINGERPRINT:
            raise BadFile(f"key {shown(fingerprint)} is not a key's fingerprint")
        if not isinstance(entry, dict) or set(entry) != {"name", "at"}:
            raise BadFile(f"key {shown(fingerprint)} is not a name and a time")
        try:
            player_name(entry["name"])
        except ValueError:
            raise BadFile(f"key {shown(fingerprint)}'s name is {shown(entry['name'])}") from None
        at = entry["at"]
        if isinstance(at, bool) or not isinstance(at, int | float):
            raise BadFile(f"key {shown(fingerprint)}'s time is {shown(at)}")


def wanted_name(username: str) -> str:
    """The name a user name asks for: itself, capitalised, if it is a player's name that
    begins with a letter or a digit and is not a guest's ("Player" otherwise)."""
    try:
        name = player_name(username.capitalize())
    except ValueError:
        return DEFAULT_NAME
    if not name[0].isalnum() or name.casefold().startswith(GUEST.casefold()):
        return DEFAULT_NAME
    return name


class SshNames:
    """The names of the keys this server has seen."""

    def __init__(
        self,
        directory: Path | None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=True, what="SSH players' names"
        )
        self.clock = clock
        self.rng = rng or random.Random()

    def name_for(self, fingerprint: str, username: str) -> str:
        """The name of the player with this key: the one kept for it, or, for a key not seen
        before, the one its user name asks for (numbered where another key holds it), kept."""
        found: list[str] = []
        now = self.clock()

        def named(data: Data) -> Data:
            keys: dict[str, Any] = data.get(KEYS, {})
            entry = keys.get(fingerprint)
            if entry is None:
                taken = {other["name"].casefold() for other in keys.values()}
                entry = {"name": _free(wanted_name(username), taken), "at": now}
            else:
                entry = {"name": entry["name"], "at": now}
            keys[fingerprint] = entry
            if len(keys) > MOST_KEYS:
                keys = dict(sorted(keys.items(), key=lambda item: item[1]["at"])[-MOST_KEYS:])
            data[KEYS] = keys
            found.append(entry["name"])
            return data

        self.file.update(named)
        return found[-1]

    def guest_name(self) -> str:
        """A guest's name: Guest-NNNN."""
        return f"{GUEST}{self.rng.randrange(10_000):04d}"

    @property
    def notices(self) -> list[str]:
        return self.file.notices


def _free(name: str, taken: set[str]) -> str:
    """`name`, or `name` and the first number that makes it no other key's."""
    if name.casefold() not in taken:
        return name
    number = 2
    while True:
        suffix = f"-{number}"
        try:
            candidate = player_name(name[: LONGEST_NAME - len(suffix)].rstrip() + suffix)
        except ValueError:  # cut inside wide characters: too wide still
            candidate = DEFAULT_NAME + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1
