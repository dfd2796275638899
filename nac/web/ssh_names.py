"""Who an SSH player is on this server: their key. The name a key first came with (the user
name of `ssh NAME@host`) is kept for it in `ssh-names.json`, in the server's data directory,
written atomically (`nac.store.files.JsonFile`): the same key is the same player, by the same
name, whatever user name it comes with later. A name another key holds gets a number; a user
name that is no player's name (`player_name`) gives "Player". Players without a key, where the
server lets them in, are guests: Guest-NNNN, remembered nowhere.

A name once held is never given to another key: when MOST_KEYS are kept, a new key pushes out
the key seen longest ago among those that came with no name of their own ("Player", "Player-N");
if every one kept has its own name, the new key is not kept and plays as a guest. (Pushing out
the player seen longest ago let a stranger with fresh keys free any name and take it.) Look-ups
come from the door's threads (the file is written): one lock makes them one at a time, and a key
looked up within REFRESH_SECONDS is answered from memory (the whole file is read, checked and
written for each change: 50 ms at 5,000 keys)."""

from __future__ import annotations

import random
import re
import threading
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
"""Keys remembered at most (the file stays well under what `JsonFile` reads)."""
REFRESH_SECONDS = 3600.0
"""A key's time seen is written again at most this often (it only orders the keys that came
without a name of their own, for making room)."""
LONGEST_FINGERPRINT = 100
DEFAULT_NAME = "Player"
GUEST = "Guest-"
"""How a guest's name begins (no key's name may)."""
NO_NAME_OF_ITS_OWN = re.compile(rf"{DEFAULT_NAME}(-[0-9]+)?")
"""The names of keys that came with no name of their own: the first to make room."""


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
        self._one_at_a_time = threading.Lock()
        self._recent: dict[str, tuple[str, float]] = {}
        """The keys kept, looked up by this server: their names and when their time was
        written."""

    def name_for(self, fingerprint: str, username: str) -> str:
        """The name of the player with this key: the one kept for it, or, for a key not seen
        before, the one its user name asks for (numbered where another key holds it), kept;
        a guest's, not kept, if there is no room for a new key (see the module's docstring)."""
        found: list[str | None] = []
        now = self.clock()

        def named(data: Data) -> Data:
            found.clear()  # a change may be applied more than once (re-read after a busy lock)
            keys: dict[str, Any] = data.get(KEYS, {})
            entry = keys.get(fingerprint)
            if entry is None:
                forgotten = _made_room(keys) if len(keys) >= MOST_KEYS else ""
                if forgotten is None:
                    found.append(None)
                    return data
                self._recent.pop(forgotten, None)
                taken = {other["name"].casefold() for other in keys.values()}
                entry = {"name": _free(wanted_name(username), taken), "at": now}
            else:
                entry = {"name": entry["name"], "at": now}
            keys[fingerprint] = entry
            data[KEYS] = keys
            found.append(entry["name"])
            return data

        with self._one_at_a_time:
            recent = self._recent.get(fingerprint)
            if recent is not None and 0 <= now - recent[1] < REFRESH_SECONDS:
                return recent[0]
            self.file.update(named)
            name = found[-1] if found else None
            if name is not None:
                self._recent[fingerprint] = (name, now)
        return self.guest_name() if name is None else name

    def guest_name(self) -> str:
        """A guest's name: Guest-NNNN."""
        return f"{GUEST}{self.rng.randrange(10_000):04d}"

    @property
    def notices(self) -> list[str]:
        return self.file.notices


def _made_room(keys: dict[str, Any]) -> str | None:
    """Room for one more key, by forgetting the key seen longest ago among those with no name
    of their own (returned); None (nothing forgotten) if every key kept has a name of its own."""
    nameless = [key for key, entry in keys.items() if NO_NAME_OF_ITS_OWN.fullmatch(entry["name"])]
    if not nameless:
        return None
    forgotten = min(nameless, key=lambda key: keys[key]["at"])
    del keys[forgotten]
    return forgotten


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
