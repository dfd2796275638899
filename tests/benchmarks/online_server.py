"""The server of the online load benchmark (`bench_online`), in a process of its own so that its
memory and CPU time are measured apart from the load: `python -m tests.benchmarks.online_server
nac ROOMS` runs nac's game server (`Referee` + `GameServer`, as `nac host` runs it), `... bare
ROOMS` a bare websockets relay with the same connection settings and no referee (the
reference: what the library alone costs for the same messages).

It listens on 127.0.0.1 at a free port and prints `port PORT`; then `open N` on its stdin opens
N rooms and prints a line `keys X O WATCH` for each, then `opened`; `gc` prints the garbage
collector's pauses since the last `gc` (`Collections.line`). It stops when its stdin
closes (so it never outlives the benchmark). All the load comes from 127.0.0.1: the limit of
connections per address is raised to take it.
"""

from __future__ import annotations

import asyncio
import gc
import json
import resource
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nac.core import NORMAL
from nac.net.address import new_key
from nac.net.limits import Limits
from nac.net.referee import Referee
from nac.net.server import GameServer, connection_options

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

BARE_PAD = "-" * 260
"""Makes the bare relay's state about as long as nac's (the benchmark prints both sizes)."""


class Collections:
    """The cyclic garbage collector's pauses in this process, by generation."""

    def __init__(self) -> None:
        self.started = 0.0
        self.pauses: list[list[float]] = [[], [], []]
        gc.callbacks.append(self.heard)

    def heard(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self.started)

    def line(self) -> str:
        """`gc`, then for each generation: its collections, their longest and total ms."""
        figures = [
            f"{len(pauses)} {max(pauses, default=0) * 1e3:.1f} {sum(pauses) * 1e3:.1f}"
            for pauses in self.pauses
        ]
        for pauses in self.pauses:
            pauses.clear()
        return "gc " + " ".join(figures)


def bench_limits(rooms: int) -> Limits:
    """The default limits, but room for the load: every connection comes from 127.0.0.1."""
    connections = 3 * rooms + 100
    return Limits(rooms=rooms, connections=connections, per_address=connections)


def raise_file_limit() -> int:
    """The soft limit of open files raised to the hard one; the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass
class BareRoom:
    """A room of the bare relay: the moves in order, a new game when both players ask."""

    links: dict[str, ServerConnection] = field(default_factory=dict)
    game: int = 1
    first: str = "X"
    moves: list[int] = field(default_factory=list)
    rematch: set[str] = field(default_factory=set)

    def state(self) -> str:
        fields = {"game": self.game, "first": self.first, "moves": self.moves, "pad": BARE_PAD}
        return json.dumps({"type": "state", **fields}, separators=(",", ":"))

    def hear(self, role: str, message: dict[str, Any]) -> None:
        if message.get("type") == "move":
            self.moves.append(int(message["cell"]))
        elif message.get("type") == "rematch":
            self.rematch.add(role)
            if len(self.rematch) == 2:
                self.rematch.clear()
                self.game += 1
                self.first = "O" if self.first == "X" else "X"
                self.moves = []

    async def tell_everyone(self) -> None:
        text = self.state()
        for link in list(self.links.values()):
            await link.send(text)


class BareRelay:
    def __init__(self) -> None:
        self.keys: dict[str, tuple[BareRoom, str]] = {}

    def open_rooms(self, count: int) -> list[tuple[str, str, str]]:
        opened = []
        for _ in range(count):
            room, keys = BareRoom(), (new_key(), new_key(), new_key())
            self.keys.update(zip(keys, ((room, "X"), (room, "O"), (room, "watch")), strict=True))
            opened.append(keys)
        return opened

    async def handle(self, connection: ServerConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        room, role = self.keys[json.loads(await connection.recv())["key"]]
        try:
            room.links[role] = connection
            you = None if role == "watch" else role
            await connection.send(json.dumps({"type": "welcome", "you": you}))
            await room.tell_everyone()
            async for frame in connection:
                room.hear(role, json.loads(frame))
                await room.tell_everyone()
        except ConnectionClosed:
            pass
        finally:
            if room.links.get(role) is connection:
                del room.links[role]


async def serve(kind: str, rooms: int) -> None:
    from websockets.asyncio.server import serve as websockets_serve

    limits = bench_limits(rooms)
    opened: list[tuple[str, str, str]]
    if kind == "nac":
        referee = Referee("", limits)
        server = GameServer(referee)
        await server.start("127.0.0.1", 0)
        port = server.port
        referee.server = f"ws://127.0.0.1:{port}"
    else:
        relay = BareRelay()
        bare = await websockets_serve(relay.handle, "127.0.0.1", 0, **connection_options(limits))
        port = bare.sockets[0].getsockname()[1]
    print(f"port {port}", flush=True)
    collections = Collections()
    loop = asyncio.get_running_loop()
    commands = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(commands), sys.stdin)
    while line := await commands.readline():
        words = line.decode().split()
        if words[:1] == ["gc"]:
            print(collections.line(), flush=True)
        if words[:1] != ["open"]:
            continue
        if kind == "nac":
            made = [referee.open_room(NORMAL, f"Host{n}") for n in range(int(words[1]))]
            opened = [(room.host.key, room.guest.key, room.watch_key) for room in made]
        else:
            opened = relay.open_rooms(int(words[1]))
        for keys in opened:
            print("keys", *keys)
        print("opened", flush=True)
    if kind == "nac":
        await server.close()
    else:
        bare.close()
        await bare.wait_closed()


def main() -> None:
    kind, rooms = sys.argv[1], int(sys.argv[2])
    raise_file_limit()
    asyncio.run(serve(kind, rooms))


if __name__ == "__main__":
    main()
