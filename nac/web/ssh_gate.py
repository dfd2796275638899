"""The SSH door's gate at accept: while the door is busy with connections that have not logged
in (`busy`: a flood, most likely), a connection from a network that opens them faster than
`CONNECTIONS_PER_SECOND` (after a burst) is refused the moment it is accepted, before asyncssh
makes anything of it (no connection object, no version line, no key exchange), so a flood of
connections from a few networks costs the server an accept each, not the players' games their
CPU. A refused connection is held unread for `HOLD_SECONDS` before it is closed (a script that
opens another as soon as one closes waits that long), `HELD_PER_NETWORK` of them a network and
`MOST_HELD` in all (their descriptors counted in the server's budget); past those, closed at
once.

asyncssh listens through `AcceptGate` as through a tunnel (its `tunnel` option: an object
whose `create_server(session_factory, host, port)` listens): the gate listens itself, and hands
each connection it lets in to asyncssh's own protocol (`session_factory`'s) as it is accepted.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from ..net.gate import Bucket, client, network, peer

CONNECTIONS_PER_SECOND = 4.0
CONNECTIONS_BURST = 32
"""SSH connections one network (an IPv4 /24, an IPv6 /48) may open: a burst (a classroom
behind one address), then four a second."""
HOLD_SECONDS = 5.0
HELD_PER_NETWORK = 16
MOST_HELD = 256
MOST_NETWORKS = 10_000
"""Networks whose rate is remembered (those whose allowance is full again let go past it)."""


class AcceptGate:
    """A listener for asyncssh that lets a network open connections at a bounded rate."""

    def __init__(
        self,
        refused: Callable[[str], object] = lambda why: None,
        busy: Callable[[], bool] = lambda: True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`refused`: told of each connection refused at accept (to log, quietly); `busy`:
        whether the door is busy enough that a network's rate holds (else it is counted only:
        strangers at a player's own address, a few at a time, never shut the player out)."""
        self.refused = refused
        self.busy = busy
        self.clock = clock
        self.allowances: dict[str, Bucket] = {}
        """Connections opened lately, by network."""
        self.turned_away = 0
        """Connections refused at accept since the gate opened."""
        self.held: Counter[str] = Counter()
        """Refused connections held unread until they are closed, by network."""

    def admits(self, address: str) -> bool:
        """Whether a connection from `address` may be let in now (its network's rate, while
        the door is busy)."""
        net = network(client(address))
        bucket = self.allowances.get(net)
        if bucket is None:
            if len(self.allowances) >= MOST_NETWORKS:
                self.allowances = {
                    key: one for key, one in self.allowances.items() if not _full(one)
                }
            bucket = self.allowances[net] = Bucket(
                CONNECTIONS_PER_SECOND, CONNECTIONS_BURST, self.clock
            )
        return bucket.take() or not self.busy()

    async def create_server(
        self, session_factory: Callable[[str, int], Any], host: str, port: int
    ) -> asyncio.Server:
        """Listen on host:port (asyncssh's `tunnel` listener); each connection let in is given
        to `session_factory`'s protocol."""
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: _Gated(self, session_factory), host or None, port)

    def close(self) -> None:
        """Nothing to close but the listener asyncssh closes (the `tunnel` protocol's)."""

    async def wait_closed(self) -> None:
        return


class _Gated(asyncio.Protocol):
    """A connection just accepted: closed at once if its network is over its rate, else
    handed to asyncssh's protocol before a byte of it is read."""

    def __init__(self, gate: AcceptGate, session_factory: Callable[[str, int], Any]) -> None:
        self.gate = gate
        self.session_factory = session_factory

        self.held = ""
        """The network of a refused connection held unread ("": none)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        gate, address = self.gate, peer(transport)
        if gate.admits(address):
            protocol = self.session_factory("", 0)
            transport.set_protocol(protocol)
            protocol.connection_made(transport)
            return
        gate.turned_away += 1
        gate.refused("an SSH connection is refused: its network opens them too fast")
        socket = cast(asyncio.Transport, transport)
        net = network(client(address))
        if gate.held[net] >= HELD_PER_NETWORK or gate.held.total() >= MOST_HELD:
            socket.abort()
            return
        self.held = net
        gate.held[net] += 1
        socket.pause_reading()
        asyncio.get_running_loop().call_later(HOLD_SECONDS, socket.abort)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.held:
            held = self.gate.held
            held[self.held] -= 1
            if held[self.held] <= 0:
                del held[self.held]
            self.held = ""


def _full(bucket: Bucket) -> bool:
    """Whether a network's allowance is full again (it opened nothing lately)."""
    bucket.take(0)
    return bucket.tokens >= bucket.burst
