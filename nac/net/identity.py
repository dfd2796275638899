"""A player is a key (protocol 4): an Ed25519 key pair whose public half names the player on a
server and whose private half never leaves the player's machine. At each connection the server
sends a fresh random nonce (`challenge`); the client signs CONTEXT, the nonce and the server's
address as the client dialled it (`dialled`), and sends the signature (`proof`). So a copied
hello or signature is worth nothing on another connection (another nonce), and a server that
passes its challenge on to another server gets a signature naming itself, not that server.

Keys are OpenSSH's: the player's own `~/.ssh/id_ed25519` works as well as the one nac makes, and
the public half is written as its OpenSSH line ("ssh-ed25519 AAAA..."), as an SSH door sees it."""

from __future__ import annotations

import base64
import binascii
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

CONTEXT = b"nac online hello, protocol 4\x00"
"""Signed before the nonce: a nac signature is never a signature of anything else's."""
NONCE_BYTES = 32
SIGNATURE_BYTES = 64
PUBLIC_KEY = re.compile(r"ssh-ed25519 [A-Za-z0-9+/]{68}")
"""An Ed25519 public key's OpenSSH line, comment dropped (51 bytes of key blob, base64)."""
LONGEST_KEY_FILE = 16 * 1024


class BadKey(ValueError):
    """A key file nac cannot use; the text says why, for the player."""


@dataclass(frozen=True)
class Identity:
    """A player's key pair, as a client holds it."""

    private: Ed25519PrivateKey

    @property
    def public_line(self) -> str:
        return public_line(self.private.public_key())

    def sign(self, nonce: bytes, dialled_address: str) -> bytes:
        return self.private.sign(signed_text(nonce, dialled_address))


def read_identity(path: Path) -> Identity:
    """The Ed25519 key in `path` (OpenSSH's or PEM); BadKey saying why it cannot be used."""
    try:
        with path.open("rb") as file:
            data = file.read(LONGEST_KEY_FILE + 1)
    except OSError as error:
        raise BadKey(f"cannot read the key {path}: {error.strerror or error}") from None
    if len(data) > LONGEST_KEY_FILE:
        raise BadKey(f"{path} is not a key (too long)")
    loader = (
        serialization.load_ssh_private_key
        if b"OPENSSH PRIVATE KEY" in data
        else serialization.load_pem_private_key
    )
    try:
        key = loader(data, password=None)
    except TypeError:
        raise BadKey(
            f"{path} is protected by a passphrase: give nac a key without one (nac keeps its own "
            "in its data directory)"
        ) from None
    except (ValueError, binascii.Error) as error:
        raise BadKey(f"{path} is not a private key nac can read ({error})") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise BadKey(f"{path} is not an Ed25519 key (ssh-keygen -t ed25519 makes one)")
    return Identity(key)


def public_line(key: Ed25519PublicKey) -> str:
    return key.public_bytes(
        serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH
    ).decode("ascii")


def public_key_of(line: str) -> Ed25519PublicKey | None:
    """The key an OpenSSH line names, or None for anything that is not an Ed25519 key's."""
    if not PUBLIC_KEY.fullmatch(line):
        return None
    try:
        key = serialization.load_ssh_public_key(line.encode("ascii"))
    except (ValueError, binascii.Error):
        return None
    return key if isinstance(key, Ed25519PublicKey) else None


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE_BYTES)


def signed_text(nonce: bytes, dialled_address: str) -> bytes:
    return CONTEXT + nonce + b"\x00" + dialled_address.encode("utf-8")


def verified(line: str, nonce: bytes, dialled_address: str, signature: bytes) -> bool:
    """Whether `signature` is the key's, over this connection's nonce and this address."""
    key = public_key_of(line)
    if key is None or len(signature) != SIGNATURE_BYTES:
        return False
    try:
        key.verify(signature, signed_text(nonce, dialled_address))
    except InvalidSignature:
        return False
    return True


DEFAULT_PORTS = {"ws": 80, "wss": 443, "http": 80, "https": 443}


def dialled(url: str) -> str:
    """A server's address as signed: its host and port, lower case, the scheme's default port
    left out (as a WebSocket handshake's Host header says it)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    default = DEFAULT_PORTS.get(parts.scheme.lower())
    return host if port is None or port == default else f"{host}:{port}"


def from_host_header(header: str) -> str:
    """A handshake's Host header in `dialled`'s form."""
    host = header.strip().lower()
    for suffix in (":80", ":443"):
        host = host.removesuffix(suffix)
    return host


def encoded(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def decoded(text: object, size: int) -> bytes | None:
    """`size` bytes from their base64 text, or None."""
    if not isinstance(text, str) or len(text) > 4 * size:
        return None
    try:
        data = base64.b64decode(text, validate=True)
    except (ValueError, binascii.Error):
        return None
    return data if len(data) == size else None
