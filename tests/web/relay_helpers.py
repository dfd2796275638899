"""`nac serve`'s relay in this process, for the tests that attack it: the same aiohttp door
(`nac.web.door.listen`, the gate, the descriptor limits fitted) and `/play` (`nac.web.online`)
as `nac serve` runs, without the pages, on 127.0.0.1 at a free port."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from nac.core import NORMAL, Rules
from nac.net.address import Address
from nac.net.gate import Gate, fitted
from nac.net.limits import Limits
from nac.net.referee import Referee
from nac.net.rooms import Room
from nac.web.addresses import allowed
from nac.web.door import listen
from nac.web.online import Relay


@dataclass
class RelayServed:
    referee: Referee
    relay: Relay
    gate: Gate
    port: int

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def room(self, rules: Rules = NORMAL, host: str = "Sam") -> Room:
        return self.referee.open_room(rules, host, listed=True)

    def address(self, key: str) -> Address:
        return Address(self.url, key)


@asynccontextmanager
async def relay_server(
    limits: Limits | None = None,
    *,
    clock: Callable[[], float] | None = None,
    trust_proxy: bool = False,
) -> AsyncIterator[RelayServed]:
    """A relay on 127.0.0.1 at a free port, stopped (its players told) at the end."""
    options: dict[str, Any] = {"clock": clock} if clock is not None else {}
    referee = Referee("", limits, relay=True, **options)
    relay = Relay(referee, trust_proxy=trust_proxy)
    app = web.Application()

    def page_rule(request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return allowed(origin, request.scheme, request.host, loopback_only=True)

    relay.add_to(app, page_rule)
    referee.limits, gate = fitted(referee.limits, trust_proxy=trust_proxy)
    relay.gate = gate
    runner = await listen(app, "127.0.0.1", 0, gate, referee.limits.hello_seconds)
    port = int(runner.addresses[0][1])
    referee.server = f"ws://127.0.0.1:{port}"
    try:
        yield RelayServed(referee, relay, gate, port)
    finally:
        await runner.cleanup()
