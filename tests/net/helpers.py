"""Real servers on loopback and real clients, for the online tests: a game server as `nac host`
runs it (or a relay's referee), players and watchers that are the clients the front ends use,
raw WebSocket connections for what a hostile peer sends, and waits for states (bounded, so a
hang fails instead of stalling the run)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect

from nac import __version__
from nac.core import NORMAL, FinishedGame, Rules
from nac.net.address import Address, parse_address
from nac.net.identity import Identity, read_identity
from nac.net.limits import Limits
from nac.net.play import OnlinePlay
from nac.net.protocol import PROTOCOL
from nac.net.referee import Referee
from nac.net.rooms import Room
from nac.net.server import GameServer
from nac.store.passes import SeatPasses
from nac.store.player_key import own_key

from ..waiting import LONGEST_WAIT as LONGEST_WAIT, until


class Clock:
    """A monotonic clock the test moves on by hand (invites expiring, players not coming back)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Served:
    referee: Referee
    server: GameServer

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}"

    def room(self, rules: Rules = NORMAL, host: str = "Sam") -> Room:
        return self.referee.open_room(rules, host)

    def address(self, key: str) -> Address:
        return Address(self.url, key)


@asynccontextmanager
async def game_server(
    limits: Limits | None = None,
    *,
    clock: Callable[[], float] | None = None,
    relay: bool = False,
    tls: Any = None,
) -> AsyncIterator[Served]:
    """A game server on 127.0.0.1 at a free port, closed at the end."""
    referee = Referee("", limits, relay=relay, **({"clock": clock} if clock else {}))
    server = GameServer(referee)
    await server.start("127.0.0.1", 0, tls)
    scheme = "wss" if tls is not None else "ws"
    referee.server = f"{scheme}://127.0.0.1:{server.port}"
    try:
        yield Served(referee, server)
    finally:
        await server.close()


@asynccontextmanager
async def server_with_ledger(
    data: Path, *, relay: bool = False, clock: Callable[[], float] | None = None
) -> AsyncIterator[Served]:
    """`game_server` with a ledger on a SQLite file in `data`, both closed at the end."""
    from nac.ledger.ledger import Ledger, sqlite_url

    async with game_server(relay=relay, clock=clock) as served:
        ledger = await Ledger.open(sqlite_url(data))
        served.referee.ledger = ledger
        try:
            yield served
        finally:
            await ledger.close()


def key_in(home: Path) -> Identity:
    """The key a player's nac makes on first online use in its data directory."""
    return read_identity(own_key(home))


@dataclass
class Player:
    """A client as a front end runs it, with what it has kept and a way to wait for states."""

    play: OnlinePlay
    passes: SeatPasses
    """Where this player's nac keeps its seats' tokens (the same for its next run)."""
    kept: list[FinishedGame] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    @property
    def table(self) -> Any:
        return self.play.table

    @property
    def moves(self) -> list[int]:
        return [move.cell for move in self.play.game.moves]

    async def until(self, condition: Callable[[Player], bool], what: str = "") -> None:
        """Wait until `condition(self)` holds, checked at each message this client hears."""
        await until(
            lambda: condition(self),
            lambda: f"{what or condition}; table: {self.table}",
            changed=self.changed,
        )

    async def stop(self) -> None:
        await self.play.stop()
        if self.task is not None:
            await asyncio.wait_for(self.task, LONGEST_WAIT)


def player(
    address: Address | str,
    want: str = "join",
    name: str = "Ana",
    *,
    tls: Any = None,
    passes: SeatPasses | None = None,
    **kw: Any,
) -> Player:
    """A player (or watcher) connecting to `address` (an Address or an invite line), running;
    `passes`: the seats' tokens its nac kept from an earlier run (none: a new player's)."""
    if isinstance(address, str):
        address = parse_address(address)
    holder: list[Player] = []
    kept: list[FinishedGame] = []
    passes = passes if passes is not None else SeatPasses(None)

    def changed() -> None:
        if holder:
            holder[0].changed.set()

    play = OnlinePlay(
        address, want, name, on_change=changed, keep=kept.append, tls=tls, passes=passes, **kw
    )
    found = Player(play, passes, kept)
    holder.append(found)
    found.task = asyncio.ensure_future(play.run())
    return found


class Serving(Protocol):
    """A game server under test: `nac host`'s (`Served`) or a relay's."""

    referee: Referee

    @property
    def url(self) -> str: ...

    def room(self, rules: Rules = NORMAL, host: str = "Sam") -> Room: ...

    def address(self, key: str) -> Address: ...


async def seated(served: Serving, rules: Rules = NORMAL) -> tuple[Player, Player, Room]:
    """A room under `rules` with its host and its guest connected and the first game begun."""
    room = served.room(rules)
    host = player(served.address(room.host.key), name="Sam")
    guest = player(served.address(room.guest.key), name="Ana")
    for one in (host, guest):
        await one.until(lambda one: both_here(one), "both players seated")
    return host, guest, room


def both_here(one: Player) -> bool:
    room = one.table.room
    return room is not None and all(room.names.values()) and all(room.online.values())


async def play_moves(players: tuple[Player, Player], moves: list[int]) -> None:
    """The players take turns (X first) with these moves; each waits to see the move."""
    host, guest = players
    for cell in moves:
        mover = host if host.table.game.turn is host.table.you else guest
        count = len(mover.moves)
        refusal = await mover.play.move(cell)
        assert refusal is None, refusal
        for one in players:
            await one.until(moved_past(count), f"move {cell} seen")


def moved_past(count: int) -> Callable[[Player], bool]:
    return lambda one: len(one.moves) > count


def hello(want: str = "join", key: str = "", **changes: Any) -> str:
    fields = {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": __version__,
        "name": "Eve",
        "want": want,
        "key": key,
        "rules": "normal 3",
    }
    return json.dumps({**fields, **changes})


@asynccontextmanager
async def raw(url: str, **options: Any) -> AsyncIterator[ClientConnection]:
    """A bare WebSocket to the game's endpoint, for sending what no nac client would."""
    async with connect(f"{url}/play", max_size=None, open_timeout=LONGEST_WAIT, **options) as ws:
        yield ws


async def replies(ws: ClientConnection) -> list[dict[str, Any]]:
    """What the server says until it closes the connection (bounded)."""
    said: list[dict[str, Any]] = []
    try:
        async with asyncio.timeout(LONGEST_WAIT):
            async for frame in ws:
                said.append(json.loads(frame))
    except Exception as ended:  # the close, however it came
        if isinstance(ended, TimeoutError):
            raise AssertionError(f"the server never closed; it said {said}") from None
    return said


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of this type (bounded)."""
    async with asyncio.timeout(LONGEST_WAIT):
        while True:
            message = json.loads(await ws.recv())
            if message.get("type") == kind:
                return dict(message)
