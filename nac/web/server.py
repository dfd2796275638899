"""`nac serve`'s web server: textual-serve's, with our page, our limits and supervised games.

- Pages point back at the address the browser used; a page from another site may not start a
  game, and on a loopback address neither may another host name (DNS rebinding).
- At most `max_players` game processes at once, one of them started ahead and kept ready for
  the next visitor (a warm game takes a visitor in a fraction of the time a new process
  takes). A visitor beyond the limit is told so on the page: the server is full. One address,
  and one network (`gate.network`: an IPv4 /24, an IPv6 /48), plays at most half of them
  (`games_per_address`), and the last quarter is for those who play none yet: a few visitors
  cannot take them all. A game with nothing typed for `idle_seconds` ends, saying why.
- Every game is supervised (`relay.GameProcess`): it ends when its visitor goes, by force if
  it must, and its slot is free only once its process has exited.
- A request or message the page would not send gets a short refusal or is dropped, with one
  line in the log at most: never a crash, never a traceback (malformed HTTP gets aiohttp's
  short 400, logged in one line a minute at most).
- Every connection passes the gate (`nac.net.gate`) from its accept, the silent ones among
  them, and has `Limits.hello_seconds` to send its request: a stranger cannot take the
  server's file descriptors (their soft limit is raised to the hard one at start, and the
  limits fitted to them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.server import Server

from ..net.gate import Gate, client, fitted, forwarded, network
from ..net.limits import Limits
from ..net.start import RELAY_GAME_VARIABLE
from ..present.game import words
from .addresses import allowed
from .door import OneLine, let_go, listen
from .online import Relay
from .record import Record
from .relay import (
    ENDED_ON_PURPOSE,
    LONGEST_MESSAGE,
    START_SECONDS,
    GameProcess,
    Size,
    clamped,
    read_message,
)
from .ssh_gate import MOST_HELD

if TYPE_CHECKING:
    from .ssh_door import Door, SshServer

log = logging.getLogger("nac.web")

WARM_SIZE = Size(11, 3)
"""A game starts at a size below any a visitor is given, so the visitor's own size always
makes it draw itself afresh (kept ready, it has drawn at this size only)."""
DRAWN_WHEN = words.TITLE.split()[0].encode()
"""What a game's first screen shows, whatever its size (the title's first word)."""
FULL = "The server is full: every game it runs is being played. Please try again later."
"""Said to a visitor beyond the limit (the closing reason of the websocket, shown on the page)."""
TRY_AGAIN_LATER = 1013
GOING_AWAY = 1001
"""The websocket's closing code for a game the server ended (it idled)."""
"""The websocket's closing code for a server that is busy (RFC 6455 registry)."""
YOURS_ALREADY = (
    "Your address plays {count} of this server's games already: finish one of them first."
)
"""Said to a visitor whose address plays `games_per_address` games already."""
YOUR_NETWORK = (
    "Your network plays {count} of this server's games already: finish one of them first."
)
"""Said to a visitor whose network plays `games_per_address` games already."""
NEARLY_FULL = (
    "The server is nearly full: its last games are for those who play none yet. Finish yours first."
)
"""Said to a visitor who plays a game already (or whose network does), when a quarter of the
games or fewer are left."""
IDLE = "Nothing was typed for {minutes:g} minutes: the game has ended. Reload to play again."
"""Said on the page when a game idles (the closing reason of the websocket)."""
IDLE_SECONDS = 30 * 60.0
"""A browser's game with nothing typed for this long ends (`nac serve --idle-minutes`)."""
IDLE_CHECK_SECONDS = 15.0
NOT_A_WEBSOCKET = "nac: this address carries a game's screen to its page; open the page instead"
BAD_MESSAGES_LOGGED = 1
"""Messages of a connection's that are dropped with a line in the log; the rest silently."""


class Served(Server):
    """textual-serve's server, made for nac (see the module's docstring)."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        max_players: int,
        loopback_only: bool,
        announcement: str,
        relay: Relay | None = None,
        relay_url: str = "",
        public_name: str = "",
        trust_proxy: bool = False,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        """`relay`: online play at `/play` beside the page (`nac.web.online`), which this
        server's own games reach at `relay_url`; `public_name`: the host name of the address
        a reverse proxy serves this at (its pages are this server's own too); `trust_proxy`:
        that proxy forwards each visitor's address; `idle_seconds`: a browser's game with nothing
        typed for this long ends."""
        super().__init__(command, host=host, port=port, title=words.TITLE)
        self.relay = relay
        self.relay_url = relay_url
        self.public_name = public_name
        self.trust_proxy = trust_proxy
        self.max_players = max_players
        self.loopback_only = loopback_only
        self.announcement = announcement
        self.games: set[GameProcess] = set()
        """Every game process alive: those being played and the one kept ready."""
        self.idle_seconds = idle_seconds
        self.visitors: Counter[str] = Counter()
        """Games being played, by the address (`gate.client`) that plays them."""
        self.networks: Counter[str] = Counter()
        """Games being played, by the network (`gate.network`) that plays them."""
        self.gate: Gate | None = None
        """The gate every connection passes (told of a connection that holds a game)."""
        self.ready: asyncio.Task[GameProcess] | None = None
        """The game being made ready for the next visitor (done once its process runs)."""
        self.closing = False
        self._visits: set[asyncio.Task[object]] = set()
        self.ssh: SshServer | None = None
        """The SSH door (`ssh_door`), if the server has one."""
        self.ssh_place = ("", 0, "")
        """Where the SSH door listens (address, port) and the host name players type."""
        self.ssh_games = 0
        """Games being played through the SSH door (counted with the browsers')."""

    # -- what is allowed ---------------------------------------------------------------------

    def allows(self, request: web.Request) -> bool:
        """A page, a game's screen or online play is for this server's own page (a browser
        says where its page came from) and, on a loopback address, for this machine's names
        and the reverse proxy's (not another name pointed here: DNS rebinding)."""
        return allowed(
            request.headers.get("Origin"),
            request.scheme,
            request.host,
            loopback_only=self.loopback_only,
            public_name=self.public_name,
        )

    # -- the games ---------------------------------------------------------------------------

    @property
    def games_per_address(self) -> int:
        """Games one address may play at once: half of them (one, on a server of one or two)."""
        return max(1, self.max_players // 2)

    def visitor(self, request: web.Request) -> str:
        """Who a page's game connection comes from (a trusted proxy's forwarded address)."""
        found = forwarded(request.headers.get("X-Forwarded-For")) if self.trust_proxy else None
        return client(found or request.remote or "?")

    def why_not(self, who: str) -> str | None:
        """Why the client `who` may not start one more game now (counted in already), or None:
        its address's or network's share taken, or the last games kept for others."""
        count = self.games_per_address
        if self.visitors[who] > count:
            return YOURS_ALREADY.format(count=count)
        if self.networks[network(who)] > count:
            return YOUR_NETWORK.format(count=count)
        left = self.max_players - self.playing
        if self.networks[network(who)] > 1 and left <= self.max_players // 4:
            return NEARLY_FULL
        return None

    def _count(self, who: str, step: int) -> None:
        """A game more (1) or less (-1) for the client `who` and its network."""
        for counter, key in ((self.visitors, who), (self.networks, network(who))):
            counter[key] += step
            if counter[key] <= 0:
                del counter[key]

    @property
    def playing(self) -> int:
        """Games being played (not the one kept ready), through the SSH door too."""
        return len(self.games) - (self.ready is not None) + self.ssh_games

    @property
    def running(self) -> int:
        """Game processes alive: the browsers', the one kept ready, the SSH players'."""
        return len(self.games) + self.ssh_games

    # -- the SSH door ------------------------------------------------------------------------

    def ssh_door(self, command: list[str], name_option: str) -> Door:
        """What the SSH door needs of this server: its games counted with the browsers' under
        the same limits, each with its own pass to show the relay."""
        from ..net.closing import Closing
        from .ssh_door import Door
        from .ssh_session import Refused

        def admit(address: str) -> str | None:
            if self.closing or self.running - (self.ready is not None) >= self.max_players:
                return "nac: " + FULL
            self._count(address, 1)
            try:
                refusal = self.why_not(address)
            finally:
                self._count(address, -1)
            return None if refusal is None else "nac: " + refusal

        def started(address: str, public_key: str) -> dict[str, str]:
            self._count(address, 1)
            self.ssh_games += 1
            if self.ready is not None and self.running > self.max_players:
                self._drop_ready()  # its slot is a player's now
            environment = {}
            if self.relay is not None:
                token = self.relay.own_game(public_key)
                environment[RELAY_GAME_VARIABLE] = f"{self.relay_url} {token}"
            return environment

        def ended(address: str, environment: Mapping[str, str]) -> None:
            self.ssh_games -= 1
            self._count(address, -1)
            _, _, token = environment.get(RELAY_GAME_VARIABLE, "").partition(" ")
            if self.relay is not None and token:
                self.relay.forget_game(token)
            self._make_one_ready()

        async def player(address: str, public_key: str, wanted: str) -> str:
            referee = self.relay.referee if self.relay is not None else None
            if referee is None or referee.ledger is None:
                return wanted
            try:
                return (await referee.player_for_key(public_key, wanted, address)).name
            except Closing as refusal:
                raise Refused(f"nac: {words.sentence(str(refusal))}") from None

        return Door(command, admit, started, ended, name_option, player=player)

    def _new_game(self) -> asyncio.Task[GameProcess]:
        """A game started now (counted at once, though its process takes a moment), with its
        own pass to show the relay."""
        environment = {}
        if self.relay is not None:
            environment[RELAY_GAME_VARIABLE] = f"{self.relay_url} {self.relay.own_game()}"
        game = GameProcess(
            self.command,
            drawn_when=DRAWN_WHEN,
            download_manager=self.download_manager,
            environment=environment,
        )
        self.games.add(game)

        async def started() -> GameProcess:
            try:
                await game.start(*WARM_SIZE)
                await asyncio.wait_for(game.drawn.wait(), START_SECONDS)
            except BaseException:
                await self._end(game)
                raise
            return game

        return asyncio.create_task(started())

    async def _take_game(self) -> GameProcess | None:
        """A game for a visitor: the one kept ready (waited for if it is still starting), or a
        new one; None if the server is full."""
        ready, self.ready = self.ready, None
        if ready is not None:
            with contextlib.suppress(OSError, asyncio.TimeoutError):
                game = await ready
                if game.alive:
                    return game
                await self._end(game)
        if self.running >= self.max_players:
            return None
        try:
            return await self._new_game()
        except (TimeoutError, OSError):
            log.warning("a game did not start")
            return None

    async def _end(self, game: GameProcess) -> None:
        try:
            await game.stop()
        finally:
            self.games.discard(game)
            _, _, token = game.environment.get(RELAY_GAME_VARIABLE, "").partition(" ")
            if self.relay is not None and token:
                self.relay.forget_game(token)

    def _make_one_ready(self) -> None:
        """Start a game ahead for the next visitor, if there is room for it."""
        if self.closing or self.ready is not None or self.running >= self.max_players:
            return
        self.ready = self._new_game()

    def _drop_ready(self) -> None:
        """The game kept ready ends: its slot is wanted."""
        ready, self.ready = self.ready, None
        if ready is None:
            return

        async def dropped() -> None:
            with contextlib.suppress(BaseException):
                await self._end(await ready)

        task = asyncio.get_running_loop().create_task(dropped())
        self._visits.add(task)
        task.add_done_callback(self._visits.discard)

    # -- requests ----------------------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.allows(request):
            raise web.HTTPForbidden(text="nac: this page is served to its own address only")
        origin = f"{request.scheme}://{request.host}"
        websocket = "wss" if request.scheme == "https" else "ws"
        router = request.app.router
        context = {
            "font_size": _font_size(request.query.get("fontsize", "")),
            "app_websocket_url": f"{websocket}://{request.host}{router['websocket'].url_for()}",
            "config": {"static": {"url": f"{origin}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("page.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.allows(request):
            raise web.HTTPForbidden(text="nac: games start from this server's own page only")
        visitor = web.WebSocketResponse(heartbeat=15, max_msg_size=LONGEST_MESSAGE)
        if not visitor.can_prepare(request).ok:
            raise web.HTTPBadRequest(text=NOT_A_WEBSOCKET)
        visit = asyncio.current_task()
        assert visit is not None
        who = self.visitor(request)
        self._visits.add(visit)
        self._count(who, 1)
        try:
            await visitor.prepare(request)
            refusal = self.why_not(who)
            if refusal is not None:
                log.info("a visitor is refused: %s", refusal)
                await visitor.close(code=TRY_AGAIN_LATER, message=refusal.encode("utf-8"))
            else:
                if self.gate is not None:
                    self.gate.hold(request.transport)  # a game: never closed to make room
                await self._play(
                    visitor, clamped(request.query.get("width"), request.query.get("height"))
                )
        finally:
            self._visits.discard(visit)
            self._count(who, -1)
            let_go(request, visitor)
        return visitor

    async def _play(self, visitor: web.WebSocketResponse, size: Size) -> None:
        game = await self._take_game()
        if game is None:
            log.info("a visitor is refused: the server is full (%d playing)", self.playing)
            await visitor.close(code=TRY_AGAIN_LATER, message=FULL.encode("utf-8"))
            return
        log.info("a game starts (%d playing)", self.playing)
        dropped = 0
        typed = [asyncio.get_running_loop().time()]
        watching = asyncio.create_task(self._watch_idle(visitor, typed))
        try:
            await game.attach(visitor, size)
            self._make_one_ready()
            async for frame in visitor:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = read_message(frame.data)
                if isinstance(message, str):
                    dropped += 1
                    if dropped <= BAD_MESSAGES_LOGGED:
                        log.info("a visitor's message is dropped: %s", message)
                    continue
                if message.kind == "stdin":
                    typed[0] = asyncio.get_running_loop().time()
                await game.handle(message, visitor)
        except (ConnectionError, RuntimeError, asyncio.CancelledError) as error:
            if isinstance(error, RuntimeError):  # aiohttp: a write to a closing connection
                log.info("a visitor's connection broke: %s", error)
        finally:
            watching.cancel()
            await self._end(game)
            log.info("a game ends (%d playing)", self.playing)
            self._make_one_ready()

    async def _watch_idle(self, visitor: web.WebSocketResponse, typed: list[float]) -> None:
        """The game ends (its visitor's connection closed, saying why) once nothing has been
        typed for `idle_seconds` (`typed`: when the visitor last typed)."""
        loop = asyncio.get_running_loop()
        while loop.time() - typed[0] < self.idle_seconds:
            await asyncio.sleep(min(IDLE_CHECK_SECONDS, self.idle_seconds / 4))
        log.info("a game ends: idle")
        message = IDLE.format(minutes=round(self.idle_seconds / 60, 1)).encode("utf-8")
        with contextlib.suppress(ConnectionError, RuntimeError):
            await visitor.close(code=GOING_AWAY, message=message)

    # -- the server's life -------------------------------------------------------------------

    async def on_startup(self, app: web.Application) -> None:
        """Quiet (the line saying where to go comes once the port is open); a game made ready."""
        self._make_one_ready()

    async def on_shutdown(self, app: web.Application) -> None:
        """End every game (each process is told to quit) rather than wait for browsers."""
        self.closing = True
        for task in [*self._visits, *([self.ready] if self.ready else [])]:
            task.cancel()
        await asyncio.gather(*(self._end(game) for game in list(self.games)))

    def initialize_logging(self) -> None:
        """One plain line per event, never a traceback with its local variables; malformed
        requests in one line a minute at most."""
        logging.basicConfig(level=logging.INFO, format="nac serve: %(message)s", force=True)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
        logging.getLogger("asyncssh").setLevel(logging.WARNING)  # a line per packet otherwise
        logging.getLogger("aiohttp.server").addFilter(OneLine())
        logging.getLogger("textual-serve").addFilter(ENDED_ON_PURPOSE)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        page = resources.files(__package__ or "nac.web").joinpath("page.html")
        loader = jinja2.DictLoader({"page.html": page.read_text(encoding="utf-8")})
        aiohttp_jinja2.setup(app, loader=loader)
        if self.relay is not None:
            self.relay.add_to(app, self.allows)
            referee = self.relay.referee
            Record(lambda: referee.ledger).add_to(app)
        return app

    def announce(self, *_: object) -> None:
        print(self.announcement, flush=True)
        if self.ssh is not None:
            print(
                f"nac: the SSH door is open: {self.ssh.command_line()} (host key "
                f"{self.ssh.fingerprint})",
                flush=True,
            )

    def serve(self, debug: bool = False) -> None:
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        stop = asyncio.Event()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows
                loop.add_signal_handler(number, stop.set)
        try:
            loop.run_until_complete(self._serve(stop))
        finally:
            loop.close()

    async def _serve(self, stop: asyncio.Event) -> None:
        """Listen until `stop` is set, every connection through the gate; then every game and
        every online player is told, and the server ends."""
        if self.relay is not None:
            await self.relay.open_ledger()
        gate = self.fit_limits()
        limits = self.relay.referee.limits if self.relay is not None else Limits()
        runner = await listen(
            await self._make_app(), self.host, self.port, gate, limits.hello_seconds
        )
        try:
            if self.ssh is not None:
                host, port, shown = self.ssh_place
                await self.ssh.start(host, port, shown)
            self.announce()
            await stop.wait()
        finally:
            if self.ssh is not None:
                await self.ssh.stop()
            await runner.cleanup()

    def fit_limits(self) -> Gate:
        """The gate every connection passes, and the relay's limits, fitted to this process's
        file descriptors (each game takes a few for its pipes or its terminal, each of the SSH
        door's connections one, and each it holds refused: `ssh_gate.MOST_HELD`)."""
        relay = self.relay
        limits = relay.referee.limits if relay is not None else Limits(per_address=PAGE_CONNECTIONS)
        reserved = DESCRIPTORS_A_GAME * self.max_players
        if self.ssh is not None:
            reserved += self.ssh.door.most_connections + MOST_HELD
        limits, gate = fitted(limits, trust_proxy=self.trust_proxy, reserved=reserved)
        self.gate = gate
        if self.relay is not None:
            self.relay.referee.limits, self.relay.gate = limits, gate
        return gate


DESCRIPTORS_A_GAME = 8
"""File descriptors one game process costs the server (its pipes and its websocket, or an SSH
player's terminal and its process)."""
PAGE_CONNECTIONS = 64
"""Connections one address may hold open at once without a relay (a browser opens a few)."""


def _font_size(text: str) -> int | None:
    """The page's font size, if the address asks for one (6 to 64); else the page picks one
    that fits its window."""
    return int(text) if text.isdigit() and 6 <= int(text) <= 64 else None
