"""A room's finished game put in the ledger (`nac.ledger`) before anyone is told its end: the
moves in the notation, the players by their keys (a guest's side by none), the result and why,
and for a rated game (`Room.rated`) both players' new ratings, which the `state` then carries
(`ratings`: each side's rating, its change, and whether it is still provisional)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..core import Mark
from ..core.notation import square_of
from ..ledger.glicko2 import Rating

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger
    from ..ledger.live import Ended
    from .rooms import Room

LEDGER_WHY = {
    "resignation": "resignation",
    "forfeit": "forfeit",
    "time": "time",
    "aborted": "abort",
}
"""The state's `why` as the ledger says it (a board's end is a line or a draw)."""


async def record(
    ledger: Ledger,
    room: Room,
    ended: datetime | None = None,
    live: Ended | None = None,
) -> None:
    """Keep the room's game, ended and not yet kept, in `ledger` (committed when this returns),
    and a rated game's new ratings in `room.ratings`. The room counts it as kept from the
    start, so a game is never kept twice, even if this fails. `ended`: when (now if None);
    `live`: where servers share the ledger, the room's row, written as recorded with the game
    kept (`live.LostGame`, the game not kept, if another server took it over)."""
    room.recorded = True
    game, why = room.game, room.why
    outcome = game.outcome
    winner = outcome.winner if outcome is not None else None
    result = "draw" if winner is None else winner.value
    said = LEDGER_WHY.get(why or "", "draw" if winner is None else "line")
    rated = room.rated and said != "abort"
    ids: dict[Mark, int | None] = {}
    for seat in room.seats:
        ids[seat.mark] = (
            (await ledger.player_for_key(seat.public_key, seat.name)).id
            if seat.public_key
            else None
        )
    control = room.time_control
    kept = await ledger.record_game(
        pool=room.rules.name,
        rated=rated,
        x=ids[Mark.X],
        o=ids[Mark.O],
        moves=" ".join(square_of(room.rules, move.cell) for move in game.moves),
        result=result,
        why=said,
        started=room.began,
        ended=ended,
        clock=control.name if control is not None else None,
        first=game.first.value,
        live=live,
    )
    if not rated:
        return
    sides = {Mark.X: (kept.x_before, kept.x_after), Mark.O: (kept.o_before, kept.o_after)}
    room.ratings = {
        mark.value: shown(before, after)
        for mark, (before, after) in sides.items()
        if before is not None and after is not None
    }


def shown(before: Rating, after: Rating) -> dict[str, object]:
    """A side's rating as the state carries it: whole points, the change, provisional or not."""
    return {
        "rating": round(after.rating),
        "change": round(after.rating) - round(before.rating),
        "provisional": after.provisional,
    }
