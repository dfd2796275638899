"""The online screens' states worth a picture, for the snapshot tests and `make screenshots`.

A picture must not vary, so nothing here goes on the network: a real room of the referee
(`nac.net.rooms.Room`, with fixed keys and a clock that stands still) plays the moves and
writes the `state` messages it would send, and a real table (`OnlinePlay.table`) hears them;
the online screen draws that table as it draws any.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from nac.core import NORMAL, Mark
from nac.net.address import Address
from nac.net.limits import Limits
from nac.net.play import OnlinePlay
from nac.net.rooms import Room, Seat
from nac.net.start import OnlineStart
from nac.net.table import Keep
from nac.ui.app import NacApp
from nac.ui.screens.lobby import LobbyScreen
from nac.ui.screens.online import OnlineScreen
from nac.ui.widgets.searches import Searches

from .helpers import seeded_engine, settle, until

SERVER = "ws://192.168.1.5:7878"
KEYS = {"X": "k3Jx9qLm2Rt8vW4z", "O": "p7Hd2WnQ5sLx0Vbe", "watch": "Qm8Tq1zPa0Lw3Ndy"}
NOW = 1000.0


class Link:
    """A connection, as far as a room knows one: something to tell apart."""

    address = "192.168.1.9"

    async def send(self, text: str) -> None:
        """Nothing goes anywhere: the room's messages are read from `Room.state`."""

    async def close(self, code: int, reason: str) -> None:
        """Nothing to close."""


@dataclass
class Recorded:
    """What a room went through: who sat, the moves, who dropped and when."""

    you: Mark | None = Mark.X
    guest: str | None = "Ana"
    moves: tuple[int, ...] = ()
    watchers: int = 0
    rematch: tuple[Mark, ...] = ()
    dropped: Mark | None = None
    dropped_for: float = 18.0
    """Seconds since the drop (a minute to come back: 0:42 left)."""
    expired: bool = False
    """The invite's time up unused: the room closed, and the server said so."""
    links: dict[Mark, Link] = field(default_factory=lambda: {mark: Link() for mark in Mark})

    def messages(self) -> list[dict[str, Any]]:
        clock = [NOW]
        room = Room(
            rules=NORMAL,
            host=Seat(Mark.X, KEYS["X"]),
            guest=Seat(Mark.O, KEYS["O"]),
            watch_key=KEYS["watch"],
            server=SERVER,
            limits=Limits(),
            clock=lambda: clock[0],
        )
        room.sit(room.host, self.links[Mark.X], "Sam")
        if self.guest:
            room.sit(room.guest, self.links[Mark.O], self.guest)
        room.watchers.update(Link() for _ in range(self.watchers))
        for cell in self.moves:
            assert room.move(self.links[room.game.turn], cell) is None
        for mark in self.rematch:
            assert room.ask_rematch(self.links[mark]) is None
        if self.dropped is not None:
            room.leave(self.links[self.dropped])
            clock[0] += self.dropped_for
        if self.expired:
            clock[0] += room.limits.invite_seconds + 1
            assert room.tick() and room.closed
        role = "watch" if self.you is None else "play"
        welcome = {"type": "welcome", "you": self.you and self.you.value, "role": role}
        messages = [welcome, json.loads(room.state(self.you, room.shared_state()))]
        if self.expired:  # what the referee says as it closes the room
            messages.append({"type": "error", "reason": "the game is over and its room closed"})
        return messages


class RecordedPlay(OnlinePlay):
    """An online game that hears recorded messages instead of a server's (its table and game
    are the real ones); it waits, connected to nothing, until stopped."""

    def __init__(self, messages: list[dict[str, Any]], on_change: Callable[[], object]) -> None:
        super().__init__(Address(SERVER, KEYS["X"]), "join", "Sam", on_change=on_change)
        self.table.clock = lambda: NOW
        self.messages = messages
        self.stopped = asyncio.Event()

    async def run(self) -> None:
        for message in self.messages:
            self.table.hear(message)
        self.on_change()
        await self.stopped.wait()

    async def stop(self) -> None:
        self.stopped.set()


@dataclass(frozen=True)
class OnlineScenario:
    name: str
    description: str
    recorded: Recorded | None = None
    """The online game shown (None: a relay's lobby)."""
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = (80, 24)

    def make_app(self) -> NacApp:
        return NacApp(think_seconds=0, engine=seeded_engine(1), timer=lambda: 0.0)

    def screen(self, app: NacApp) -> OnlineScreen | LobbyScreen:
        recorded = self.recorded
        if recorded is None:
            lobby = OnlineStart("lobby", "Kim", server=SERVER)
            return LobbyScreen(lobby, lambda start: None, connect=self._lobby)

        async def opening(
            on_change: Callable[[], object], keep: Keep | None
        ) -> tuple[OnlinePlay | None, str]:
            return RecordedPlay(recorded.messages(), on_change), ""

        return OnlineScreen(opening, engine=app.engine, clock=lambda: NOW, timer=lambda: 0.0)

    @staticmethod
    async def _lobby(on_change: Callable[[], object]) -> OnlinePlay:
        games = [
            {"host": "Sam", "guest": None, "rules": "normal 3", "status": "waiting", "moves": 0,
             "watchers": 0, "join": KEYS["O"], "watch": KEYS["watch"]},
            {"host": "Lee", "guest": "Kim", "rules": "normal 4", "status": "playing", "moves": 6,
             "watchers": 2, "join": None, "watch": "Wt5Rk8Jz1Hq4Mn7c"},
            {"host": "Ana", "guest": "Bo", "rules": "normal 3", "status": "over", "moves": 9,
             "watchers": 0, "join": None, "watch": "Zx2Cv4Bn6Ml8Kj0h"},
        ]  # fmt: skip
        lobby = {"type": "lobby", "games": games, "playing": 2, "watching": 2}
        return RecordedPlay([{"type": "welcome", "you": None, "role": "lobby"}, lobby], on_change)

    async def play(self, pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, NacApp)
        await settle(pilot, app)
        screen = self.screen(app)
        await app.push_screen(screen)

        def heard() -> bool:
            play = screen.play
            return play is not None and bool(play.table.room or play.table.lobby)

        await pilot.pause(0.01)  # (a step at least, as before the first look)
        await until(pilot, heard, "the recorded messages heard and drawn")
        for key in self.keys:
            await pilot.press(key)
        await until(
            pilot,
            lambda: not any(searches.running for searches in screen.query(Searches)),
            "the watcher's analysis done",
        )
        await pilot.pause()
        await pilot.pause()


ONLINE_SCENARIOS = {
    scenario.name: scenario
    for scenario in (
        OnlineScenario(
            "online-host-80x24",
            "nac host at 80×24: the invite, one line for the opponent and one for watchers",
            Recorded(guest=None),
        ),
        OnlineScenario(
            "online-host-40x15",
            "The host's invite at 40×15: each line broken once, before its address",
            Recorded(guest=None),
            size=(40, 15),
        ),
        OnlineScenario(
            "online-host-copied-60x20",
            "The host's invite at 60×20 after c: the line named as sent, the players still shown",
            Recorded(guest=None),
            keys=("c",),
            size=(60, 20),
        ),
        OnlineScenario(
            "online-expired-80x24",
            "An invite nobody used in 15 minutes: said so, and how to host again; no dead lines",
            Recorded(guest=None, expired=True),
        ),
        OnlineScenario(
            "online-game-80x24",
            "An online game in progress: both players online, two watching",
            Recorded(moves=(4, 0, 8, 2), watchers=2),
        ),
        OnlineScenario(
            "online-drop-80x24",
            "The opponent lost the connection: the minute they have to come back, counting down",
            Recorded(moves=(4, 0, 8), dropped=Mark.O),
        ),
        OnlineScenario(
            "online-result-80x24",
            "A finished online game: the result, the rematch Ana asked for, the score",
            Recorded(moves=(0, 3, 1, 4, 2), rematch=(Mark.O,)),
        ),
        OnlineScenario(
            "online-watch-80x24",
            "A watcher's view with the analysis on (t: on the watcher's screen only)",
            Recorded(you=None, moves=(4, 0, 8), watchers=1),
            keys=("t",),
        ),
        OnlineScenario("online-lobby-80x24", "A relay's lobby: its open games, to join or watch"),
    )
}
