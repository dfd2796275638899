"""The player's own key for online play (`nac.net.identity`): made on first online use, kept in
the data directory as `player-key` (OpenSSH's format, owner-only from its first byte, never
written through a link planted at its name, never over a key already there). Losing it is
losing the name and ratings it holds on every server: back it up as you would an SSH key."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

FILE_NAME = "player-key"


def own_key(directory: Path) -> Path:
    """The path of this player's key in `directory`, made there if it is not yet. Two nacs
    making it at once keep one key: the second finds the first's (a link, not a rename, puts
    the new file in its place, and never over another)."""
    path = directory / FILE_NAME
    if path.exists():
        return path
    directory.mkdir(parents=True, exist_ok=True)
    key = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    )
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(8)}.new")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(temporary, flags, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(key)
            file.flush()
            os.fsync(file.fileno())
        with contextlib.suppress(FileExistsError):  # made meanwhile: that one is the key
            os.link(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return path
