"""Who may come in, counted before any handshake, for both doors (`nac host`'s websockets
server and `nac serve`'s aiohttp one):

- `client`: who a connection counts as for the limits per address: its IP address, an IPv6
  one with its /64 (one home's or one machine's addresses), or behind a reverse proxy the
  proxy is trusted with (`--trust-proxy`) the address the proxy forwards.
- `Gate`: every connection from its accept to its close, the silent ones and the handshakes
  under way among them: past the limit (at most `per_address` from one address) a connection
  is answered with one line of HTTP and closed at once, so strangers cannot take the server's
  file descriptors. An address whose connections flood (frames or bytes past their `Bucket`,
  control frames too) is turned away at the gate for a minute after FLOODS_TO_BAN of them.
- `descriptor_room`: the process's soft limit on open files raised to its hard limit, and how
  many connections fit in it with room to spare.
- `quiet_accept_errors`: when the descriptors run out after all, one log line a minute, not a
  traceback per connection.
- `settle_collector`: full garbage collections ten times rarer in a server process.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .limits import Limits

log = logging.getLogger("nac.net")

HIGHEST_DESCRIPTORS = 65536
"""The soft limit on open files is raised no higher than this (a hard limit can be vast)."""
RESERVED_DESCRIPTORS = 64
"""Descriptors kept for what is not a connection (the listening sockets, files, the log,
the event loop's own)."""
ACCEPT_LOG_SECONDS = 60.0
"""A failure to accept connections (the descriptors ran out) is logged once in this time."""
FLOODS_TO_BAN = 3
BAN_SECONDS = 60.0
"""An address whose connections were closed for flooding FLOODS_TO_BAN times in BAN_SECONDS
is refused at the gate for BAN_SECONDS."""
FRAMES_PER_SECOND = 30.0
FRAME_BURST = 60
"""Frames a connection may send that its messages' limit does not count (pings and pongs): a
burst, then a rate; past it the connection is closed as a flood."""
BYTES_PER_SECOND = 4096.0
BYTE_BURST = 16384
"""Bytes a connection may send before they are read (`nac host`'s server): the largest message
and then some, then a rate; past it the connection is closed before a frame of it is read."""


def client(address: str) -> str:
    """Whom a connection from `address` counts as: an IPv4 address as it is (an IPv6-mapped
    one too), an IPv6 address as its /64, anything else (a door's own name) as it is."""
    try:
        found = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)


def forwarded(header: str | None) -> str | None:
    """The client's address a trusted reverse proxy put last in `X-Forwarded-For` (the one it
    saw; the ones before it are the client's own say), if it is an IP address."""
    if not header:
        return None
    last = header.rsplit(",", 1)[-1].strip().strip("[]")
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


def peer(transport: asyncio.BaseTransport) -> str:
    """The address a transport's connection comes from."""
    name = transport.get_extra_info("peername")
    return str(name[0]) if isinstance(name, tuple) and name else "?"


FULL = "the server is full: try again later"
TOO_MANY = "too many connections from your address"
FLOODED = "too many messages from your address: wait a minute"


def _answer(reason: str) -> bytes:
    body = f"nac: {reason}\n".encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


class Bucket:
    """A connection's allowance of messages: `burst` at once, then `rate` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self, cost: int = 1) -> bool:
        """Spend `cost` if there is one token at least (the allowance may go below nothing:
        a costly message makes the next ones wait)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= cost
        return True


class Gate:
    """The connections open at once, from their accept to their close: at most `limit`, and
    (`per_address` not None) at most that many from one client; and the clients that flooded,
    turned away for a while."""

    def __init__(
        self,
        limit: int,
        per_address: int | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.per_address = per_address
        self.clock = clock
        self.open: Counter[str] = Counter()
        self.refused = 0
        """Connections closed at the gate (for the log and the tests)."""
        self._floods: dict[str, list[float]] = {}
        self._banned: dict[str, float] = {}

    @property
    def total(self) -> int:
        return sum(self.open.values())

    def why_not(self, address: str) -> str | None:
        who = client(address)
        until = self._banned.get(who)
        if until is not None:
            if self.clock() < until:
                return FLOODED
            del self._banned[who]
        if self.total >= self.limit:
            return FULL
        if self.per_address is not None and self.open[who] >= self.per_address:
            return TOO_MANY
        return None

    def flooded(self, who: str) -> None:
        """A connection of `who`'s was closed for flooding: a few in a minute ban them."""
        now = self.clock()
        recent = [at for at in self._floods.get(who, []) if now - at < BAN_SECONDS]
        recent.append(now)
        if len(recent) >= FLOODS_TO_BAN:
            self._banned[who] = now + BAN_SECONDS
            self._floods.pop(who, None)
            log.warning("an address flooded its connections: turned away for a minute")
            return
        self._floods[who] = recent
        if len(self._floods) > 10_000:  # old entries of many addresses let go
            self._floods = {k: v for k, v in self._floods.items() if now - v[-1] < BAN_SECONDS}

    def enter(self, transport: asyncio.BaseTransport) -> str | None:
        """Count a new connection in (who it counts as, for `leave`), or answer it with the
        reason and close it (None)."""
        address = peer(transport)
        refusal = self.why_not(address)
        if refusal is None:
            who = client(address)
            self.open[who] += 1
            return who
        self.refused += 1
        with contextlib.suppress(Exception):
            writable: Any = transport
            writable.write(_answer(refusal))
            # closed once the server has finished taking the connection in (aiohttp starts
            # reading it just after), not from inside its own callback
            asyncio.get_running_loop().call_soon(transport.close)
        return None

    def leave(self, who: str) -> None:
        self.open[who] -= 1
        if self.open[who] <= 0:
            del self.open[who]


def descriptor_room() -> int:
    """Raise the soft limit on open files to the hard one (at most HIGHEST_DESCRIPTORS); the
    descriptors connections may then take, RESERVED_DESCRIPTORS kept aside. Where the system
    has no such limit (Windows), HIGHEST_DESCRIPTORS."""
    try:
        import resource
    except ImportError:
        return HIGHEST_DESCRIPTORS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = HIGHEST_DESCRIPTORS if hard == resource.RLIM_INFINITY else hard
    target = min(target, HIGHEST_DESCRIPTORS)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    have = HIGHEST_DESCRIPTORS if soft == resource.RLIM_INFINITY else soft
    return max(1, have - RESERVED_DESCRIPTORS)


def fitted(limits: Limits, *, trust_proxy: bool, reserved: int = 0) -> tuple[Limits, Gate]:
    """`limits` with as many connections as this process's file descriptors hold (its soft
    limit raised first; `reserved` of them kept for other things), and the gate every
    connection passes: a little above that, so a refusal usually comes from the referee with
    its reason in the protocol. Behind a trusted proxy the gate counts no address (they are
    all the proxy's); the referee counts the forwarded ones."""
    room = max(1, descriptor_room() - reserved)
    connections = max(1, min(limits.connections, room - limits.per_address))
    per_address = None if trust_proxy else limits.per_address
    gate = Gate(min(room, connections + limits.per_address), per_address)
    return replace(limits, connections=connections), gate


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """The loop's report of a failure to accept (asyncio's "socket.accept() out of system
    resource", at every try while the descriptors are out) logged in one line, once a
    minute; every other report goes where it went."""
    before = loop.get_exception_handler()
    last = [-ACCEPT_LOG_SECONDS]

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "accept" in str(context.get("message", "")):
            now = time.monotonic()
            if now - last[0] >= ACCEPT_LOG_SECONDS:
                last[0] = now
                error = context.get("exception")
                log.warning("cannot accept connections now (%s): trying again", error)
            return
        if before is not None:
            before(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)


FULL_COLLECTIONS_AFTER = 100
"""Collections of the middle generation before a full one (Python's default: 10)."""


def settle_collector() -> None:
    """The garbage collector set for a server holding thousands of connections: a full
    collection comes ten times less often. A full one walks every connection's objects (about
    0.2 s at 3,000 connections: a pause for every game at once). A connection is freed by its
    reference counts when it ends (on the relay once `nac.web.door.let_go` has broken aiohttp's
    cycle), so what waits longer is only small cyclic garbage. Measured by `make bench`
    (bench_online: the p99 of a move's round trip at 1,000 games; bench_strangers: the memory
    after 10,000 short connections)."""
    first, middle, full = gc.get_threshold()
    gc.set_threshold(first, middle, max(FULL_COLLECTIONS_AFTER, full))
