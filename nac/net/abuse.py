"""Limits on what one person's many keys could do to a server with a ledger (issue 38): new
keys counted per address and network over the hour, and the rated games two keys play together
counted over the day."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .gate import network
from .limits import Limits

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger
    from .rooms import Room

log = logging.getLogger("nac.net")
HOUR = 3600.0
NEW_KEYS = (
    "{count} new players came from your {where} within the hour, the most this server lets in: "
    "play with a key it knows, as a guest, or in a while"
)
"""Said to a key the ledger has not seen, past `Limits.new_keys_per_address` (or network)."""


class NewKeys:
    """When the ledger saw a new key lately (on the server's clock), by address and network."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits, self.clock = limits, clock
        self.seen: dict[str, deque[float]] = {}
        """Each place's new keys' times, oldest first."""

    def _places(self, who: str) -> tuple[tuple[str, str, int], ...]:
        limits = self.limits
        return (
            (f"address {who}", "address", limits.new_keys_per_address),
            (f"network {network(who)}", "network", limits.new_keys_per_network),
        )

    def refusal(self, who: str) -> str | None:
        """Why one more new key from `who` may not be a player this hour, or None."""
        for place, where, most in self._places(who):
            if len(self._recent(place)) >= most:
                return NEW_KEYS.format(count=most, where=where)
        return None

    def made(self, who: str) -> None:
        for place, _where, _most in self._places(who):
            self.seen.setdefault(place, deque()).append(self.clock())

    def let_go(self) -> None:
        """Places whose new keys are all older than the hour forgotten."""
        for place in list(self.seen):
            self._recent(place)

    def _recent(self, place: str) -> deque[float]:
        """The place's new keys within the hour (older ones dropped: each time is looked at
        once more after it is an hour old, so a check costs no more as keys come)."""
        now = self.clock()
        recent = self.seen.get(place, deque())
        while recent and now - recent[0] >= HOUR:
            recent.popleft()
        if not recent:
            self.seen.pop(place, None)
        return recent


async def count_pair(ledger: Ledger, room: Room, today: datetime, limits: Limits) -> None:
    """As a rated game begins, its two keys' rated games of the day before `today` counted:
    past `Limits.rated_per_pair`, it is played unrated (`Room.pair_limited`, said to both)."""
    number = room.match.games_started
    if room.pair_rated == number or not room.in_progress or not room.rated:
        return
    room.pair_rated = number
    since = today - timedelta(days=1)
    try:
        played = await ledger.rated_between(room.host.public_key, room.guest.public_key, since)
    except Exception:  # the database failed: the game stays rated, as it would be kept
        log.exception("a pair's rated games could not be counted")
        return
    room.pair_limited = played >= limits.rated_per_pair
