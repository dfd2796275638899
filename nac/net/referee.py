"""The game server's own part, whatever carries its connections: the rooms by key, a
connection's session (hello, then requests), the limits, and time passing. `nac host` runs it
behind the websockets library (`server.py`); `nac serve` behind aiohttp, beside the page
(`nac.web`): one referee, two doors.

A connection says `hello` first, within `Limits.hello_seconds`: with a key it takes a seat
(the host's key or the join key; a seat someone has sat in only with their token) or watches
(the watch key); on a relay (`nac serve`) it may also make a room (`want: host`, a few per
address), watch the lobby, or seek a quick match (`want: match`, with its rules and clock:
`nac.net.matching` pairs seekers of close ratings, and the referee seats each pair in a new,
unlisted room of their own). Anything else, or a wrong key, another version of the protocol,
a flood, a message that is not the protocol's: an `error` saying why, and the connection is
closed. Nothing one connection does reaches another room, and the limits per address
(`gate.client`: an IPv6 address counts with its /64) never lock out a player holding their
seat's token.

Everyone is told only what changed: a move, a seat taken or left at once; the watchers' count
at the next tick; the lobby at most twice a second.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..core import Mark, Rules
from ..core.clock import TimeControl
from ..core.players import distinct
from .abuse import count_pair
from .address import new_key
from .closing import GOING_AWAY, INTERNAL_ERROR, POLICY, TRY_AGAIN_LATER, Closing
from .gate import Bucket, client, network, settle_collector
from .limits import Limits
from .lobby import Lobby
from .matching import KEPT, Meeting, Queues, rating_of, seek, unseek
from .protocol import (
    PROTOCOL,
    BadMessage,
    Hello,
    read,
    read_cell,
    read_hello,
    write,
)
from .proving import Proving
from .record import record
from .rooms import Link, Room, Seat, deliver as _send

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger, Player
    from .cluster import Cluster

log = logging.getLogger("nac.net")


REPLACED = "you are playing this game from another connection now (the same line again)"
"""Said to a player's connection when a newer one of theirs (with the seat's token) takes the
seat."""
HELD = "this seat is {name}'s: only the nac that sat in it can take it back"
"""Said to a connection with a seat's key but not its token, once someone has sat there."""
WATCH_LINE = "that is a watch line: watch with nac watch, or ask the host for the join line"
EXPIRED = "the invite expired: nobody joined within {minutes} minutes; host a new game"
UNMET = "your opponent never came to the game: it is called off; search again"
GAVE_BACK = "you left this game before it began: its seat is for someone else now"
WRONG_KEYS = "too many wrong keys from your address: wait a minute"
STOPPING = "the server has stopped"
SEARCHING = "you are searching for an opponent: nothing to play yet"


class Left(Exception):
    """The client left on purpose (`leave`): the session ends without a word."""


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
        self.opened: Counter[str] = Counter()
        """Open rooms by the client that opened them (on a relay); `opened_in`, by its network
        (`gate.network`): counted as rooms open and close, never by searching the rooms (a
        flood's thousands of hosts each ask)."""
        self.opened_in: Counter[str] = Counter()
        self.connections: Counter[str] = Counter()
        """Connections being served, by client (`gate.client`)."""
        self.lobby = Lobby(self.limits, lambda: self.rooms, lambda: self.meeting.others())
        self.stopping = False
        self.ledger: Ledger | None = None
        """The players, their ratings and games (`nac serve`'s); None: players by their keys
        for this server's life only, as `nac host` keeps them."""
        self.wall: Callable[[], datetime] = lambda: datetime.now(UTC)
        """The wall clock a game's end is kept at, and a day's rated games counted by."""
        self.proving = Proving(self.limits, clock)
        """Who connects: keys proven, players named, wrong and new keys counted."""
        self.seated: Callable[[Link], None] = lambda link: None
        """Told of a connection that sits in a seat (its door's gate never closes it for room)."""
        self.queues = Queues()
        """The quick match's seekers connected here (on a relay)."""
        self.meeting = Meeting()
        """Its queue and lobby (`nac.net.meeting.SharedMeeting` beside a `cluster`)."""
        self.paired: dict[Link, Room] = {}
        """Seekers seated in their match's room, until their session takes it up."""
        self.cluster: Cluster | None = None
        """Where servers share the ledger (`nac serve` on PostgreSQL): this server among them,
        its rooms kept in the database move by move, taken over when their server dies."""

    # -- rooms ---------------------------------------------------------------------------------

    def open_room(
        self,
        rules: Rules,
        host: str,
        *,
        listed: bool = False,
        opened_by: str = "",
        time_control: TimeControl | None = None,
    ) -> Room:
        """A new room with its three keys; the host's seat waits for the host's connection.
        `opened_by`: the client opening it on a relay (a few rooms each); `time_control`: its
        games' clock (None: none)."""
        if len(self.rooms) >= self.limits.rooms:
            raise Closing(
                "the server has as many games as it can hold: try again later", TRY_AGAIN_LATER
            )
        if opened_by:
            self._may_open(opened_by)
        room = Room(
            rules=rules,
            host=Seat(Mark.X, new_key(), host),
            guest=Seat(Mark.O, new_key()),
            watch_key=new_key(),
            server=self.server,
            limits=self.limits,
            clock=self.clock,
            listed=listed,
            opened_by=opened_by,
            time_control=time_control,
            ranked=self.ledger is not None,
        )
        self.rooms.append(room)
        if opened_by:
            self.opened[opened_by] += 1
            self.opened_in[network(opened_by)] += 1
        self.keys.update(
            {
                room.host.key: (room, "X"),
                room.guest.key: (room, "O"),
                room.watch_key: (room, "watch"),
            }
        )
        return room

    def _may_open(self, who: str) -> None:
        """Whether `who` may open one more room on a relay: a few for an address, a few more for
        its network, and the last quarter of them for the networks that have none open."""
        most = self.limits.rooms_per_address
        if self.opened[who] >= most:
            raise Closing(
                f"your address has {most} games open here already: finish one, or wait for "
                "one to close",
                TRY_AGAIN_LATER,
            )
        theirs = self.opened_in[network(who)]
        if theirs >= self.limits.rooms_per_network:
            raise Closing(
                f"your network has {theirs} games open here already: finish one, or wait for "
                "one to close",
                TRY_AGAIN_LATER,
            )
        nearly_full = len(self.rooms) >= self.limits.rooms - self.limits.rooms // 4
        if theirs and nearly_full:
            raise Closing(
                "the server is nearly full: its last games are for those who have none open; "
                "finish yours first",
                TRY_AGAIN_LATER,
            )

    def _may_watch(self, room: Room, who: str) -> None:
        """Whether `who` may watch `room` once more: a few times for an address, a few more for
        its network, and the last quarter of its places for the networks that watch it not yet
        and for the players' own (a few addresses never fill a game's watchers)."""
        limits, watchers = self.limits, room.watchers
        if len(watchers) >= limits.watchers:
            raise Closing("this game has as many watchers as it can take", TRY_AGAIN_LATER)
        mine = sum(client(watcher.address) == who for watcher in watchers)
        if mine >= limits.watchers_per_address:
            raise Closing(f"your address watches this game {mine} times already", TRY_AGAIN_LATER)
        where = network(who)
        theirs = sum(network(client(watcher.address)) == where for watcher in watchers)
        if theirs >= limits.watchers_per_network:
            raise Closing(f"your network watches this game {theirs} times already", TRY_AGAIN_LATER)
        players = {network(seat.who) for seat in room.seats if seat.who}
        nearly_full = len(watchers) >= limits.watchers - limits.watchers // 4
        if theirs and nearly_full and where not in players:
            raise Closing(
                "this game's last places to watch are for those who watch it from elsewhere",
                TRY_AGAIN_LATER,
            )

    def unlike(self, name: str, room: Room) -> str:
        """The name a player sitting in `room` plays under: theirs, numbered if it looks like
        (`players.look`: case, accents, Cyrillic or Greek look-alikes) the other seat's, or on
        a relay's lobby another listed player's, so a stranger never passes for them."""
        others = [seat.name for seat in room.seats if seat.taken]
        if room.listed:
            listed = [one for one in self.rooms if one.listed and not one.closed]
            others += [seat.name for one in listed for seat in one.seats if seat.taken]
        return distinct(name, others)

    async def tell(self, room: Room) -> None:
        """Everyone in `room` told what changed; a game that has just ended kept in the ledger
        first (committed before anyone is told: a result told is never lost). Where servers
        share the ledger, the room is written to it first too (`Cluster.keep`): a room another
        server took over is closed here instead, its players sent there."""
        if self.ledger is not None:
            await count_pair(self.ledger, room, self.wall(), self.limits)
        if self.cluster is not None and not await self.cluster.keep(room):
            return
        if self.ledger is not None and room.unrecorded_end:
            try:
                if self.cluster is None:
                    await record(self.ledger, room, self.wall())
                elif not await self.cluster.record(room, self.wall()):
                    return
            except Exception:  # the database failed: the game is told, unkept, and said so
                log.exception("a game's end could not be kept in the ledger")
        await room.tell_everyone()

    async def player_for_key(self, public_key: str, wanted: str, who: str) -> Player:
        """The ledger's player of this proven key (`Proving.player_for_key`)."""
        assert self.ledger is not None
        return await self.proving.player_for_key(self.ledger, public_key, wanted, who)

    def close_room(self, room: Room) -> None:
        room.closed = True
        if room in self.rooms:
            self.rooms.remove(room)
            if room.opened_by:
                _count_off(self.opened, room.opened_by)
                _count_off(self.opened_in, network(room.opened_by))
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
                await self.tell(room)
            if room.closed:
                why = "the game is over and its room closed"
                if room.invite_expired:
                    why = EXPIRED.format(minutes=round(self.limits.invite_seconds / 60))
                elif room.unmet:
                    why = UNMET
                for link in [*room.watchers, *(seat.link for seat in room.seats if seat.link)]:
                    await _close(link, why, GOING_AWAY)
                self.close_room(room)
        if changed:
            self.lobby.changed()
        if self.queues:
            await self.meeting.pair(self)
        self.proving.let_go()

    async def close_all(self, reason: str = STOPPING) -> None:
        """The server is closing: every connection is told why (an `error`: its client stops
        trying to come back), and closed; no one is let in from now on."""
        self.stopping = True
        self.lobby.stop()
        links: set[Link] = set(self.lobby.links)
        links.update(seeker.link for seeker in self.queues.seekers)
        for room in self.rooms:
            links.update(room.watchers)
            links.update(seat.link for seat in room.seats if seat.link is not None)
        await asyncio.gather(*(_close(link, reason, GOING_AWAY) for link in links))

    # -- a connection --------------------------------------------------------------------------

    def admit(self, who: str) -> str | None:
        """Whether one more connection from the client `who` (counted in already) may be
        served: why not, or None. (A player with their seat's pass is never asked.)"""
        if self.stopping:
            return STOPPING
        if sum(self.connections.values()) > self.limits.connections:
            return "the server is full: try again later"
        if self.connections[who] > self.limits.per_address:
            return "too many connections from your address"
        return None

    def _comes_back(self, hello: Hello, proven: bool = False) -> bool:
        """Whether `hello` is a seat's player coming back: with its token, or (`proven`: its
        key's proof heard) with the seat's key."""
        found = self.keys.get(hello.key)
        if hello.want != "join" or found is None or found[1] == "watch":
            return False
        if proven and self._own_seat(hello) is not None:
            return True
        room, opens = found
        seat = room.host if opens == "X" else room.guest
        return bool(hello.token) and seat.taken and not room.holds(seat, hello.token)

    async def _seat_from_elsewhere(self, hello: Hello) -> bool:
        """Whether `hello` opens a seat of a game another server of the shared database played
        (it died or drains: this one takes the game over): its player is seated, and no limit
        of this server's holds them. Asked of the database only for a hello a limit refuses."""
        if self.cluster is None or hello.want != "join" or not hello.key:
            return False
        return hello.key not in self.keys and await self.cluster.opens_seat(hello.key)

    def _own_seat(self, hello: Hello) -> Seat | None:
        """The seat of the room `hello`'s invite opens that is its key's (either seat: a player
        who lost their own line comes back by the other), or None."""
        found = self.keys.get(hello.key)
        if not hello.public_key or found is None:
            return None
        return next((seat for seat in found[0].seats if _keyed(seat, hello)), None)

    async def session(self, link: Link, frames: AsyncIterator[str | bytes]) -> None:
        """Serve one connection from its first message to its last."""
        who = client(link.address)
        if self.stopping:
            await _close(link, STOPPING, TRY_AGAIN_LATER)
            return
        self.connections[who] += 1
        room: Room | None = None
        ending: tuple[str, int] | None = None
        """Why the connection is closed, and the code, once it must be."""
        try:
            first = await asyncio.wait_for(anext(frames), self.limits.hello_seconds)
            hello = read_hello(read(first))
            # a seat's key coming back proves it first: then no limit of its address holds it
            proven = self._own_seat(hello) is not None or bool(getattr(link, "vouched", ""))
            if proven:
                hello = await self.proving.identify(
                    link, who, hello, frames, self.ledger, self.server
                )
            back = self._comes_back(hello, proven)
            refusal = None if back else self.admit(who)
            locked = len(self.proving.wrong(who)) >= self.limits.wrong_keys
            if refusal is not None and not locked and await self._seat_from_elsewhere(hello):
                back, refusal = True, None
            if refusal is not None:
                raise Closing(refusal, TRY_AGAIN_LATER)
            if locked and not back:
                raise Closing(WRONG_KEYS, TRY_AGAIN_LATER)
            if not proven:
                hello = await self.proving.identify(
                    link, who, hello, frames, self.ledger, self.server
                )
            room = await self._welcome(link, who, hello)
            bucket = Bucket(self.limits.messages_per_second, self.limits.burst, self.clock)
            async for frame in frames:
                if not bucket.take():
                    raise Closing("too many messages: slow down")
                if room is None:  # a seeker's room, once paired
                    room = self.paired.pop(link, None)
                if not await self._request(link, room, read(frame)):
                    bucket.take(self.limits.no_op_cost - 1)
        except BadMessage as bad:
            ending = (f"not nac's protocol: {bad}", POLICY)
        except Closing as closing:
            ending = (str(closing), closing.code)
        except (TimeoutError, StopAsyncIteration):
            ending = ("no hello", POLICY)
        except (Left, ConnectionError, asyncio.CancelledError):
            pass
        except Exception:  # a fault of nac's: this connection ends, never the others
            log.exception("a connection from %s ended by a fault of nac's", who)
            ending = ("the server failed: try again", INTERNAL_ERROR)
        finally:
            # out of the room and the lobby first: a connection being closed holds no one up
            self.connections[who] -= 1
            if self.connections[who] <= 0:
                del self.connections[who]
            self.lobby.links.discard(link)
            await unseek(self, link)
            if room is None:
                room = self.paired.pop(link, None)
            dropped = room is not None and not room.closed and room.leave(link)
            if room is not None and dropped:
                await self.tell(room)
                self.lobby.changed()
            if ending is not None:
                await _close(link, *ending)

    def welcome_text(self, **fields: Any) -> str:
        """A `welcome` with these fields; where servers share the ledger, with the addresses
        of the live ones, this one first (`servers`: a client tries them after its own)."""
        if self.cluster is not None:
            fields["servers"] = self.cluster.servers()
        return write("welcome", **fields)

    async def _welcome(self, link: Link, who: str, hello: Hello) -> Room | None:
        if hello.protocol != PROTOCOL:
            raise Closing(
                f"this server speaks nac's online protocol {PROTOCOL} (nac {__version__}); "
                f"yours speaks {hello.protocol} (nac {hello.version}): play with the same "
                "version of nac"
            )
        if hello.want in ("lobby", "host", "match"):
            if not self.relay:
                raise Closing("this is a player's own game, not a relay: use an invite's key")
            if hello.want == "match":
                await seek(self, link, who, hello)
                return None
            if hello.want == "lobby":
                self.lobby.links.add(link)
                yours = self.lobby.yours(hello.public_key)  # a seat to come back to
                await _send(link, self.welcome_text(you=None, role="lobby", yours=yours))
                await _send(link, self.lobby.text())
                return None
            room = self.open_room(
                hello.rules,
                hello.name,
                listed=hello.listed,
                opened_by=who,
                time_control=hello.clock,
            )
            room.sit(room.host, link, self.unlike(hello.name, room), who)
            room.host.public_key = hello.public_key
            if self.ledger is not None and hello.public_key:
                rating = await rating_of(self.ledger, hello.public_key, hello.name, hello.rules)
                room.host_rating = (round(rating[0]), rating[1])
            self.seated(link)
            # the host's own key, to come back with after a drop
            await _send(
                link,
                self.welcome_text(
                    you="X",
                    role="host",
                    key=room.host.key,
                    token=room.host.token,
                    name=room.host.name,
                ),
            )
            await self.tell(room)
            self.lobby.changed()
            return room
        found = self.keys.get(hello.key)
        if found is None and self.cluster is not None and hello.want in ("join", "watch"):
            taken = await self.cluster.find(hello.key, hello.token)
            if taken is not None and not isinstance(taken, tuple):  # another server plays it
                await _send(link, taken.message)
                raise Left
            found = taken
        wants_seat = hello.want == "join" and found is not None and found[1] != "watch"
        wants_view = hello.want == "watch" and found is not None and found[1] == "watch"
        if found is not None and hello.want == "join" and found[1] == "watch":
            raise Closing(WATCH_LINE)
        if found is None or not (wants_seat or wants_view):
            self.proving.count_wrong(who)
            raise Closing("no game has that key: check the invite (it may have expired)")
        room, opens = found
        if room.closed or (opens == "O" and room.invite_expired):
            raise Closing(EXPIRED.format(minutes=round(self.limits.invite_seconds / 60)))
        if opens == "watch":
            self._may_watch(room, who)
            room.watch(link)
            await _send(link, self.welcome_text(you=None, role="watch"))
            await _send(link, room.state(None, room.shared_state()))
            return room
        seat = self._own_seat(hello) or (room.host if opens == "X" else room.guest)
        if room.holds(seat, hello.token) and not _keyed(seat, hello):
            self.proving.count_wrong(who)
            raise Closing(HELD.format(name=seat.name), TRY_AGAIN_LATER)
        if not seat.taken and seat.public_key and not _keyed(seat, hello):
            # a match's seat kept for its seeker's key (another server's)
            self.proving.count_wrong(who)
            raise Closing(KEPT, TRY_AGAIN_LATER)
        if not seat.taken and who in room.turned_away:
            raise Closing(GAVE_BACK, TRY_AGAIN_LATER)
        name = hello.name if seat.taken else self.unlike(hello.name, room)
        replaced = room.sit(seat, link, name, who)
        seat.public_key = seat.public_key or hello.public_key
        self.seated(link)
        if replaced is not None:
            await _close(replaced, REPLACED, POLICY)
        await _send(
            link,
            self.welcome_text(you=seat.mark.value, role="play", token=seat.token, name=seat.name),
        )
        await self.tell(room)
        self.lobby.changed()
        return room

    async def _request(self, link: Link, room: Room | None, message: dict[str, Any]) -> bool:
        """Do what a message asks; whether it changed anything (a refusal did not)."""
        if room is None and self.queues.of(link) is not None:
            if message["type"] == "leave":  # the search cancelled
                await unseek(self, link)
                raise Left
            await _send(link, write("refused", reason=SEARCHING))
            return False
        if room is None:
            raise Closing("the lobby takes no requests: join or watch a game instead")
        if room.time_out():  # a flag fell since the last tick: decided before the request
            await self.tell(room)
            self.lobby.changed()
        kind = message["type"]
        if kind == "move":
            refused = room.move(link, read_cell(message, room.rules.cell_count))
        elif kind == "rematch":
            refused = room.ask_rematch(link)
        elif kind == "resign":
            refused = room.resign(link)
        elif kind == "leave":
            if room.seat_of(link) is not None:
                room.depart(link)
                await self.tell(room)
                self.lobby.changed()
            raise Left
        else:
            raise BadMessage("hello comes once, first")
        if refused is not None:
            await _send(link, write("refused", reason=refused))
            return False
        await self.tell(room)
        self.lobby.changed()
        return True


def _count_off(counts: Counter[str], key: str) -> None:
    """One fewer of `key` in `counts`, its count let go at nought."""
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


def _keyed(seat: Seat, hello: Hello) -> bool:
    """Whether `hello` (its key proven) is the seat's player's: a seat is its player's key."""
    return bool(seat.public_key) and hello.public_key == seat.public_key


async def _close(link: Link, reason: str, code: int) -> None:
    """Say why, then close (a close's reason is short: the message carries the whole)."""
    await _send(link, write("error", reason=reason))
    try:
        await link.close(code, reason[:120])
    except Exception:  # already closed
        return
