"""One JSON file with a schema version, read forgivingly and written safely.

- Written atomically: a temporary file in the same directory, flushed and fsynced, then
  `os.replace`d over the old one, so a crash at any moment leaves the old file or the new one.
  A file written after every move (`durable=False`: the game in progress) is not fsynced: the
  replace alone survives nac's crash or kill, and a move costs no wait for the disk.
- Shared: every change takes an exclusive lock (a `.lock` file beside it), re-reads the file,
  applies the change and writes, so two copies of the game never lose each other's updates.
  A lock held by another copy is waited for (up to LOCK_SECONDS: a writer holds it for
  milliseconds); past that the change is kept in memory, saved with the next one, and saved
  at the latest when the process ends (`atexit`): a change is never dropped.
- Forgiving: anything wrong with the file (not a regular file, over MAX_BYTES, not UTF-8,
  not JSON, nested too deep, the wrong schema, a bad value) means it is moved aside as
  `<name>.corrupt-<timestamp>` (never deleted) with one notice, and play starts afresh. If the
  file cannot be written (a read-only directory) play goes on in memory, with one notice.
- Links: a data file that is a symbolic link is followed (its target is replaced, atomically,
  and the link kept); a lock file that is a link is never followed: nothing is saved then.
  A link to nothing (its target missing) is refused, not followed: nac never creates a file
  outside its own directory. The link is left as it is (the player's, perhaps to a drive not
  mounted yet), play goes on in memory, and a notice says which link and what it points to.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import errno
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not on Windows (not supported): the atomic write still protects the file
    fcntl = None  # type: ignore[assignment]

Data = dict[str, Any]
Change = Callable[[Data], Data]
SCHEMA_KEY = "schema"
MAX_BYTES = 1_000_000
"""The largest file read: nac's own files stay far smaller."""
LOCK_SECONDS = 10.0
LOCK_PAUSE = 0.01
"""A busy lock is tried every LOCK_PAUSE seconds for LOCK_SECONDS: far longer than any writer
holds it (a read, a write and an fsync), so only a stuck copy of nac makes a change wait."""
EXIT_LOCK_SECONDS = 30.0
"""As the process ends, how long a change still waiting for the lock waits at most."""
_unsaved: set[JsonFile] = set()
"""The files whose changes wait for a busy lock, kept (even if their owner let go of them)
until they are saved, at the latest when the process ends."""


class BadFile(ValueError):
    """The file's content is not what this version of nac writes."""


class Busy(OSError):
    """Another copy of the game holds the file's lock."""


class DanglingLink(OSError):
    """The data file is a symbolic link to nothing: following it would create a file elsewhere."""


class Unfit(ValueError):
    """The file cannot be one of nac's: not a regular file (`size` None), or bigger than
    MAX_BYTES (`size`: its size, or 0 where it grew past it as it was read)."""

    def __init__(self, size: int | None = None) -> None:
        super().__init__(size)
        self.size = size


def reason(error: OSError) -> str:
    """An OSError in words ("Permission denied"), without its file name."""
    return error.strerror or str(error)


def read_bytes(path: Path) -> bytes:
    """The bytes of the regular file at `path`, refusing what cannot be one of nac's (Unfit);
    OSError where it cannot be read (FileNotFoundError where there is none)."""
    # Non-blocking, so a FIFO in the file's place cannot hang the game.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise Unfit()
        if info.st_size > MAX_BYTES:
            raise Unfit(info.st_size)
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, 65536):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_BYTES:
                raise Unfit(0)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


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
        durable: bool = True,
        what: str = "file",
    ) -> None:
        """`durable`: each write is flushed to the disk (fsync) before it replaces the file."""
        self.in_memory = path is None
        self.path = path if path is not None else Path("(memory)")
        self.schema = schema
        self.check = check
        self.saving = saving
        self.durable = durable
        self.what = what
        self.notices: list[str] = []
        """Problems met, each said once, in words for the player."""
        self._memory: Data | None = None if path is not None else {SCHEMA_KEY: schema}
        """The data while saving is off or has failed: play goes on in memory."""
        self._pending: list[Change] = []
        """Changes not saved yet because another copy held the lock."""

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
        durable: bool = True,
    ) -> JsonFile:
        """The file `name` in `directory`, or one in memory only if there is no directory."""
        path = None if directory is None else directory / name
        return cls(path, schema, check=check, saving=saving, durable=durable, what=what)

    @property
    def where(self) -> str:
        """Where the data is kept, in words: the file's path, or "memory only"."""
        return str(self.path) if self.saving and not self.in_memory else "memory only"

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    @property
    def has_unsaved(self) -> bool:
        """Whether changes wait for another copy to let go of the file."""
        return bool(self._pending)

    # -- reading ---------------------------------------------------------------------------------

    def read(self) -> Data:
        """The data, or a fresh `{"schema": ...}` if there is none or it was bad."""
        if self._memory is not None:
            return copy.deepcopy(self._memory)
        data = self._read_or_set_aside()
        if data is None:
            data = {SCHEMA_KEY: self.schema}
        for change in self._pending:
            data = change(data)
        return data

    def _read_or_set_aside(self) -> Data | None:
        raw = self._raw()
        if raw is None:
            return None
        import json  # only when a file is read: start-up stays quick

        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise BadFile("it is not a JSON object")
            if data.get(SCHEMA_KEY) != self.schema:
                raise BadFile(
                    f"it has schema {data.get(SCHEMA_KEY)!r}, this version reads {self.schema}"
                )
            self.check(data)
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._set_aside("is not valid JSON")
            return None
        except RecursionError:
            self._set_aside("is nested too deep to be a nac file")
            return None
        except BadFile as error:
            self._set_aside(f"is not a nac {self.what} ({error})")
            return None
        except Exception as error:  # any other surprise in a file means it is corrupt
            self._set_aside(f"is not a nac {self.what} ({type(error).__name__})")
            return None
        return data

    def _raw(self) -> bytes | None:
        """The file's bytes, or None if there is none or it cannot be a nac file."""
        try:
            return read_bytes(self.path)
        except (FileNotFoundError, NotADirectoryError):  # no file (or no directory) yet
            return None
        except OSError as error:
            self._set_aside(f"could not be read ({reason(error)})")
        except Unfit as unfit:
            self._set_aside(
                "is not a regular file" if unfit.size is None
                else f"is {unfit.size:,} bytes, far more than a nac file" if unfit.size
                else "is larger than a nac file can be"
            )  # fmt: skip
        return None

    def _set_aside(self, problem: str) -> None:
        """Move a bad file out of the way (never delete it) and say so, once."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        counter = 1
        while os.path.lexists(target):
            counter += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{counter}")
        try:
            os.replace(self.path, target)
        except OSError as error:
            self.notice(
                f"Your {self.what} {self.path} {problem} and could not be moved aside "
                f"({reason(error)}): it is left as it is and nothing will be saved."
            )
            self._memory = {SCHEMA_KEY: self.schema}
            return
        self.notice(
            f"Your {self.what} {self.path} {problem}. It was moved to {target.name}; "
            "starting afresh."
        )

    # -- writing ---------------------------------------------------------------------------------

    def update(self, change: Change) -> Data:
        """Apply `change` to the newest data and save it; returns the data after the change."""
        if self._memory is not None or not self.saving:
            base = self._memory if self._memory is not None else self.read()
            self._memory = change(copy.deepcopy(base))
            return copy.deepcopy(self._memory)
        self._pending.append(change)
        return self.save_pending()

    def save_pending(self, patience: float | None = None) -> Data:
        """Save the changes made so far (re-reading the file first); the data after them.
        `patience`: how long a busy lock is waited for (LOCK_SECONDS by default)."""
        try:
            with self._locked(LOCK_SECONDS if patience is None else patience):
                self._remove_stale_temporaries()
                data = self.read()  # the file's data with the pending changes applied
                if self._memory is not None:  # the file was bad and could not be moved aside
                    self._memory = data
                    self._pending.clear()
                    return copy.deepcopy(data)
                refusal = self._refusal(data)
                if refusal is not None:  # never write what the next read would move aside
                    self._pending.clear()
                    self.notice(
                        f"Your {self.what} {self.path} was left as it was: the change would "
                        f"make it a file nac cannot read ({refusal})."
                    )
                    return self.read()
                self._write(data)
                self._pending.clear()
                _unsaved.discard(self)
            return data
        except DanglingLink as error:
            self.notice(
                f"Your {self.what} {self.path} is a link to {error.filename}, which does not "
                "exist: nac creates no file outside its own directory, so it is not saved "
                "(create that file, or remove the link). Playing on without saving."
            )
            self._memory = self.read()
            self._pending.clear()
            return copy.deepcopy(self._memory)
        except Busy:
            self.notice(
                f"Your {self.what} {self.path} is in use by another copy of nac: "
                "what changed is kept and will be saved once it is free."
            )
            _unsaved.add(self)
            return self.read()
        except OSError as error:
            self.notice(
                f"Cannot save your {self.what} in {self.path.parent} ({reason(error)}): "
                "playing on without saving."
            )
            self._memory = self.read()
            self._pending.clear()
            return copy.deepcopy(self._memory)

    def _refusal(self, data: Data) -> str | None:
        """Why a read would refuse `data`, or None if it would not."""
        try:
            self.check(data)
        except BadFile as error:
            return str(error)
        return None

    @contextlib.contextmanager
    def _locked(self, patience: float) -> Iterator[None]:
        directory = self.path.parent
        if directory.exists() and not directory.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{directory} is a file, not a directory")
        directory.mkdir(parents=True, exist_ok=True)
        try:
            # Never follow a link: a lock file is not to be created anywhere but here.
            descriptor = os.open(
                self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644
            )
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise OSError(error.errno, "its lock file is a symbolic link") from None
            raise
        try:
            if fcntl is not None:
                deadline = time.monotonic() + patience
                while True:
                    try:
                        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        if time.monotonic() > deadline:
                            raise Busy(errno.EWOULDBLOCK, "held by another copy of nac") from None
                        time.sleep(LOCK_PAUSE)
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_UN)
            os.close(descriptor)

    def _temporary_prefix(self) -> str:
        return f".{self._target().name}."

    def _target(self) -> Path:
        """The file written: the data file itself, or what it links to (followed, so a
        symbolic link to a file elsewhere stays a link and its target is updated).
        DanglingLink if it is a link to a file that does not exist."""
        target = Path(os.path.realpath(self.path))
        if os.path.islink(self.path) and not target.exists():
            raise DanglingLink(errno.ENOENT, "a link to a file that does not exist", str(target))
        return target

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of writers that died mid-write: no one else can be writing now, as
        we hold the lock."""
        if fcntl is None:
            return
        target = self._target()
        for stale in target.parent.glob(f"{self._temporary_prefix()}*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    def _write(self, data: Data) -> None:
        import json
        import tempfile

        target = self._target()
        text = json.dumps(data, indent=2, sort_keys=True) + "\n"
        descriptor, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=self._temporary_prefix(), suffix=".tmp"
        )
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                if self.durable:
                    os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        if self.durable:
            _fsync_directory(target.parent)

    def notice(self, message: str) -> None:
        """Say `message` to the player, once."""
        if message not in self.notices:
            self.notices.append(message)


@atexit.register
def save_all_pending() -> None:
    """The process ends: every change still waiting for a busy lock is saved now (waiting for
    the lock again), so none is dropped."""
    for file in list(_unsaved):
        if file.has_unsaved:
            file.save_pending(max(LOCK_SECONDS, EXIT_LOCK_SECONDS))


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
