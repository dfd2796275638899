"""Online play as every front end runs it: the client's connection and the table it keeps, the
requests a player makes (checked by the rules here first, so a refusal needs no round trip; the
server referees again), and `nac host`'s own server. A front end draws `table` whenever
`on_change` is called and says what the requests return."""

from __future__ import annotations

import ssl
from collections.abc import Callable
from typing import Any, Protocol

from ..core import NORMAL, Game, IllegalMove, KeypadLayout, Mark, Rules, check_square
from ..core.clock import TimeControl
from .address import DEFAULT_PORT, Address, public_host
from .client import OnlineClient
from .identity import Identity
from .limits import Limits
from .referee import Referee
from .server import GameServer
from .table import Keep, Table


class Passes(Protocol):
    """Where a player keeps their seats' tokens between runs of nac (`nac.store.SeatPasses`)."""

    def token(self, address: str) -> str: ...

    def keep(self, address: str, token: str) -> None: ...

    def drop(self, address: str) -> None: ...


class OnlinePlay:
    """One player's or watcher's online game, from `run()` until `stop()` or the server's no."""

    def __init__(
        self,
        address: Address,
        want: str,
        name: str,
        *,
        on_change: Callable[[], object],
        keep: Keep | None = None,
        rules: Rules = NORMAL,
        tls: ssl.SSLContext | None = None,
        keypad: KeypadLayout = KeypadLayout.PHONE,
        server: GameServer | None = None,
        passes: Passes | None = None,
        headers: dict[str, str] | None = None,
        listed: bool = True,
        clock: TimeControl | None = None,
        identity: Identity | None = None,
    ) -> None:
        """`want`: "join" (a seat, the host's own included) or "watch"; on a relay also
        "host" (a new room) or "lobby". `server`: the game server this player hosts, closed
        with it. `passes`: where the seat's token is kept between runs of nac (dropped when
        the game ends); `headers`: for the handshake (`OnlineClient`); `listed`: whether a
        relay's lobby shows the room hosted there; `clock`: its games' time control there;
        `identity`: the player's key (None: a guest)."""
        # nac host's own server and a relay's own games know the address others reach them at
        self.table = Table(keep=keep, server="" if server or headers else address.server)
        self.keypad = keypad
        self.on_change = on_change
        self.server = server
        self.passes = passes
        token = passes.token(str(address)) if passes is not None and want == "join" else ""
        self.table.returning = bool(token)
        self.client = OnlineClient(
            address,
            want,
            name,
            self._heard,
            rules=rules,
            tls=tls,
            token=token,
            on_token=self._keep_token,
            headers=headers,
            listed=listed,
            clock=clock,
            identity=identity,
        )

    @property
    def game(self) -> Game:
        return self.table.game

    def _heard(self, message: dict[str, Any]) -> None:
        if message.get("type") == "welcome" and self.table.server:  # (it may have moved)
            self.table.server = self.client.address.server
        self.table.hear(message)
        self.on_change()

    @property
    def seat(self) -> str:
        """The seat's invite address, as its pass is kept."""
        return str(Address(self.client.invited, self.client.key))

    def _keep_token(self, token: str) -> None:
        if self.passes is not None:
            self.passes.keep(self.seat, token)

    def _drop_token(self) -> None:
        if self.passes is not None and self.client.token:
            self.passes.drop(self.seat)

    async def run(self) -> None:
        """Connected until stopped, or until the server says no (`table.error` says why; once
        the server has ended the game for good, the seat's pass is of no more use)."""
        try:
            await self.client.run()
        finally:
            if self.client.over:
                self._drop_token()
            if self.table.link != "closed":
                self.table.link = "closed"
                self.on_change()

    async def stop(self) -> None:
        await self.client.stop()
        if self.server is not None:
            await self.server.close()

    async def leave(self) -> None:
        """Going for good: a player tells the server first (a game in progress counts as
        resigned; the other side hears they left, not that they dropped), then stops. The
        seat's pass is kept (the player's claim: the same line from this home takes the seat
        back while its room is open), but for a seat given back before the guest's first move.
        A rated game both sides have moved in is not resigned (`leaving_runs_clock`): the
        server decides it, so nothing is saved here now (its result is saved by a run of nac
        that hears it, or not at all)."""
        table = self.table
        if table.you is None and table.role == "match":  # a search cancelled: out of its queue
            await self.client.leave()
        elif table.you is not None:
            giving_back = self.gives_seat_back
            if self.leaving_resigns and not self.leaving_runs_clock:  # as the server resigns it
                table.took_part()
                table.game.resign(table.you)
            await self.client.leave()
            if giving_back:
                self._drop_token()
        await self.stop()

    # -- what a player asks -------------------------------------------------------------------

    def why_not_move(self, cell: int) -> str | None:
        """Why this player may not play `cell` now (the rules' words), or None."""
        refusal = self._why_not_now()
        if refusal is not None:
            return refusal
        try:
            check_square(self.table.game.board, cell, self.keypad)
        except IllegalMove as illegal:
            return str(illegal)
        return self._why_link_down()

    def why_not_play(self) -> str | None:
        """Why this player may not move now, whatever the square, or None (a front end offers
        its keys for a move only then)."""
        return self._why_not_now() or self._why_link_down()

    def _why_ended(self) -> str | None:
        table = self.table
        if not table.ended:
            return None
        return f"the game cannot go on: {table.error or 'the connection is closed'}"

    def _why_not_now(self) -> str | None:
        table, game = self.table, self.table.game
        room = table.room
        if table.ended:
            return self._why_ended()
        if table.you is None:
            return "watchers do not play: you are watching"
        if room is None or room.names[table.you.other] is None:
            return "the game begins when your opponent arrives"
        if room.abandoned:
            return "the game was abandoned: ask for a rematch"
        if game.is_over:
            return "the game is over: ask for a rematch"
        if game.turn is not table.you:
            return f"it is {room.name(game.turn)}'s turn"
        return None

    def _why_link_down(self) -> str | None:
        if self.table.link != "open":
            return "the connection is down: your move waits until it is back"
        return None

    async def move(self, cell: int) -> str | None:
        refusal = self.why_not_move(cell)
        if refusal is None:
            self.table.took_part()
            if not await self.client.send("move", cell=cell):
                refusal = "the connection is down: your move was not sent"
        return refusal

    def why_no_rematch(self) -> str | None:
        table, room = self.table, self.table.room
        if table.ended:
            return self._why_ended()
        if table.you is None or room is None:
            return "only the two players ask for a rematch"
        if room.names[table.you.other] is None:
            return "your opponent has not arrived yet"
        if table.you.other in room.left:
            return f"{room.name(table.you.other)} has left the game: there is no rematch"
        if not (table.game.is_over or room.abandoned):
            return "the game is in progress: finish it, or resign"
        if table.you in room.rematch:
            return "you have asked: waiting for your opponent"
        return None

    async def rematch(self) -> str | None:
        refusal = self.why_no_rematch()
        if refusal is None and not await self.client.send("rematch"):
            refusal = "the connection is down: ask again once it is back"
        return refusal

    def why_no_resign(self) -> str | None:
        table, room = self.table, self.table.room
        if table.ended:
            return self._why_ended()
        if table.you is None or room is None or room.names[table.you.other] is None:
            return "there is no game of yours in progress to resign"
        if table.game.is_over or room.abandoned:
            return "the game is over already"
        return None

    async def resign(self) -> str | None:
        refusal = self.why_no_resign()
        if refusal is None:
            self.table.took_part()
            if not await self.client.send("resign"):
                refusal = "the connection is down: resign once it is back"
        return refusal

    @property
    def leaving_resigns(self) -> bool:
        """Whether leaving (`leave`) now counts as resigning: this player's game is in progress,
        so the front ends ask first. (A guest who has not moved in the room's first game gives
        the seat back instead, and no game is counted.)"""
        if self.table.room is None or self.why_no_resign() is not None:
            return False
        return not self.gives_seat_back

    @property
    def leaving_runs_clock(self) -> bool:
        """Whether leaving now resigns nothing: a rated game in progress both sides have moved
        in, where the server runs the leaver's clock on (they lose on time unless they come
        back with their key in time)."""
        table, room = self.table, self.table.room
        return (
            self.leaving_resigns
            and room is not None
            and room.rated
            and {move.mark for move in table.game.moves} == set(Mark)
        )

    @property
    def gives_seat_back(self) -> bool:
        """Whether leaving now gives the seat back: a guest in the room's first game, not over,
        who has not moved (the room waits for another guest; the seat is no longer theirs)."""
        table, room = self.table, self.table.room
        return (
            room is not None
            and table.you is Mark.O
            and room.number == 1
            and not table.game.is_over
            and not any(move.mark is Mark.O for move in table.game.moves)
        )


async def host_game(
    name: str,
    *,
    rules: Rules = NORMAL,
    bind: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    public_url: str | None = None,
    limits: Limits | None = None,
    trust_proxy: bool = False,
    clock: TimeControl | None = None,
) -> tuple[GameServer, Address]:
    """`nac host`'s server, listening on `bind`:`port` with one room for this player, and
    the address the host's own client takes its seat at. The invites name `public_url` (a
    reverse proxy's wss:// address), or this machine as others reach it; `trust_proxy`: the
    proxy's forwarded addresses are the clients'; `clock`: its games' time control."""
    referee = Referee("", limits)
    server = GameServer(referee, trust_proxy=trust_proxy)
    await server.start(bind, port)
    referee.server = public_url or f"ws://{public_host(bind)}:{server.port}"
    room = referee.open_room(rules, name, time_control=clock)
    near = bind if bind not in ("", "0.0.0.0", "::") else ("::1" if bind == "::" else "127.0.0.1")
    near = f"[{near}]" if ":" in near else near
    return server, Address(f"ws://{near}:{server.port}", room.host.key)
