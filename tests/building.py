"""Builds of the package from the source tree, one at a time: setuptools writes its work (the
egg-info, the sdist's release tree, `build/`) inside the tree, so two pytest-xdist workers
building at once would pull the same files from under each other."""

from __future__ import annotations

import contextlib
import hashlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; builds there run as they come
    fcntl = None  # type: ignore[assignment]


@contextlib.contextmanager
def one_build_at_a_time(root: Path) -> Iterator[None]:
    """Hold the build lock of the source tree `root` (a file beside the system's temporary
    files, named after the tree) until the block ends."""
    name = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
    if fcntl is None:
        yield
        return
    with open(Path(tempfile.gettempdir()) / f"nac-build-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
