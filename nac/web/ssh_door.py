"""`nac serve --ssh PORT`: the game behind an SSH door (asyncssh), beside the web page.

- **Who you are**: any SSH key is let in, no password; the key is the player (`ssh_names`),
  named once by the user name it first came with. Without a key, a player is let in as a guest
  (Guest-NNNN) only where the operator allows it (`--ssh-guests`; keyboard-interactive with no
  question, so `ssh` asks nothing).
- **Nothing but the game**: a session (`ssh_session`) with a terminal gets the full app, in a
  process and a pseudo-terminal of its own (`pty_game`), sized to the player's terminal and
  following its resizes, with the server's lobby one key away. A command (`ssh host ls`), a
  session without a terminal, a subsystem (SFTP, SCP's), port forwarding (local, remote, UNIX
  sockets), agent and X11 forwarding are each refused: a command or a session without a
  terminal with one line naming the command to use, the rest as the protocol refuses them
  (the client says so).
- **Limits**: the web games' (`--max-players`, half of them at most for one address), counted
  together with them; `LOGIN_SECONDS` to log in; connections bounded per address, per network
  (an IPv4 /24, an IPv6 /48) and in all, a share of them (HELD_SHARE) kept for connections that
  hold a game; when a limit is reached, the idlest connection there that holds no game (not
  logged in first) is closed to make room, and only if there is none is the new one refused;
  while a quarter of them have not logged in, connections opened past a rate per network are
  refused as they are accepted, before the key exchange (`ssh_gate`);
  games started and resizes bounded in rate per network (`Bucket`; resizes coalesced), games
  started one at a time, each until its first frame (`start_line`), a refused start told after
  a pause (`REFUSED_START_SECONDS`); a game idle for `idle_seconds` ends, saying why. A
  refusal is logged once a minute per kind.
- **Stopping**: every player's game ends, then their terminal is told the server is stopping,
  then the connection closes.
- **Leaving** (closing the terminal, a dropped network, `~.`) hangs the game up at once: its
  process ends (killed if it lingers), and an online game sees the drop as ever.
- The host key is made on the first start and kept (`ssh_host_ed25519_key` in the server's data
  directory, readable by its owner only); its fingerprint is printed at every start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import asyncssh

from ..net.gate import Bucket, client, network
from .quiet_log import QuietLog
from .ssh_gate import AcceptGate
from .ssh_keys import ed25519_line
from .ssh_names import SshNames
from .ssh_session import GameSession
from .start_line import StartLine

log = logging.getLogger("nac.ssh")
quiet = QuietLog(log)

LOGIN_SECONDS = 20.0
"""Time a connection has to log in."""
KEEPALIVE_SECONDS = 30.0
"""How often a quiet connection is asked whether it is still there (a dropped network is found
within a few of these)."""
DEFAULT_IDLE_SECONDS = 30 * 60.0
YOURS_ALREADY = "nac: your address plays {count} of this server's games already."
"""A game's terminal type where the client names none it may be given."""
MOST_SESSIONS = 2
"""Sessions one connection may hold open at once (a game needs one)."""

"""Variables that would fix a game's size whatever its terminal's (the server's shell may have
them): a game is given none of them, and follows the player's terminal."""


PER_ADDRESS = 8
"""SSH connections one address may hold open at once (each handshake costs the server real
work: a script opening thousands holds a few at a time)."""
PER_NETWORK = 32
"""SSH connections one network (an IPv4 /24, an IPv6 /48) may hold open at once."""
MOST_CONNECTIONS = 256
"""SSH connections open at once in all."""
HELD_SHARE = 4
"""One connection in this many is kept for connections that hold a game."""
STARTS_PER_SECOND = 0.5
STARTS_BURST = 16
"""Games one network may start: a burst, then one every two seconds (a game's start costs the
server a process and a second of work)."""
"""A game refused its start is told so after this long (not at once: a script starting and
dropping games in a loop is slowed to one refusal a second a session)."""
"""A game follows its terminal's size at most this often (a storm of resizes is one, the last)."""
MOST_BUCKETS = 10_000
"""Networks whose rate of starts is remembered (the full ones are let go past it)."""


@dataclass
class Door:
    """What the door needs from the server it stands in."""

    command: Sequence[str]
    """The game's command line, but for the player's name, which goes last (`name_option`)."""
    admit: Callable[[str], str | None]
    """Whether a game may start for this address: None, or the line saying why not."""
    started: Callable[[str, str], Mapping[str, str]]
    """A game starts for this address and this player's Ed25519 key (its OpenSSH line; "" for a
    guest or another kind of key): it is counted, and this is its environment besides the
    server's (the relay's pass, which vouches for the key there)."""
    ended: Callable[[str, Mapping[str, str]], object]
    """... and it has ended (its process gone): no longer counted."""
    name_option: str
    """The option that gives the game its player's name, given as `OPTION=NAME` so that no name
    reads as an option."""
    per_address: int = PER_ADDRESS
    per_network: int = PER_NETWORK
    most_connections: int = MOST_CONNECTIONS
    guests: bool = False
    idle_seconds: float = DEFAULT_IDLE_SECONDS
    player: Callable[[str, str, str], Awaitable[str]] | None = None
    """The name the server's ledger knows this address's Ed25519 key by (given the name the
    door would give it), asked before the game starts: a key is one player on every door.
    Raises Refused (its line) where the key may not be a new player here. None: no ledger."""


class SshServer:
    """The SSH door: listening, its connections and their games."""

    def __init__(self, door: Door, names: SshNames, key: asyncssh.SSHKey) -> None:
        self.door = door
        self.names = names
        self.key = key
        self.connections: Counter[str] = Counter()
        """Connections open, by address."""
        self.networks: Counter[str] = Counter()
        """Connections open, by network."""
        self.inside: dict[Connection, None] = {}
        """The connections counted, oldest first."""
        self.starts: dict[str, Bucket] = {}
        """Games started lately, by network."""
        self.start_line = StartLine()
        """Games start one at a time, each until its first frame."""
        self.gate = AcceptGate(quiet.info, self.busy)
        """Connections opened lately, by network: past a rate while the door is busy, refused
        as they are accepted."""
        self.open: set[asyncssh.SSHServerConnection] = set()
        self.sessions: set[GameSession] = set()
        self.stopping = False
        self._listener: asyncssh.SSHAcceptor | None = None
        self.port = 0
        """The port it listens on (the one asked for, or the one given for 0)."""
        self.host = "localhost"
        """The host name players type (`start`)."""

    @property
    def fingerprint(self) -> str:
        return str(self.key.get_fingerprint())

    async def start(self, host: str, port: int, shown_host: str = "localhost") -> None:
        """Listen on host:port (OSError if it cannot); players type `shown_host`."""
        self.host = shown_host
        self._listener = await asyncssh.create_server(
            lambda: Connection(self),
            host or None,
            port,
            tunnel=self.gate,  # the door listens through its gate (`ssh_gate`)
            server_host_keys=[self.key],
            login_timeout=LOGIN_SECONDS,
            keepalive_interval=KEEPALIVE_SECONDS,
            keepalive_count_max=3,
            line_editor=False,
            encoding=None,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            password_auth=False,
            gss_host=None,
            host_based_auth=False,
            server_version="nac",
        )
        sockets = self._listener.sockets
        self.port = sockets[0].getsockname()[1] if sockets else port

    async def stop(self) -> None:
        """Stop listening; every game ends and its player is told the server stops (returns
        once their processes have exited), then every connection closes."""
        self.stopping = True
        if self._listener is not None:
            self._listener.close()
        await asyncio.gather(*(session.end() for session in list(self.sessions)))
        for connection in list(self.open):
            connection.close()
        await asyncio.gather(
            *(_closed(connection) for connection in list(self.open)), return_exceptions=True
        )
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.wait_closed()

    def busy(self) -> bool:
        """Whether a quarter of the door's connections are ones that have not logged in."""
        waiting = sum(not connection.logged_in for connection in self.inside)
        return waiting >= self.door.most_connections // HELD_SHARE

    def room_for(self, newcomer: Connection) -> bool:
        """Whether a new connection may be counted in: at once if every limit has room, else
        once the idlest connection that holds no game where the limit is reached (its address,
        its network, or in all the network with the most) is closed for it; False if there is
        none."""
        for _ in range(3):  # a limit each: the newcomer is one connection more
            where = self._full(newcomer)
            if where is None:
                return True
            idlest = self._idlest(where)
            if idlest is None:
                return False
            quiet.info("an SSH connection holding no game is closed to make room")
            idlest.make_room()
        return self._full(newcomer) is None

    def _full(self, newcomer: Connection) -> Callable[[Connection], bool] | None:
        """Which connections make room for the newcomer (None: there is room)."""
        door, address, net = self.door, newcomer.address, newcomer.network
        if self.connections[address] >= door.per_address:
            return lambda connection: connection.address == address
        if self.networks[net] >= door.per_network:
            return lambda connection: connection.network == net
        unheld = Counter(c.network for c in self.inside if not c.holds_game)
        for_others = door.most_connections - door.most_connections // HELD_SHARE
        if len(self.inside) >= door.most_connections or unheld.total() >= for_others:
            busiest = max(unheld, key=unheld.__getitem__, default="")
            return lambda connection: connection.network == busiest
        return None

    def _idlest(self, among: Callable[[Connection], bool]) -> Connection | None:
        """The connection among these that holds no game and was idle longest: one not logged
        in before one logged in, the oldest first."""
        candidates = [c for c in self.inside if not c.holds_game and among(c)]
        return min(candidates, key=lambda c: (c.logged_in, c.since), default=None)

    def may_start(self, net: str) -> bool:
        """Whether a game may start for this network now (its rate of starts)."""
        bucket = self.starts.get(net)
        if bucket is None:
            if len(self.starts) >= MOST_BUCKETS:  # networks that started nothing lately let go
                self.starts = {k: b for k, b in self.starts.items() if not _full_bucket(b)}
            bucket = self.starts[net] = Bucket(STARTS_PER_SECOND, STARTS_BURST, time.monotonic)
        return bucket.take()

    def command_line(self) -> str:
        """The line a player types to play here."""
        port = "" if self.port == 22 else f" -p {self.port}"
        return f"ssh -t{port} {self.host}"


class Connection(asyncssh.SSHServer):
    """One SSH connection: who it is, and what it may open (one game at a time)."""

    def __init__(self, server: SshServer) -> None:
        self.server = server
        self.address = "?"
        self.network = "?"
        self.username = ""
        self.fingerprint = ""
        self.public_key = ""
        """The player's key as its OpenSSH line, if it is an Ed25519 key (the relay's players
        are Ed25519 keys: the same key by `nac lobby --key` is the same player)."""
        self.counted = False
        self.since = time.monotonic()
        self.logged_in = False
        self.games = 0
        """Games this connection's sessions play now (counted with the server's)."""
        self.connection: asyncssh.SSHServerConnection | None = None
        self.sessions = 0
        """Sessions open on this connection."""
        self._name: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.connection = conn
        peer = conn.get_extra_info("peername")
        self.address = client(peer[0] if peer else "?")
        self.network = network(self.address)
        server = self.server
        if server.stopping or not server.room_for(self):
            quiet.info("an SSH connection is refused: too many connections")
            conn.abort()
            return
        server.connections[self.address] += 1
        server.networks[self.network] += 1
        server.inside[self] = None
        server.open.add(conn)
        self.counted = True

    @property
    def holds_game(self) -> bool:
        return self.games > 0

    def make_room(self) -> None:
        """Closed for a newcomer: uncounted now, its connection cut."""
        self._uncount()
        if self.connection is not None:
            self.connection.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.connection is not None:
            self.server.open.discard(self.connection)
        self._uncount()

    def _uncount(self) -> None:
        if not self.counted:
            return
        self.counted = False
        server = self.server
        server.inside.pop(self, None)
        for counter, key in ((server.connections, self.address), (server.networks, self.network)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

    def auth_completed(self) -> None:
        self.logged_in = True

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Any key: the key is the player. asyncssh asks this for every key offered and checks a
        # signature after it; the login succeeds by the last key asked for (or by no key: a
        # guest, `get_kbdint_challenge`), so the fingerprint kept is the one signed with.
        self.fingerprint = str(key.get_fingerprint())
        self.public_key = ed25519_line(key)
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.server.door.guests

    def get_kbdint_challenge(self, username: str, *_: str) -> bool:
        self.fingerprint = self.public_key = ""  # a guest: no key
        return self.server.door.guests

    def password_auth_supported(self) -> bool:
        return False

    async def named(self) -> str:
        """The player's name, found when their first game starts (a key's kept, in a thread:
        the file is written; a guest's made up)."""
        if self._name is None:
            names = self.server.names
            self._name = (
                await asyncio.to_thread(names.name_for, self.fingerprint, self.username)
                if self.fingerprint
                else names.guest_name()
            )
        return self._name

    def session_requested(self) -> GameSession | bool:
        if self.sessions >= MOST_SESSIONS:
            quiet.info("an SSH player's extra session is refused")
            return False
        self.sessions += 1
        return GameSession(self)

    def connection_requested(self, *_: Any) -> bool:
        quiet.info("an SSH player's port forwarding is refused")
        return False

    def server_requested(self, *_: Any) -> bool:
        quiet.info("an SSH player's remote forwarding is refused")
        return False

    def unix_connection_requested(self, *_: Any) -> bool:
        quiet.info("an SSH player's socket forwarding is refused")
        return False

    def unix_server_requested(self, *_: Any) -> bool:
        quiet.info("an SSH player's socket forwarding is refused")
        return False


async def _closed(connection: asyncssh.SSHServerConnection) -> None:
    """Wait (bounded) until a closing connection has closed."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(connection.wait_closed(), LOGIN_SECONDS)


def _full_bucket(bucket: Bucket) -> bool:
    """Whether a bucket is full again (its network started nothing lately)."""
    bucket.take(0)
    return bucket.tokens >= bucket.burst
