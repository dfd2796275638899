"""One JSON file with a schema version, read forgivingly and written safely.

- Written atomically: a temporary file in the same directory, flushed and fsynced, then
  `os.replace`d over the old one, so a crash at any moment leaves the old file or the new one.
- Shared: every change takes an exclusive lock (a `.lock` file beside it), re-reads the file,
  applies the change and writes, so two copies of the game never lose each other's updates.
- Forgiving: a corrupt, unreadable or wrong-version file is moved aside as
  `<name>.corrupt-<timestamp>` (never deleted) with one notice, and play starts afresh. If the
  file cannot be written (a read-only directory) play goes on in memory, with one notice.
"""

from __future__ import annotations

import contextlib
import copy
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; the atomic write still protects the file
    fcntl = None  # type: ignore[assignment]

Data = dict[str, Any]
SCHEMA_KEY = "schema"


class BadFile(ValueError):
    """The file's content is not what this version of nac writes."""


class JsonFile:
    """A JSON object in a file, with `schema` set to `schema`; `check` validates the rest.

    With no path, the data lives in memory only.
    """

    def __init__(
        self,
        path: Path | None,
        schema: int,
        *,
        check: Callable[[Data], None] = lambda data: None,
        saving: bool = True,
        what: str = "file",
    ) -> None:
        self.in_memory = path is None
        self.path = path if path is not None else Path("(memory)")
        self.schema = schema
        self.check = check
        self.saving = saving
        self.what = what
        self.notices: list[str] = []
        """Problems met, each said once, in words for the player."""
        self._memory: Data | None = None if path is not None else {SCHEMA_KEY: schema}
        """The data while saving is off or has failed: play goes on in memory."""

    @classmethod
    def in_directory(
        cls,
        directory: Path | None,
        name: str,
        schema: int,
        *,
        check: Callable[[Data], None],
        saving: bool,
        what: str,
    ) -> JsonFile:
        """The file `name` in `directory`, or one in memory only if there is no directory."""
        path = None if directory is None else directory / name
        return cls(path, schema, check=check, saving=saving, what=what)

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    # -- reading ---------------------------------------------------------------------------------

    def read(self) -> Data:
        """The data, or a fresh `{"schema": ...}` if there is none or it was bad."""
        if self._memory is not None:
            return copy.deepcopy(self._memory)
        data = self._read_or_set_aside()
        return data if data is not None else {SCHEMA_KEY: self.schema}

    def _read_or_set_aside(self) -> Data | None:
        import json  # only when a file is read: start-up stays quick

        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as error:
            self._set_aside(f"could not be read ({error.strerror or error})")
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise BadFile("it is not a JSON object")
            if data.get(SCHEMA_KEY) != self.schema:
                raise BadFile(
                    f"it has schema {data.get(SCHEMA_KEY)!r}, this version reads {self.schema}"
                )
            self.check(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            self._set_aside(f"is not valid JSON ({error})")
            return None
        except (BadFile, KeyError, TypeError, ValueError) as error:
            self._set_aside(f"is not a nac {self.what} ({error})")
            return None
        return data

    def _set_aside(self, problem: str) -> None:
        """Move a bad file out of the way (never delete it) and say so, once."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{counter}")
        try:
            os.replace(self.path, target)
        except OSError as error:
            self._notice(
                f"Your {self.what} {self.path} {problem} and could not be moved aside "
                f"({error.strerror or error}): it is left as it is and nothing will be saved."
            )
            self._memory = {SCHEMA_KEY: self.schema}
            return
        self._notice(
            f"Your {self.what} {self.path} {problem}. It was moved to {target.name}; "
            "starting afresh."
        )

    # -- writing ---------------------------------------------------------------------------------

    def update(self, change: Callable[[Data], Data]) -> Data:
        """Apply `change` to the newest data and save it; returns the data after the change."""
        if self._memory is not None or not self.saving:
            base = self._memory if self._memory is not None else self.read()
            self._memory = change(copy.deepcopy(base))
            return copy.deepcopy(self._memory)
        try:
            with self._locked():
                self._remove_stale_temporaries()
                data = change(self.read())
                if self._memory is not None:  # the file was bad and could not be moved aside
                    self._memory = data
                    return copy.deepcopy(data)
                self._write(data)
            return data
        except OSError as error:
            self._notice(
                f"Cannot save your {self.what} in {self.path.parent} "
                f"({error.strerror or error}): playing on without saving."
            )
            self._memory = change(self.read())
            return copy.deepcopy(self._memory)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_UN)
            os.close(descriptor)

    def _temporary_prefix(self) -> str:
        return f".{self.path.name}."

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of writers that died mid-write: no one else can be writing now, as
        we hold the lock."""
        if fcntl is None:
            return
        for stale in self.path.parent.glob(f"{self._temporary_prefix()}*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def _write(self, data: Data) -> None:
        import json
        import tempfile

        text = json.dumps(data, indent=2, sort_keys=True) + "\n"
        descriptor, temporary = tempfile.mkstemp(
            dir=self.path.parent, prefix=self._temporary_prefix(), suffix=".tmp"
        )
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        _fsync_directory(self.path.parent)

    def _notice(self, message: str) -> None:
        if message not in self.notices:
            self.notices.append(message)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable, where the platform allows it."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
