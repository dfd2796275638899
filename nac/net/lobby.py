"""A relay's lobby: the games it lists and the connections watching them. One message lists
at most `Limits.listed` games (the open ones first, those whose host is here, a network's in
turn, the older first) and counts the rest, so it stays far under any client's limit however
many games there are and however long their names; its
watchers are told at most every LOBBY_SECONDS, and only what changed: one message written once
a change and shared by all, sent SLICE watchers at a time with the event loop free between
(2,000 lobby connections hold a game's move up by a slice, not by 2,000 sends)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from .gate import network
from .limits import Limits
from .protocol import write
from .rooms import Link, Room, deliver

LOBBY_SECONDS = 0.5
"""The lobby is sent again at most this often (a move in any game changes it)."""
SLICE = 64
"""Lobby watchers sent to between two turns of the event loop: thousands of them hold a game's
move up by one slice at most, not by all their sends."""
ORDER = {"waiting": 0, "playing": 1, "over": 2}


def status(room: Room) -> str:
    """A listed game's status; only a seat nobody has sat in is offered (`waiting`)."""
    if not room.guest.taken:
        return "waiting"
    return "playing" if room.in_progress else "over"


class Lobby:
    def __init__(
        self,
        limits: Limits,
        rooms: Callable[[], list[Room]],
        others: Callable[[], list[dict[str, object]]] = list,
    ) -> None:
        """`rooms`: the server's rooms, oldest first; `others`: the games other servers of its
        database list, waiting for a guest (`nac.net.meeting`), as this message lists a game."""
        self.limits = limits
        self.rooms = rooms
        self.others = others
        self.links: set[Link] = set()
        """The connections watching the lobby."""
        self._said = ""
        self._snapshot: str | None = None
        """The lobby message since the last change, written once for every watcher (and again
        after LOBBY_SECONDS, whatever happened)."""
        self._written = 0.0
        self._changed = False
        self._telling: asyncio.Task[None] | None = None
        self._stopped = False

    def text(self) -> str:
        """The lobby message as it is now (written once a change, then shared)."""
        now = time.monotonic()
        if self._snapshot is None or now - self._written > LOBBY_SECONDS:
            self._snapshot, self._written = self._write(), now
        return self._snapshot

    def _write(self) -> str:
        """The lobby message: open games first, then those being played, then those over; in
        each, the games whose host is here first, a game from each network in turn (its
        oldest first), the older first among those: fresh rooms from a few networks never push
        a waiting host out of the list."""
        rooms = self.rooms()
        listed = [(status(room), room) for room in rooms if room.listed and not room.closed]
        turn_of: dict[tuple[str, str], int] = {}
        """(status, network): how many of that network's games come before."""

        def turn(entry: tuple[str, Room]) -> int:
            place = (entry[0], network(entry[1].opened_by))
            turn_of[place] = turn_of.get(place, -1) + 1
            return turn_of[place]

        turns = {id(entry[1]): turn(entry) for entry in listed}
        listed.sort(
            key=lambda entry: (
                ORDER[entry[0]],
                entry[1].host.link is None,
                turns[id(entry[1])],
            )
        )
        shown = listed[: self.limits.listed]
        elsewhere = self.others()
        waiting_here = sum(state == "waiting" for state, _room in listed)
        fits = max(0, self.limits.listed - min(len(shown), waiting_here))
        games: list[dict[str, object]] = [
            {
                "host": room.host.name,
                "rating": None if room.host_rating is None else room.host_rating[0],
                "provisional": room.host_rating is not None and room.host_rating[1],
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
        # the other servers' games wait for a guest: after the open ones here, before the rest
        games[waiting_here:waiting_here] = elsewhere[:fits]
        del games[self.limits.listed :]
        playing = sum(1 for room in rooms if room.guest.taken)
        watching = sum(len(room.watchers) for room in rooms)
        more = len(listed) + len(elsewhere) - len(games)
        return write("lobby", games=games, more=more, playing=playing, watching=watching)

    def yours(self, public_key: str) -> str | None:
        """The key of the seat `public_key` (proven) holds in a game not over, listed or not
        (a quick match's too), for its player to come back to from the lobby; None for a guest
        or a key with no such seat."""
        if not public_key:
            return None
        for room in self.rooms():
            if room.closed or room.game.is_over or room.abandoned:
                continue
            for seat in room.seats:
                if seat.public_key == public_key and not seat.gone:
                    return seat.key
        return None

    def changed(self) -> None:
        """Something the lobby shows changed: its watchers are told, at most every
        LOBBY_SECONDS, and only if what they would be sent differs from what they have."""
        self._changed, self._snapshot = True, None
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
                links = list(self.links)
                for start in range(0, len(links), SLICE):
                    for link in links[start : start + SLICE]:
                        if link in self.links:
                            await deliver(link, text)
                    await asyncio.sleep(0)
                await asyncio.sleep(LOBBY_SECONDS)
        finally:
            self._telling = None

    def stop(self) -> None:
        """The server is closing: nothing more is sent."""
        self._stopped = True
        if self._telling is not None:
            self._telling.cancel()
