"""nac's online protocol: JSON messages over a WebSocket (one message a text frame), every field
checked on arrival. No framing of our own: the WebSocket library frames, pings and closes.

A client's first message is `hello`; the server answers `welcome` (or `error`, then closes).
From then on the server sends the room's whole `state` whenever it changes (a late watcher
gets the moves so far with it), and `refused` when a request of the client's changes nothing.

| from   | type      | fields                                                            |
|--------|-----------|-------------------------------------------------------------------|
| client | hello     | protocol, version, name, want (host, join, watch, lobby, match), key, |
|        |           | rules (host, match: the game's; a match's pool),                  |
|        |           | token (a seat's pass, from its welcome: the only way back into it), |
|        |           | listed (host on a relay: whether its lobby shows the game),       |
|        |           | clock (host: a time control, "3+2", none: no clock; match: its    |
|        |           | queue's, required),                                               |
|        |           | public_key (the player's Ed25519 key, its OpenSSH line; none: a guest) |
| client | proof     | signature (base64): the hello's key's, over the challenge (only after |
|        |           | one; `nac.net.identity` says what is signed)                      |
| client | move      | cell (0 to n²-1, row by row from the top left)                    |
| client | rematch   | (a new game when both players have asked)                         |
| client | resign    | (the game is lost to the other side)                              |
| client | leave     | (going for good: a game in progress counts as resigned; a search  |
|        |           | is cancelled, out of its queue)                                   |
| server | challenge | nonce (base64, fresh for each connection): to a hello with a key  |
| server | welcome   | you (X, O, or null for a watcher), role; a player's token; the    |
|        |           | name the player plays by (a key's: the server's ledger keeps it); |
|        |           | a lobby's yours (the key of the seat the hello's proven key holds |
|        |           | in a game not over, to come back to; null: none); where servers   |
|        |           | share a database, servers (the live ones' addresses, this one     |
|        |           | first: a client tries the others after a drop, when its own fails) |
| server | searching | a quick match's search: rules, clock, rated, rating (the seeker's, |
|        |           | whole points), provisional, range (the points either side it is   |
|        |           | paired within now; null: any), waited (seconds): on joining the   |
|        |           | queue, then each time the range widens                           |
| server | matched   | a seeker's seat in its new room: you (X moves first), key, token,  |
|        |           | name (as a welcome's: the key and token take the seat back)       |
| server | state     | the room: names, the rules, the game's moves and result (a        |
|        |           | resignation, a forfeit), score, who is connected, whose seat is   |
|        |           | held by a key (keyed: its player comes back with it), who asked for a |
|        |           | rematch, watchers; to the host, the invite's server and keys;     |
|        |           | clock (null, or the control, each side's time left and the one    |
|        |           | running, as of the send), why (how the game ended: `WHYS`)        |
| server | lobby     | a relay's open games (host, the host's rating and whether it is     |
|        |           | provisional where the server keeps ratings, rules, status,        |
|        |           | watchers, keys), at most                                          |
|        |           | `Limits.listed` of them, and how many more                        |
| server | refused   | reason (a move out of turn, on a taken square, ...)               |
| server | error     | reason (a wrong key, another version, a full server: then closed) |
| server | go        | server (an address; null: another of `servers`), why, and maybe a |
|        |           | key (a seat's invite there): the game is played there now (another |
|        |           | server took it over, this one drains, it was always there); the    |
|        |           | connection closes, and the client says its hello there (with `key` |
|        |           | instead of its own, a search's as a join), with its seat's token   |
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, NamedTuple

from ..core import NORMAL, Rules, find_rules
from ..core.clock import TimeControl, parse_time_control
from ..core.players import player_name
from .identity import PUBLIC_KEY, SIGNATURE_BYTES, decoded

PROTOCOL = 4
"""The protocol's version: two copies of nac speaking different ones refuse each other. (2: a
seat's token is the only way back into it; invites and lobbies carry keys, not lines. 3: the
rules, by name, where there was a board's size. 4: a player is a key, proven by signing the
server's challenge: `nac.net.identity`.)"""
LONGEST_MESSAGE = 4096
"""Bytes a message may take; a longer one ends the connection."""
WANTS = ("host", "join", "watch", "lobby", "match")
WHYS = ("board", "resignation", "forfeit", "time", "abandoned", "aborted")
"""How a game ended, as the `state`'s `why` says (null while it goes on): the board decided (a
line, a full board), a resignation, a forfeit (not back in time), a flag fallen ("time"), an
abandon (counts for no one), an abort (a first move not made in time: counts for no one)."""
CLIENT_TYPES = ("hello", "proof", "move", "rematch", "resign", "leave")
DEFAULT_NAME = "Player"


class BadMessage(ValueError):
    """A message that is not one of the protocol's, or with a field of the wrong kind; the
    text says what was wrong, for the sender."""


class Hello(NamedTuple):
    protocol: int
    version: str
    name: str
    want: str
    key: str
    rules: Rules
    token: str = ""
    """The pass a seat's welcome gave its player (empty: none yet): with it a player takes
    the seat back at once, even from a connection of theirs the server has not seen go."""
    listed: bool = True
    """A relay's new room: whether its lobby lists it (False: only the invite reaches it)."""
    clock: TimeControl | None = None
    """A relay's new room: its games' time control (None: no clock, a casual game)."""
    public_key: str = ""
    """The player's key as its OpenSSH line (empty: a guest); the server challenges it, and
    only a signed `proof` makes the connection that player."""


def checked_name(name: object) -> str:
    """A player's shown name (`nac.core.players.player_name`); BadMessage for anything else."""
    try:
        return player_name(name)
    except ValueError as refusal:
        raise BadMessage(str(refusal)) from None


def read(text: str | bytes) -> dict[str, Any]:
    """A message's fields, from one frame: a JSON object with a known `type`."""
    if isinstance(text, bytes):
        raise BadMessage("messages are text, not binary")
    if len(text.encode("utf-8", "replace")) > LONGEST_MESSAGE:
        raise BadMessage(f"a message takes at most {LONGEST_MESSAGE} bytes")
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise BadMessage("a message is a JSON object") from None
    if not isinstance(message, dict) or message.get("type") not in CLIENT_TYPES:
        raise BadMessage(f"a message is a JSON object whose type is one of {CLIENT_TYPES}")
    return message


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number")


def read_hello(message: dict[str, Any]) -> Hello:
    """The first message's fields, checked."""
    if message.get("type") != "hello":
        raise BadMessage("the first message is a hello")
    protocol = message.get("protocol")
    version = message.get("version")
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise BadMessage("hello.protocol is a whole number")
    if not isinstance(version, str) or len(version) > 40 or not version.isprintable():
        raise BadMessage("hello.version is nac's version, like 0.1.0")
    want = message.get("want")
    if want not in WANTS:
        raise BadMessage(f"hello.want is one of {', '.join(WANTS)}")
    key = message.get("key", "")
    if not isinstance(key, str) or len(key) > 64 or not key.isascii():
        raise BadMessage("hello.key is an invite's key")
    try:
        rules = find_rules(message.get("rules", NORMAL.name))
    except ValueError as refusal:
        raise BadMessage(f"hello.rules: {refusal}") from None
    name = checked_name(message.get("name", DEFAULT_NAME))
    token = message.get("token", "")
    if not isinstance(token, str) or len(token) > 64 or not token.isascii():
        raise BadMessage("hello.token is the token of a seat's welcome")
    listed = message.get("listed", True)
    if not isinstance(listed, bool):
        raise BadMessage("hello.listed is true or false")
    clock = read_clock(message.get("clock"))
    public_key = message.get("public_key", "")
    if not isinstance(public_key, str) or (public_key and not PUBLIC_KEY.fullmatch(public_key)):
        raise BadMessage("hello.public_key is an Ed25519 key's OpenSSH line (ssh-ed25519 AAAA...)")
    return Hello(protocol, version, name, want, key, rules, token, listed, clock, public_key)


def read_proof(message: dict[str, Any]) -> bytes:
    """The signature a `proof` carries (the answer to the server's `challenge`)."""
    if message.get("type") != "proof":
        raise BadMessage("a challenge is answered by a proof")
    signature = decoded(message.get("signature"), SIGNATURE_BYTES)
    if signature is None:
        raise BadMessage(f"proof.signature is {SIGNATURE_BYTES} bytes in base64")
    return signature


def read_clock(value: object) -> TimeControl | None:
    """A hello's time control ("3+2"), None for none (absent, null or "")."""
    if value is None or value == "":
        return None
    try:
        return parse_time_control(value)
    except ValueError as refusal:
        raise BadMessage(f"hello.clock: {refusal}") from None


def read_cell(message: dict[str, Any], cells: int) -> int:
    cell = message.get("cell")
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < cells:
        raise BadMessage(f"move.cell is a square's number, 0 to {cells - 1}")
    return cell


def write(kind: str, **fields: Any) -> str:
    """A message of the server's (or the client's), as its frame's text (names as UTF-8, not
    escaped: an emoji takes 4 bytes, not 12)."""
    return json.dumps(
        {"type": kind, **fields}, separators=(",", ":"), allow_nan=False, ensure_ascii=False
    )


def inside(**fields: Any) -> str:
    """Fields written as the inside of a JSON object (`"a":1,"b":2`), for `joined`: a part
    that many messages share is written once."""
    return json.dumps(fields, separators=(",", ":"), allow_nan=False, ensure_ascii=False)[1:-1]


def joined(*insides: str) -> str:
    """One message from the insides `inside` wrote, in order (`write`'s text, had it been
    given all their fields)."""
    return "{" + ",".join(part for part in insides if part) + "}"


_LINE_TO_RUN = re.compile(r"nac\s+(join|watch)\s+\S*[/:]", re.IGNORECASE)
"""An invite line with an address in it."""
SHELL_SIGNS = str.maketrans("", "", "`$|&<>\\")
"""Signs a shell reads as more than words: taken out of a server's text before nac shows it."""


def server_text(value: object, longest: int) -> str:
    """A server's text (a refusal's reason, a close's) as nac shows it: one line of printable
    words, at most `longest` characters, no sign a shell acts on, and never a line to run (a
    server's `nac join` line could pass off its own address as an invite); "" for anything
    else. Invites are built by nac from checked parts, never shown as a server wrote them."""
    if not isinstance(value, str):
        return ""
    text = " ".join(value.translate(SHELL_SIGNS).split())[:longest]
    if not text.isprintable() or _LINE_TO_RUN.search(text):
        return ""
    return text


def number(value: object, default: float) -> float:
    """A finite number from a message, or `default`."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return default
    return float(value)
