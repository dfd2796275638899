"""Who may come in, counted before any handshake, for both doors (`nac host`'s websockets
server and `nac serve`'s aiohttp one):

- `client`: who a connection counts as for the limits per address: its IP address, an IPv6
  one with its /64 (one home's or one machine's addresses), or behind a reverse proxy the
  proxy is trusted with (`--trust-proxy`) the address the proxy forwards. `network`: the
  network it counts with as well (an IPv4 /24, an IPv6 /48: what one home, one office or one
  hosting customer easily has many addresses of).
- `Gate`: every connection from its accept to its close, the silent ones and the handshakes
  under way among them. A limit cuts a connection, never an address: past `per_address` from
  one address, `per_network` from one network or `limit` in all, the idlest connection that
  holds nothing (no seat, no game: `hold`) of the address, the network, or the network that
  has the most of them is closed to make room, answered with one line of HTTP; only when every
  connection there holds something is the new one answered so and closed, so strangers cannot
  take the server's file descriptors, and a player coming back always finds room. A share of
  `limit` (HELD_SHARE) is kept for the connections that hold something. A connection that
  floods (frames or bytes past their `Bucket`, control frames too) is cut by its door; no one
  else behind its address is turned away for it.
- `descriptor_room`: the process's soft limit on open files raised to its hard limit, and how
  many connections fit in it with room to spare.
- `quiet_accept_errors`: when the descriptors run out after all, one log line a minute, not a
  traceback per connection.
- `settle_collector`: full garbage collections ten times rarer in a server process.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
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
HELD_SHARE = 4
"""One connection in this many of the gate's `limit` is kept for connections that hold a seat
or a game: the others may take the rest only."""
FRAMES_PER_SECOND = 30.0
FRAME_BURST = 60
"""Frames a connection may send that its messages' limit does not count (pings and pongs): a
burst, then a rate; past it the connection is closed as a flood."""
BYTES_PER_SECOND = 4096.0
BYTE_BURST = 16384
"""Bytes a connection may send before they are read (`nac host`'s server): the largest message
and then some, then a rate; past it the connection is closed before a frame of it is read."""


ADDRESSES_REMEMBERED = 4096
"""Addresses whose `client` and `network` are remembered (a flood's thousands of hosts are
counted per room opened and per lobby written: parsing each again costs more than the rest)."""


@functools.lru_cache(maxsize=ADDRESSES_REMEMBERED)
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


@functools.lru_cache(maxsize=ADDRESSES_REMEMBERED)
def network(address: str) -> str:
    """The network `address` (or a `client`) counts with besides itself: an IPv4 address's /24,
    an IPv6 address's (or /64's) /48; anything else (a door's own name) as it is."""
    text = address.partition("%")[0]
    try:
        found = ipaddress.ip_network(text, strict=False)
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Network):
        mapped = found.network_address.ipv4_mapped
        if mapped is not None and found.prefixlen == 128:
            return str(ipaddress.ip_network(f"{mapped}/24", strict=False))
        return str(found.supernet(new_prefix=48)) if found.prefixlen > 48 else str(found)
    return str(found.supernet(new_prefix=24)) if found.prefixlen > 24 else str(found)


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
TOO_MANY_HERE = "too many connections from your network"


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


@dataclass(eq=False)
class Entry:
    """One connection through the gate: whom and which network it counts as, when it last
    sent something, and whether it holds a seat or a game."""

    transport: asyncio.BaseTransport
    who: str
    network: str
    last: float
    held: bool = False
    spoke: bool = False
    """Whether it has sent anything (one that has not is answered in HTTP when it is closed)."""


class Gate:
    """The connections open at once, from their accept to their close: at most `limit`, and
    (when not None) at most `per_address` from one client and `per_network` from one network;
    past one, the idlest that holds nothing there makes room (see the module's docstring)."""

    def __init__(
        self,
        limit: int,
        per_address: int | None,
        per_network: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.per_address = per_address
        self.per_network = per_network
        self.clock = clock
        self.open: Counter[str] = Counter()
        """Connections open, by client."""
        self.networks: Counter[str] = Counter()
        """Connections open, by network."""
        self.entries: dict[asyncio.BaseTransport, Entry] = {}
        self.idle: dict[str, dict[asyncio.BaseTransport, Entry]] = {}
        """The connections that hold nothing, by network."""
        self.refused = 0
        """Connections closed at the gate, new ones refused and idle ones closed for them (for
        the log and the tests)."""

    @property
    def total(self) -> int:
        return len(self.entries)

    @property
    def free_for_strangers(self) -> int:
        """Room for connections that hold nothing: `limit`, less the share kept for those that
        hold something (whatever they take past it)."""
        held = self.total - sum(len(group) for group in self.idle.values())
        return self.limit - max(0, self.limit // HELD_SHARE - held) - self.total

    def _idlest(self, entries: Iterable[Entry]) -> Entry | None:
        return min(entries, key=lambda entry: entry.last, default=None)

    def _room_for(self, who: str, where: str) -> Entry | str | None:
        """Room for one more connection from `who` in `where`: None if there is room, else the
        connection to close to make it, or why there is none."""
        mine = self.idle.get(where, {})
        if self.per_address is not None and self.open[who] >= self.per_address:
            idlest = self._idlest(entry for entry in mine.values() if entry.who == who)
            return idlest or TOO_MANY
        if self.per_network is not None and self.networks[where] >= self.per_network:
            return self._idlest(mine.values()) or TOO_MANY_HERE
        if self.free_for_strangers > 0:
            return None
        if not self.idle:
            return FULL
        most = max(self.idle, key=lambda network: (len(self.idle[network]), network == where))
        return self._idlest(self.idle[most].values()) or FULL

    def enter(self, transport: asyncio.BaseTransport) -> Entry | None:
        """Count a new connection in (its entry, for `leave`), making room if it must; or
        answer it with the reason and close it (None)."""
        address = peer(transport)
        who, where = client(address), network(address)
        room = self._room_for(who, where)
        if isinstance(room, Entry):
            self.leave(room)
            if room.spoke and isinstance(room.transport, asyncio.WriteTransport):
                room.transport.abort()  # in the middle of something: no HTTP answer fits
            else:
                _turn_away(room.transport, FULL)
            self.refused += 1
            room = None
        if room is not None:
            self.refused += 1
            _turn_away(transport, room)
            return None
        entry = Entry(transport, who, where, self.clock())
        self.entries[transport] = entry
        self.open[who] += 1
        self.networks[where] += 1
        self.idle.setdefault(where, {})[transport] = entry
        return entry

    def touch(self, entry: Entry) -> None:
        """The connection sent something."""
        entry.last, entry.spoke = self.clock(), True

    def hold(self, transport: asyncio.BaseTransport | None) -> None:
        """The connection holds a seat or a game now: never closed to make room."""
        entry = self.entries.get(transport) if transport is not None else None
        if entry is None or entry.held:
            return
        entry.held = True
        self._forget_idle(entry)

    def _forget_idle(self, entry: Entry) -> None:
        group = self.idle.get(entry.network)
        if group is not None:
            group.pop(entry.transport, None)
            if not group:
                del self.idle[entry.network]

    def leave(self, entry: Entry) -> None:
        if self.entries.pop(entry.transport, None) is None:
            return  # closed to make room already
        self._forget_idle(entry)
        for counter, key in ((self.open, entry.who), (self.networks, entry.network)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]


def _turn_away(transport: asyncio.BaseTransport, reason: str) -> None:
    """Answer a connection with `reason` in one line of HTTP, and close it."""
    with contextlib.suppress(Exception):
        writable: Any = transport
        writable.write(_answer(reason))
        # closed once the server has finished taking the connection in (aiohttp starts
        # reading it just after), not from inside its own callback
        asyncio.get_running_loop().call_soon(transport.close)


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
    its reason in the protocol. Behind a trusted proxy the gate counts no address and no
    network (they are all the proxy's); the referee counts the forwarded ones."""
    room = max(1, descriptor_room() - reserved)
    connections = max(1, min(limits.connections, room - limits.per_address))
    per_address = None if trust_proxy else limits.per_address
    per_network = None if trust_proxy else limits.per_network
    gate = Gate(min(room, connections + limits.per_address), per_address, per_network)
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
