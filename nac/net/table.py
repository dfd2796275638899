"""What a player or a watcher knows of an online game, from the server's messages: the room
(names, who is connected, watchers, score, rematch, the host's invite) and a `Game` that
follows the server's moves, so a front end draws it like any game and its `Match` hears its
end. Every field from the network is checked (`nac.net.told`); a message that does not fit is
dropped with a note, and never reaches the game.

A game is counted and saved (`keep`) once, as it ends, by a player who played it: who saw it in
progress and made a move in it or resigned it (`took_part`), or whose seat lost it by not coming
back in time (said to the nac that comes back with the seat's pass, once). Not by a watcher, not
for a game that was over before this copy of nac arrived or that it only heard of, and not for
an abandoned one. A server cannot make nac save more than SAVED_PER_HOUR games an hour.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import FinishedGame, Game, Mark, Match, Mode, NotationError, replay
from .address import Address, invite, parse_address
from .protocol import server_text
from .told import (
    MARKS,
    BadState,
    Invite,
    Lobby,
    Room,
    Search,
    read_lobby,
    read_room,
    read_search,
)

Keep = Callable[[FinishedGame], object]
SAVED_PER_HOUR = 60
"""Games one online session saves in an hour at most (a game takes a person some seconds at
the least): what a hostile server can make nac write is bounded, even with the player's moves."""


@dataclass
class Table:
    """The state of one online game as this client knows it."""

    keep: Keep | None = None
    clock: Callable[[], float] = time.monotonic
    role: str = ""
    """"play" or "host" (a seat), "watch", "lobby", or "match" (searching), once welcomed."""
    you: Mark | None = None
    room: Room | None = None
    lobby: Lobby | None = None
    search: Search | None = None
    """A quick match's search, while it goes on (None once paired, or never searching)."""
    yours: str | None = None
    """A lobby's: the key of this player's seat (by their key) in a game not over, to go back
    to (None: none)."""
    link: str = "connecting"
    """"connecting", "open", "lost" (coming back by itself), "moving" (to another server, which
    plays the game now: a server's `go`) or "closed"."""
    refusal: str = ""
    """The server's last refusal of a request of ours ("it is O's turn")."""
    error: str = ""
    """Why the game cannot go on: the server said no, or could not be reached."""
    returning: bool = False
    """Whether this player came back with a seat's pass kept by an earlier run of nac (which may
    have lost the game by not coming back in time: counted here, once)."""
    unsaved: int = 0
    """Games played past SAVED_PER_HOUR, not saved."""
    server: str = ""
    """The server this nac connected to, which a host's invite should name ("": one that names
    another as well, as `nac host`'s own server and a relay's own games do)."""
    game: Game = field(init=False)
    match: Match = field(init=False)
    _number: int = 0
    _seen_in_progress: int = -1
    _took_part: int = -1
    _last_kept: int = 0
    _kept_at: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = Game(mode=Mode.ONLINE)
        self.match = Match(self.game, keep=self._kept)

    @property
    def playing(self) -> bool:
        return self.you is not None

    @property
    def ended(self) -> bool:
        """Whether the game cannot go on here: the server said no (`error`), or the connection
        closed for good."""
        return bool(self.error) or self.link == "closed"

    @property
    def invite_expired(self) -> bool:
        """Whether the server ended the game because the host's invite expired unused: it
        said no while the invite was still waiting, its time up."""
        room = self.room
        invite = None if room is None else room.invite
        return bool(self.error) and invite is not None and invite.expires_at <= self.clock() + 1

    def hear(self, message: dict[str, Any]) -> None:
        """One message from the server (or the client's own about the connection)."""
        kind = message.get("type")
        try:
            if kind == "welcome":
                self._welcome(message)
            elif kind == "state":
                self.refusal = ""
                self._follow(self._placed(self._kept_invite(read_room(message, self.clock()))))
            elif kind == "lobby":
                self.lobby = read_lobby(message)
            elif kind == "searching" and self.role == "match":
                self.search = read_search(message, self.clock())
            elif kind == "matched" and self.role == "match":
                you = MARKS.get(str(message.get("you")))
                if you is None:
                    raise BadState("a match with no seat")
                self.role, self.you, self.search = "play", you, None
            elif kind == "refused":
                self.refusal = server_text(message.get("reason"), 300) or "refused"
            elif kind == "error":
                self.error = server_text(message.get("reason"), 300) or "the server said no"
                self.link = "closed"
            elif kind == "go":
                self.link = "moving"
            elif kind == "connection":
                self.link = "open" if message.get("status") == "back" else "lost"
        except BadState as bad:
            self.refusal = f"the server sent something nac cannot use ({bad}): ignored"

    def _welcome(self, message: dict[str, Any]) -> None:
        role = message.get("role")
        if role not in ("play", "host", "watch", "lobby", "match"):
            raise BadState("a welcome with no role")
        you = message.get("you")
        self.role, self.link = str(role), "open"
        self.you = MARKS.get(you) if isinstance(you, str) else None
        yours = message.get("yours")
        fits = isinstance(yours, str) and 0 < len(yours) <= 64 and yours.isascii()
        self.yours = yours if fits and role == "lobby" else None

    def _kept_invite(self, room: Room) -> Room:
        """A waiting host's invite when the room's server does not tell it (one that took the
        room over from a server that died knows its keys by their hashes alone): the same
        keys, which any server of its database opens, on this nac's server now."""
        was = self.room.invite if self.room is not None else None
        if room.invite or was is None or self.you is not Mark.X or room.names.get(Mark.O):
            return room
        server = self.server or was.server
        join, watch = (parse_address(line).key for line in (was.join, was.watch))
        moved = Invite(
            invite("join", Address(server, join)),
            invite("watch", Address(server, watch)),
            was.expires_at,
            server,
        )
        return replace(room, invite=moved)

    def _placed(self, room: Room) -> Room:
        """The room, its invite marked if it names a server other than the one this nac
        connected to."""
        invite = room.invite
        if invite is None or not self.server or invite.server == self.server:
            return room
        return replace(room, invite=replace(invite, elsewhere=self.server))

    def _follow(self, room: Room) -> None:
        """The game follows the server's: the moves it has not played yet are played; another
        game (a rematch, or one that is not this one's sequel) begins afresh."""
        try:
            board = replay(room.rules, room.first, room.moves)
        except NotationError as refusal:
            raise BadState(str(refusal)) from None
        if room.resigned is not None and board.outcome is not None:
            raise BadState("a resignation after the game ended")
        game = self.game
        played = [move.cell for move in game.moves]
        same = (
            room.number == self._number
            and game.rules == room.rules
            and game.first is room.first
            and played == list(room.moves[: len(played)])
            and game.resigned in (None, room.resigned)
        )
        if not same:
            self._number = room.number
            self.match.new_game(rules=room.rules, human=self.you or Mark.X, first=room.first)
        self.match.opponent = room.name((self.you or Mark.X).other)
        if board.outcome is None and room.resigned is None and not room.abandoned:
            self._seen_in_progress = room.number
        if room.forfeit is not None and room.forfeit is self.you and self.returning:
            # this player's seat lost by not coming back: counted by the nac that comes back
            # with its pass (the one that dropped was killed), once
            self.returning = False
            self._seen_in_progress = self._took_part = room.number
        for cell in room.moves[len(game.moves) :]:
            game.play_cell(cell)
        if room.resigned is not None and not game.is_over:
            game.resign(room.resigned)
        self.room = room

    def took_part(self) -> None:
        """This player made a move in the game in progress, or resigned it: theirs to keep."""
        if self.you is not None and self._seen_in_progress == self._number:
            self._took_part = self._number

    def _kept(self, finished: FinishedGame) -> None:
        number = self._number
        if (
            self.keep is None
            or self.you is None
            or self._seen_in_progress != number
            or self._took_part != number
            or number <= self._last_kept
        ):
            return
        self._last_kept = number
        now = self.clock()
        self._kept_at = [at for at in self._kept_at if now - at < 3600]
        if len(self._kept_at) >= SAVED_PER_HOUR:
            self.unsaved += 1
            self.refusal = (
                f"this game is not saved: a server's games are saved {SAVED_PER_HOUR} an hour "
                "at most"
            )
            return
        self._kept_at.append(now)
        self.keep(finished)
