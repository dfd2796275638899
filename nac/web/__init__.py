"""`nac serve`: the game in a browser, through textual-serve (the optional extra `web`).

Each browser tab that opens the page gets its own game: one `nac --web-player` process per
visitor, its screen and keys relayed over a websocket (`relay.py`), the server's pages, limits
and supervision in `server.py`. A web player's game reads and writes no file (no settings, no
stats: `Storage.in_memory()`), so nothing a visitor does touches the server's own files; so
does a game started by textual-dev's `textual serve nac`. This module imports only the
standard library until `serve` runs, so the `nac` command starts as quickly with it as without.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NamedTuple

from .addresses import (
    DEFAULT_HOST as DEFAULT_HOST,
    browser_url as browser_url,
    exposure_warning as exposure_warning,
    is_loopback as is_loopback,
)

DEFAULT_PORT = 8000
DEFAULT_MAX_PLAYERS = 8
"""Games at once: each is a Python process of about 40 MB."""
WEB_PLAYER_OPTION = "--web-player"
"""The hidden option of the command each browser's game runs (see `served_command`)."""
RELAY_OPTION = "--relay-server"
"""The hidden option that tells a browser's game where the relay is (`nac serve` itself), for
the lobby its online play opens."""
DRIVER_VARIABLE = "TEXTUAL_DRIVER"
"""Set by textual-serve for the processes it starts: Textual then talks over pipes, not a tty."""
DISTRIBUTION = "nac-game"


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    if text.strip().isdigit() and 1 <= int(text) <= 65535:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a port: use a number from 1 to 65535")


def proxy_url(text: str) -> str:
    """A reverse proxy's address for the invites: ws:// or wss:// (http and https read as
    those)."""
    from ..net.address import BadAddress, parse_server

    try:
        if text.strip().lower().startswith(("http://", "https://", "ws://", "wss://")):
            return parse_server(text)
    except BadAddress:
        pass
    raise argparse.ArgumentTypeError(f"{text!r} is not a URL: give one like wss://example.org")


def extra_hint(
    extra: str, prefix: str, source: str | None, checkout: Path | None, python: str
) -> str:
    """How to add `extra` to nac, for the way it was installed: from a checkout it runs from
    (`make serve` there), with pipx or uv (into the environment at `prefix`), or with pip;
    `source`: what it was installed from (a directory or a wheel), where that is known;
    `python`: the path of nac's own interpreter (a bare `python3 -m pip` is the system's, which
    PEP 668 systems refuse)."""
    if checkout is not None:
        return (
            f"in its checkout, `make serve` (or: {python} -m pip install -e '{checkout}[{extra}]')"
        )
    where = source or "."
    parts = Path(prefix).parts
    if "pipx" in parts or "pipx" in prefix:
        return f"pipx install --force '{where}[{extra}]'" + ("" if source else " in nac's checkout")
    if "uv" in parts and "tools" in parts:
        return f"uv tool install --force '{where}[{extra}]'" + (
            "" if source else " in nac's checkout"
        )
    return f"{python} -m pip install '{where}[{extra}]'" + ("" if source else " in nac's checkout")


def web_extra_hint() -> str:
    """`extra_hint` for the `web` extra, as nac is installed here."""
    import json
    from importlib import metadata

    root = Path(__file__).resolve().parents[2]
    checkout = (
        root if (root / "pyproject.toml").is_file() and (root / "Makefile").is_file() else None
    )
    source = None
    try:
        found = json.loads(metadata.distribution(DISTRIBUTION).read_text("direct_url.json") or "")
        url = str(found.get("url", ""))
        source = url.removeprefix("file://") if url.startswith("file://") else None
    except (metadata.PackageNotFoundError, ValueError, AttributeError):
        pass
    return extra_hint("web", sys.prefix, source, checkout, sys.executable)


def player_count(text: str) -> int:
    if text.strip().isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a number of players (1 or more)")


def add_serve_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`nac serve [--host HOST] [--port PORT] [--max-players N]`."""
    parser = commands.add_parser(
        "serve",
        help="serve the game to web browsers (needs the `web` extra)",
        description="Serve the game to web browsers: each browser tab gets its own game, which "
        "saves nothing (no settings, no stats) on this machine.",
    )
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default: {DEFAULT_HOST}, this machine only; "
        "0.0.0.0 lets anyone who can reach this machine play)",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT, help=f"default: {DEFAULT_PORT}"
    )
    parser.add_argument(
        "--max-players",
        type=player_count,
        default=DEFAULT_MAX_PLAYERS,
        metavar="N",
        help=f"games at once, one process each (default: {DEFAULT_MAX_PLAYERS})",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        type=proxy_url,
        help="the address terminals dial for this server's online play, which its invites "
        "give: a reverse proxy's (wss://example.org), or with several servers on one "
        "--database postgresql://..., this one's own through the proxy (wss://example.org/a); "
        "default: its listener's (ws://HOST:PORT)",
    )
    parser.add_argument(
        "--trust-proxy",
        action="store_true",
        help="a reverse proxy in front forwards each visitor's address (X-Forwarded-For): the "
        "limits per address count those; only behind such a proxy",
    )
    parser.add_argument(
        "--ssh",
        type=port_number,
        metavar="PORT",
        help="an SSH door on PORT too (on --host's address): `ssh -t -p PORT host` plays, any "
        "SSH key is let in and names its player, nothing but the game is reachable",
    )
    parser.add_argument(
        "--ssh-guests",
        action="store_true",
        help="let players without an SSH key in through the door, as guests (Guest-NNNN)",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="where players, ratings and games are kept: a SQLAlchemy URL "
        "(sqlite+aiosqlite:///FILE, postgresql://USER@HOST/NAME, opened with asyncpg; default: "
        "ledger.sqlite in the server's data directory)",
    )
    parser.add_argument(
        "--browser-idle-minutes",
        type=idle_minutes,
        default=IDLE_MINUTES,
        metavar="M",
        help=f"a browser's game with nothing typed for M minutes ends (default: {IDLE_MINUTES})",
    )
    parser.add_argument(
        "--ssh-idle-minutes",
        type=idle_minutes,
        default=IDLE_MINUTES,
        metavar="M",
        help=f"an SSH game with nothing typed for M minutes ends (default: {IDLE_MINUTES})",
    )


IDLE_MINUTES = 30
SSH_PLAYER_OPTION = "--ssh-player"
"""The hidden option of the command each SSH player's game runs (with its name: `=NAME`): in
its own terminal, keeping no file of the server's."""


def idle_minutes(text: str) -> float:
    """Minutes from 0.1 to a day; anything else is refused with a clear message."""
    try:
        minutes = float(text)
    except ValueError:
        minutes = -1.0
    if not 0.1 <= minutes <= 24 * 60:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes from 0.1 to 1440")
    return minutes


WEB_DRIVER_CLASS = "WebDriver"
"""The name of the driver textual-serve (and `textual serve`, textual-dev's) runs a game with."""


def served_by_textual() -> bool:
    """Whether this game is being served to a browser (textual-serve started it, as for
    `textual serve nac`): it then plays without a terminal and keeps no file of the server's."""
    return os.environ.get(DRIVER_VARIABLE, "").endswith(WEB_DRIVER_CLASS)


def web_player_problem(*, plain: bool) -> str | None:
    """Why `--web-player` cannot run here, or None: only textual-serve's children use it."""
    if not served_by_textual():
        return f"{WEB_PLAYER_OPTION} is for the games `nac serve` starts; to play here, run nac"
    if plain:
        return f"--plain and {WEB_PLAYER_OPTION} do not go together"
    return None


def game_python(python: str = sys.executable) -> list[str]:
    """How a served game (a browser's, an SSH player's) starts nac: `python -P -m nac`, never
    with the working directory on the path (`-P`: a `nac/` folder where `nac serve` was
    started would otherwise be the game every player runs)."""
    return [python, "-P", "-m", "nac"]


def served_command(relay: str, python: str = sys.executable) -> str:
    """The shell command each browser's game runs: textual-serve starts it with a shell, which
    `exec` replaces with the game (one process per game, and the server's signals reach it).
    `relay`: where the game reaches this server's online play."""
    argv = [*game_python(python), WEB_PLAYER_OPTION, RELAY_OPTION, relay]
    if sys.platform == "win32":
        import subprocess

        return subprocess.list2cmdline(argv)
    import shlex

    return "exec " + shlex.join(argv)


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    max_players: int = DEFAULT_MAX_PLAYERS,
    public_url: str | None = None,
    trust_proxy: bool = False,
    ssh: SshOptions | None = None,
    idle_seconds: float = 60.0 * IDLE_MINUTES,
    database: str | None = None,
) -> int:
    """Serve the game until ctrl+c or SIGTERM; prints the URL once it listens (and with `ssh`,
    the SSH door's line and its host key's fingerprint). Returns the exit status: 0 when
    stopped, 1 if it cannot listen there, 2 without the `web` extra or its database. `idle_seconds`:
    a browser's game with nothing typed for this long ends; `database`: the ledger's URL (None:
    `ledger.sqlite` in the server's data directory)."""
    try:
        import textual_serve.server  # noqa: F401

        if ssh is not None:
            import asyncssh  # noqa: F401
    except ImportError:
        print(
            f"nac: serve needs textual-serve, nac's `web` extra: {web_extra_hint()}",
            file=sys.stderr,
        )
        return 2
    warning = exposure_warning(host, port)
    if warning:
        print(warning, flush=True)
    if database is None:
        from ..ledger.ledger import sqlite_url
        from ..store.paths import NoSuchHome, storage_dirs

        try:
            database = sqlite_url(storage_dirs().data)
        except NoSuchHome as error:
            print(f"nac: {error}: set it, or give --database URL", file=sys.stderr)
            return 2
    from ..ledger.ledger import Unavailable
    from ..net.address import public_host
    from ..net.referee import Referee
    from .online import Relay
    from .server import Served

    near = browser_url(host, port).replace("http://", "ws://")
    public = public_url or (near if is_loopback(host) else f"ws://{public_host(host)}:{port}")
    from urllib.parse import urlsplit

    server = Served(
        served_command(near),
        host=host,
        port=port,
        max_players=max_players,
        loopback_only=is_loopback(host),
        announcement=f"nac: serving the game at {browser_url(host, port)} (open it in a "
        f"browser; terminals play online with nac lobby {public.removeprefix('ws://')}; "
        "ctrl+c stops)",
        relay=Relay(Referee(public, relay=True), trust_proxy=trust_proxy, database=database),
        relay_url=near,
        public_name=(urlsplit(public_url).hostname or "") if public_url else "",
        trust_proxy=trust_proxy,
        idle_seconds=idle_seconds,
    )
    if ssh is not None:
        from ..store.paths import NoSuchHome, storage_dirs
        from .ssh_door import SshServer
        from .ssh_keys import host_key
        from .ssh_names import SshNames

        try:
            data = storage_dirs().data
            key = host_key(data)
        except (NoSuchHome, OSError, ValueError) as error:
            print(f"nac: cannot keep the SSH door's host key: {error}", file=sys.stderr)
            return 1
        command = [*game_python(), RELAY_OPTION, near]
        door = server.ssh_door(command, SSH_PLAYER_OPTION)
        door.guests, door.idle_seconds = ssh.guests, ssh.idle_seconds
        shown_host = urlsplit(public_url).hostname if public_url else None
        server.ssh = SshServer(door, SshNames(data), key)
        server.ssh_place = (host, ssh.port, shown_host or _ssh_host(host))
    try:
        server.serve()
    except Unavailable as error:
        print(f"nac: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"nac: cannot serve on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def _ssh_host(host: str) -> str:
    """The host name an SSH player types for a server listening on `host`."""
    from ..net.address import public_host

    return "localhost" if is_loopback(host) else public_host(host)


def serve_from_options(options: argparse.Namespace) -> int:
    return serve(
        options.host,
        options.port,
        max_players=options.max_players,
        public_url=options.public_url,
        trust_proxy=options.trust_proxy,
        idle_seconds=60.0 * options.browser_idle_minutes,
        database=options.database,
        ssh=None
        if options.ssh is None
        else SshOptions(options.ssh, options.ssh_guests, 60.0 * options.ssh_idle_minutes),
    )


class SshOptions(NamedTuple):
    """`nac serve`'s SSH door: its port, whether guests may come in, and when a game idles."""

    port: int
    guests: bool = False
    idle_seconds: float = 60.0 * IDLE_MINUTES
