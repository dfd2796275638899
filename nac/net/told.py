"""What a server tells a client of its games, its lobby and its quick match, each field
checked and bounded here (`read_room`, `read_lobby`, `read_search`): a message that does not
fit raises `BadState`, and nothing of it reaches a game. A server cannot make nac show or copy
any text but what passes here (names by the player names' rules, invite lines built from a
checked address and keys)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..core import Mark, Rules, find_rules
from ..core.clock import TimeControl
from ..core.players import player_name
from .address import KEY_LENGTH, Address, BadAddress, invite, parse_address, parse_server
from .protocol import WHYS, number, read_clock

MARKS = {"X": Mark.X, "O": Mark.O}
LONGEST_INVITE = 7 * 24 * 3600.0
"""The longest an invite is believed to wait, whatever a server says (nac's wait 15 minutes)."""
LOBBY_GAMES_READ = 100
"""Games of a lobby message read at most (a relay lists 40); the rest are counted as more."""
MOST_WATCHERS = 1000
"""Watchers of one game believed at most (a relay takes 50)."""
MOST_CONNECTIONS = 65536
"""Games in play, watchers and games not listed believed at most, in all: one server's
connections at once (its ports and file descriptors) are fewer."""


class BadState(ValueError):
    """A server's message that does not fit the protocol or the rules."""


@dataclass(frozen=True)
class Invite:
    """The host's invite lines, built here from parts checked here (a server's address by the
    address grammar, keys by the key's alphabet): a server cannot make nac show or copy any
    other text as a line to send."""

    join: str
    """`nac join ADDRESS`, for the opponent."""
    watch: str
    """`nac watch ADDRESS`, for watchers."""
    expires_at: float
    """When the join line stops working, on this machine's monotonic clock."""
    server: str = ""
    """The server the lines name."""
    elsewhere: str = ""
    """The server this nac connected to, when the lines name another one: said plainly beside
    them (a server may name any server there)."""


@dataclass(frozen=True)
class Clocks:
    """A game's clocks as the server last told them, on this machine's monotonic clock: they
    count down here between states (the server's clock is the truth)."""

    control: TimeControl
    left: dict[Mark, float]
    """Each side's time left when the state came (`at`)."""
    running: Mark | None
    """The side whose clock runs (None: neither, the game not under way)."""
    at: float
    first_move_by: float | None = None
    """While a side's first move is awaited, when its time for it is up."""

    def remaining(self, mark: Mark, now: float) -> float:
        """`mark`'s time left at `now`, as counted down here."""
        passed = now - self.at if mark is self.running else 0.0
        return max(0.0, self.left[mark] - passed)


@dataclass(frozen=True)
class Search:
    """A quick match's search as the server last told it, on this machine's monotonic clock."""

    rules: Rules
    control: TimeControl
    rated: bool
    rating: int
    provisional: bool
    range: int | None
    """The rating points either side this player is paired within now (None: any)."""
    since: float
    """When the search began."""


@dataclass(frozen=True)
class RatingChange:
    """A player's rating after a rated game, and its change ("1523 +12")."""

    rating: int
    change: int
    provisional: bool


@dataclass(frozen=True)
class Room:
    """A `state` message, checked."""

    rules: Rules
    names: dict[Mark, str | None]
    online: dict[Mark, bool]
    left: frozenset[Mark]
    """The players who left on purpose (nobody waits for them)."""
    back_by: dict[Mark, float | None]
    """When a dropped player's seat is given up, on this machine's monotonic clock."""
    watchers: int
    number: int
    """The game's number in the room: 1, then one more a rematch."""
    first: Mark
    moves: tuple[int, ...]
    resigned: Mark | None
    abandoned: bool
    forfeit: Mark | None
    """The player who lost the game by not coming back in time (it shows as their
    resignation)."""
    rematch: frozenset[Mark]
    score: tuple[int, int, int]
    """X's wins, O's wins, draws, in this room."""
    invite: Invite | None
    clock: Clocks | None = None
    """The game's clocks (None: no clock)."""
    why: str | None = None
    """How the game ended (`protocol.WHYS`: "time" a flag fallen, "aborted"...), or None."""
    rated: bool = False
    """Whether the game is rated (a server with a ledger, a clock, two players' keys)."""
    ratings: dict[Mark, RatingChange] = field(default_factory=dict)
    """A rated game's end: each side's rating as the server's ledger committed it."""
    pair_limited: bool = False
    """The game would be rated, but its two players have played their rated games together
    for the day: it is played unrated."""
    keyed: frozenset[Mark] = frozenset()
    """The seats held by a player's key (its player comes back with the key, from anywhere)."""

    def name(self, mark: Mark) -> str:
        return self.names[mark] or str(mark)


@dataclass(frozen=True)
class OpenGame:
    """A game a relay's lobby lists."""

    host: str
    guest: str | None
    rules: Rules
    status: str
    """"waiting", "playing" or "over"."""
    moves: int
    watchers: int
    join: str | None
    """The key that takes its free seat (None once taken)."""
    watch: str
    rating: int | None = None
    """The host's rating in the game's pool (None: a guest, or a server keeping none)."""
    provisional: bool = False


@dataclass(frozen=True)
class Lobby:
    games: tuple[OpenGame, ...]
    playing: int
    watching: int
    more: int = 0
    """Games the server has but did not list (it lists the open ones first)."""


def read_room(message: dict[str, Any], now: float) -> Room:
    """A `state` message's room; BadState if a field does not fit."""
    rules = _rules(message.get("rules"))
    if rules is None:
        raise BadState("no rules nac plays")
    moves = message.get("moves")
    if not isinstance(moves, list) or len(moves) > rules.cell_count:
        raise BadState("no moves")
    if any(isinstance(cell, bool) or not isinstance(cell, int) for cell in moves):
        raise BadState("a move that is not a square")
    first = MARKS.get(str(message.get("first")))
    if first is None:
        raise BadState("nobody moves first")
    names = _per_mark(message.get("names"), lambda name: _name(name))
    online = _per_mark(message.get("online"), bool)
    back_in = _per_mark(message.get("back_in"), lambda value: _seconds(value, now))
    score = message.get("score")
    if not isinstance(score, dict):
        raise BadState("no score")
    resigned = message.get("resigned")
    forfeit = message.get("forfeit")
    rematch = message.get("rematch")
    if not isinstance(rematch, list):
        raise BadState("no rematch")
    left = message.get("left", [])
    if not isinstance(left, list):
        raise BadState("who left is a list")
    return Room(
        rules=rules,
        names=names,
        online=online,
        left=frozenset(MARKS[mark] for mark in left if isinstance(mark, str) and mark in MARKS),
        keyed=_marks(message.get("keyed")),
        back_by=back_in,
        watchers=_count(message.get("watchers")),
        number=_count(message.get("game")),
        first=first,
        moves=tuple(moves),
        resigned=MARKS.get(resigned) if isinstance(resigned, str) else None,
        abandoned=message.get("abandoned") is True,
        forfeit=MARKS.get(forfeit) if isinstance(forfeit, str) else None,
        rematch=frozenset(
            MARKS[mark] for mark in rematch if isinstance(mark, str) and mark in MARKS
        ),
        score=(_count(score.get("X")), _count(score.get("O")), _count(score.get("draws"))),
        invite=_invite(message.get("invite"), now),
        clock=_clocks(message.get("clock"), now),
        why=why if isinstance(why := message.get("why"), str) and why in WHYS else None,
        rated=message.get("rated") is True,
        ratings=_ratings(message.get("ratings")),
        pair_limited=message.get("unrated") == "pair",
    )


def _marks(value: object) -> frozenset[Mark]:
    """A list of marks ("X", "O") from a message; anything else in it left out."""
    if not isinstance(value, list):
        return frozenset()
    return frozenset(MARKS[mark] for mark in value[:2] if isinstance(mark, str) and mark in MARKS)


def read_search(message: dict[str, Any], now: float) -> Search:
    """A `searching` message, checked: a rating within 0 to 10,000, a range within it, the wait
    within a day."""
    rules = _rules(message.get("rules"))
    try:
        control = read_clock(message.get("clock"))
    except ValueError:
        control = None
    rating = message.get("rating")
    if rules is None or control is None or not _whole(rating, 10_000):
        raise BadState("a search with no rules, clock or rating")
    points = message.get("range")
    return Search(
        rules,
        control,
        message.get("rated") is True,
        rating,
        message.get("provisional") is True,
        points if _whole(points, 10_000) else None,
        now - min(max(number(message.get("waited"), 0.0), 0.0), DAY),
    )


def _whole(value: object, most: int) -> TypeGuard[int]:
    """Whether `value` is a whole number from 0 to `most`."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _ratings(value: object) -> dict[Mark, RatingChange]:
    """A state's `ratings`, each within bounds (a rating 0 to 10,000, a change within 5,000);
    none that does not fit."""
    if not isinstance(value, dict):
        return {}
    found = {}
    for mark in Mark:
        entry = value.get(mark.value)
        if not isinstance(entry, dict):
            continue
        rating, change = entry.get("rating"), entry.get("change")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (rating, change)):
            continue
        assert isinstance(rating, int) and isinstance(change, int)
        if 0 <= rating <= 10_000 and abs(change) <= 5_000:
            found[mark] = RatingChange(rating, change, entry.get("provisional") is True)
    return found


def read_lobby(message: dict[str, Any]) -> Lobby:
    """A `lobby` message, checked and bounded: LOBBY_GAMES_READ games at most, each game's moves
    within its board and its watchers within MOST_WATCHERS, the counts within MOST_CONNECTIONS
    and never fewer than the games listed show; a game whose names or rules do not pass is
    left out (and counted as more)."""
    games = message.get("games")
    if not isinstance(games, list):
        raise BadState("a lobby with no games")
    found = [game for game in map(_open_game, games[:LOBBY_GAMES_READ]) if game is not None]
    more = _count(message.get("more"), MOST_CONNECTIONS) + len(games) - len(found)
    playing = max(
        _count(message.get("playing"), MOST_CONNECTIONS),
        sum(game.guest is not None for game in found),
    )
    watching = max(
        _count(message.get("watching"), MOST_CONNECTIONS), sum(game.watchers for game in found)
    )
    return Lobby(tuple(found), playing, watching, min(more, MOST_CONNECTIONS))


def _open_game(entry: object) -> OpenGame | None:
    """One listed game, checked; None if it does not fit."""
    if not isinstance(entry, dict):
        return None
    rules = _rules(entry.get("rules"))
    status = entry.get("status")
    watch = _key(entry.get("watch"))
    try:
        host, guest = _name(entry.get("host")), _name(entry.get("guest"))
    except BadState:
        return None
    if rules is None or status not in ("waiting", "playing", "over") or not watch or not host:
        return None
    # a game in play has a square left; one waiting for its guest has not begun
    most_moves = {"waiting": 0, "playing": rules.cell_count - 1}.get(status, rules.cell_count)
    return OpenGame(
        host=host,
        guest=None if status == "waiting" else guest,
        rules=rules,
        status=str(status),
        moves=_count(entry.get("moves"), most_moves),
        watchers=_count(entry.get("watchers"), MOST_WATCHERS),
        join=_key(entry.get("join")) or None,
        watch=watch,
        rating=rating if _whole(rating := entry.get("rating"), 10_000) else None,
        provisional=entry.get("provisional") is True,
    )


def _per_mark(value: object, read: Callable[[Any], Any]) -> dict[Mark, Any]:
    if not isinstance(value, dict):
        raise BadState("a field per mark missing")
    return {mark: read(value.get(mark.value)) for mark in Mark}


def _name(value: object) -> str | None:
    if value is None:
        return None
    try:
        return player_name(value)
    except ValueError:
        raise BadState("a name nac does not show") from None


DAY = 24 * 3600.0


def _seconds(value: object, now: float) -> float | None:
    if value is None:
        return None
    return now + min(max(number(value, 0.0), 0.0), DAY)


def _count(value: object, most: float = 1e9) -> int:
    return int(min(max(number(value, 0.0), 0.0), most))


def _rules(value: object) -> Rules | None:
    """The rules a message names, if nac plays them."""
    try:
        return find_rules(value)
    except ValueError:
        return None


def _key(value: object) -> str:
    """An invite's key as nac makes them (KEY_LENGTH characters of its alphabet), or ""."""
    if not isinstance(value, str) or len(value) != KEY_LENGTH:
        return ""
    try:
        return parse_address(f"127.0.0.1/{value}").key
    except BadAddress:
        return ""


def _invite(value: object, now: float) -> Invite | None:
    """The invite's lines, built from the server's address and the two keys once each part
    has passed its check; None if one does not."""
    if not isinstance(value, dict):
        return None
    join, watch = _key(value.get("join")), _key(value.get("watch"))
    try:
        server = parse_server(value.get("server"))
    except BadAddress:
        return None
    if not join or not watch:
        return None
    return Invite(
        invite("join", Address(server, join)),
        invite("watch", Address(server, watch)),
        now + min(max(number(value.get("expires_in"), 0.0), 0.0), LONGEST_INVITE),
        server,
    )


def _clocks(value: object, now: float) -> Clocks | None:
    """The state's clocks, each time within a day; None if they do not fit."""
    if not isinstance(value, dict) or not isinstance(value.get("left"), dict):
        return None
    try:
        control = read_clock(value.get("control"))
    except ValueError:
        return None
    if control is None:
        return None
    left = value["left"]
    running = value.get("running")
    return Clocks(
        control,
        {mark: min(max(number(left.get(mark.value), 0.0), 0.0), DAY) for mark in Mark},
        MARKS.get(running) if isinstance(running, str) else None,
        now,
        _seconds(value.get("first_move"), now),
    )
