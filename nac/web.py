"""`nac serve`: the game in a browser, through textual-serve (the optional extra `web`).

Each browser tab that opens the page gets its own game: textual-serve starts one `nac
--web-player` process per connection and relays its screen and keys over a websocket. A web
player's game reads and writes no file (no settings, no stats: `Storage.in_memory()`), so
nothing a visitor does touches the server's own files. This module imports only the standard
library until `serve` runs, so the `nac` command starts as quickly with it as without it.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.server import Server

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_PLAYERS = 8
"""Games at once: each is a Python process of about 40 MB."""
WEB_PLAYER_OPTION = "--web-player"
"""The hidden option of the command each browser's game runs (see `served_command`)."""
DRIVER_VARIABLE = "TEXTUAL_DRIVER"
"""Set by textual-serve for the processes it starts: Textual then talks over pipes, not a tty."""
DISTRIBUTION = "nac-game"
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})


def port_number(text: str) -> int:
    """A TCP port, 1 to 65535."""
    if text.strip().isdigit() and 1 <= int(text) <= 65535:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a port: use a number from 1 to 65535")


def player_count(text: str) -> int:
    if text.strip().isdigit() and int(text) >= 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"{text!r} is not a number of players (1 or more)")


def add_serve_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`nac serve [--host HOST] [--port PORT] [--max-players N]`."""
    parser = commands.add_parser(
        "serve",
        help="serve the game to web browsers (needs the extra: pip install 'nac-game[web]')",
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


def web_player_problem(*, plain: bool) -> str | None:
    """Why `--web-player` cannot run here, or None: only textual-serve's children use it."""
    if not os.environ.get(DRIVER_VARIABLE):
        return f"{WEB_PLAYER_OPTION} is for the games `nac serve` starts; to play here, run nac"
    if plain:
        return f"--plain and {WEB_PLAYER_OPTION} do not go together"
    return None


def served_command(python: str = sys.executable) -> str:
    """The shell command each browser's game runs: textual-serve starts it with a shell, which
    `exec` replaces with the game (one process per game, and the server's signals reach it)."""
    argv = [python, "-m", "nac", WEB_PLAYER_OPTION]
    if sys.platform == "win32":
        import subprocess

        return subprocess.list2cmdline(argv)
    import shlex

    return "exec " + shlex.join(argv)


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only: localhost or a loopback address (no lookup)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    import ipaddress

    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def browser_url(host: str, port: int) -> str:
    """The address to open in a browser on this machine."""
    if host in WILDCARD_HOSTS:
        host = "::1" if host == "::" else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def exposure_warning(host: str, port: int) -> str | None:
    """What listening on `host` exposes, if it is not this machine only."""
    if is_loopback(host):
        return None
    where = "any network this machine is on" if host in WILDCARD_HOSTS else host
    return (
        f"nac: warning: listening on {host or '*'}:{port}, not on this machine only: anyone who "
        f"can reach {where} can open games here, each a process on this machine, without a "
        "password and unencrypted; they cannot read or write your files."
    )


def serve(
    host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, max_players: int = DEFAULT_MAX_PLAYERS
) -> int:
    """Serve the game until ctrl+c or SIGTERM; prints the URL once it listens. Returns the
    exit status: 0 when stopped, 1 if it cannot listen there, 2 without textual-serve."""
    try:
        import textual_serve.server  # noqa: F401
    except ImportError:
        print(
            f"nac: serve needs textual-serve, the extra `web`: pip install '{DISTRIBUTION}[web]' "
            f"(pipx install --force '{DISTRIBUTION}[web]', uv tool install '{DISTRIBUTION}[web]')",
            file=sys.stderr,
        )
        return 2
    warning = exposure_warning(host, port)
    if warning:
        print(warning, flush=True)
    server = _make_server(
        served_command(),
        host=host,
        port=port,
        max_players=max_players,
        announcement=f"nac: serving the game at {browser_url(host, port)} (open it in a "
        "browser; ctrl+c stops)",
    )
    try:
        server.serve()
    except OSError as error:
        print(f"nac: cannot serve on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0


def serve_from_options(options: argparse.Namespace) -> int:
    return serve(options.host, options.port, max_players=options.max_players)


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """A browser says where a page came from; a page from elsewhere may not start games."""
    return origin is None or origin == f"{scheme}://{host}"


def host_name(host_header: str) -> str:
    """The name in a Host header: `127.0.0.1` from `127.0.0.1:8000`, `::1` from `[::1]:80`."""
    from urllib.parse import urlsplit

    return urlsplit(f"//{host_header}").hostname or ""


def _make_server(
    command: str, *, host: str, port: int, max_players: int, announcement: str
) -> Server:
    """The server, its class made on first use: textual-serve and aiohttp load only here."""
    import asyncio
    import contextlib
    import logging
    import signal

    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server

    log = logging.getLogger("nac.web")

    class Served(Server):
        """textual-serve's server, with pages that point back at the address the browser used,
        refusals of other sites' pages (and, on a loopback address, of other host names: DNS
        rebinding), a limit on games at once, and our own line once it listens."""

        def __init__(self) -> None:
            from .present import words

            super().__init__(command, host=host, port=port, title=words.TITLE)
            self.games: set[asyncio.Task[object]] = set()
            """The connections playing, each a task that relays one game's process."""
            self.loopback_only = is_loopback(host)

        def allows(self, request: web.Request) -> bool:
            if not same_origin(request.headers.get("Origin"), request.scheme, request.host):
                return False
            return not self.loopback_only or is_loopback(host_name(request.host))

        async def on_startup(self, app: web.Application) -> None:
            """Quiet: the line saying where to go comes once the port is open."""

        async def on_shutdown(self, app: web.Application) -> None:
            """End every game (each process is told to quit) rather than wait for browsers."""
            for game in list(self.games):
                game.cancel()

        def announce(self, *_: object) -> None:
            print(announcement, flush=True)

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if not self.allows(request):
                raise web.HTTPForbidden(text="nac: this page is served to its own address only")
            origin = f"{request.scheme}://{request.host}"
            websocket = "wss" if request.scheme == "https" else "ws"
            router = request.app.router
            context = {
                "font_size": _font_size(request.query.get("fontsize", "16")),
                "app_websocket_url": f"{websocket}://{request.host}{router['websocket'].url_for()}",
                "config": {"static": {"url": f"{origin}/static/"}},
                "application": {"name": self.title},
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not self.allows(request):
                raise web.HTTPForbidden(text="nac: games start from this server's own page only")
            if len(self.games) >= max_players:
                raise web.HTTPServiceUnavailable(
                    text=f"nac: {len(self.games)} games are being played here, the most at once"
                )
            game = asyncio.current_task()
            assert game is not None
            self.games.add(game)
            log.info("a game starts (%d playing)", len(self.games))
            try:
                return await super().handle_websocket(request)
            finally:
                self.games.discard(game)
                log.info("a game ends (%d playing)", len(self.games))

        def serve(self, debug: bool = False) -> None:
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            for number in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):  # Windows
                    loop.add_signal_handler(number, self.request_exit)
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=self.announce,
                access_log=None,
            )

    return Served()


def _font_size(text: str) -> int:
    return int(text) if text.isdigit() and 6 <= int(text) <= 64 else 16
