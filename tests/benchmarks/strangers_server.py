"""The servers of the strangers benchmark (`bench_strangers`), each in a process of its own so
that its memory and CPU time are measured apart from the load: `python -m
tests.benchmarks.strangers_server KIND` runs

- `relay`: `nac serve`'s online relay without its pages: `Relay(Referee(url, relay=True))` on
  an aiohttp application, listened on through nac's door (`nac.web.door.listen`) with the
  gate and the limits fitted as `nac serve` fits them (the defaults otherwise);
- `host`: `nac host`'s game server (`Referee` + `GameServer`), the defaults;
- `bare`: the reference, a bare aiohttp WebSocket endpoint at `/play` with the relay's
  settings (heartbeat, no compression, the same longest message and keep-alive time) that
  answers every text message with two copies of it, and nothing of nac's (no gate, no
  `let_go`).

It listens on 127.0.0.1 at a free port and prints `port PORT`; then, on its stdin, `open`
opens a room and prints `keys HOST GUEST WATCH` (nac's servers only; `open listed`, one a
relay's lobby lists); `count` prints `count
OBJECTS OPEN`: the objects the garbage collector tracks and the connections open (the gate's
count; the bare endpoint's handlers); `collect` runs a full collection and prints `collected
FOUND`. It stops when its stdin closes (so it never outlives the benchmark).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Awaitable, Callable

from aiohttp import WSMsgType, web

from nac.core import NORMAL
from nac.net.gate import Gate, fitted
from nac.net.limits import Limits
from nac.net.protocol import LONGEST_MESSAGE
from nac.net.referee import Referee
from nac.net.server import GameServer
from nac.web.door import listen
from nac.web.online import Relay

KINDS = ("relay", "host", "bare")


class Bare:
    """The reference endpoint: aiohttp's WebSocket alone, with the relay's settings."""

    def __init__(self) -> None:
        self.open = 0

    async def handle(self, request: web.Request) -> web.StreamResponse:
        limits = Limits()
        socket = web.WebSocketResponse(
            heartbeat=limits.heartbeat_seconds, max_msg_size=LONGEST_MESSAGE, compress=False
        )
        await socket.prepare(request)
        self.open += 1
        try:
            async for message in socket:
                if message.type is WSMsgType.TEXT:
                    await socket.send_str(message.data)
                    await socket.send_str(message.data)
        finally:
            self.open -= 1
        return socket


async def start_bare() -> tuple[web.AppRunner, Bare]:
    """The bare endpoint, run as nac's door runs the relay's application, without the gate."""
    bare = Bare()
    app = web.Application()
    app.router.add_get("/play", bare.handle)
    runner = web.AppRunner(
        app, handle_signals=False, access_log=None, keepalive_timeout=Limits().hello_seconds
    )
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    return runner, bare


async def start_relay() -> tuple[web.AppRunner, Referee, Gate]:
    """`nac serve`'s relay without its pages, its limits fitted as `nac serve` fits them."""
    referee = Referee("", relay=True)
    limits, gate = fitted(referee.limits, trust_proxy=False)
    referee.limits = limits
    app = web.Application()
    relay = Relay(referee)
    relay.gate = gate
    relay.add_to(app, lambda _request: True)
    runner = await listen(app, "127.0.0.1", 0, gate, limits.hello_seconds)
    return runner, referee, gate


async def serve(kind: str) -> None:
    referee: Referee | None = None
    count_open: Callable[[], int]
    stop: Callable[[], Awaitable[None]]
    if kind == "host":
        referee = Referee("")
        server = GameServer(referee)
        await server.start("127.0.0.1", 0)
        port = server.port
        gate = server.gate
        assert gate is not None
        count_open, stop = lambda: gate.total, server.close
    elif kind == "relay":
        runner, referee, relay_gate = await start_relay()
        port = int(runner.addresses[0][1])
        count_open, stop = lambda: relay_gate.total, runner.cleanup
    else:
        runner, bare = await start_bare()
        port = int(runner.addresses[0][1])
        count_open, stop = lambda: bare.open, runner.cleanup
    if referee is not None:
        referee.server = f"ws://127.0.0.1:{port}"
    print(f"port {port}", flush=True)
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    while line := await commands.readline():
        word = line.decode().strip()
        if word in ("open", "open listed") and referee is not None:
            room = referee.open_room(NORMAL, "Sam", listed=word == "open listed")
            print("keys", room.host.key, room.guest.key, room.watch_key, flush=True)
        elif word == "count":
            print(f"count {len(gc.get_objects())} {count_open()}", flush=True)
        elif word == "collect":
            print(f"collected {gc.collect()}", flush=True)
    await stop()


def main() -> None:
    kind = sys.argv[1]
    if kind not in KINDS:
        raise SystemExit(f"usage: python -m tests.benchmarks.strangers_server {'|'.join(KINDS)}")
    asyncio.run(serve(kind))


if __name__ == "__main__":
    main()
