"""The seats this player holds in online games: each seat's token (its pass, which the server
gives only to whoever first sat in it) by the invite's address, in `seats.json` beside the
stats. A player who left, whose nac was killed, or whose machine restarted, comes back to the
seat with the same `nac join` line while its room is open (the line alone, without the pass,
never takes it); a pass is dropped when its room closes, or when a guest gives the seat back
before their first move, and one older than KEEP_SECONDS is dropped anyway."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import shown
from .files import BadFile, Data, JsonFile

SCHEMA = 1
FILE_NAME = "seats.json"
SEATS = "seats"
KEEP_SECONDS = 2 * 24 * 3600.0
"""A pass older than this is of a game long over (a room closes a minute after both players
have gone)."""
MOST_SEATS = 100
LONGEST_ADDRESS = 400
LONGEST_TOKEN = 64


def _check(data: Data) -> None:
    seats = data.get(SEATS, {})
    if not isinstance(seats, dict) or len(seats) > MOST_SEATS:
        raise BadFile("seats is not an object of at most a hundred seats")
    for address, seat in seats.items():
        if not isinstance(address, str) or len(address) > LONGEST_ADDRESS:
            raise BadFile(f"seat {shown(address)} is not an invite's address")
        if not isinstance(seat, dict) or set(seat) != {"token", "at"}:
            raise BadFile(f"seat {shown(address)} is not a token and a time")
        token, at = seat["token"], seat["at"]
        if not isinstance(token, str) or not 0 < len(token) <= LONGEST_TOKEN:
            raise BadFile(f"seat {shown(address)}'s token is {shown(token)}")
        if isinstance(at, bool) or not isinstance(at, int | float):
            raise BadFile(f"seat {shown(address)}'s time is {shown(at)}")


class SeatPasses:
    """The passes of the seats this player holds, by the invite's address."""

    def __init__(
        self,
        directory: Path | None,
        *,
        saving: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="online seats file"
        )
        self.clock = clock

    def token(self, address: str) -> str:
        """The pass kept for the seat at `address` ("" if none)."""
        seat = self.file.read().get(SEATS, {}).get(address)
        if seat is None or self.clock() - seat["at"] > KEEP_SECONDS:
            return ""
        token: str = seat["token"]
        return token

    def keep(self, address: str, token: str) -> None:
        if len(address) > LONGEST_ADDRESS or not 0 < len(token) <= LONGEST_TOKEN:
            return
        if self.token(address) == token:
            return
        now = self.clock()

        def kept(data: Data) -> Data:
            seats: dict[str, Any] = {
                where: seat
                for where, seat in data.get(SEATS, {}).items()
                if now - seat["at"] <= KEEP_SECONDS
            }
            seats[address] = {"token": token, "at": now}
            newest = sorted(seats.items(), key=lambda item: item[1]["at"])[-MOST_SEATS:]
            data[SEATS] = dict(newest)
            return data

        self.file.update(kept)

    def drop(self, address: str) -> None:
        if address not in self.file.read().get(SEATS, {}):
            return

        def dropped(data: Data) -> Data:
            data.get(SEATS, {}).pop(address, None)
            return data

        self.file.update(dropped)

    @property
    def notices(self) -> list[str]:
        return self.file.notices
