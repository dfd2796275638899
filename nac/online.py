"""`nac host`, `nac join ADDRESS`, `nac watch ADDRESS`, `nac lobby SERVER` and `nac match
SERVER`: the command line of online play, and its start, shared by the full-screen app and
`--plain`. Nothing here imports the WebSocket library: it loads when a game begins."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .core import NORMAL, Rules
from .core.clock import TimeControl, parse_time_control
from .core.players import player_name
from .net.address import DEFAULT_PORT, Address, BadAddress, parse_address, parse_server

if TYPE_CHECKING:
    from .net.identity import Identity
    from .net.play import OnlinePlay, Passes
    from .net.table import Keep

DEFAULT_BIND = "0.0.0.0"
"""`nac host` listens on every address of the machine, so a friend on the same network can
reach it (the key in the invite keeps strangers out); `--bind 127.0.0.1` keeps it on this
machine."""
WANTS = ("host", "join", "watch", "lobby", "match")
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
    said: Callable[[str], object] = lambda _line: None,
) -> Identity | None:
    """The key a player plays online by: `key_file`'s, none for a guest (or where nac keeps no
    file: `home` None, a served game's player), else their own, made in `home` on first online
    use. Where `home` cannot make or read it, a guest, and `said` is given the line saying so.
    `identity.BadKey` saying why `key_file` cannot be used."""
    from .net.identity import BadKey, read_identity
    from .present.online.words import keyless
    from .store.player_key import own_key

    if guest:
        return None
    if key_file is not None:
        return read_identity(key_file)
    if home is None:
        return None
    try:
        return read_identity(own_key(home))
    except OSError as error:  # a data directory that holds nothing: played as a guest, as nac
        said(keyless(f"{error.strerror or error}: {error.filename or home}"))  # plays on when
    except BadKey as refusal:  # it cannot save
        said(keyless(str(refusal)))
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
    from .net.play import OnlinePlay, host_game

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


# -- the command line ---------------------------------------------------------------------------


def add_online_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    host = commands.add_parser(
        "host",
        help="host an online game: a friend joins with the line shown",
        description="Host an online game: the screen shows one line for your opponent "
        "(nac join ADDRESS) and one for watchers (nac watch ADDRESS).",
    )
    from .options import RULES_CHOICES, any_case

    for flag, parse, choices, text in RULES_CHOICES:
        host.add_argument(flag, type=any_case(parse), metavar=choices, help=text)
    host.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"the port to listen on (default: {DEFAULT_PORT}; 0: any free one)",
    )
    host.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="ADDRESS",
        help="the address to listen on (default: every address of this machine, so others "
        "can reach it; 127.0.0.1: this machine only)",
    )
    host.add_argument(
        "--public-url",
        type=_public_url,
        metavar="URL",
        help="the address the invites give, behind a reverse proxy (wss://example.org/nac)",
    )
    host.add_argument(
        "--trust-proxy",
        action="store_true",
        help="a reverse proxy in front forwards each player's address (X-Forwarded-For): the "
        "limits per address count those; only behind such a proxy",
    )
    host.add_argument(
        "--relay",
        type=_server,
        metavar="SERVER",
        help="host on a relay (nac serve's address) instead of on this machine",
    )
    host.add_argument(
        "--unlisted",
        action="store_true",
        help="with --relay: only your invite reaches the game, the relay's lobby does not show it",
    )
    for want, text in (
        ("join", "join an online game with its invite's ADDRESS (or the whole line)"),
        ("watch", "watch an online game with its watch line's ADDRESS"),
    ):
        command = commands.add_parser(want, help=text, description=text.capitalize() + ".")
        command.add_argument("address", type=_address_for(want), metavar="ADDRESS")
    lobby = commands.add_parser(
        "lobby",
        help="the open games on a relay (nac serve's address), to join or watch",
        description="A relay's lobby: the open games, to join or watch, or host your own.",
    )
    lobby.add_argument("server", type=_server, metavar="SERVER")
    match = commands.add_parser(
        "match",
        help="quick match on a relay (nac serve's address): an opponent of your rating",
        description="Quick match: the relay pairs you with someone searching for the same rules "
        f"and clock, of a rating close to yours (the normal 3×3 game and {MATCH_CLOCK} unless "
        "you say otherwise); the game is rated where the relay keeps ratings and both players "
        "have keys.",
    )
    match.add_argument("server", type=_server, metavar="SERVER")
    for flag, parse, choices, text in RULES_CHOICES:
        match.add_argument(flag, type=any_case(parse), metavar=choices, help=text)
    match.add_argument(
        "--clock",
        type=_clock,
        default=MATCH_CLOCK,
        metavar="M+S",
        help=f"M minutes each, S seconds added a move (default: {MATCH_CLOCK})",
    )
    for command in (host, lobby):
        command.add_argument(
            "--clock",
            type=_clock,
            metavar="M+S",
            help="the games hosted have a clock: M minutes each, S seconds added a move (like "
            "3+2; default: none)",
        )
    for command in (host, *(commands.choices[want] for want in ("join", "watch")), lobby, match):
        command.add_argument(
            "--name", type=_name, metavar="NAME", help="the name others see (default: yours)"
        )
        command.add_argument(
            "--plain",
            action="store_true",
            default=argparse.SUPPRESS,
            help="in plain text (typed lines) instead of the full-screen app",
        )
        keys = command.add_mutually_exclusive_group()
        keys.add_argument(
            "--key",
            type=Path,
            metavar="FILE",
            help="play by your own SSH key (an Ed25519 private key without a passphrase, like "
            "~/.ssh/id_ed25519) instead of the one nac makes for you",
        )
        keys.add_argument(
            "--guest",
            action="store_true",
            help="play without a key: as a guest, unrated, your name not kept",
        )


def online_start(options: argparse.Namespace) -> OnlineStart:
    """The start an online command's options ask for."""
    name = options.name or default_name()
    keys = {"key_file": options.key, "guest": options.guest}
    if options.command == "host":
        from .options import chosen_rules

        return OnlineStart(
            "host",
            name,
            server=options.relay or "",
            rules=chosen_rules(options, NORMAL) or NORMAL,
            bind=options.bind,
            port=options.port,
            public_url=options.public_url,
            trust_proxy=options.trust_proxy,
            listed=not options.unlisted,
            clock=options.clock,
            **keys,
        )
    if options.command == "match":
        from .options import chosen_rules

        rules = chosen_rules(options, NORMAL) or NORMAL
        return OnlineStart(
            "match", name, server=options.server, rules=rules, clock=options.clock, **keys
        )
    if options.command == "lobby":
        return OnlineStart("lobby", name, server=options.server, clock=options.clock, **keys)
    return OnlineStart(options.command, name, address=options.address, **keys)


def _checked(read: Callable[[str], object], text: str) -> object:
    try:
        return read(text)
    except ValueError as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give 0 to 65535")
    return int(text)


def _name(text: str) -> str:
    return str(_checked(player_name, text))


def _clock(text: str) -> TimeControl:
    try:
        return parse_time_control(text)
    except ValueError as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


OTHER_LINE = {
    "watch": "that is a join line, to play with: use nac join, or ask the host for the watch line",
    "join": "that is a watch line, to watch with: use nac watch, or ask the host for the join line",
}
"""What `nac watch` says of a join line given to it, and `nac join` of a watch line."""


def _address_for(want: str) -> Callable[[str], Address]:
    """The address `nac join` or `nac watch` (`want`) is given: the other's line is refused."""

    def address(text: str) -> Address:
        words = text.split()
        if len(words) > 1 and words[0] == "nac" and words[1] in OTHER_LINE and words[1] != want:
            raise argparse.ArgumentTypeError(OTHER_LINE[want])
        try:
            return parse_address(text)
        except BadAddress as refusal:
            raise argparse.ArgumentTypeError(str(refusal)) from None

    return address


def _server(text: str) -> str:
    try:
        return parse_server(text)
    except BadAddress as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


def _public_url(text: str) -> str:
    server = _server(text)
    if text.strip().lower().startswith(("http://", "https://", "ws://", "wss://")):
        return server
    raise argparse.ArgumentTypeError(f"{text!r} is not a URL: give one like wss://example.org/nac")
