"""A relay's lobby: the games it lists and the connections watching them. One message lists
at most `Limits.listed` games (the newest open ones first) and counts the rest, so it stays
far under any client's limit however many games there are and however long their names; its
watchers are told at most every LOBBY_SECONDS, and only what changed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .limits import Limits
from .protocol import write
from .rooms import Link, Room, deliver

LOBBY_SECONDS = 0.5
"""The lobby is sent again at most this often (a move in any game changes it)."""
ORDER = {"waiting": 0, "playing": 1, "over": 2}


def status(room: Room) -> str:
    """A listed game's status; only a seat nobody has sat in is offered (`waiting`)."""
    if not room.guest.taken:
        return "waiting"
    return "playing" if room.in_progress else "over"


class Lobby:
    def __init__(self, limits: Limits, rooms: Callable[[], list[Room]]) -> None:
        """`rooms`: the server's rooms, oldest first."""
        self.limits = limits
        self.rooms = rooms
        self.links: set[Link] = set()
        """The connections watching the lobby."""
        self._said = ""
        self._changed = False
        self._telling: asyncio.Task[None] | None = None
        self._stopped = False

    def text(self) -> str:
        """The lobby message: open games first, then those being played, then those over,
        the newest first in each."""
        rooms = self.rooms()
        listed = [(status(room), room) for room in reversed(rooms) if room.listed]
        listed = [entry for entry in listed if not entry[1].closed]
        listed.sort(key=lambda entry: ORDER[entry[0]])
        shown = listed[: self.limits.listed]
        games = [
            {
                "host": room.host.name,
                "guest": room.guest.name or None,
                "rules": room.rules.name,
                "status": state,
                "moves": len(room.game.moves),
                "watchers": len(room.watchers),
                "join": room.guest.key if state == "waiting" else None,
                "watch": room.watch_key,
            }
            for state, room in shown
        ]
        playing = sum(1 for room in rooms if room.guest.taken)
        watching = sum(len(room.watchers) for room in rooms)
        more = len(listed) - len(shown)
        return write("lobby", games=games, more=more, playing=playing, watching=watching)

    def changed(self) -> None:
        """Something the lobby shows changed: its watchers are told, at most every
        LOBBY_SECONDS, and only if what they would be sent differs from what they have."""
        self._changed = True
        if self.links and self._telling is None and not self._stopped:
            self._telling = asyncio.ensure_future(self._tell())

    async def _tell(self) -> None:
        try:
            while self._changed and self.links:
                self._changed = False
                text = self.text()
                if text == self._said:
                    continue
                self._said = text
                for link in list(self.links):
                    await deliver(link, text)
                await asyncio.sleep(LOBBY_SECONDS)
        finally:
            self._telling = None

    def stop(self) -> None:
        """The server is closing: nothing more is sent."""
        self._stopped = True
        if self._telling is not None:
            self._telling.cancel()
