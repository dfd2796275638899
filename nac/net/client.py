"""A player's or a watcher's connection to a game server, through the websockets library: it
says hello, hands every message to its listener, and after a drop comes back by itself (with
the same key and the seat's token, to the same seat) until the server says no (a wrong or
expired key, another version, the server stopping: an `error`), cannot be reached for
`GIVE_UP_SECONDS`, closes EMPTY_TRIES connections in a row before sending the game (or sends
nothing of it for WELCOME_SECONDS), drops it DROPS_TO_GIVE_UP times in DROPS_SECONDS, or the
front end stops it. Whatever ends it is said in one line (`refused`).

Where servers share a database, each `welcome` names them (`servers`): after a drop the client
tries its own server OWN_TRIES times, then the others in turn with its own (one of them takes
the game over if its server died). A server's `go` sends it to another server at once (the
game is played there now), with its hello as it was (its seat's key and token, its own key)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..core import NORMAL, Rules
from ..core.clock import TimeControl
from .address import Address, BadAddress, parse_server
from .identity import NONCE_BYTES, Identity, decoded, dialled, encoded
from .protocol import PROTOCOL, server_text, write

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection
    from websockets.frames import Close

Listener = Callable[[dict[str, Any]], object]
RETRY_SECONDS = (0.5, 1.0, 2.0, 3.0, 5.0)
"""The pauses before coming back after a drop, then the last one again."""
FIRST_TRIES = 3
"""Tries to reach a server never reached yet, before saying it cannot be reached."""
GIVE_UP_SECONDS = 90.0
"""How long a lost server is tried again: past the 60 s a server keeps a dropped player's seat,
so by then the game is over whatever happened to the server."""
GONE = (
    "nothing heard from the game server for a minute and a half: it has gone (its nac closed, "
    "or its network), and the game with it"
)
HEARTBEAT_SECONDS = 5.0
LONGEST_SERVER_MESSAGE = 64 * 1024
"""A server's state grows with its moves and names; a message over this ends the connection."""
EMPTY_TRIES = 5
"""Connections in a row that end before the server sent the game (or the lobby): then the
client gives up and says why."""
TOO_BIG = 1009
"""Close code: a message over the size limit (the server sent more than nac takes)."""
WELCOME_SECONDS = 15.0
"""How long a connection waits for the game (or the lobby) before it counts as empty."""
DROPS_TO_GIVE_UP = 10
DROPS_SECONDS = 60.0
"""A server that drops the game DROPS_TO_GIVE_UP times in DROPS_SECONDS is given up."""
FLAPPING = (
    f"the game server dropped the connection {DROPS_TO_GIVE_UP} times in a minute: try again later"
)
GOING_AWAY = 1001
"""Close code: the server ended the game for good (its room closed, the server stopping)."""
LEAVE_SECONDS = 3.0
"""How long a player leaving waits for the server to close the connection (its sign that the
leave is done)."""
OWN_TRIES = 1
"""Tries of the server the game was on, after a drop, before the other servers it named."""
MOST_SERVERS = 16
"""Servers' addresses a welcome's list is read for, at most."""


class OnlineClient:
    """`run()` until the server refuses, the front end calls `stop()`, or (`retry` False) the
    first drop. The listener hears the server's messages as they come (objects with a
    `type`), and the client's own: `{"type": "connection", "status": "lost" | "back"}` (back:
    welcomed again, so requests go)."""

    def __init__(
        self,
        address: Address,
        want: str,
        name: str,
        listener: Listener,
        *,
        rules: Rules = NORMAL,
        tls: ssl.SSLContext | None = None,
        retry: bool = True,
        token: str = "",
        on_token: Callable[[str], object] | None = None,
        headers: dict[str, str] | None = None,
        listed: bool = True,
        clock: TimeControl | None = None,
        identity: Identity | None = None,
    ) -> None:
        """`token`: the seat's pass kept from an earlier run (a player whose nac ended comes
        back with it); `on_token`: told the pass the server gives, to keep; `headers`: sent
        with the handshake (a relay's own browser game says which it is); `listed`: hosting
        on a relay, whether its lobby shows the game; `clock`: hosting on a relay, its games'
        time control (None: none); `identity`: the player's key, proven to the server at each
        connection (None: a guest)."""
        self.address = address
        self.want = want
        self.key = address.key
        self.name = name
        self.rules = rules
        self.listener = listener
        self.tls = tls
        self.retry = retry
        self.refused: str | None = None
        """Why the server said no, once it has: the client stops then."""
        self.over = False
        """Whether the server ended the game for good (not a limit to try again after)."""
        self.token = token
        """The seat's pass from the server's welcome: a player back with it takes the seat."""
        self.on_token = on_token
        self.headers = headers or {}
        self.listed = listed
        self.time_control = clock
        self._heard_game = False
        self._welcomed = False
        self.identity = identity
        self._challenge: bytes | None = None
        """A challenge heard on this connection, to answer with a proof."""
        self._proved = False
        self.clock = time.monotonic
        self._connection: ClientConnection | None = None
        self._stopped = False
        self.servers: list[str] = []
        """The servers the last welcome named (where servers share a database), its own
        first: tried after a drop, once its own fails."""
        self._home = address.server
        """The server the game was last played on (the last welcome's)."""
        self.invited = address.server
        """The server of the seat's invite (its pass is kept by it: the same invite line
        finds it, though the game has moved to another server since)."""
        self._returning = False
        """This connection comes back after a drop (said "back" once it is welcomed)."""
        self._going: tuple[str | None, str | None] | None = None
        """A `go` heard on this connection: the server to go to (None: another of
        `servers`), and the key to say hello with there (None: this one)."""

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, WebSocketException

        attempt = 0
        was_connected = False
        lost_at = 0.0
        empty = 0
        """Connections in a row that ended before the server sent anything of the game's."""
        drops: deque[float] = deque(maxlen=DROPS_TO_GIVE_UP)
        """When the last connections that had the game ended."""
        while not self._stopped and self.refused is None:
            self._heard_game = self._welcomed = self._proved = opened = False
            self._challenge = None
            ending: tuple[Close | None, Close | None] = (None, None)
            """The close frames the last connection sent and received."""
            try:
                tls: dict[str, Any] = {} if self.tls is None else {"ssl": self.tls}
                async with connect(
                    self.address.url,
                    **tls,
                    max_size=LONGEST_SERVER_MESSAGE,
                    ping_interval=HEARTBEAT_SECONDS,
                    ping_timeout=HEARTBEAT_SECONDS,
                    open_timeout=10,
                    close_timeout=2,
                    compression=None,
                    additional_headers=self.headers,
                ) as connection:
                    self._connection, opened = connection, True
                    # A server that refuses at once (a limit) may close before the hello is
                    # out: what it said is still read below.
                    with contextlib.suppress(ConnectionClosed):
                        await connection.send(self._hello())
                    self._returning = was_connected  # "back" once welcomed: usable then
                    was_connected, attempt = True, 0
                    async with asyncio.timeout(WELCOME_SECONDS) as waiting:
                        async for frame in connection:
                            self._hear(frame)
                            if self._challenge is not None:
                                await connection.send(self._proof(self._challenge))
                                self._challenge = None
                            if self._heard_game:
                                waiting.reschedule(None)
                    ending = (connection.protocol.close_sent, connection.protocol.close_rcvd)
            except ssl.SSLError as failure:  # no certificate trusted: trying again changes nothing
                self.refused = _why(failure)
            except ConnectionClosed as failure:
                ending = (failure.sent, failure.rcvd)
            except (OSError, InvalidHandshake, WebSocketException, TimeoutError) as failure:
                if not was_connected and (not self.retry or attempt >= FIRST_TRIES):
                    self.refused = _why(failure)
            finally:
                self._connection = None
            going, self._going = self._going, None
            if opened:
                empty = 0 if self._heard_game else empty + 1
                if self._heard_game:
                    drops.append(self.clock())
                if len(drops) == DROPS_TO_GIVE_UP and drops[-1] - drops[0] < DROPS_SECONDS:
                    self.refused = self.refused or FLAPPING
                self.refused = self.refused or _given_up(*ending, empty)
                received = ending[1]
                self.over = self.refused is not None and getattr(received, "code", 0) == GOING_AWAY
            if going is not None and self.refused is None and not self._stopped:
                self._go(*going)  # at once: the game is played there now
                attempt = 0
                continue
            if was_connected and attempt == 0:
                lost_at = self.clock()
            elif was_connected and self.clock() - lost_at > GIVE_UP_SECONDS:
                self.refused = GONE
            if self._stopped or self.refused is not None or not self.retry:
                break
            if was_connected:
                self.listener({"type": "connection", "status": "lost"})
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            attempt += 1
            if was_connected:
                self._after_drop(attempt)
        if self.refused is not None:
            self.listener({"type": "error", "reason": self.refused})

    def _after_drop(self, tries: int) -> None:
        """Where the `tries`-th try after a drop goes: the server the game was on for the first
        OWN_TRIES, then each other server the last welcome named, in turn with it."""
        others = [server for server in self.servers if server != self._home]
        server = self._home
        if tries > OWN_TRIES and others:
            turn = [*others, self._home]
            server = turn[(tries - OWN_TRIES - 1) % len(turn)]
        self.address = Address(server, self.key)

    def _go(self, server: str | None, key: str | None) -> None:
        """Follow a `go`: to `server` (None: the next server named after this one, or this one
        again), saying hello there with `key` if it gave one (a seat's there: a search's hello
        becomes that seat's join)."""
        if server is None:
            here = self.address.server
            others = [one for one in self.servers if one != here]
            server = others[0] if others else here
        if key is not None and key != self.key:  # another seat, invited there
            self.key, self.token, self.invited = key, "", server
            if self.want in ("match", "host"):
                self.want = "join"
        self.address, self._home = Address(server, self.key), server

    def _hello(self) -> str:
        hosting: dict[str, object] = {"listed": self.listed} if self.want == "host" else {}
        if self.want in ("host", "match") and self.time_control is not None:
            hosting["clock"] = self.time_control.name
        return write(
            "hello",
            protocol=PROTOCOL,
            version=__version__,
            name=self.name,
            want=self.want,
            key=self.key,
            rules=self.rules.name,
            token=self.token,
            **hosting,
            **({} if self.identity is None else {"public_key": self.identity.public_line}),
        )

    def _proof(self, nonce: bytes) -> str:
        """The answer to a challenge: the nonce signed with the server's address as dialled."""
        assert self.identity is not None
        signature = self.identity.sign(nonce, dialled(self.address.url))
        return write("proof", signature=encoded(signature))

    def _hear(self, frame: str | bytes) -> None:
        if isinstance(frame, bytes) or len(frame) > LONGEST_SERVER_MESSAGE:
            return
        try:
            message = json.loads(frame)
        except (ValueError, RecursionError):
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return
        if message["type"] in ("state", "lobby", "searching"):
            self._heard_game = True
        if message["type"] == "matched" and self.want == "match":
            key, token = message.get("key"), message.get("token")
            fits = [isinstance(part, str) and 0 < len(part) <= 64 and part.isascii()
                    for part in (key, token)]  # fmt: skip
            if not all(fits):
                return
            assert isinstance(key, str) and isinstance(token, str)
            self.want, self.key, self.token = "join", key, token  # back to the seat after a drop
            if self.on_token is not None:
                self.on_token(token)
        if message["type"] == "welcome":
            if self._welcomed:  # one welcome a connection: a second changes no seat
                return
            self._welcomed = True
            if self._returning:
                self._returning = False
                self.listener({"type": "connection", "status": "back"})
            self._home = self.address.server
            self.servers = _servers(message.get("servers"))
            key = message.get("key")
            hosting = self.want == "host" and message.get("role") == "host"
            if hosting and isinstance(key, str) and 0 < len(key) <= 64 and key.isascii():
                self.want, self.key = "join", key  # a relay's room: back as its host
            token = message.get("token")
            if isinstance(token, str) and 0 < len(token) <= 64 and token.isascii():
                self.token = token
                if self.on_token is not None:
                    self.on_token(token)
        if message["type"] == "challenge":
            nonce = decoded(message.get("nonce"), NONCE_BYTES)
            if nonce is not None and self.identity is not None and not self._proved:
                self._challenge, self._proved = nonce, True
            return
        if message["type"] == "error":
            self.refused = server_text(message.get("reason"), 300) or "the server said no"
            return
        if message["type"] == "go":
            server, key = _server(message.get("server")), message.get("key")
            usable = isinstance(key, str) and 0 < len(key) <= 64 and key.isascii()
            self._going = (server, key if usable and isinstance(key, str) else None)
        self.listener(message)

    async def send(self, kind: str, **fields: Any) -> bool:
        """A request to the server; False if it could not go (the connection is down, or not
        yet welcomed: a request amid its hello and proof would read as a broken proof)."""
        connection = self._connection
        if connection is None or not self._welcomed or len(fields) > 4:
            return False
        with contextlib.suppress(Exception):
            await connection.send(write(kind, **fields))
            return True
        return False

    async def leave(self) -> None:
        """A player going for good: the server is told (a game in progress counts as resigned,
        the others hear they left), and has done it when it closes the connection (waited for
        at most LEAVE_SECONDS: a host's own server closes next, and must not close first)."""
        self._stopped = True
        connection = self._connection
        if connection is not None and await self.send("leave"):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(connection.wait_closed(), LEAVE_SECONDS)
        await self.stop()

    async def stop(self) -> None:
        self._stopped = True
        connection = self._connection
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.close()


def _server(value: object) -> str | None:
    """A server's address a server sent (ws:// or wss://, as nac writes them), or None."""
    if not isinstance(value, str) or not value.lower().startswith(("ws://", "wss://")):
        return None
    try:
        return parse_server(value)
    except BadAddress:
        return None


def _servers(value: object) -> list[str]:
    """The addresses a welcome's `servers` names (MOST_SERVERS at most), in its order."""
    if not isinstance(value, list):
        return []
    found = (_server(one) for one in value[:MOST_SERVERS])
    return list(dict.fromkeys(one for one in found if one is not None))


def _given_up(sent: Close | None, received: Close | None, empty: int) -> str | None:
    """Why a server whose connections keep ending is given up (`sent`, `received`: the close
    frames of the last one; `empty`: how many in a row ended before it sent the game), or
    None to try again."""
    if sent is not None and sent.code == TOO_BIG:
        most = LONGEST_SERVER_MESSAGE // 1024
        return f"the game server sent a message larger than nac takes ({most} KB)"
    if empty < EMPTY_TRIES:
        return None
    reason = server_text(received.reason, 100) if received is not None else ""
    said = f" (it said: {reason})" if reason else ""
    return (
        f"{EMPTY_TRIES} connections in a row to the game server ended before it sent the game{said}"
    )


def _why(failure: BaseException) -> str:
    from websockets.exceptions import InvalidStatus

    if isinstance(failure, InvalidStatus):  # refused before the handshake: its one line
        body = failure.response.body or b""
        said = server_text(body.decode("utf-8", "replace").removeprefix("nac: "), 120)
        if said:
            return f"the game server said no: {said}"
    if isinstance(failure, ConnectionRefusedError):
        return "no game server answers there: check the address, or ask for a new invite"
    if isinstance(failure, TimeoutError):
        return "the game server did not answer in time"
    if isinstance(failure, ssl.SSLCertVerificationError):
        return f"could not reach the game server: its certificate is not trusted ({failure.reason})"
    return f"could not reach the game server ({type(failure).__name__})"
