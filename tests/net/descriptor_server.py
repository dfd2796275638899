"""A game server with few file descriptors, for the test that floods it with silent
connections: `python -m tests.net.descriptor_server host|relay DESCRIPTORS HELLO_SECONDS`
limits this process to DESCRIPTORS open files (soft and hard), starts `nac host`'s server
(`host`) or `nac serve`'s relay without its pages (`relay`) on 127.0.0.1 at a free port with
one room, prints one JSON line (`port`, and the room's keys `X`, `O`, `watch`) and serves until
its standard input closes. Its log (warnings and worse) goes to standard error."""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import sys
from dataclasses import replace

from nac.core import NORMAL
from nac.net.limits import Limits
from nac.net.referee import Referee


async def serve(door: str, hello_seconds: float) -> None:
    limits = replace(Limits(), hello_seconds=hello_seconds)
    referee = Referee("", limits, relay=door == "relay")
    stop = None
    if door == "host":
        from nac.net.server import GameServer

        server = GameServer(referee)
        await server.start("127.0.0.1", 0)
        port = server.port
        stop = server.close
    else:
        from aiohttp import web

        from nac.net.gate import fitted
        from nac.web.door import listen
        from nac.web.online import Relay

        app = web.Application()
        relay = Relay(referee)
        relay.add_to(app, lambda _request: True)
        referee.limits, gate = fitted(referee.limits, trust_proxy=False)
        relay.gate = gate
        runner = await listen(app, "127.0.0.1", 0, gate, hello_seconds)
        port = int(runner.addresses[0][1])
        stop = runner.cleanup
    referee.server = f"ws://127.0.0.1:{port}"
    room = referee.open_room(NORMAL, "Sam")
    keys = {"X": room.host.key, "O": room.guest.key, "watch": room.watch_key}
    print(json.dumps({"port": port, **keys}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await stop()


def main() -> None:
    door, descriptors, hello_seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    asyncio.run(serve(door, hello_seconds))


if __name__ == "__main__":
    main()
