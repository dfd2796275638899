"""Where players meet when servers share one database (`Ledger.shared`: PostgreSQL): quick
match's queue and the lobby are the database's (`nac.ledger.meeting`), so players on two servers
find and meet each other. The same face as a relay's own (`nac.net.matching.Meeting`); the relay
picks this one as it opens a shared ledger.

Every POLL_SECONDS, and at once on a notice on `nac_news` (a seeker joined, a pair was made, a
lobby changed), a round:
- Pairing (none while the server drains): one transaction pairs the unpaired seeks of every live
  server by quick match's rule (`matching.pairs_of`), keeping only the pairs with a seeker of
  this server's; each pair's game is opened here, in an unlisted room of this server's, which
  owns it; this server's seekers are seated at once (`matched`, as on one server), and the
  other's seat is kept for its key.
- Seekers of this server's that another server paired are told `go`: that server's address and
  their seat's invite key (the client says hello there as a join of that key).
- Each seeker is told its search as the range widens (on this server's clock, as on one).
- The lobby: this server's listed games waiting for a guest are listed in the database, and the
  other live servers' are shown beside its own. (A guest who picks one says hello here with its
  join key: the cluster finds its room's row and answers `go` to its server, `nac.net.cluster`.)
- Every SWEEP_SECONDS, the rows of dead servers are cleared.
A round that fails (the database away a moment) is logged once and tried again next time."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from ..core import find_rules
from ..core.clock import parse_time_control
from ..ledger.ledger import Ledger
from ..ledger.meeting import Found, Listed, Meeting as Database, News, Seat, Sought, new_seek
from .closing import TRY_AGAIN_LATER, Closing
from .lobby import status
from .matching import (
    IN_QUEUE,
    Meeting,
    Seating,
    Seeker,
    pairs_of,
    sit_matched,
    tell_searches,
)
from .protocol import write
from .rooms import Link, Room, deliver

log = logging.getLogger("nac.net")

POLL_SECONDS = 0.5
"""A round at least this often, whatever news came (a notice lost is a round late, no more)."""
SWEEP_SECONDS = 5.0
"""Dead servers' rows are cleared this often."""
PAIRED_ELSEWHERE = "your opponent's server holds your game"
"""A `go`'s why: a seeker paired by another server."""
SEARCH_MOVED = "this server is stopping: your search goes on on another"
"""A `go`'s why: a seeker's server stops, and sends it to another."""
GO_AWAY = 1000
"""The close after a `go`: a normal one (the client goes on, to the address it was given)."""
CLOSE_SECONDS = 5.0


class Member(Protocol):
    """What the meeting asks of the server's place among those sharing the database
    (`nac.net.cluster.Cluster`)."""

    @property
    def id(self) -> str:
        """Its `servers.id`."""

    @property
    def draining(self) -> bool: ...

    @property
    def others(self) -> list[str]:
        """The other live servers' addresses."""


class SharedMeeting(Meeting):
    """The database's queue and lobby for one server of `cluster` (its `servers.id`; while it
    drains it pairs no one; as it stops, its seekers go on searching on the other servers)."""

    def __init__(self, ledger: Ledger, cluster: Member) -> None:
        self.database = Database(ledger.engine, cluster.id)
        self.news = News(ledger.engine, self._heard)
        self.cluster = cluster
        self._referee: Seating | None = None
        self._joining: set[str] = set()
        """The seeks being put in the database (not in the queue here yet)."""
        self._others: list[dict[str, object]] = []
        self._listed: set[str] = set()
        """The join keys of this server's games listed in the database."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._swept = float("-inf")
        self._failing = ""
        """The last round's failure, logged once until a round succeeds."""

    # -- the face ------------------------------------------------------------------------------

    async def start(self, referee: Seating) -> None:
        self._referee = referee
        self._task = asyncio.create_task(self._rounds(referee))

    async def stop(self) -> None:
        """No more rounds; this server's seekers sent on to the other servers in turn (`go`:
        their clients search there), its rows deleted."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.news.close()
        others, referee = self.cluster.others, self._referee
        if others and referee is not None:
            seekers = list(referee.queues.seekers)
            referee.queues.seekers.clear()
            await asyncio.gather(
                *(
                    _send_on(seeker.link, others[number % len(others)], SEARCH_MOVED)
                    for number, seeker in enumerate(seekers)
                )
            )
        try:
            await self.database.leave()
        except Exception as failure:
            log.warning("the shared lobby and queue could not be left: %s", _line(failure))

    async def join(self, referee: Seating, seeker: Seeker) -> None:
        seeker.seek = new_seek()
        self._joining.add(seeker.seek)
        try:
            sought = await self.database.seek(
                seeker.seek,
                public_key=seeker.public_key,
                name=seeker.name,
                pool=seeker.rules.name,
                clock=seeker.control.name,
                rated=seeker.rated,
                rating=seeker.rating,
            )
        finally:
            self._joining.discard(seeker.seek)
        if not sought:
            raise Closing(IN_QUEUE, TRY_AGAIN_LATER)
        referee.queues.add(seeker)

    async def cancel(self, referee: Seating, link: Link) -> None:
        seeker = referee.queues.remove(link)
        if seeker is not None:
            await self.database.cancel(seeker.seek)

    async def pair(self, referee: Seating) -> None:
        self._wake.set()  # the next round, now

    def others(self) -> list[dict[str, object]]:
        return self._others

    # -- rounds --------------------------------------------------------------------------------

    def _heard(self, _news: str) -> None:
        self._wake.set()

    async def _rounds(self, referee: Seating) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL_SECONDS):
                    await self._wake.wait()
            self._wake.clear()
            try:
                await self.news.keep_up()
                await self.round(referee)
            except Exception as failure:
                said = _line(failure)
                if said != self._failing:
                    log.warning("the shared lobby and queue: %s", said)
                self._failing = said
            else:
                self._failing = ""

    async def round(self, referee: Seating) -> None:
        """One round (see the module's text)."""
        now = referee.clock()
        mine = {seeker.seek: seeker for seeker in referee.queues.seekers}
        if mine and not self.cluster.draining:
            await self._pair(referee, mine)
        if mine:
            await self._tell_found(referee, mine, await self.database.found())
        await tell_searches(referee, now)
        await self._list(referee)
        if now - self._swept >= SWEEP_SECONDS:
            self._swept = now
            await self.database.clear_dead()

    async def _pair(self, referee: Seating, mine: dict[str, Seeker]) -> None:
        """The pairs with a seeker of this server's made, their games opened here; this
        server's seekers seated (the others' servers tell theirs)."""
        opened: list[tuple[Room, Sought, Sought]] = []

        def open_game(x: Sought, o: Sought) -> tuple[Seat, Seat] | None:
            if len(referee.rooms) >= referee.limits.rooms:  # full: they wait on
                return None
            rules, control = find_rules(x.pool), parse_time_control(x.clock)
            room = referee.open_room(rules, x.name, time_control=control)
            room.matched = True
            for sought, seat in ((x, room.host), (o, room.guest)):
                if sought.id not in mine:
                    seat.public_key = sought.public_key  # kept for its seeker's key
            opened.append((room, x, o))
            return Seat(room.host.key, "X"), Seat(room.guest.key, "O")

        try:
            await self.database.pair(set(mine), pairs_of, open_game)
        except BaseException:
            for room, _x, _o in opened:
                referee.close_room(room)
            raise
        for room, x, o in opened:
            for sought, seat in ((x, room.host), (o, room.guest)):
                seeker = mine.get(sought.id)
                if seeker is not None and referee.queues.remove(seeker.link) is seeker:
                    await sit_matched(referee, room, seat, seeker)
            await referee.tell(room)

    async def _tell_found(
        self, referee: Seating, mine: dict[str, Seeker], found: list[Found]
    ) -> None:
        """This server's seekers another server paired, sent there (`go`); a pair whose server
        died meanwhile sends its seeker back to the queue."""
        told: list[str] = []
        for one in found:
            seeker = mine.get(one.id)
            if seeker is None:  # joining (told next round), or gone: its pair has lost it
                if one.id not in self._joining and referee.queues.of_seek(one.id) is None:
                    told.append(one.id)
                continue
            told.append(one.id)
            referee.queues.remove(seeker.link)
            if one.address is None:
                await self.join(referee, seeker)
                continue
            await _send_on(seeker.link, one.address, PAIRED_ELSEWHERE, one.seat.key)
        await self.database.forget(told)

    async def _list(self, referee: Seating) -> None:
        """This server's listed games waiting for a guest listed in the database, the other
        servers' read back (the lobby told if they changed)."""
        waiting = {
            room.guest.key: room
            for room in referee.rooms
            if room.listed and not room.closed and status(room) == "waiting"
        }
        added = [_listing(room) for key, room in waiting.items() if key not in self._listed]
        gone = [key for key in self._listed if key not in waiting]
        await self.database.list_games(added, gone)
        self._listed = set(waiting)
        others = [_entry(game) for game in await self.database.games()]
        if others != self._others:
            self._others = others
            referee.lobby.changed()


async def _send_on(link: Link, server: str, why: str, key: str | None = None) -> None:
    """`go` to `server` (with `key`: the seat there to say hello with), then the connection
    closed (normally: the client goes on, there)."""
    fields = {"key": key} if key is not None else {}
    await deliver(link, write("go", server=server, why=why, **fields))
    with contextlib.suppress(Exception):
        await asyncio.wait_for(link.close(GO_AWAY, "go"), CLOSE_SECONDS)


def _listing(room: Room) -> Listed:
    rating = room.host_rating
    return Listed(
        room.guest.key,
        room.watch_key,
        room.host.name,
        None if rating is None else rating[0],
        rating is not None and rating[1],
        room.rules.name,
    )


def _entry(game: Listed) -> dict[str, object]:
    """Another server's game as a lobby message lists one (`nac.net.lobby`)."""
    return {
        "host": game.host,
        "rating": game.rating,
        "provisional": game.provisional,
        "guest": None,
        "rules": game.rules,
        "status": "waiting",
        "moves": 0,
        "watchers": 0,
        "join": game.join,
        "watch": game.watch,
    }


def _line(failure: BaseException) -> str:
    return " ".join(str(getattr(failure, "orig", None) or failure).split())[:200] or repr(failure)
