"""The game server's own part, whatever carries its connections: the rooms by key, a
connection's session (hello, then requests), the limits, and time passing. `nac host` runs it
behind the websockets library (`server.py`); `nac serve` behind aiohttp, beside the page
(`nac.web`): one referee, two doors.

A connection says `hello` first, within `Limits.hello_seconds`: with a key it takes a seat
(the host's key or the join key) or watches (the watch key); on a relay (`nac serve`) it may
also make a room (`want: host`) or watch the lobby. Anything else, or a wrong key, another
version of the protocol, a flood, a message that is not the protocol's: an `error` and the
connection is closed. Nothing one connection does reaches another room.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any

from .. import __version__
from ..core import Mark
from .address import new_key
from .protocol import PROTOCOL, BadMessage, Hello, read, read_cell, read_hello, write
from .rooms import Limits, Link, Room, Seat, deliver as _send

POLICY = 1008
"""Close code: the client broke the protocol or a limit."""
TRY_AGAIN_LATER = 1013
GOING_AWAY = 1001


REPLACED = "you are playing this game from another connection now (the same line again)"
"""Said to a player's connection when a newer one of theirs (with the seat's token) takes the
seat."""
HELD = (
    "this seat is taken: {name} is playing it (if that was you, on a connection that has "
    "gone since, try again in 10 seconds)"
)
"""Said to a connection with a seat's key but not its token while its player is connected."""
WATCH_LINE = "that is a watch line: watch with nac watch, or ask the host for the join line"
EXPIRED = "the invite expired: nobody joined within {minutes} minutes; host a new game"


class Closing(Exception):
    """The session ends: tell the client why, close with this code."""

    def __init__(self, reason: str, code: int = POLICY) -> None:
        super().__init__(reason)
        self.code = code


class Bucket:
    """A connection's allowance of messages: `burst` at once, then `rate` a second."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Referee:
    def __init__(
        self,
        server: str,
        limits: Limits | None = None,
        *,
        relay: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`server`: the WebSocket address clients reach this server at (for the invites);
        `relay`: anyone may make a room and watch the lobby (`nac serve`)."""
        self.server = server
        self.limits = limits or Limits()
        self.relay = relay
        self.clock = clock
        self.keys: dict[str, tuple[Room, str]] = {}
        """Every live key: its room, and what it opens (X, O or watch)."""
        self.rooms: list[Room] = []
        self.connections: Counter[str] = Counter()
        self.wrong_keys: dict[str, list[float]] = {}
        self.lobby: set[Link] = set()

    # -- rooms ---------------------------------------------------------------------------------

    def open_room(self, size: int, host: str, *, listed: bool = False) -> Room:
        """A new room with its three keys; the host's seat waits for the host's connection."""
        if len(self.rooms) >= self.limits.rooms:
            raise Closing(
                "the server has as many games as it can hold: try again later", TRY_AGAIN_LATER
            )
        room = Room(
            size=size,
            host=Seat(Mark.X, new_key(), host),
            guest=Seat(Mark.O, new_key()),
            watch_key=new_key(),
            server=self.server,
            limits=self.limits,
            clock=self.clock,
            listed=listed,
        )
        self.rooms.append(room)
        self.keys.update(
            {
                room.host.key: (room, "X"),
                room.guest.key: (room, "O"),
                room.watch_key: (room, "watch"),
            }
        )
        return room

    def close_room(self, room: Room) -> None:
        room.closed = True
        if room in self.rooms:
            self.rooms.remove(room)
        for key in (room.host.key, room.guest.key, room.watch_key):
            self.keys.pop(key, None)

    async def sweep(self) -> None:
        """Time passes, once a second: abandoned games said so, closed rooms let go. (Started
        by each door as it opens: the collector set for a server first.)"""
        settle_collector()
        while True:
            await asyncio.sleep(1.0)
            await self.tick()

    async def tick(self) -> None:
        changed = False
        for room in list(self.rooms):
            if room.tick():
                changed = True
                await room.tell_everyone()
            if room.closed:
                why = "the game is over and its room closed"
                if room.invite_expired:
                    why = EXPIRED.format(minutes=round(self.limits.invite_seconds / 60))
                for link in [*room.watchers, *(seat.link for seat in room.seats if seat.link)]:
                    await _close(link, why, GOING_AWAY)
                self.close_room(room)
        if changed:
            await self.tell_lobby()

    async def close_all(self, reason: str) -> None:
        """The server is closing: every connection is told why (an `error`: its client stops
        trying to come back), and closed."""
        links: set[Link] = set(self.lobby)
        for room in self.rooms:
            links.update(room.watchers)
            links.update(seat.link for seat in room.seats if seat.link is not None)
        await asyncio.gather(*(_close(link, reason, GOING_AWAY) for link in links))

    # -- the lobby of a relay ------------------------------------------------------------------

    def lobby_text(self) -> str:
        games: list[dict[str, Any]] = []
        for room in self.rooms:
            if not room.listed or room.closed:
                continue
            waiting = not room.guest.taken
            games.append(
                {
                    "host": room.host.name,
                    "guest": room.guest.name or None,
                    "size": room.size,
                    "status": "waiting" if waiting else "playing" if room.in_progress else "over",
                    "moves": len(room.game.moves),
                    "watchers": len(room.watchers),
                    "join": room.guest.key if waiting else None,
                    "watch": room.watch_key,
                }
            )
        playing = sum(1 for room in self.rooms if room.guest.taken)
        watching = sum(len(room.watchers) for room in self.rooms)
        return write("lobby", games=games, playing=playing, watching=watching)

    async def tell_lobby(self) -> None:
        if self.lobby:
            text = self.lobby_text()
            for link in list(self.lobby):
                await _send(link, text)

    # -- a connection --------------------------------------------------------------------------

    def admit(self, address: str) -> str | None:
        """Whether a new connection from `address` may be served: why not, or None."""
        if sum(self.connections.values()) >= self.limits.connections:
            return "the server is full: try again later"
        if self.connections[address] >= self.limits.per_address:
            return "too many connections from your address"
        if len(self._wrong(address)) >= self.limits.wrong_keys:
            return "too many wrong keys from your address: wait a minute"
        return None

    def _wrong(self, address: str) -> list[float]:
        recent = [
            at
            for at in self.wrong_keys.get(address, [])
            if self.clock() - at < self.limits.wrong_key_seconds
        ]
        if recent:
            self.wrong_keys[address] = recent
        else:
            self.wrong_keys.pop(address, None)
        return recent

    async def session(self, link: Link, frames: AsyncIterator[str | bytes]) -> None:
        """Serve one connection from its first message to its last."""
        refusal = self.admit(link.address)
        if refusal is not None:
            await _close(link, refusal, TRY_AGAIN_LATER)
            return
        self.connections[link.address] += 1
        room: Room | None = None
        try:
            first = await asyncio.wait_for(anext(frames), self.limits.hello_seconds)
            room = await self._welcome(link, read_hello(read(first)))
            bucket = Bucket(self.limits.messages_per_second, self.limits.burst, self.clock)
            async for frame in frames:
                if not bucket.take():
                    raise Closing("too many messages: slow down")
                await self._request(link, room, read(frame))
        except BadMessage as bad:
            await _close(link, f"not nac's protocol: {bad}", POLICY)
        except Closing as closing:
            await _close(link, str(closing), closing.code)
        except (TimeoutError, StopAsyncIteration):
            await _close(link, "no hello", POLICY)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self.connections[link.address] -= 1
            if self.connections[link.address] <= 0:
                del self.connections[link.address]
            self.lobby.discard(link)
            if room is not None and not room.closed:
                room.leave(link)
                await room.tell_everyone()
                await self.tell_lobby()

    async def _welcome(self, link: Link, hello: Hello) -> Room | None:
        if hello.protocol != PROTOCOL:
            raise Closing(
                f"this server speaks nac's online protocol {PROTOCOL} (nac {__version__}); "
                f"yours speaks {hello.protocol} (nac {hello.version}): play with the same "
                "version of nac"
            )
        if hello.want == "lobby" or hello.want == "host":
            if not self.relay:
                raise Closing("this is a player's own game, not a relay: use an invite's key")
            if hello.want == "lobby":
                self.lobby.add(link)
                await _send(link, write("welcome", you=None, role="lobby"))
                await _send(link, self.lobby_text())
                return None
            room = self.open_room(hello.size, hello.name, listed=True)
            room.sit(room.host, link, hello.name, new_key())
            # the host's own key, to come back with after a drop
            await _send(
                link,
                write("welcome", you="X", role="host", key=room.host.key, token=room.host.token),
            )
            await room.tell_everyone()
            await self.tell_lobby()
            return room
        found = self.keys.get(hello.key)
        wants_seat = hello.want == "join" and found is not None and found[1] != "watch"
        wants_view = hello.want == "watch" and found is not None and found[1] == "watch"
        if found is not None and hello.want == "join" and found[1] == "watch":
            raise Closing(WATCH_LINE)
        if found is None or not (wants_seat or wants_view):
            self.wrong_keys.setdefault(link.address, []).append(self.clock())
            raise Closing("no game has that key: check the invite (it may have expired)")
        room, opens = found
        if room.closed or (opens == "O" and room.invite_expired):
            raise Closing(EXPIRED.format(minutes=round(self.limits.invite_seconds / 60)))
        if opens == "watch":
            if len(room.watchers) >= self.limits.watchers:
                raise Closing("this game has as many watchers as it can take", TRY_AGAIN_LATER)
            room.watchers.add(link)
            await _send(link, write("welcome", you=None, role="watch"))
        else:
            seat = room.host if opens == "X" else room.guest
            if room.holds(seat, hello.token):
                raise Closing(HELD.format(name=seat.name), TRY_AGAIN_LATER)
            replaced = room.sit(seat, link, hello.name, new_key())
            if replaced is not None:
                await _close(replaced, REPLACED, POLICY)
            welcome = write("welcome", you=seat.mark.value, role="play", token=seat.token)
            await _send(link, welcome)
        await room.tell_everyone()
        await self.tell_lobby()
        return room

    async def _request(self, link: Link, room: Room | None, message: dict[str, Any]) -> None:
        if room is None:
            raise Closing("the lobby takes no requests: join or watch a game instead")
        kind = message["type"]
        if kind == "move":
            refused = room.move(link, read_cell(message, room.size * room.size))
        elif kind == "rematch":
            refused = room.ask_rematch(link)
        elif kind == "resign":
            refused = room.resign(link)
        elif kind == "leave":
            room.depart(link)
            refused = None
        else:
            raise BadMessage("hello comes once, first")
        if refused is not None:
            await _send(link, write("refused", reason=refused))
            return
        await room.tell_everyone()
        await self.tell_lobby()


async def _close(link: Link, reason: str, code: int) -> None:
    """Say why, then close (a close's reason is short: the message carries the whole)."""
    await _send(link, write("error", reason=reason))
    try:
        await link.close(code, reason[:120])
    except Exception:  # already closed
        return


FULL_COLLECTIONS_AFTER = 100
"""Collections of the middle generation before a full one (Python's default: 10)."""


def settle_collector() -> None:
    """The garbage collector set for a server holding thousands of connections: a full
    collection comes ten times less often. A full one walks every connection's objects (about
    0.3 s at 3,000 connections: a pause for every game at once); connections are freed by
    their reference counts, so what waits longer is only cyclic garbage. Measured by `make
    bench` (bench_online, the p99 of a move's round trip at 1,000 games)."""
    first, middle, full = gc.get_threshold()
    gc.set_threshold(first, middle, max(FULL_COLLECTIONS_AFTER, full))
