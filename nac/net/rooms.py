"""The referee: rooms where two players meet, with their watchers. A room runs the core's
`Match` on a two-player `Game`, so every move is checked by the rules, the first move
alternates game after game, and the score is kept; clients only send what they want to do.

- A host makes a room (`nac host` makes its own; on a relay any visitor may) and gets two
  invites: the join key takes the other seat, the watch key only watches. An invite nobody
  has used expires after `Limits.invite_seconds`.
- A seat is its player's: the first to sit in it gets its token, and from then on only that
  token takes it, whether its player is connected or away (a join line seen in a lobby is no
  way into a game). A player whose connection drops keeps the seat: the other side is told at
  once, and the player comes back with the same key and the token; a game whose player has
  been away `Limits.back_seconds` in all (each game's time away adds up, so dropping again and
  again never stalls a game) is lost by them if both sides have moved (as on a chess server),
  else abandoned, counting for no one.
- A guest who leaves, or drops and does not come back in time, before making a move in the
  room's first game gives the seat back: the room waits for a guest again (the host's moves
  so far undone), and on a relay's lobby the address that left cannot take it again. So does
  a guest in a game the lobby lists who has not made their first move `Limits.first_move_seconds`
  after it became their turn (told so, and their connection closed).
- A rematch starts when both players have asked; either may resign a game in progress.
- A room hosted with a clock (`time_control`, "3+2") times each game from its start
  (`nac.core.clock.GameClock`: the server's clock is the truth). Each side has
  `Limits.first_move_seconds` for its first move, or the game is aborted (counting for no one);
  then the side to move's clock runs, whether its player is connected or away, and a side whose
  time runs out loses on time (`why` "time"), whatever is left on the board.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from ..core import Game, IllegalMove, Mark, Match, Mode, Rules, Starter
from ..core.clock import GameClock, TimeControl
from .address import Address, invite, new_key
from .limits import Limits
from .protocol import inside, joined, write


class Link(Protocol):
    """One client's connection, whatever carries it (websockets, aiohttp)."""

    address: str
    """Who it comes from, for the limits per address: an IP address (a proxy's forwarded one
    where the proxy is trusted), or a name the door gives (a relay's own browser game)."""

    async def send(self, text: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...


@dataclass
class Seat:
    mark: Mark
    key: str
    name: str = ""
    link: Link | None = None
    left_at: float | None = None
    """When its player's connection dropped (None while connected, or before anyone sat)."""
    away_before: float = 0.0
    """Its player's time away in this game before `left_at`: all of it adds up to
    `Limits.back_seconds` at most."""
    token: str = ""
    """The seat's pass, made when its player first sits and given to them alone: from then on
    the only way into the seat, whether they are connected or away."""
    gone: bool = False
    """Its player left on purpose (`leave`): nobody is waited for."""
    who: str = ""
    """Where its player sat from (`gate.client`)."""
    public_key: str = ""
    """Its player's key, proven (empty: a guest sits there): the same key takes the seat back
    from any connection, token or not."""
    on_clock: bool = False
    """Its player left a rated game (`leave`): their clock runs on, and decides the game
    unless they come back in time (nobody waits for them meanwhile)."""
    token_hash: str = ""
    """A seat taken over from another server (`nac.net.cluster`): its token's hash, until its
    player comes back with the token (`token` is "" until then: only its key takes it)."""

    @property
    def taken(self) -> bool:
        """Whether someone has sat in it (it is theirs from then on)."""
        return bool(self.token or self.token_hash)


@dataclass
class Room:
    rules: Rules
    host: Seat
    guest: Seat
    watch_key: str
    server: str
    """The server's address, for the invite lines."""
    limits: Limits
    clock: Callable[[], float] = time.monotonic
    listed: bool = False
    """Whether a relay's lobby lists it (open to anyone there)."""
    opened_by: str = ""
    """Who opened it on a relay (their address, for the rooms per address); "" for a host's own."""
    created: float = field(default=0.0)
    watchers: set[Link] = field(default_factory=set)
    rematch: set[Mark] = field(default_factory=set)
    match: Match = field(init=False)
    abandoned: bool = False
    forfeit: Mark | None = None
    """The player whose game was lost by not coming back in time."""
    turned_away: set[str] = field(default_factory=set)
    """Addresses that took a listed room's guest seat and gave it back without a move: the
    lobby's seat is not theirs to block again."""
    stale: bool = False
    """Something everyone sees changed that can wait for the next tick (the watchers' count)."""
    turn_began: float = 0.0
    """When the last move was made (the guest's first move is timed from it in a listed room)."""
    closed: bool = False
    id: str = field(default_factory=new_key)
    """The room's name among every server's (where servers share a database: its row's)."""
    time_control: TimeControl | None = None
    """Each game's time control (None: no clock, a casual game)."""
    timer: GameClock | None = field(default=None, init=False)
    """The game's clocks, from its start (None before the guest arrives, or with no clock)."""
    flagged: Mark | None = None
    """The player whose game was lost on time."""
    aborted: bool = False
    """The game was abandoned because a side did not make its first move in time."""
    ranked: bool = False
    """The server keeps ratings (it has a ledger): its games with clocks between two keys are
    rated."""
    recorded: bool = False
    """This game's end is in the ledger (or being put there): it is kept once."""
    ratings: dict[str, dict[str, object]] | None = None
    """A rated game's end as the ledger committed it: each side's rating, its change, and
    whether it is provisional (`Recorded`); None before (or unrated)."""
    began: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the game began, on the wall clock (for the record)."""
    pair_rated: int | None = None
    """Which game of the room (`Match.games_started`) its two keys' rated games today were
    counted for (None: not yet; the referee counts them as each game begins)."""
    pair_limited: bool = False
    """This game's two keys have played their rated games for the day
    (`Limits.rated_per_pair`): it is played unrated, and the state says why."""
    matched: bool = False
    """A quick match's room (`nac.net.matching`): its two players were paired by the relay, so
    a player who leaves before both sides have moved aborts the game (counting for no one)
    rather than giving a seat back that no one else will take."""
    host_rating: tuple[int, bool] | None = None
    """The host's rating in the room's pool and whether it is provisional, for the lobby (None:
    a guest, or a server without a ledger)."""

    def __post_init__(self) -> None:
        self.created = self.clock()
        # the first game waits for the guest; X starts it, then each in turn
        self.match = Match(Game(mode=Mode.TWO_PLAYER, rules=self.rules), Starter.ALTERNATE)

    # -- who is where -------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return self.host, self.guest

    def seat_of(self, link: Link) -> Seat | None:
        return next((seat for seat in self.seats if seat.link is link), None)

    def invites(self) -> dict[str, str]:
        """The invite lines as a client builds them from the `state`'s parts."""
        return {
            "join": invite("join", Address(self.server, self.guest.key)),
            "watch": invite("watch", Address(self.server, self.watch_key)),
        }

    @property
    def invite_expired(self) -> bool:
        return not self.guest.taken and self.clock() - self.created > self.limits.invite_seconds

    @property
    def unmet(self) -> bool:
        """A quick match's game whose other player never sat (paired by a server whose player
        did not come): called off after `Limits.first_move_seconds`."""
        empty = not (self.host.taken and self.guest.taken)
        waited = self.clock() - self.created
        return self.matched and empty and waited > self.limits.first_move_seconds

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def in_progress(self) -> bool:
        return self.guest.taken and not self.game.is_over and not self.abandoned

    @property
    def why(self) -> str | None:
        """How the game ended (`protocol.WHYS`), or None while it goes on (or waits)."""
        if self.abandoned:
            return "aborted" if self.aborted else "abandoned"
        if not self.game.is_over:
            return None
        if self.flagged is not None:
            return "time"
        if self.forfeit is not None:
            return "forfeit"
        return "resignation" if self.game.resigned is not None else "board"

    @property
    def rated(self) -> bool:
        """Whether the game is rated: on a server with a ledger, with a clock, between two
        proven keys that are not the same. (A game aborted before its first moves counts for
        no one, rated or not.)"""
        host, guest = self.host.public_key, self.guest.public_key
        return (
            self.ranked
            and self.time_control is not None
            and bool(host and guest)
            and host != guest
            and not self.pair_limited
        )

    @property
    def unrecorded_end(self) -> bool:
        """Whether the game has ended (but for an abandon, which counts for no one) and is not
        in the ledger yet."""
        return self.guest.taken and self.why not in (None, "abandoned") and not self.recorded

    # -- what the clients see -----------------------------------------------------------------

    def shared_state(self) -> str:
        """What a `state` tells everyone in the room alike (`inside` a message): written once
        for all of a change's recipients."""
        game, match = self.game, self.match
        now = self.clock()
        resigned = game.resigned.value if game.resigned is not None else None
        return inside(
            rules=self.rules.name,
            names={seat.mark.value: seat.name or None for seat in self.seats},
            online={seat.mark.value: seat.link is not None for seat in self.seats},
            left=[seat.mark.value for seat in self.seats if seat.gone or seat.on_clock],
            keyed=[seat.mark.value for seat in self.seats if seat.public_key],
            back_in={
                seat.mark.value: max(0.0, self.back_seconds_left(seat, now))
                if seat.left_at is not None and not seat.gone and not seat.on_clock
                else None
                for seat in self.seats
            },
            watchers=len(self.watchers),
            game=match.games_started,
            first=game.first.value,
            moves=[move.cell for move in game.moves],
            resigned=resigned,
            abandoned=self.abandoned,
            forfeit=self.forfeit.value if self.forfeit is not None else None,
            rematch=sorted(mark.value for mark in self.rematch),
            score={"X": match.score.first, "O": match.score.second, "draws": match.score.draws},
            clock=self.clocks(now),
            why=self.why,
            rated=self.rated,
            ratings=self.ratings,
            unrated="pair" if self.pair_limited else None,
        )

    def clocks(self, now: float) -> dict[str, object] | None:
        """The state's `clock`: the control, each side's time left, the one that runs (null
        while none does) and, while a first move is awaited, the time left to make it."""
        control, timer = self.time_control, self.timer
        if control is None:
            return None
        if timer is not None and not timer.stopped and not self.in_progress:
            timer.stop(now)  # the game ended (a line, a resignation, a forfeit): clocks stop
        if timer is None:
            left = {mark.value: control.seconds for mark in Mark}
            return {"control": control.name, "left": left, "running": None, "first_move": None}
        first_move = timer.first_move_left(now)
        return {
            "control": control.name,
            "left": {mark.value: round(max(0.0, timer.remaining(mark, now)), 2) for mark in Mark},
            "running": timer.turn.value if timer.running else None,
            "first_move": None if first_move is None else round(max(0.0, first_move), 2),
        }

    def start_clocks(self) -> None:
        """A game begins (the guest arrived, a rematch): its clocks from now, if it has any."""
        control = self.time_control
        self.flagged, self.aborted = None, False
        self.recorded, self.ratings, self.began = False, None, datetime.now(UTC)
        self.pair_rated, self.pair_limited = None, False
        self.timer = None
        if control is not None:
            first = self.limits.first_move_seconds
            self.timer = GameClock(control, self.clock(), self.game.first, first)

    def time_out(self) -> bool:
        """The side to move's time has run out (lost on time), or its first move's (the game
        aborted): so decided now (each tick, and before each request is heard). Whether it
        had."""
        timer, now = self.timer, self.clock()
        if timer is None or not self.in_progress or self.guest_sits_idle:
            return False
        late = timer.flagged(now)
        if late is not None:
            self.flagged = late
            self.game.resign(late)
        elif timer.unstarted(now) is not None:
            self.abandoned = self.aborted = True
        else:
            return False
        timer.stop(now)
        return True

    def state(self, you: Mark | None, shared: str) -> str:
        """The `state` message for `you` (a player's mark, or None for a watcher): the room's
        `shared_state`, and to the host while the other seat is free the invite's parts (the
        server's address and the two keys: the client builds the lines itself)."""
        invite = ""
        if you is Mark.X and not self.guest.taken and self.guest.key:  # (known: see `Seat`)
            left = max(0.0, self.limits.invite_seconds - (self.clock() - self.created))
            parts = {"server": self.server, "join": self.guest.key, "watch": self.watch_key}
            invite = inside(invite={**parts, "expires_in": round(left)})
        mark = you.value if you is not None else None
        return joined(inside(type="state", you=mark), shared, invite)

    async def tell_everyone(self) -> None:
        shared = self.shared_state()
        for seat in self.seats:
            if seat.link is not None:
                await deliver(seat.link, self.state(seat.mark, shared))
        watched = self.state(None, shared)
        for watcher in list(self.watchers):
            await deliver(watcher, watched)

    # -- what the players do ------------------------------------------------------------------

    def sit(self, seat: Seat, link: Link, name: str, who: str = "") -> Link | None:
        """`link` (from the client `who`) takes `seat` (the caller has checked `holds` first):
        the first to sit gets the seat's token; a player coming back with it takes the seat
        again, even from a connection of theirs the server has not seen go yet. Returns that
        connection, if it still had one, for the caller to close."""
        if seat.left_at is not None:
            seat.away_before += self.clock() - seat.left_at
        replaced, seat.link, seat.left_at, seat.gone = seat.link, link, None, False
        seat.on_clock = False
        if not seat.taken:
            seat.name, seat.token, seat.who = name, new_key(), who
            if seat is self.guest:  # the first game begins: the host's time away from now
                self.host.away_before = 0.0
                self.start_clocks()
        return replaced

    @property
    def guest_unbegun(self) -> bool:
        """Whether the guest sits in the room's first game without having moved (nor resigned):
        their going gives the seat back rather than ending a game."""
        game = self.game
        return (
            self.guest.taken
            and self.match.games_started == 1
            and not game.is_over
            and all(move.mark is not self.guest.mark for move in game.moves)
        )

    @property
    def both_moved(self) -> bool:
        """Whether both sides have moved in the game."""
        return {move.mark for move in self.game.moves} == set(Mark)

    @property
    def guest_sits_idle(self) -> bool:
        """Whether the guest of a listed room has let their first move's time pass."""
        return (
            self.listed
            and self.guest_unbegun
            and bool(self.game.moves)
            and self.game.turn is self.guest.mark
            and self.clock() - self.turn_began > self.limits.first_move_seconds
        )

    def free_guest_seat(self) -> None:
        """The guest's seat given back (see `guest_unbegun`): the room waits for a guest again,
        its first game afresh, its invite for another `Limits.invite_seconds`."""
        guest = self.guest
        if self.listed and guest.who:
            self.turned_away.add(guest.who)
        self.guest = Seat(guest.mark, guest.key)
        self.match = Match(Game(mode=Mode.TWO_PLAYER, rules=self.rules), Starter.ALTERNATE)
        self.rematch.clear()
        self.abandoned, self.forfeit, self.created = False, None, self.clock()
        self.timer, self.flagged, self.aborted = None, None, False
        self.recorded, self.ratings = False, None

    @staticmethod
    def holds(seat: Seat, token: str) -> bool:
        """Whether a connection with `token` may not take `seat`: someone has sat in it, and
        the token is not theirs (whether they are connected or away)."""
        return seat.taken and not hmac.compare_digest(token.encode(), seat.token.encode())

    def move(self, link: Link, cell: int) -> str | None:
        """A player's move, refereed by the rules; why it is refused, or None."""
        seat, game = self.seat_of(link), self.game
        if seat is None:
            return "watchers do not play"
        if not self.guest.taken:
            return "the game begins when your opponent arrives"
        if self.abandoned:
            return "the game was abandoned: ask for a rematch"
        if game.is_over:
            return (
                TIME_RAN_OUT if self.flagged is seat.mark else "the game is over: ask for a rematch"
            )
        if game.turn is not seat.mark:
            return f"it is {game.turn}'s turn"
        try:
            game.play_cell(cell)
        except IllegalMove as refusal:
            return str(refusal)
        self.rematch.clear()
        self.turn_began = self.clock()
        if self.timer is not None:
            self.timer.moved(seat.mark, self.turn_began)
        return None

    def ask_rematch(self, link: Link) -> str | None:
        seat, match = self.seat_of(link), self.match
        if seat is None or not self.guest.taken:
            return "only the two players may ask for a rematch"
        if self.in_progress:
            return "a game is in progress: finish it, or resign"
        if seat.mark in self.rematch:
            return "you have asked for a rematch: waiting for your opponent"
        self.rematch.add(seat.mark)
        if len(self.rematch) == 2:
            self.rematch.clear()
            self.abandoned, self.forfeit = False, None
            match.new_game()
            for each in self.seats:  # a new game: each player's time away afresh
                each.away_before = 0.0
            self.start_clocks()
        return None

    def resign(self, link: Link) -> str | None:
        seat, game = self.seat_of(link), self.game
        if seat is None or not self.in_progress:
            return "there is no game of yours in progress to resign"
        game.resign(seat.mark)
        return None

    def depart(self, link: Link) -> None:
        """A player leaves for good (`leave`): a game in progress is resigned first, so leaving
        never escapes a result; the other side is told they left, not that they dropped. A
        rated game both sides have moved in is not resigned: the leaver's clock runs on
        (`Seat.on_clock`), so they lose on time unless they come back with their key in time.
        A watcher just goes (told to the others at the next tick)."""
        seat = self.seat_of(link)
        if seat is None:
            self.leave(link)
            return
        if self.in_progress and self.rated and {move.mark for move in self.game.moves} == set(Mark):
            seat.link, seat.left_at, seat.on_clock = None, self.clock(), True
            self.rematch.discard(seat.mark)
            return
        if seat is self.guest and self.guest_unbegun and not self.matched:
            self.free_guest_seat()
            return
        if self.in_progress and self.matched and not self.both_moved:
            self.abandoned = self.aborted = True
        elif self.in_progress:
            self.game.resign(seat.mark)
        seat.link, seat.left_at, seat.gone = None, self.clock(), True
        self.rematch.discard(seat.mark)

    # -- arrivals and departures --------------------------------------------------------------

    def watch(self, link: Link) -> None:
        """A watcher arrives (the others see the count at the next tick)."""
        self.watchers.add(link)
        self.stale = True

    def leave(self, link: Link) -> bool:
        """A connection ended: a player keeps the seat to come back to, a watcher just goes.
        Whether the players must be told at once (a player dropped)."""
        if link in self.watchers:
            self.watchers.discard(link)
            self.stale = True
        seat = self.seat_of(link)
        if seat is None:
            return False
        seat.link, seat.left_at = None, self.clock()
        return True

    def back_seconds_left(self, seat: Seat, now: float) -> float:
        """How long the seat's player may still be away in this game."""
        away = seat.away_before + (now - seat.left_at if seat.left_at is not None else 0.0)
        return self.limits.back_seconds - away

    def away(self, seat: Seat) -> bool:
        """Whether the seat's player dropped and has not come back in time: their time away
        in this game, all of it, is past `Limits.back_seconds`."""
        if seat.left_at is None or (seat.on_clock and self.in_progress):
            return False
        return seat.gone or seat.on_clock or self.back_seconds_left(seat, self.clock()) < 0

    def tick(self) -> bool:
        """Time passes: a guest not back in time before their first move gives the seat back;
        a game whose player has not come back in time is lost by them (if both sides have
        moved) or abandoned; a room whose invite expired unused, a quick match's whose other
        player never came, one whose host went before anyone joined, or that both players have
        left, closes. Whether anything
        changed."""
        changed, self.stale = self.stale, False
        if self.time_out():
            changed = True
        unbegun = self.guest_unbegun and not self.matched
        if self.away(self.guest) and unbegun and not self.away(self.host):
            self.free_guest_seat()
            changed = True
        elif self.guest_sits_idle:
            sitter = self.guest.link
            self.free_guest_seat()
            if sitter is not None:
                _dismiss(sitter, SAT_IDLE.format(seconds=round(self.limits.first_move_seconds)))
            changed = True
        away = [seat for seat in self.seats if self.away(seat)]
        if self.in_progress and away:
            if len(away) == 1 and self.both_moved:
                self.forfeit = away[0].mark
                self.game.resign(self.forfeit)
            else:
                self.abandoned = True
            changed = True
        left_for_good = all(self.away(seat) or not seat.taken for seat in self.seats)
        host_went_alone = self.away(self.host) and not self.guest.taken
        if (
            self.invite_expired
            or self.unmet
            or host_went_alone
            or (self.guest.taken and left_for_good)
        ):
            self.closed = True
            changed = True
        return changed


TIME_RAN_OUT = "your time ran out: the game is lost on time"
"""Said to a move that came after its player's flag fell."""
SAT_IDLE = "you did not move within {seconds} seconds: the seat is for someone else now"
"""Said to a lobby's guest who let their first move's time pass (`Room.guest_sits_idle`)."""
SEND_SECONDS = 5.0
"""How long a message may wait to go out to one connection (one that reads nothing fills its
buffers, then its sends wait): past it the connection is closed, so it holds no one else up."""
SLOW = 1008
_closing: set[asyncio.Task[None]] = set()


async def deliver(link: Link, text: str) -> None:
    """Send, or forget it: a connection that has gone is seen to go by its own handler, and one
    too slow to take the message within SEND_SECONDS is closed."""
    try:
        async with asyncio.timeout(SEND_SECONDS):
            await link.send(text)
    except TimeoutError:
        closing = asyncio.ensure_future(_close_slow(link))
        _closing.add(closing)
        closing.add_done_callback(_closing.discard)
    except Exception:  # any other failure to send means that link is going away
        return


def _dismiss(link: Link, reason: str) -> None:
    """Tell a connection why it is let go, and close it, in the background."""

    async def dismiss() -> None:
        await deliver(link, write("error", reason=reason))
        with contextlib.suppress(Exception):
            await asyncio.wait_for(link.close(SLOW, reason[:120]), 5.0)

    closing = asyncio.ensure_future(dismiss())
    _closing.add(closing)
    closing.add_done_callback(_closing.discard)


async def _close_slow(link: Link) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(link.close(SLOW, "too slow: the messages were not read"), 5.0)
