"""Where an online game is: an invite's ADDRESS, `host:port/KEY` (or, behind a reverse proxy
with TLS, `wss://host/path/KEY`), and the invite lines a host sends: `nac join ADDRESS` for the
opponent, `nac watch ADDRESS` for watchers (another key: a watcher can never take a seat)."""

from __future__ import annotations

import re
import socket
from typing import NamedTuple

KEY_BYTES = 12
"""An invite key's randomness: 96 bits, 16 characters of `secrets.token_urlsafe`."""
ENDPOINT = "play"
"""The WebSocket's path on a server (after any prefix a reverse proxy adds)."""
DEFAULT_PORT = 7878
KEY_LENGTH = 16
"""Characters of a key that `new_key` makes."""
_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
_KEY_PART = re.compile(r"[A-Za-z0-9_-]+")
_HOST_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*)(?::([0-9]{1,5}))?")
"""A host name starts with a letter or digit (never `-`: a shell line would read an option)."""
_PATH = re.compile(r"[A-Za-z0-9._~/-]*")
"""A reverse proxy's path before the key: nothing a shell would read as more than a word."""


class Address(NamedTuple):
    server: str
    """The server's WebSocket URL: ws://host:port or wss://host/prefix."""
    key: str

    @property
    def url(self) -> str:
        """Where a client connects."""
        return f"{self.server.rstrip('/')}/{ENDPOINT}"

    def __str__(self) -> str:
        if self.server.startswith("ws://"):
            return f"{self.server.removeprefix('ws://').rstrip('/')}/{self.key}"
        return f"{self.server.rstrip('/')}/{self.key}"


class BadAddress(ValueError):
    """Text that is no invite's address; the message says what one looks like."""


def new_key() -> str:
    import secrets  # with hashlib: loaded when a game is hosted, not at start

    return secrets.token_urlsafe(KEY_BYTES)


def parse_address(text: object) -> Address:
    """The address of an invite: `host:port/KEY`, or a `ws://` or `wss://` URL ending in the
    key; a whole invite line (`nac join ...`) is read too."""
    example = "an invite's address, like 192.168.1.5:7878/k3Jx9qLm2Rt8vW4z"
    if not isinstance(text, str) or len(text) > 300:
        raise BadAddress(f"give {example}")
    words = text.split()
    if len(words) == 3 and words[0] == "nac" and words[1] in ("join", "watch"):
        words = words[2:]
    if len(words) != 1:
        raise BadAddress(f"give {example}")
    address = words[0]
    scheme = "ws"
    for prefix in ("ws://", "wss://"):
        if address.lower().startswith(prefix):
            scheme, address = prefix[:-3], address[len(prefix) :]
    where, slash, key = address.rpartition("/")
    if slash and _KEY_PART.fullmatch(key) and len(key) < KEY_LENGTH:
        raise BadAddress(
            f"the key at the end of {text!r} has {len(key)} characters, an invite's has "
            f"{KEY_LENGTH}: was the line cut when it was copied?"
        )
    if not slash or not _KEY.fullmatch(key):
        raise BadAddress(f"{text!r} has no invite key at its end: give {example}")
    host_port, _, prefix = where.partition("/")
    found = _HOST_PORT.fullmatch(host_port)
    port = found.group(2) if found else None
    if not found or (port is not None and not 0 < int(port) < 65536):
        raise BadAddress(f"{host_port!r} is not a host and port: give {example}")
    if not _PATH.fullmatch(prefix):
        raise BadAddress(f"{prefix!r} is not a path of letters, digits and -._~/: give {example}")
    if scheme == "ws" and port is None:
        host_port = f"{host_port}:{DEFAULT_PORT}"
    path = f"/{prefix}" if prefix else ""
    return Address(f"{scheme}://{host_port}{path}", key)


def invite(command: str, address: Address) -> str:
    """An invite line: `nac join ADDRESS` or `nac watch ADDRESS`."""
    return f"nac {command} {address}"


def public_host(bind: str) -> str:
    """The address others reach this machine at, for the invite lines: the bound address, or
    for all of them (0.0.0.0, ::) the one the default route leaves from (no packet is sent)."""
    if bind not in ("", "0.0.0.0", "::"):
        return f"[{bind}]" if ":" in bind else bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # documentation address: only the route is read
            found: str = probe.getsockname()[0]
            return found
    except OSError:
        return "127.0.0.1"


def every_address(bind: str, port: int) -> socket.socket | None:
    """For `bind` "" or `::`, a socket listening on `port` at every address, IPv6's and IPv4's
    both on one port (a server given `::` alone would take IPv6 only; given no host, two
    sockets, and for port 0 two different ports); None for any other `bind` (`0.0.0.0` stays
    IPv4's every address), which the server binds itself."""
    if bind not in ("", "::"):
        return None
    if not socket.has_dualstack_ipv6():
        return socket.create_server(("0.0.0.0", port))
    return socket.create_server(("::", port), family=socket.AF_INET6, dualstack_ipv6=True)


def parse_server(text: object) -> str:
    """A game server's (a relay's) WebSocket address from what a player gives: `host:port`,
    a `ws://` or `wss://` URL, or the `http://` or `https://` address of `nac serve`'s page."""
    example = "a server's address, like 192.168.1.5:8000 or https://play.example.org"
    if not isinstance(text, str) or not text.strip() or len(text) > 300:
        raise BadAddress(f"give {example}")
    address = text.strip().rstrip("/")
    scheme, bare = "ws", True
    schemes = (("ws://", "ws"), ("wss://", "wss"), ("http://", "ws"), ("https://", "wss"))
    for prefix, kind in schemes:
        if address.lower().startswith(prefix):
            scheme, address, bare = kind, address[len(prefix) :], False
    host_port, _, prefix = address.partition("/")
    found = _HOST_PORT.fullmatch(host_port)
    port = found.group(2) if found else None
    if not found or (port is not None and not 0 < int(port) < 65536):
        raise BadAddress(f"{text!r} is not {example}")
    if not _PATH.fullmatch(prefix):
        raise BadAddress(f"{prefix!r} is not a path of letters, digits and -._~/: give {example}")
    if bare and port is None:
        host_port = f"{host_port}:{DEFAULT_PORT}"
    return f"{scheme}://{host_port}" + (f"/{prefix}" if prefix else "")
