"""The game server of `nac host`: the referee (`referee.py`) behind the websockets library,
which frames the messages, pings the clients (a connection that answers no ping within
`Limits.heartbeat_seconds` is dropped, so a vanished player is noticed within seconds) and
refuses frames over the protocol's size. `wss://` with `ssl=` (or a reverse proxy in front).

Every connection passes the gate (`gate.py`) from its accept, before any handshake, and has
`Limits.hello_seconds` to finish the handshake; a request from a web page (an Origin header:
no page is served here) or for anything but the game gets a short answer."""

from __future__ import annotations

import asyncio
import contextlib
import http
import logging
import ssl
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from .address import ENDPOINT, every_address
from .gate import (
    BYTE_BURST,
    BYTES_PER_SECOND,
    FRAME_BURST,
    FRAMES_PER_SECOND,
    Bucket,
    Entry,
    Gate,
    fitted,
    forwarded,
    quiet_accept_errors,
)
from .limits import Limits
from .protocol import LONGEST_MESSAGE
from .referee import Referee

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection
    from websockets.http11 import Request, Response

CLOSED = "the host has closed the game"
"""Said to every client when `nac host` ends (its player left or quit)."""
log = logging.getLogger("nac.net")
QUIET = logging.getLogger("nac.net.handshakes")
"""Where the library's own handshake failures go (a port scan, garbage): nowhere by default."""
QUIET.addHandler(logging.NullHandler())
QUIET.propagate = False


class WebsocketsLink:
    """A client's connection as the referee sees it."""

    def __init__(self, connection: ServerConnection, *, trust_proxy: bool = False) -> None:
        """`trust_proxy`: the address a reverse proxy forwards is the client's."""
        self.connection = connection
        remote = connection.remote_address
        self.address = str(remote[0]) if remote else "?"
        request = connection.request
        if trust_proxy and request is not None:
            self.address = forwarded(request.headers.get("X-Forwarded-For")) or self.address
        self.dialled = request.headers.get("Host", "") if request is not None else ""
        """The server's address as the client dialled it (the handshake's Host header): what a
        player's key signs (`nac.net.identity`)."""

    async def send(self, text: str) -> None:
        from websockets.protocol import State

        if self.connection.state is State.OPEN:  # a closing one waits for its close: not here
            await self.connection.send(text)

    async def close(self, code: int, reason: str) -> None:
        await self.connection.close(code, reason)


async def frames(connection: ServerConnection) -> AsyncIterator[str | bytes]:
    from websockets.exceptions import ConnectionClosed

    with contextlib.suppress(ConnectionClosed):
        async for frame in connection:
            yield frame


class GameServer:
    """A referee listening on `bind`:`port` (0: any free port) until `close`."""

    def __init__(self, referee: Referee, *, trust_proxy: bool = False) -> None:
        """`trust_proxy`: a reverse proxy in front forwards each client's address (the limits
        per address then count those, and the proxy's own address is not limited)."""
        self.referee = referee
        self.trust_proxy = trust_proxy
        self.gate: Gate | None = None
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self, bind: str, port: int, tls: ssl.SSLContext | None = None) -> None:
        from websockets.asyncio.server import serve

        quiet_accept_errors(asyncio.get_running_loop())
        self.referee.limits, self.gate = fitted(self.referee.limits, trust_proxy=self.trust_proxy)
        self.referee.seated = self._seated
        sock = every_address(bind, port)
        where: dict[str, Any] = {"sock": sock} if sock else {"host": bind, "port": port}
        self._server = await serve(
            self._handle,
            **where,
            ssl=tls,
            process_request=_only_the_game,
            logger=QUIET,
            server_header=None,
            create_connection=gated(self.gate),
            **connection_options(self.referee.limits),
        )
        self._sweeper = asyncio.create_task(self.referee.sweep())

    @property
    def port(self) -> int:
        assert self._server is not None
        sockets = self._server.sockets
        found: int = sockets[0].getsockname()[1]
        return found

    async def _handle(self, connection: ServerConnection) -> None:
        link = WebsocketsLink(connection, trust_proxy=self.trust_proxy)
        await self.referee.session(link, frames(connection))

    def _seated(self, link: object) -> None:
        """A connection holds a seat now: the gate never closes it to make room."""
        if isinstance(link, WebsocketsLink) and self.gate is not None:
            self.gate.hold(link.connection.transport)

    async def close(self) -> None:
        """Every client is told the game is over (so none waits to come back), then the server
        stops."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.referee.close_all(CLOSED)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


def gated(gate: Gate) -> type[ServerConnection]:
    """The library's connection, counted by `gate` from its accept to its close: one the
    gate refuses is answered and closed before the library sees a byte of it. Its bytes and
    its control frames (pings and pongs, which the library answers itself and the referee
    never sees) have their budgets: a connection past either is cut at once, its bytes unread
    (it alone: no one else behind its address). (Its messages are the referee's to count: a
    flood of them is told to slow down, then closed.)"""
    from websockets.asyncio.server import ServerConnection
    from websockets.frames import Frame

    class GatedConnection(ServerConnection):
        entry: Entry | None = None
        byte_budget: Bucket
        frame_budget: Bucket

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.entry = gate.enter(transport)
            if self.entry is not None:
                self.byte_budget = Bucket(BYTES_PER_SECOND, BYTE_BURST, gate.clock)
                self.frame_budget = Bucket(FRAMES_PER_SECOND, FRAME_BURST, gate.clock)
                super().connection_made(transport)

        def data_received(self, data: bytes) -> None:
            if self.entry is not None:
                if not self.byte_budget.take(len(data)):
                    return self._flooded()
                gate.touch(self.entry)
            super().data_received(data)

        def process_event(self, event: Any) -> None:
            control = isinstance(event, Frame) and event.opcode.value >= CONTROL
            if control and not self.frame_budget.take():
                return self._flooded()
            super().process_event(event)

        def _flooded(self) -> None:
            if self.entry is not None and not self.transport.is_closing():
                self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.entry is not None:
                gate.leave(self.entry)
                self.entry = None
                super().connection_lost(exc)

    return GatedConnection


CONTROL = 0x8
"""Frames of this opcode and above are control frames: close, ping, pong."""


def connection_options(limits: Limits) -> dict[str, Any]:
    """The library's settings for a game's connections (the load benchmark's bare relay takes
    the same). No permessage-deflate: a message is a few hundred bytes, and compressing them
    kept two zlib streams for each connection (about 40 KB, most of a connection's memory)
    and cost CPU time on every message."""
    return {
        "compression": None,
        "max_size": LONGEST_MESSAGE,
        "max_queue": 16,
        "ping_interval": limits.heartbeat_seconds,
        "ping_timeout": limits.heartbeat_seconds,
        "close_timeout": 2,
        "open_timeout": limits.hello_seconds,
    }


def _only_the_game(connection: ServerConnection, request: Request) -> Response | None:
    """Anything but the game's WebSocket gets a short answer, not a handshake; so does a web
    page (a browser says where its page came from: no page of nac's is served here)."""
    if "Origin" in request.headers:
        return connection.respond(
            http.HTTPStatus.FORBIDDEN, "nac: a game server takes no connections from web pages\n"
        )
    if request.path.rstrip("/").endswith(f"/{ENDPOINT}"):
        return None
    return connection.respond(http.HTTPStatus.NOT_FOUND, "nac: a game server; play with nac join\n")
