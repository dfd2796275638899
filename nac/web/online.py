"""`nac serve` as a relay for online play: the same referee as `nac host` (`nac.net.referee`),
behind aiohttp's WebSockets at `/play`, beside the page. Anyone may host a game here (it is
listed in the lobby), join or watch one with its key, or watch the lobby: terminals with `nac
join`, `nac watch` and `nac lobby`, and the browser tabs of this server, whose games reach it
over loopback, each known by the pass the server gave it (`own_game`), so each counts as a
client of its own, not as one more connection from 127.0.0.1.

Who a connection is: a browser game of this server's by its pass; behind a reverse proxy that
is trusted (`--trust-proxy`), the address it forwards; else the address it comes from. A
connection from a web page must come from this server's own page (the same rule as the page's
own game connections); terminal clients send no Origin and are let in. No compression: a
message is a few hundred bytes, and each compressed connection kept two zlib streams."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable

from aiohttp import WSMsgType, web

from ..net.address import ENDPOINT
from ..net.gate import (
    BYTE_BURST,
    BYTES_PER_SECOND,
    FRAME_BURST,
    FRAMES_PER_SECOND,
    Bucket,
    Entry,
    Gate,
    forwarded,
)
from ..net.protocol import LONGEST_MESSAGE
from ..net.referee import STOPPING, Referee
from ..net.start import RELAY_GAME_HEADER
from .door import let_go

log = logging.getLogger("nac.web")
FROM_A_PAGE = "nac: online play here is for this server's own page and for nac in a terminal"


class AiohttpLink:
    """A client's connection as the referee sees it."""

    def __init__(
        self, socket: web.WebSocketResponse, address: str, transport: asyncio.BaseTransport | None
    ) -> None:
        self.socket = socket
        self.address = address
        self.transport = transport
        self.dialled = ""
        """The server's address as the client dialled it (the Host header)."""
        self.vouched = ""
        """The player's key, where this server vouches for it (`Relay.vouched`)."""

    async def send(self, text: str) -> None:
        if not self.socket.closed:  # one closing is being told why, and hears nothing else
            await self.socket.send_str(text)

    async def close(self, code: int, reason: str) -> None:
        await self.socket.close(code=code, message=reason.encode("utf-8"))


async def _frames(socket: web.WebSocketResponse, budget: Bucket) -> AsyncIterator[str | bytes]:
    """Text and binary frames (the referee counts them); pings answered here, and each ping or
    pong spends the connection's `budget`: past it, the connection ends (it alone). The
    iteration ends at a close or an error (a frame over the size limit among them: aiohttp
    then closes with 1009)."""
    async for message in socket:
        if message.type is WSMsgType.TEXT or message.type is WSMsgType.BINARY:
            yield message.data
            continue
        if message.type is not WSMsgType.PING and message.type is not WSMsgType.PONG:
            return
        if not budget.take():
            return
        if message.type is WSMsgType.PING:
            await socket.pong(message.data)


class _Budgeted(asyncio.Protocol):
    """A connection's protocol with its bytes on a budget: past it, the connection is cut
    before they are read (it alone). Each read is something it sent, for the gate's `entry`.
    Everything else goes to the protocol as it was."""

    def __init__(
        self,
        inner: asyncio.Protocol,
        transport: asyncio.Transport,
        gate: Gate | None,
        entry: Entry | None,
    ) -> None:
        self.inner, self.transport, self.gate, self.entry = inner, transport, gate, entry
        self.budget = Bucket(BYTES_PER_SECOND, BYTE_BURST, time.monotonic)

    def data_received(self, data: bytes) -> None:
        if self.budget.take(len(data)):
            if self.gate is not None and self.entry is not None:
                self.gate.touch(self.entry)
            self.inner.data_received(data)
        elif not self.transport.is_closing():
            self.transport.abort()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


def _budget_bytes(request: web.Request, gate: Gate | None) -> None:
    """The connection's bytes have a budget from its handshake on, as `nac host`'s have."""
    transport = request.transport
    if isinstance(transport, asyncio.Transport):
        inner = transport.get_protocol()
        if isinstance(inner, asyncio.Protocol):
            entry = gate.entries.get(transport) if gate is not None else None
            transport.set_protocol(_Budgeted(inner, transport, gate, entry))


class Relay:
    """The referee at `/play` of an aiohttp application, and time passing for it."""

    def __init__(self, referee: Referee, *, trust_proxy: bool = False, database: str = "") -> None:
        """`database`: the ledger's URL (players, ratings, games), opened as the server
        starts and closed as it stops ("": none, no game rated)."""
        self.referee = referee
        self.trust_proxy = trust_proxy
        self.database = database
        self.own_games: dict[str, str] = {}
        """The passes of this server's own browser games, and the name each counts as."""
        self.vouched: dict[str, str] = {}
        """The passes of this server's own games whose player's key the server knows (an SSH
        player's, proven to the SSH door), and that key: their connections are that player."""
        self.gate: Gate | None = None
        """The server's gate (told of a connection that holds a seat or a game)."""
        self._numbers = itertools.count(1)
        self._allows: Callable[[web.Request], bool] = lambda _request: True
        self._sweeper: asyncio.Task[None] | None = None

    def add_to(self, app: web.Application, allows: Callable[[web.Request], bool]) -> None:
        """`/play` on `app`; `allows`: the page's rule for a request's origin and host."""
        self._allows = allows
        self.referee.seated = self._seated
        app.router.add_get(f"/{ENDPOINT}", self.handle, name="play")
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._stop)

    def own_game(self, public_key: str = "") -> str:
        """A pass for a new game of this server's (a browser's, an SSH player's); with
        `public_key`, the key its player proved to this server (the SSH door): the game's
        connections here are that player's, with no challenge (the game holds no secret)."""
        token = secrets.token_urlsafe(16)
        self.own_games[token] = f"browser game {next(self._numbers)}"
        if public_key:
            self.vouched[token] = public_key
        return token

    def forget_game(self, token: str) -> None:
        self.own_games.pop(token, None)
        self.vouched.pop(token, None)

    def client(self, request: web.Request) -> str:
        """Who a request comes from, for the limits per address."""
        game = self.own_games.get(request.headers.get(RELAY_GAME_HEADER, ""))
        if game is not None:
            return game
        if self.trust_proxy:
            found = forwarded(request.headers.get("X-Forwarded-For"))
            if found is not None:
                return found
        return request.remote or "?"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if not self._allows(request):
            raise web.HTTPForbidden(text=FROM_A_PAGE + "\n")
        limits = self.referee.limits
        socket = web.WebSocketResponse(
            heartbeat=limits.heartbeat_seconds,
            max_msg_size=LONGEST_MESSAGE,
            compress=False,
            autoping=False,  # pings are answered in `_frames`, counted as any frame
        )
        if not socket.can_prepare(request).ok:
            raise web.HTTPNotFound(text="nac: online play's address; play with nac join\n")
        await socket.prepare(request)
        if self.gate is not None and request.headers.get(RELAY_GAME_HEADER, "") in self.own_games:
            self.gate.hold(request.transport)  # a game of this server's: never closed for room
        budget = Bucket(FRAMES_PER_SECOND, FRAME_BURST, time.monotonic)
        _budget_bytes(request, self.gate)
        frames = _frames(socket, budget)
        link = AiohttpLink(socket, self.client(request), request.transport)
        link.dialled = request.host
        link.vouched = self.vouched.get(request.headers.get(RELAY_GAME_HEADER, ""), "")
        try:
            await self.referee.session(link, frames)
        finally:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await socket.close()
            let_go(request, socket)
        return socket

    def _seated(self, link: object) -> None:
        """A connection holds a seat now: the gate never closes it to make room."""
        if isinstance(link, AiohttpLink) and self.gate is not None:
            self.gate.hold(link.transport)

    async def open_ledger(self) -> None:
        """The ledger opened, before anything else starts (`ledger.Unavailable` if it cannot
        be: the server does not start)."""
        if self.database and self.referee.ledger is None:
            from ..ledger.ledger import open_ledger

            self.referee.ledger = await open_ledger(self.database)

    async def _start(self, _app: web.Application) -> None:
        """Time passing for the referee; where servers share the ledger, this server joins
        them (`nac.net.cluster`) before it takes anyone in."""
        ledger = self.referee.ledger
        if ledger is not None and ledger.shared and self.referee.cluster is None:
            from ..net.cluster import Cluster

            cluster = Cluster(self.referee, ledger, self.referee.server)
            await cluster.start()
            self.referee.cluster = cluster
            from ..net.meeting import SharedMeeting  # the lobby and quick match: the database's

            self.referee.meeting = SharedMeeting(ledger, cluster)
        await self.referee.meeting.start(self.referee)
        self._sweeper = asyncio.create_task(self.referee.sweep())

    async def _stop(self, _app: web.Application) -> None:
        """Every player, watcher and lobby is told the server is stopping (so no client tries
        to come back), then the rooms go. Where servers share the ledger, the games in
        progress are handed over first (`Cluster.drain`): their players are sent to another
        server, which takes each game over from the database."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.referee.meeting.stop()
        cluster = self.referee.cluster
        if cluster is not None:
            try:  # (a move meanwhile is refused by the database: its room is sent away too)
                await cluster.drain()
            except Exception:  # the database away: its games are taken over as from the dead
                log.exception("the games in progress could not be handed over")
            await cluster.stop()
            self.referee.cluster = None
        await self.referee.close_all(STOPPING)
        for room in list(self.referee.rooms):
            self.referee.close_room(room)
        ledger, self.referee.ledger = self.referee.ledger, None
        if ledger is not None:
            await ledger.close()
