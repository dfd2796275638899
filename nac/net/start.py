"""The start of an online game, shared by the full-screen app and `--plain`: what a command asked
for (`OnlineStart`), the key the player plays by, and the game begun (`nac host`'s own server
first). Nothing here imports the WebSocket library: it loads when a game begins."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import NORMAL, Rules
from ..core.clock import TimeControl, parse_time_control
from ..core.players import player_name
from .address import DEFAULT_PORT, Address

if TYPE_CHECKING:
    from .identity import Identity
    from .play import OnlinePlay, Passes
    from .table import Keep

DEFAULT_BIND = "0.0.0.0"
"""`nac host` listens on every address of the machine, so a friend on the same network can
reach it (the key in the invite keeps strangers out); `--bind 127.0.0.1` keeps it on this
machine."""
MATCH_CLOCK = parse_time_control("3+2")
"""A quick match's clock where none is asked for (`nac match`, the lobby's `m`)."""
RELAY_GAME_VARIABLE = "NAC_RELAY_GAME"
"""Set by `nac serve` for each browser game it runs: the relay's address and the game's own
pass, which the game shows the relay (RELAY_GAME_HEADER) so that each browser game counts as a
client of its own there, not as one more connection from 127.0.0.1."""
RELAY_GAME_HEADER = "X-Nac-Game"


@dataclass(frozen=True)
class OnlineStart:
    """What an online command asked for."""

    want: str
    """"host", "join", "watch", "lobby" or "match" (a quick match's search)."""
    name: str
    address: Address | None = None
    """join, watch: the invite's address."""
    server: str = ""
    """lobby, match, and host on a relay: the relay's WebSocket address."""
    rules: Rules = NORMAL
    """host: the rules of the game hosted; match: the pool searched."""
    bind: str = DEFAULT_BIND
    port: int = DEFAULT_PORT
    public_url: str | None = None
    trust_proxy: bool = False
    """host: a reverse proxy in front forwards each client's address (X-Forwarded-For)."""
    listed: bool = True
    """host on a relay: whether the relay's lobby shows the game."""
    clock: TimeControl | None = None
    """host (and a lobby's host key): the games' time control (None: no clock)."""
    identity: Identity | None = None
    """The player's key, proven to the server at each connection (None: a guest's game)."""
    key_file: Path | None = None
    """`--key FILE`: the player's own OpenSSH Ed25519 key, in place of nac's."""
    guest: bool = False
    """`--guest`: played without a key (unrated; a player's name is not theirs to show)."""


def player_identity(
    key_file: Path | None,
    guest: bool,
    home: Path | None,
    keyless: Callable[[str], object] = lambda _why: None,
) -> Identity | None:
    """The key a player plays online by: `key_file`'s, none for a guest (or where nac keeps no
    file: `home` None, a served game's player), else their own, made in `home` on first online
    use. Where `home` cannot make or read it, a guest, and `keyless` is given why.
    `identity.BadKey` saying why `key_file` cannot be used."""
    from ..store.player_key import own_key
    from .identity import BadKey, read_identity

    if guest:
        return None
    if key_file is not None:
        return read_identity(key_file)
    if home is None:
        return None
    try:
        return read_identity(own_key(home))
    except OSError as error:  # a data directory that holds nothing: played as a guest, as nac
        keyless(f"{error.strerror or error}: {error.filename or home}")  # plays on when it
    except BadKey as refusal:  # cannot save
        keyless(str(refusal))
    return None


def default_name() -> str:
    """A player's shown name when none is given: their login name, or "Player"."""
    import getpass  # loaded when online play begins, not at start

    try:
        return player_name(getpass.getuser().capitalize())
    except (ValueError, KeyError, OSError):
        return "Player"


async def begin(
    start: OnlineStart,
    *,
    on_change: Callable[[], object],
    keep: Keep | None,
    passes: Passes | None = None,
) -> OnlinePlay:
    """The online game `start` asks for, ready to `run()`: for `nac host`, its own server
    listening first (OSError if it cannot listen there). `passes`: where the seats' tokens
    are kept, so a player whose nac ended comes back to the seat with the same line."""
    from .play import OnlinePlay, host_game

    if start.want == "host" and not start.server:
        server, home = await host_game(
            start.name,
            rules=start.rules,
            bind=start.bind,
            port=start.port,
            public_url=start.public_url,
            trust_proxy=start.trust_proxy,
            clock=start.clock,
        )
        return OnlinePlay(
            home,
            "join",
            start.name,
            on_change=on_change,
            keep=keep,
            server=server,
            identity=start.identity,
        )
    address = start.address if start.address is not None else Address(start.server, "")
    return OnlinePlay(
        address,
        start.want,
        start.name,
        on_change=on_change,
        keep=keep,
        rules=start.rules,
        passes=passes,
        headers=relay_game_headers(address.server),
        listed=start.listed,
        clock=start.clock,
        identity=start.identity,
    )


def relay_game_headers(server: str) -> dict[str, str]:
    """The header a relay's own browser game shows when it connects to that relay (and to no
    other server)."""
    relay, _, game = os.environ.get(RELAY_GAME_VARIABLE, "").partition(" ")
    if not game or relay.rstrip("/") != server.rstrip("/"):
        return {}
    return {RELAY_GAME_HEADER: game}
