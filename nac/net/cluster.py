"""A relay's part among the servers of one shared database (`Ledger.shared`: PostgreSQL), so
that a server can die, or be stopped for an upgrade, without ending its games. The database's
calls are `nac.ledger.live`'s; a server on SQLite, or with no ledger, has none of this.

- Membership: the server's row, its heartbeat every `live.HEARTBEAT` seconds (a task of its
  own, on the writers' pool: nothing else waits in its way), and the addresses of the live
  servers that are not draining, this one first, which every `welcome` carries (`servers`): a
  client keeps them, to try after its own server.
- Every room is its row from its first change to its close, written before anyone is told a
  change (`keep`, from the referee's `tell`: a move, a resignation, a rematch, a flag, a seat
  taken), fenced by this server and the row's version, by group commit (`Live`: the changes
  of every room waiting written in one statement). A game's end is kept in the ledger in the
  transaction that writes its row as recorded (`record`); the row stays for the match's next
  game. A write that changes no row means another server took the game over: the room is
  closed here (no change of its written from then on) and its players told `go` there
  (`lose`).
- Takeover: every heartbeat, this server claims the rooms of dead servers, a batch at a time
  (`Live.claim_dead`), before their players come; a key it does not know is found by its hash
  among those, or looked up in the database (`find`). A room another live server plays is
  answered `go` with its address; one whose server died, or released it, is claimed and
  rebuilt (`rebuild`): its moves replayed through the core, its seats (names,
  keys, the tokens' hashes), its score and its clocks, the side to move's time counted up to
  the last owner's last heartbeat (or its release), not the time the game was away. Its
  players come back to it with their seats' keys and tokens, or their proven keys.
- Drain (the server stopping: SIGTERM or ctrl+c): the server is marked draining (named to no
  client), its rooms released, and their players told `go` to another server, which takes
  each game over as its players arrive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from ..core import Mark, find_rules
from ..core.clock import GameClock, parse_time_control
from ..core.match import Score
from ..core.notation import cell_of, square_of
from ..ledger.live import (
    DEAD_AFTER,
    HEARTBEAT,
    Claimed,
    Ended,
    Found,
    Live,
    LiveGame,
    LostGame,
    key_hash,
    room_text,
)
from .closing import GOING_AWAY
from .limits import Limits
from .protocol import write
from .record import record
from .rooms import Link, Room, Seat, deliver

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger

log = logging.getLogger("nac.net")

GAME_MOVED = "the game moved to another server"
"""A `go`'s why: the game is another server's now (it took it over, or this one drains)."""
CLEAR_EVERY = 10
"""Heartbeats between two clearings of the rows nobody needs (`Live.clear`)."""
LATE_BEAT = 1.2 * HEARTBEAT
"""A heartbeat older than this is late: whether its server lives is waited for, up to
DEAD_AFTER, before a player is sent there (a player whose server died often asks another
before the database sees it dead)."""
LOOK_AGAIN = 0.25
"""Seconds between two looks at a late server's heartbeat."""
CLOSE_SECONDS = 5.0
TAKE_AT_ONCE = 250
"""Rooms of dead servers taken over in one transaction (`Live.claim_dead`), as many
transactions a look as there are rooms to take, the event loop served between two rebuilds.
(With one a look, the rest a heartbeat later, a dead server's second batch waited seconds
behind its returning players' reads, which then took its rooms one by one: bench_cluster.)"""


@dataclass(frozen=True)
class Elsewhere:
    """A key's game is played on another server (`server`; None: on none that lives)."""

    server: str | None

    @property
    def message(self) -> str:
        """The `go` that sends its player there."""
        return write("go", server=self.server, why=GAME_MOVED)


@dataclass(frozen=True)
class _Saved:
    """A room as this server last wrote it: the row's version, the room's text, and when the
    side to move's time began (the server's clock; None: no clock runs)."""

    version: int
    text: str
    since: float | None


class Held(Protocol):
    """What the cluster asks of the referee (`nac.net.referee.Referee`) whose rooms it keeps."""

    ledger: Ledger | None
    rooms: list[Room]
    keys: dict[str, tuple[Room, str]]
    limits: Limits
    server: str
    clock: Callable[[], float]

    def close_room(self, room: Room) -> None: ...


class Cluster:
    """This server among those sharing `ledger`; `address`: where clients dial it."""

    def __init__(self, referee: Held, ledger: Ledger, address: str) -> None:
        self.referee = referee
        self.address = address
        self.id = secrets.token_hex(8)
        self.calls = Live(ledger.engine, self.id, ledger.writer)
        self.draining = False
        self.others: list[str] = []
        """The other live servers' addresses, as of the last heartbeat."""
        self._saved: dict[str, _Saved] = {}
        self._keys: dict[str, tuple[str, str, str]] = {}
        """Each room's keys' hashes (a room taken over knows its keys by these alone)."""
        self._hashed: dict[str, Room] = {}
        """The room taken over here that each key's hash opens (its players come back to it
        with no question to the database)."""
        self._writing: dict[str, asyncio.Lock] = {}
        self._taking: dict[str, asyncio.Lock] = {}
        """Held while a room is being taken over: its other players wait for that."""
        self._verdicts: dict[str, asyncio.Task[None]] = {}
        """A late server's heartbeat looked at until it is on time or dead (`_verdict`): one
        look for all the players whose games it held, however many arrive."""
        self.beating: asyncio.Task[None] | None = None
        """The heartbeat (a server whose heartbeat stops is taken for dead, and its games are
        taken over)."""
        self.looking: asyncio.Task[None] | None = None
        """The other servers looked at, and the rows nobody needs cleared, as often."""

    # -- membership ----------------------------------------------------------------------------

    async def start(self) -> None:
        """This server registered, and its heartbeat beating."""
        await self.calls.register(self.address)
        await self._look_around()
        self.beating = asyncio.create_task(self._beat())
        self.looking = asyncio.create_task(self._look())

    def servers(self) -> list[str]:
        """What a `welcome` carries: this server's address first, then the others'."""
        return [self.address, *self.others]

    async def _beat(self) -> None:
        """The heartbeat, and nothing else: a slow read elsewhere never makes it late."""
        failing = False
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                if not await self.calls.heartbeat():
                    await self.calls.register(self.address)  # seen dead meanwhile: back
                failing = False
            except Exception:
                if not failing:
                    log.exception("the heartbeat could not be written to the database")
                failing = True

    async def _look(self) -> None:
        looks, failing = 0, False
        while True:
            await asyncio.sleep(HEARTBEAT)
            looks += 1
            try:
                await self._look_around()
                if looks % CLEAR_EVERY == 0:
                    await self.calls.clear(self.referee.limits.back_seconds + DEAD_AFTER)
                failing = False
            except Exception:
                if not failing:
                    log.exception("the other servers could not be read from the database")
                failing = True

    async def _look_around(self) -> None:
        found = await self.calls.addresses()
        self.others = [address for address in found if address != self.address]
        while not self.draining:
            taken = await self.calls.claim_dead(TAKE_AT_ONCE)
            for claimed in taken:
                self.rebuild(claimed)
                await asyncio.sleep(0)  # the players and games here served between two
            if len(taken) < TAKE_AT_ONCE:
                return

    async def stop(self) -> None:
        """The heartbeat stopped and the server's row deleted (its rooms released first:
        `drain`), the rooms' changes waiting written first."""
        for task in (self.beating, self.looking, *self._verdicts.values()):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.calls.close()
        with contextlib.suppress(Exception):
            await self.calls.leave()

    async def drain(self) -> None:
        """No new games here, and every game in progress handed over: its row released, its
        players and watchers told `go` (to the other live servers in turn; none: any) and
        their connections closed. Rooms with no game to hand over are left to the referee."""
        self.draining = True
        await self.calls.drain()
        await self.calls.release()
        rooms = [room for room in self.referee.rooms if room.id in self._saved]
        self._saved.clear()
        goes = []
        for number, room in enumerate(rooms):
            server = self.others[number % len(self.others)] if self.others else None
            goes.append(_tell_go(self._close(room), server))
        await asyncio.gather(*goes)

    # -- rooms ---------------------------------------------------------------------------------

    async def record(self, room: Room, ended: datetime) -> bool:
        """The room's game, ended, kept in the ledger (`nac.net.record`) in the transaction
        that writes its row as recorded (the row stays, for the match's next game); whether
        it was (False: another server took the game over and keeps it, and `lose` has sent
        the players there)."""
        assert self.referee.ledger is not None
        async with self._writing.setdefault(room.id, asyncio.Lock()):
            if not room.unrecorded_end:  # kept meanwhile, by another telling of the room
                return True
            saved, row = self._saved.get(room.id), None
            if saved is not None and not room.closed:
                room.recorded = True  # (as `record` counts it from its start: the row says so)
                moves, _, text, since, ran = self._row(room)
                row = Ended(room.id, self.id, saved.version, moves, text, ran)
            try:
                await record(self.referee.ledger, room, ended, row)
            except LostGame:
                await self.lose(room)
                return False
            if row is not None:
                self._saved[room.id] = _Saved(row.version + 1, row.room, since)
            return await self._write(room)  # (changed while its end was kept: written too)

    async def keep(self, room: Room) -> bool:
        """The room as it is now written to its row (made on its first change, deleted as
        the room closes), unless it is unchanged, with every other room's change waiting
        (group commit: `Live`), committed when this returns, and so is every change made to
        the room while it was written: a telling tells the room as it is then, whoever's
        change that is. Whether the room is still this server's (False: it was lost, and
        `lose` has sent its players there; or it was closed and its players sent away before:
        nothing to tell them). A room's changes are written one after the other."""
        async with self._writing.setdefault(room.id, asyncio.Lock()):
            return await self._write(room)

    async def _write(self, room: Room) -> bool:
        """`keep`'s writes, the room's lock held: until its row is the room as it is now."""
        while True:
            if room.closed:
                return await self._closed(room)
            saved = self._saved.get(room.id)
            moves, state, text, since, ran = self._row(room)
            if saved is not None and saved.text == text and saved.since == since:
                return True
            try:
                if saved is None:
                    keys = self._keys.setdefault(room.id, _key_hashes(room))
                    control = _control(room)
                    game = LiveGame(room.id, room.rules.name, control, keys, moves, state, ran)
                    made, version = await self.calls.add(game), 1
                else:
                    made = await self.calls.save(room.id, saved.version, moves, text, ran)
                    version = saved.version + 1
            except Exception:
                log.exception("a game's change could not be written to the database")
                made = False
            if not made:
                await self.lose(room)
                return False
            self._saved[room.id] = _Saved(version, text, since)

    async def _closed(self, room: Room) -> bool:
        """A closed room's row deleted: closed by time passing (`Room.tick`: its players are
        told, then let go), True; one closed as its players were sent away (lost, drained:
        no longer among the referee's rooms) writes and tells nothing, False."""
        self._writing.pop(room.id, None)
        self._forget(room.id)
        saved = self._saved.pop(room.id, None)
        if not any(one is room for one in self.referee.rooms):
            return False
        if saved is not None:
            try:
                await self.calls.remove(room.id)
            except Exception:
                log.exception("a closed game's row could not be deleted from the database")
        return True

    def _forget(self, room_id: str) -> None:
        """A room's keys' hashes let go (it is closed here)."""
        for digest in self._keys.pop(room_id, ()):
            self._hashed.pop(digest, None)

    def _row(self, room: Room) -> tuple[str, dict[str, Any], str, float | None, float]:
        """What the room's row keeps now: its moves, the rest of the room and its text, when
        the side to move's time began (`snapshot`) and how long it has run."""
        moves, state, since = snapshot(room)
        ran = 0.0 if since is None else max(0.0, self.referee.clock() - since)
        return moves, state, room_text(state), since, ran

    async def lose(self, room: Room) -> None:
        """The room is another server's now (or could not be written): closed here first, so
        that no change of its is written from now on (`keep` writes none for a closed room:
        its row is the other server's), then its players and watchers told `go` to where it
        is played (none known: anywhere)."""
        self._saved.pop(room.id, None)
        self._writing.pop(room.id, None)
        self._forget(room.id)
        links = self._close(room)
        server = None
        with contextlib.suppress(Exception):
            server = await self.calls.owner_address(room.id)
        await _tell_go(links, None if server == self.address else server)

    def _close(self, room: Room) -> list[Link]:
        """The room closed here (`Referee.close_room`); who was in it."""
        links: list[Link] = [*room.watchers, *(seat.link for seat in room.seats if seat.link)]
        self.referee.close_room(room)
        return links

    async def opens_seat(self, key: str) -> bool:
        """Whether `key` opens a seat (not a watch) of a room in the database."""
        found = await self.calls.find(key)
        return found is not None and found.opens != "watch"

    async def find(self, key: str, token: str) -> tuple[Room, str] | Elsewhere | None:
        """The room a key this server does not know opens, and what it opens (X, O or
        watch): a room taken over from the database (or one taken over before, whose key is
        learnt now, with the token if it is its seat's); Elsewhere if another live server
        plays it (or none does and this one drains); None if no room has that key."""
        here = self._here(key)
        if here is not None:
            _learn(*here, key, token)
            self.referee.keys[key] = here
            return here
        found = await self.calls.find(key)
        if found is None:
            return None
        try:
            async with self._taking.setdefault(found.id, asyncio.Lock()):  # one taker a room
                room = next((one for one in self.referee.rooms if one.id == found.id), None)
                taken = room or await self._take(key, found)
        finally:  # (a taker after this finds the room taken over: no lock needed)
            self._taking.pop(found.id, None)
        if not isinstance(taken, Room):
            return taken
        room = taken
        _learn(room, found.opens, key, token)
        self.referee.keys[key] = (room, found.opens)
        return room, found.opens

    async def _take(self, key: str, found: Found) -> Room | Elsewhere | None:
        """The room of `found` claimed and rebuilt here, unless another live server plays it
        (its heartbeat waited for if it is late: `_settled`)."""
        if self.draining:
            return Elsewhere(found.address)
        if found.owner not in (None, self.id) and found.address is not None:
            settled = await self._settled(key, found)
            if settled is None:
                return None
            if settled.address is not None and settled.owner != self.id:
                return Elsewhere(settled.address)
        claimed = await self.calls.claim(found.id)
        if claimed is None:  # another server was quicker
            return Elsewhere(await self.calls.owner_address(found.id))
        room = next((one for one in self.referee.rooms if one.id == found.id), None)
        if room is not None:  # taken over meanwhile by this server's look (`_look_around`)
            self._saved[room.id] = replace(self._saved[room.id], version=claimed.version)
            return room
        return self.rebuild(claimed)

    def _here(self, key: str) -> tuple[Room, str] | None:
        """The room taken over here that `key` opens, and what it opens, if any."""
        room = self._hashed.get(key_hash(key))
        if room is None or room.closed:
            return None
        opens = ("X", "O", "watch")[self._keys[room.id].index(key_hash(key))]
        return room, opens

    async def _settled(self, key: str, found: Found) -> Found | None:
        """The key's row again, once its server's heartbeat is on time (it lives) or its
        server is dead (`_verdict`, shared by every player of that server's games)."""
        if (found.age or 0.0) <= LATE_BEAT or found.owner is None:
            return found
        verdict = self._verdicts.get(found.owner)
        if verdict is None:
            verdict = asyncio.create_task(self._verdict(found.owner, found.age or 0.0))
            self._verdicts[found.owner] = verdict
            verdict.add_done_callback(lambda _: self._verdicts.pop(found.owner or "", None))
        await asyncio.shield(verdict)
        return await self.calls.find(key)

    async def _verdict(self, server: str, age: float) -> None:
        """Done once `server`'s heartbeat is on time again, or it is dead (DEAD_AFTER and a
        heartbeat at most; looked at every LOOK_AGAIN seconds)."""
        waited = 0.0
        while LATE_BEAT < age <= DEAD_AFTER and waited < DEAD_AFTER + HEARTBEAT:
            await asyncio.sleep(LOOK_AGAIN)
            waited += LOOK_AGAIN
            seen = await self.calls.age(server)
            if seen is None:
                return
            age = seen

    def rebuild(self, claimed: Claimed) -> Room:
        """The room of a row taken over, as this server's (`Room` with what the row keeps),
        its players away until they come back."""
        referee, row = self.referee, claimed.game
        room = rebuilt(row, referee.server, referee.limits, referee.clock)
        room.ranked = room.ranked and referee.ledger is not None
        referee.rooms.append(room)
        self._keys[room.id] = row.keys
        self._hashed.update((digest, room) for digest in row.keys if digest)
        _, _, text, since, _ = self._row(room)
        self._saved[room.id] = _Saved(claimed.version, text, since)
        return room


async def _tell_go(links: list[Link], server: str | None) -> None:
    """Each of `links` told `go` to `server` (None: any), then closed."""
    said = Elsewhere(server).message

    async def away(link: Link) -> None:
        await deliver(link, said)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(link.close(GOING_AWAY, GAME_MOVED), CLOSE_SECONDS)

    await asyncio.gather(*(away(link) for link in links))


def _key_hashes(room: Room) -> tuple[str, str, str]:
    return key_hash(room.host.key), key_hash(room.guest.key), key_hash(room.watch_key)


def _control(room: Room) -> str | None:
    return room.time_control.name if room.time_control is not None else None


def _learn(room: Room, opens: str, key: str, token: str) -> None:
    """A room taken over learns a key (and a seat's token, from its player) as they come."""
    if opens == "watch":
        room.watch_key = room.watch_key or key
    else:
        seat = room.host if opens == "X" else room.guest
        seat.key = seat.key or key
    for seat in room.seats:
        if not seat.token and seat.token_hash and token and key_hash(token) == seat.token_hash:
            seat.token = token


def snapshot(room: Room) -> tuple[str, dict[str, Any], float | None]:
    """What a room's row keeps: its game's moves in the notation, the rest of the room, and
    when the side to move's time began (the server's clock; None: no clock)."""
    game, match, timer = room.game, room.match, room.timer
    moves = " ".join(square_of(room.rules, move.cell) for move in game.moves)
    state: dict[str, Any] = {
        "listed": room.listed,
        "matched": room.matched,
        "ranked": room.ranked,
        "host_rating": list(room.host_rating) if room.host_rating is not None else None,
        "seats": {seat.mark.value: _seat(seat) for seat in room.seats},
        "games": match.games_started,
        "first": game.first.value,
        "score": [match.score.first, match.score.second, match.score.draws],
        "rematch": sorted(mark.value for mark in room.rematch),
        "resigned": game.resigned.value if game.resigned is not None else None,
        "abandoned": room.abandoned,
        "aborted": room.aborted,
        "forfeit": room.forfeit.value if room.forfeit is not None else None,
        "flagged": room.flagged.value if room.flagged is not None else None,
        "recorded": room.recorded,
        "began": room.began.isoformat(),
        "pair_rated": room.pair_rated,
        "pair_limited": room.pair_limited,
        "clock": None,
    }
    if timer is None:
        return moves, state, None
    state["clock"] = {
        "left": {mark.value: timer.left[mark] for mark in Mark},
        "turn": timer.turn.value,
        "moves": timer.moves,
        "stopped": timer.stopped,
    }
    return moves, state, timer.since


def _seat(seat: Seat) -> dict[str, Any]:
    return {
        "name": seat.name,
        "token": key_hash(seat.token) if seat.token else seat.token_hash,
        "key": seat.public_key,
        "gone": seat.gone,
        "on_clock": seat.on_clock,
    }


def rebuilt(row: LiveGame, server: str, limits: Limits, clock: Callable[[], float]) -> Room:
    """The room a row keeps (`snapshot`'s), on this server (`server`, its `limits` and
    `clock`): the moves replayed through the core, the side to move's time begun `row.ran`
    seconds ago, every seat's player away from now. Its keys are unknown until they come."""
    state = row.room
    rules = find_rules(row.rules)
    control = parse_time_control(row.clock) if row.clock else None
    seats = []
    for mark in Mark:
        kept = state["seats"][mark.value]
        seats.append(
            Seat(
                mark,
                "",
                name=kept["name"],
                public_key=kept["key"],
                gone=kept["gone"],
                on_clock=kept["on_clock"],
                token_hash=kept["token"],
            )
        )
    host, guest = seats
    room = Room(
        rules=rules,
        host=host,
        guest=guest,
        watch_key="",
        server=server,
        limits=limits,
        clock=clock,
        listed=state["listed"] and guest.taken,  # (a lobby's join line needs the guest's key)
        time_control=control,
        ranked=state["ranked"],
        id=row.id,
    )
    room.matched = state["matched"]
    rating = state["host_rating"]
    room.host_rating = (int(rating[0]), bool(rating[1])) if rating else None
    game, match = room.game, room.match
    first = Mark(state["first"])
    if game.first is not first:
        game.new_game(first=first)
    for name in row.moves.split():
        game.play_cell(cell_of(rules, name))
    if state["resigned"] is not None and not game.is_over:
        game.resign(Mark(state["resigned"]))
    match.games_started = state["games"]
    match.score = Score(*state["score"])
    game.session_lead = match.score.lead
    room.rematch = {Mark(mark) for mark in state["rematch"]}
    room.abandoned, room.aborted = state["abandoned"], state["aborted"]
    room.forfeit = Mark(state["forfeit"]) if state["forfeit"] else None
    room.flagged = Mark(state["flagged"]) if state["flagged"] else None
    room.recorded = state["recorded"]
    room.began = datetime.fromisoformat(state["began"])
    room.pair_rated, room.pair_limited = state["pair_rated"], state["pair_limited"]
    now = clock()
    kept_clock = state["clock"]
    if kept_clock is not None and control is not None:
        timer = GameClock(control, now, first, limits.first_move_seconds)
        timer.left = {Mark(mark): float(left) for mark, left in kept_clock["left"].items()}
        timer.turn, timer.moves = Mark(kept_clock["turn"]), kept_clock["moves"]
        timer.stopped = kept_clock["stopped"]
        timer.since = now - row.ran
        room.timer = timer
    for seat in room.seats:
        if seat.taken:
            seat.left_at = now
    room.turn_began = now
    return room
