"""A relay's lobby (`nac serve`, `nac lobby SERVER`): its open games, to join or watch, and a
game of your own to host there; a player whose key holds a seat in a game not over (dropped,
back from another terminal or SSH session) is taken straight back to it. The games come from
the relay as they change; choosing one opens the online screen over the lobby, and leaving that
game comes back here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ...core import TimeControl
from ...net.address import Address
from ...net.play import OnlinePlay
from ...net.start import MATCH_CLOCK, OnlineStart, begin
from ...net.told import OpenGame
from ...present.game import words
from ...present.online import words as online_words
from ...present.screen_commands import LOBBY_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.lobby_list import LobbyList
from ..widgets.title_bar import TitleBar

Connect = Callable[[Callable[[], object]], Awaitable[OnlinePlay]]
"""Begins a lobby's connection, given what to call at each change."""


class LobbyScreen(Screen[None]):
    """The open games of one relay."""

    AUTO_FOCUS = ""
    COMMAND_TABLE = LOBBY_COMMANDS
    HELP_TITLE = "The lobby"
    HELP_FIRST = "## Online play"
    BINDINGS = bindings(LOBBY_COMMANDS)

    def __init__(
        self,
        start: OnlineStart,
        open_online: Callable[[OnlineStart], object],
        connect: Connect | None = None,
    ) -> None:
        """`start`: the lobby's (its server, the player's name); `open_online`: opens the game
        chosen, over this screen; `connect`: begins the lobby's connection (`begin`'s)."""
        super().__init__()
        self.start = start
        self.open_online = open_online
        self._connect_with = connect or (
            lambda on_change: begin(start, on_change=on_change, keep=None)
        )
        self.play: OnlinePlay | None = None
        self.chosen = 0
        self.message = ""
        self.returned_to: str | None = None
        """The seat the lobby took this player back to (once: leaving it comes back here)."""

    def compose(self) -> ComposeResult:
        yield TitleBar(online_words.LOBBY_TITLE, "Lobby")
        yield LobbyList()
        yield Static(id="lobby-note", markup=False)
        yield KeysBar(LOBBY_COMMANDS)

    def on_mount(self) -> None:
        self._update()
        self.run_worker(self._connect(), group="lobby", exit_on_error=False)

    async def _connect(self) -> None:
        play = await self._connect_with(self._changed)
        self.play = play
        await play.run()

    def _changed(self) -> None:
        self.call_later(self._update)

    @property
    def games(self) -> tuple[OpenGame, ...]:
        lobby = self.play.table.lobby if self.play is not None else None
        return lobby.games if lobby is not None else ()

    @property
    def where(self) -> str:
        return self.start.server.removeprefix("ws://")

    def _update(self) -> None:
        games = self.games
        self.chosen = max(0, min(self.chosen, len(games) - 1))
        table = self.play.table if self.play is not None else None
        listing = self.query_one(LobbyList)
        if table is not None and table.lobby is not None:
            listing.heading = online_words.lobby_heading(table.lobby, self.where)
        else:
            listing.heading = online_words.LOBBY_CONNECTING
        listing.games = games
        listing.chosen = self.chosen
        if table is not None and table.yours and table.yours != self.returned_to:
            self.returned_to = table.yours  # the player's own seat, held by their key: back in it
            self._open("join", table.yours)
            self.message = online_words.BACK_TO_YOUR_SEAT
        if table is not None and table.error:
            note = words.sentence(f"the lobby cannot be reached: {table.error}")
        else:
            note = self.message or online_words.lobby_help(self.start.name)
        self.query_one("#lobby-note", Static).update(note)
        self.refresh_bindings()

    def say(self, message: str) -> None:
        self.message = message
        self._update()

    # -- what may be done now ----------------------------------------------------------------------

    def _chosen_game(self) -> OpenGame | None:
        games = self.games
        return games[self.chosen] if games else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("join", "watch", "cursor"):
            return self._chosen_game() is not None
        if action in ("host", "match"):
            return self.play is not None and not self.play.table.error
        return True

    # -- the player's choices ----------------------------------------------------------------------

    def action_cursor(self, step: int) -> None:
        self.chosen = max(0, min(self.chosen + step, len(self.games) - 1))
        self.message = ""
        self._update()

    def action_join(self) -> None:
        game = self._chosen_game()
        if game is None:
            self.say(online_words.NO_GAME_CHOSEN)
        elif game.join is None:
            self.say(online_words.SEATS_TAKEN)
        else:
            self._open("join", game.join)

    def action_watch(self) -> None:
        game = self._chosen_game()
        if game is None:
            self.say(online_words.NO_GAME_CHOSEN)
        else:
            self._open("watch", game.watch)

    def _open(self, want: str, key: str) -> None:
        self.message = ""
        address = Address(self.start.server, key)
        self.open_online(OnlineStart(want, self.start.name, address=address))

    def action_host(self) -> None:
        self._here("host", self.start.clock)

    def action_match(self) -> None:
        """A quick match's search, by the rules on the board and the lobby's clock (3+2 where
        `nac lobby` was given none): the online screen shows it, and the game once paired."""
        self._here("match", self.start.clock or MATCH_CLOCK)

    def _here(self, want: str, clock: TimeControl | None) -> None:
        """A game on the lobby's relay, by the rules on the board: hosted, or a match's."""
        start = self.start
        self.message = ""
        server, rules = start.server, start.rules
        self.open_online(OnlineStart(want, start.name, server=server, rules=rules, clock=clock))

    def action_paste_invite(self) -> None:
        from .online_dialog import OnlineDialog

        def chosen(start: OnlineStart | None) -> None:
            if start is not None:
                self.open_online(start)

        self.app.push_screen(OnlineDialog("invite", self.start.name), chosen)

    def action_rename(self) -> None:
        from .online_dialog import OnlineDialog

        def named(start: OnlineStart | None) -> None:
            if start is not None:
                self.start = replace(self.start, name=start.name)
                self._update()

        self.app.push_screen(OnlineDialog("name", self.start.name), named)

    async def action_close(self) -> None:
        await self.stop()
        self.dismiss(None)

    async def stop(self) -> None:
        if self.play is not None:
            await self.play.stop()

    async def on_unmount(self) -> None:
        await self.stop()
