"""Quick match on a relay: a queue per pool (the rules, `Rules.name`) and time control, and who
is paired with whom: the queues are plain arithmetic on the times the referee gives (its
injectable clock), reading no time of their own; `seek` and `seat_pairs` are the referee's part
of it (a seeker let in and told, each pair seated in a room of its own).

- A seeker's range is ±FIRST_RANGE rating points when they join, widening by WIDER_BY every
  WIDEN_SECONDS they wait, and any rating once they have waited ANY_AFTER_SECONDS.
- Two seekers of one queue are paired when each one's rating is within the other's range (so
  the later of the two has waited long enough as well); among those a seeker may be paired
  with, the closest rating first, then the one who has waited longest.
- The lower-rated of the two plays X and moves first in the first game (the first move is
  worth most in these games); on equal ratings, the one who waited longer. Rematches alternate.
- A seeker with a proven key on a server with a ledger seeks a rated game and is paired only
  with such seekers; guests (and everyone on a server without a ledger) are paired with each
  other, unrated, their rating taken as a new player's.
- One key is in one pool's queue once, whatever the clock; a guest's address a few times.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..core import Rules
from ..core.clock import TimeControl
from ..ledger.glicko2 import NEW_RATING
from .closing import TRY_AGAIN_LATER, Closing
from .limits import Limits
from .protocol import write
from .rooms import Link, Room, Seat, deliver

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger
    from .lobby import Lobby
    from .protocol import Hello

log = logging.getLogger("nac.net")

FIRST_RANGE = 100.0
"""Rating points either side a seeker is paired within when they join."""
WIDER_BY = 50.0
WIDEN_SECONDS = 5.0
"""The range widens by WIDER_BY every WIDEN_SECONDS of the wait."""
ANY_AFTER_SECONDS = 60.0
"""After this wait a seeker is paired with anyone in their queue."""
IN_QUEUE = "your key is searching for a game of these rules already: one search a pool"
IN_MATCH = "your key is playing a quick match of these rules already: finish it first"
GUESTS_SEEKING = "your address has {count} guests searching here already: wait for a game"
MATCH_CLOCK = "a quick match has a clock: give one, like 3+2"
KEPT = "this seat is kept for the player it was matched with"
"""Said to a connection with the key of a quick match's seat kept for another player's key
(a pair made by another server: `nac.net.meeting`)."""


def search_range(waited: float) -> float | None:
    """The rating points either side a seeker who has waited `waited` seconds is paired
    within; None: any rating."""
    if waited >= ANY_AFTER_SECONDS:
        return None
    return FIRST_RANGE + WIDER_BY * int(max(0.0, waited) // WIDEN_SECONDS)


class Candidate(Protocol):
    """Whatever waits in a queue to be paired: a seeker here, or a database's row of one
    (`nac.ledger.meeting.Sought`) where servers share their queue."""

    @property
    def queue(self) -> tuple[str, str, bool]: ...

    @property
    def rating(self) -> float: ...

    @property
    def since(self) -> float: ...


C = TypeVar("C", bound=Candidate)


def accepts(one: Candidate, other: Candidate, now: float) -> bool:
    """Whether `other`'s rating is within `one`'s range now."""
    points = search_range(now - one.since)
    return points is None or abs(one.rating - other.rating) <= points


def pairs_of(waiting: list[C], now: float) -> Iterator[tuple[C, C]]:
    """The pairs the rule makes of `waiting` (the longest waiting first) now, each as (X, O):
    each one's rating within the other's range, the closest rating first."""
    waiting = list(waiting)
    while waiting:
        one = waiting.pop(0)
        matches = [
            other
            for other in waiting
            if other.queue == one.queue and accepts(one, other, now) and accepts(other, one, now)
        ]
        if not matches:
            continue
        other = min(matches, key=lambda found: abs(found.rating - one.rating))
        waiting.remove(other)
        yield starting_first(one, other)


@dataclass(eq=False)
class Seeker:
    """One connection in a queue."""

    link: Link
    who: str
    """Its client (`gate.client`), for the limits per address."""
    name: str
    public_key: str
    """Its proven key ("": a guest)."""
    rules: Rules
    control: TimeControl
    rating: float
    provisional: bool
    since: float
    """When it joined the queue, on the referee's clock."""
    rated: bool
    """Whether it seeks a rated game (a proven key on a server with a ledger)."""
    told: float | None = field(default=None)
    """The range it was last told (-1.0: any; None: told nothing yet)."""
    seek: str = ""
    """Its seek's id in a shared queue (`nac.net.meeting`; "": this relay's own queue)."""

    @property
    def queue(self) -> tuple[str, str, bool]:
        """The queue it waits in: the pool, the time control, rated or not."""
        return self.rules.name, self.control.name, self.rated

    def range(self, now: float) -> float | None:
        return search_range(now - self.since)


class Queues:
    """Every seeker of a relay, in the order they came."""

    def __init__(self) -> None:
        self.seekers: list[Seeker] = []

    def __len__(self) -> int:
        return len(self.seekers)

    def of(self, link: Link) -> Seeker | None:
        return next((seeker for seeker in self.seekers if seeker.link is link), None)

    def of_seek(self, seek: str) -> Seeker | None:
        """The seeker of a seek's id in a shared queue (`Seeker.seek`)."""
        return next((seeker for seeker in self.seekers if seeker.seek == seek), None)

    def holds_key(self, public_key: str, rules: Rules) -> bool:
        """Whether `public_key` is in `rules`' pool's queue already (at any clock)."""
        return any(
            seeker.public_key == public_key and seeker.rules.name == rules.name
            for seeker in self.seekers
        )

    def refusal(
        self, public_key: str, who: str, rules: Rules, rooms: list[Room], limits: Limits
    ) -> str | None:
        """Why a seeker may not join `rules`' pool's queue, or None: a key searches a pool
        once, and not while it plays an unfinished quick match of it; an address has a few
        guests searching at most."""
        if public_key and self.holds_key(public_key, rules):
            return IN_QUEUE
        if public_key and any(
            room.matched
            and room.in_progress
            and room.rules.name == rules.name
            and any(seat.public_key == public_key for seat in room.seats)
            for room in rooms
        ):
            return IN_MATCH
        most = limits.guests_seeking_per_address
        if not public_key and sum(seeker.who == who for seeker in self.seekers) >= most:
            return GUESTS_SEEKING.format(count=most)
        return None

    def add(self, seeker: Seeker) -> None:
        self.seekers.append(seeker)

    def remove(self, link: Link) -> Seeker | None:
        """The connection's seeker taken out of its queue (None: it was in none)."""
        seeker = self.of(link)
        if seeker is not None:
            self.seekers.remove(seeker)
        return seeker

    def to_tell(self, now: float) -> Iterator[tuple[Link, str]]:
        """The `searching` messages due now: to each seeker not told yet, or whose range has
        widened since."""
        for seeker in list(self.seekers):
            points = seeker.range(now)
            told = -1.0 if points is None else points
            if seeker.told != told:
                seeker.told = told
                yield seeker.link, searching(seeker, now)

    def pairs(self, now: float) -> Iterator[tuple[Seeker, Seeker]]:
        """The pairs to seat now (`pairs_of`), each taken out of the queue as it is given."""
        for pair in pairs_of(self.seekers, now):
            for one in pair:
                self.seekers.remove(one)
            yield pair


def starting_first(older: C, newer: C) -> tuple[C, C]:
    """(X, O): the lower-rated moves first; on equal ratings the one who waited longer
    (`older`)."""
    return (newer, older) if newer.rating < older.rating else (older, newer)


def searching(seeker: Seeker, now: float) -> str:
    """The `searching` message: the queue, the seeker's rating, the range they are paired
    within now (null: any) and how long they have waited."""
    points = seeker.range(now)
    return write(
        "searching",
        rules=seeker.rules.name,
        clock=seeker.control.name,
        rated=seeker.rated,
        rating=round(seeker.rating),
        provisional=seeker.provisional,
        range=None if points is None else round(points),
        waited=round(now - seeker.since, 1),
    )


async def rating_of(
    ledger: Ledger | None, public_key: str, name: str, rules: Rules
) -> tuple[float, bool]:
    """A proven key's rating in `rules`' pool and whether it is provisional (a new player's
    without a ledger or a key)."""
    if ledger is None or not public_key:
        return NEW_RATING, True
    player = await ledger.player_for_key(public_key, name)
    found = (await ledger.rating(player.id, rules.name)).rating
    return found.rating, found.provisional


class Meeting:
    """Where a relay's players meet: its quick match's queue and its lobby's games. This one is
    a relay's own (its queue in `Seating.queues`, its lobby its rooms); where servers share a
    ledger, `nac.net.meeting.SharedMeeting` has the same face and the database's queue and
    lobby behind it. The relay picks one as it opens its ledger."""

    async def start(self, referee: Seating) -> None:
        """The relay starts serving."""

    async def stop(self) -> None:
        """The relay stops: nothing more is done."""

    async def join(self, referee: Seating, seeker: Seeker) -> None:
        """A seeker let in (`Queues.refusal` heard) joins its queue (`Closing` if it may not)."""
        referee.queues.add(seeker)

    async def cancel(self, referee: Seating, link: Link) -> None:
        """A connection's search cancelled (it left, or dropped)."""
        referee.queues.remove(link)

    async def pair(self, referee: Seating) -> None:
        """Time to pair whoever can be (a seeker joined, time passed)."""
        await seat_pairs(referee)

    def others(self) -> list[dict[str, object]]:
        """The games other servers' lobbies list, as a lobby message lists them."""
        return []


class Seating(Protocol):
    """What quick match's seating asks of the referee (`nac.net.referee.Referee`)."""

    ledger: Ledger | None
    queues: Queues
    meeting: Meeting
    lobby: Lobby
    rooms: list[Room]
    limits: Limits
    paired: dict[Link, Room]
    clock: Callable[[], float]
    seated: Callable[[Link], None]

    def open_room(
        self, rules: Rules, host: str, *, time_control: TimeControl | None = None
    ) -> Room: ...

    def unlike(self, name: str, room: Room) -> str: ...

    async def tell(self, room: Room) -> None: ...

    def close_room(self, room: Room) -> None: ...

    def welcome_text(self, **fields: Any) -> str: ...


async def seek(referee: Seating, link: Link, who: str, hello: Hello) -> None:
    """A connection joins its quick match's queue (`matching.Queues.refusal` says who may
    not), is told so, and is paired as soon as it can be."""
    if hello.clock is None:
        raise Closing(MATCH_CLOCK)
    rating = await rating_of(referee.ledger, hello.public_key, hello.name, hello.rules)
    refusal = referee.queues.refusal(
        hello.public_key, who, hello.rules, referee.rooms, referee.limits
    )
    if refusal is not None:
        raise Closing(refusal, TRY_AGAIN_LATER)
    rated = bool(hello.public_key) and referee.ledger is not None
    seeker = Seeker(link, who, hello.name, hello.public_key, hello.rules, hello.clock,
                    *rating, referee.clock(), rated)  # fmt: skip
    await referee.meeting.join(referee, seeker)
    await deliver(link, referee.welcome_text(you=None, role="match", name=hello.name))
    await referee.meeting.pair(referee)


async def unseek(referee: Seating, link: Link) -> None:
    """A connection's search (if it has one) cancelled; a database's failure to is logged (its
    seek then goes with this server)."""
    if referee.queues.of(link) is None:
        return
    try:
        await referee.meeting.cancel(referee, link)
    except Exception:
        referee.queues.remove(link)
        log.exception("a search could not be cancelled in the shared queue")


async def seat_pairs(referee: Seating) -> None:
    """Each pair the queues make now seated in an unlisted room of its own with its clock,
    its first game begun (rated where both seek a rated game: `Room.rated`), each told their
    seat (`matched`: its key and pass, to come back with); every seeker left told its
    search when it joined and whenever its range widens."""
    now = referee.clock()
    for x, o in list(referee.queues.pairs(now)):
        if len(referee.rooms) >= referee.limits.rooms:  # full: they wait on, first in the queue
            referee.queues.seekers[:0] = [x, o]
            break
        room = referee.open_room(x.rules, x.name, time_control=x.control)
        room.matched = True
        for one, seat in ((x, room.host), (o, room.guest)):
            await sit_matched(referee, room, seat, one)
        await referee.tell(room)
    await tell_searches(referee, now)


async def sit_matched(referee: Seating, room: Room, seat: Seat, one: Seeker) -> None:
    """A seeker seated in its match's room, and told its seat (`matched`)."""
    room.sit(seat, one.link, referee.unlike(one.name, room), one.who)
    seat.public_key = one.public_key
    referee.seated(one.link)
    referee.paired[one.link] = room
    parts = {"key": seat.key, "token": seat.token, "name": seat.name}
    await deliver(one.link, write("matched", you=seat.mark.value, **parts))


async def tell_searches(referee: Seating, now: float) -> None:
    """Every seeker not told its search yet, or whose range has widened, told."""
    for link, told in referee.queues.to_tell(now):
        await deliver(link, told)
