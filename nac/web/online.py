"""`nac serve` as a relay for online play: the same referee as `nac host` (`nac.net.referee`),
behind aiohttp's WebSockets at `/play`, beside the page. Anyone may host a game here (it is
listed in the lobby), join or watch one with its key, or watch the lobby: terminals with `nac
join`, `nac watch` and `nac lobby`, and the browser tabs of this server, whose games reach it
over loopback."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from aiohttp import WSMsgType, web

from ..net.address import ENDPOINT
from ..net.protocol import LONGEST_MESSAGE
from ..net.referee import Referee


class AiohttpLink:
    """A client's connection as the referee sees it."""

    def __init__(self, socket: web.WebSocketResponse, address: str) -> None:
        self.socket = socket
        self.address = address

    async def send(self, text: str) -> None:
        await self.socket.send_str(text)

    async def close(self, code: int, reason: str) -> None:
        await self.socket.close(code=code, message=reason.encode("utf-8"))


async def _frames(socket: web.WebSocketResponse) -> AsyncIterator[str | bytes]:
    """Text and binary frames; the iteration ends at a close or an error (a frame over the
    size limit among them: aiohttp then closes with 1009)."""
    async for message in socket:
        if message.type is WSMsgType.TEXT or message.type is WSMsgType.BINARY:
            yield message.data
        else:
            return


class Relay:
    """The referee at `/play` of an aiohttp application, and time passing for it."""

    def __init__(self, referee: Referee) -> None:
        self.referee = referee
        self._sweeper: asyncio.Task[None] | None = None

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(f"/{ENDPOINT}", self.handle, name="play")
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._stop)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        limits = self.referee.limits
        socket = web.WebSocketResponse(
            heartbeat=limits.heartbeat_seconds, max_msg_size=LONGEST_MESSAGE
        )
        if not socket.can_prepare(request).ok:
            raise web.HTTPNotFound(text="nac: online play's address; play with nac join\n")
        await socket.prepare(request)
        address = request.remote or "?"
        await self.referee.session(AiohttpLink(socket, address), _frames(socket))
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.close()
        return socket

    async def _start(self, _app: web.Application) -> None:
        self._sweeper = asyncio.create_task(self.referee.sweep())

    async def _stop(self, _app: web.Application) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in list(self.referee.rooms):
            self.referee.close_room(room)
