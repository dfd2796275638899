"""Who is who at the SSH door: the server's own host key, made and kept on the first start, and
a player's key as the relay knows players (an Ed25519 key's OpenSSH line)."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


def host_key(directory: Path) -> asyncssh.SSHKey:
    """The server's host key, made and kept (owner only) on the first start."""
    path = directory / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(path)
    directory.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="nac serve")
    temporary = path.with_name(f"{path.name}.{secrets.token_hex(8)}.new")
    # A new file of our own, owner-only from its first byte: never through a link planted at
    # its name (O_NOFOLLOW), never a file that is there already (O_EXCL).
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(temporary, flags, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(key.export_private_key())
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return key


def ed25519_line(key: asyncssh.SSHKey) -> str:
    """An Ed25519 key's OpenSSH line, comment dropped; "" for another kind of key."""
    if key.algorithm != b"ssh-ed25519":
        return ""
    line = key.export_public_key("openssh").decode("ascii").split()
    return " ".join(line[:2])
