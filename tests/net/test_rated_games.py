"""Rated games: a real game server on loopback with a ledger on a SQLite file, and real clients
with their own keys made in temporary homes. A game is rated on a server with a ledger, with a
clock, between two proven keys; its end is kept before anyone is told, and each player hears
their new rating with it."""

from __future__ import annotations

import re
import time
from pathlib import Path

from nac.core import Mark
from nac.core.clock import parse_time_control
from nac.present.online import words as online_words

from .helpers import (
    Player,
    Served,
    both_here,
    key_in,
    play_moves,
    player,
    server_with_ledger,
)

THREE_PLUS_TWO = parse_time_control("3+2")


async def seated(
    served: Served, homes: tuple[Path | None, Path | None], *, clock: bool = True
) -> tuple[Player, Player]:
    """Sam hosts (X) and Ana joins (O), each with the key in their home (None: a guest)."""
    room = served.referee.open_room(
        served.room().rules, "Sam", time_control=THREE_PLUS_TWO if clock else None
    )
    sam = player(
        served.address(room.host.key),
        name="Sam",
        identity=key_in(homes[0]) if homes[0] else None,
    )
    ana = player(
        served.address(room.guest.key),
        name="Ana",
        identity=key_in(homes[1]) if homes[1] else None,
    )
    for one in (sam, ana):
        await one.until(both_here, "both seated")
    return sam, ana


def rated_end(one: Player) -> bool:
    room = one.table.room
    return room is not None and len(room.ratings) == 2


async def test_a_rated_game_to_its_end_rates_both_players_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    data = tmp_path / "server"
    async with server_with_ledger(data) as served:
        sam, ana = await seated(served, (tmp_path / "sam", tmp_path / "ana"))
        assert sam.table.room.rated and ana.table.room.rated
        await play_moves((sam, ana), [0, 3, 1, 4, 2])  # X's top row
        for one in (sam, ana):
            await one.until(rated_end, "the ratings told")
        won, lost = sam.table.room.ratings[Mark.X], sam.table.room.ratings[Mark.O]
        assert won.rating > 1500 and won.change > 0 and won.provisional
        assert lost.rating < 1500 and lost.change < 0 and lost.provisional
        assert ana.table.room.ratings == sam.table.room.ratings
        said = online_words.status(sam.table, time.monotonic())
        assert re.search(rf"Rated: you {won.rating}\? \+{won.change}, Ana {lost.rating}\? −", said)
        for one in (sam, ana):
            await one.stop()
    async with server_with_ledger(data) as served:  # the server again, from its file
        ledger = served.referee.ledger
        assert ledger is not None
        sam_page, ana_page = await ledger.player("Sam"), await ledger.player("Ana")
        assert sam_page is not None and ana_page is not None
        assert round(sam_page.ratings[0].rating.rating) == won.rating
        assert round(ana_page.ratings[0].rating.rating) == lost.rating
        assert sam_page.ratings[0].rating.provisional and ana_page.ratings[0].games == 1
        (game,) = sam_page.games
        assert (game.rated, game.result, game.why, game.moves) == (
            True,
            "X",
            "line",
            "a1 a2 b1 b2 c1",
        )


async def test_a_resignation_is_rated_and_said_why(tmp_path: Path) -> None:
    async with server_with_ledger(tmp_path / "server") as served:
        sam, ana = await seated(served, (tmp_path / "sam", tmp_path / "ana"))
        await play_moves((sam, ana), [0, 4])
        assert await ana.play.resign() is None
        await sam.until(rated_end, "the ratings told")
        assert sam.table.room.ratings[Mark.X].change > 0
        ledger = served.referee.ledger
        assert ledger is not None
        page = await ledger.player("Ana")
        assert page is not None and page.games[0].why == "resignation"
        for one in (sam, ana):
            await one.stop()


async def test_a_game_is_unrated_without_a_clock_or_a_key_but_kept(tmp_path: Path) -> None:
    async with server_with_ledger(tmp_path / "server") as served:
        sam, ana = await seated(served, (tmp_path / "sam", tmp_path / "ana"), clock=False)
        guest_sam, keyed_ana = await seated(served, (None, tmp_path / "ana"))
        for x, o in ((sam, ana), (guest_sam, keyed_ana)):
            assert not x.table.room.rated
            await play_moves((x, o), [0, 3, 1, 4, 2])
            await x.until(lambda one: one.table.game.is_over, "the end")
            assert x.table.room.ratings == {}
            assert "Rated" not in online_words.status(x.table, time.monotonic())
        ledger = served.referee.ledger
        assert ledger is not None
        page = await ledger.player("Ana")
        assert page is not None and page.ratings == []
        assert [game.rated for game in page.games] == [False, False]
        for one in (sam, ana, guest_sam, keyed_ana):
            await one.stop()


async def test_one_key_never_sits_in_both_seats(tmp_path: Path) -> None:
    """A key is one player: with the join line, Sam's key takes Sam's own seat back (so one
    player never plays, nor rates, themselves)."""
    async with server_with_ledger(tmp_path / "server") as served:
        room = served.referee.open_room(served.room().rules, "Sam", time_control=THREE_PLUS_TWO)
        sam = player(served.address(room.host.key), name="Sam", identity=key_in(tmp_path / "sam"))
        await sam.until(lambda one: one.table.room is not None, "seated")
        again = player(
            served.address(room.guest.key), name="Sam", identity=key_in(tmp_path / "sam")
        )
        await again.until(lambda one: one.table.room is not None, "seated")
        assert again.table.you is Mark.X and not room.guest.taken
        await sam.until(lambda one: one.play.client.refused is not None, "replaced")
        for one in (sam, again):
            await one.stop()
