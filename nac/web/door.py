"""How `nac serve` listens, through aiohttp: every connection counted by the gate
(`nac.net.gate`) from its accept to its close, so strangers cannot take the server's file
descriptors; a connection that has sent no request within the handshake's time closed; the
loop's failures to accept logged once a minute; malformed requests answered with aiohttp's
short 400 and logged in one line a minute at most, never a traceback; a websocket's objects
freed as soon as it ends (`let_go`)."""

from __future__ import annotations

import asyncio
import logging
import time

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.typedefs import Handler, Middleware
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_server import Server

from ..net.address import every_address
from ..net.gate import Entry, Gate, quiet_accept_errors

LOG_SECONDS = 60.0
"""A malformed request is logged once in this time at most."""
log = logging.getLogger("nac.web")


async def listen(
    app: web.Application, host: str, port: int, gate: Gate, handshake_seconds: float
) -> web.AppRunner:
    """`app` served on `host`:`port` (0: any free port) until the runner is cleaned up."""
    quiet_accept_errors(asyncio.get_running_loop())
    app.middlewares.append(_seen(gate))
    runner = web.AppRunner(
        app, handle_signals=False, access_log=None, keepalive_timeout=handshake_seconds
    )
    await runner.setup()
    if runner.server is not None:
        gated(runner.server, gate)
    try:
        sock = every_address(host, port)
        site = web.SockSite(runner, sock) if sock else web.TCPSite(runner, host, port)
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner


def gated(server: Server, gate: Gate) -> None:
    """aiohttp's low-level server, every connection counted by `gate` from its accept to its
    close: one the gate refuses is answered and closed before a byte of it is read."""
    made, lost = server.connection_made, server.connection_lost
    inside: dict[RequestHandler, Entry] = {}

    def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
        made(handler, transport)
        entry = gate.enter(transport)
        if entry is not None:
            inside[handler] = entry

    def connection_lost(handler: RequestHandler, exc: BaseException | None = None) -> None:
        lost(handler, exc)
        entry = inside.pop(handler, None)
        if entry is not None:
            gate.leave(entry)

    setattr(server, "connection_made", connection_made)  # noqa: B010
    setattr(server, "connection_lost", connection_lost)  # noqa: B010


def _seen(gate: Gate) -> Middleware:
    """Each request is something its connection sent (the gate closes the idlest first)."""

    @web.middleware
    async def seen(request: web.Request, handler: Handler) -> web.StreamResponse:
        entry = gate.entries.get(request.transport) if request.transport is not None else None
        if entry is not None:
            gate.touch(entry)
        return await handler(request)

    return seen


class OneLine(logging.Filter):
    """aiohttp's reports of a request it could not read (malformed HTTP), each with its
    traceback, are dropped: one line of nac's says so instead, once a minute at most. Any
    other failure it reports is left as it is: a fault of nac's is never hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.last = -LOG_SECONDS

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.exc_info or not isinstance(record.exc_info[1], HttpProcessingError):
            return True
        now = time.monotonic()
        if now - self.last >= LOG_SECONDS:
            self.last = now
            reason = " ".join(str(record.exc_info[1]).split())[:120]
            log.warning("a request nac could not read was refused: %s", reason)
        return False


def let_go(request: web.BaseRequest, socket: web.WebSocketResponse) -> None:
    """Free a websocket's objects (about 100 KB) the moment it ends, by their counts rather
    than a full collection. aiohttp 3.14 leaves two things behind when a websocket with a
    heartbeat ends: the connection's handler keeps the response's `_on_data_received` (and the
    response keeps the request, which keeps the handler: a cycle), and a frame arriving after
    the close re-arms the heartbeat, whose timer then keeps all of it alive for a ping and a
    pong's wait (7.5 s at 5 s). Both are undone here; the fix belongs upstream too."""
    protocol = request.protocol
    if protocol is not None and getattr(protocol, "_data_received_cb", None) is not None:
        protocol._data_received_cb = None
    cancel = getattr(socket, "_cancel_heartbeat", None)
    if callable(cancel):
        cancel()
