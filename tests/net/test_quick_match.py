"""Quick match on a relay: a real relay on loopback with a ledger on a SQLite file, and real
clients with their own keys made in temporary homes. Seekers of one pool and clock are paired by
rating (the range widening with the wait, on the relay's test clock), seated in a new unlisted
room with that clock, rated, and play as a join does; a search is cancelled by leaving or by a
dropped connection; a key searches a pool once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from nac.core import NORMAL, Family, Mark, Rules
from nac.core.clock import parse_time_control
from nac.net.address import Address
from nac.net.matching import IN_QUEUE, search_range
from nac.present.online import words as online_words

from .helpers import (
    LONGEST_WAIT,
    Clock,
    Player,
    Served,
    key_in,
    play_moves,
    player,
    server_with_ledger,
)

THREE_PLUS_TWO = parse_time_control("3+2")


def seeker(served: Served, name: str, home: Path | None, rules: Rules = NORMAL) -> Player:
    """`nac match` as the front ends run it: a search of `rules` at 3+2, by the key in `home`
    (None: a guest)."""
    return player(
        Address(served.url, ""),
        "match",
        name,
        rules=rules,
        clock=THREE_PLUS_TWO,
        identity=key_in(home) if home is not None else None,
    )


def searching(one: Player) -> bool:
    return one.table.search is not None


def paired(one: Player) -> bool:
    room = one.table.room
    return one.table.you is not None and room is not None and all(room.online.values())


async def queued(served: Served, count: int) -> None:
    """Until the relay has `count` seekers in its queues (bounded)."""
    async with asyncio.timeout(LONGEST_WAIT):
        while len(served.referee.queues) != count:
            await asyncio.sleep(0.01)


async def test_two_players_with_keys_are_paired_into_one_rated_game_played_to_its_end(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        sam = seeker(served, "Sam", tmp_path / "sam")
        await sam.until(searching, "Sam searching")
        said = online_words.status(sam.table, clock.now)
        assert said.startswith("Searching for an opponent: 3×3, 3+2, rated · your rating 1500?")
        ana = seeker(served, "Ana", tmp_path / "ana")
        for one in (sam, ana):
            await one.until(paired, "paired")
        assert {sam.table.you, ana.table.you} == {Mark.X, Mark.O}
        (room,) = served.referee.rooms
        assert room.matched and not room.listed and room.time_control == THREE_PLUS_TWO
        assert sam.table.room.rated and sam.table.room.clock is not None
        assert sam.table.search is None and len(served.referee.queues) == 0
        x, o = (sam, ana) if sam.table.you is Mark.X else (ana, sam)
        await play_moves((x, o), [0, 3, 1, 4, 2])  # X's top row
        for one in (sam, ana):
            await one.until(lambda one: len(one.table.room.ratings) == 2, "the ratings told")
        won = x.table.room.ratings[Mark.X]
        assert won.rating > 1500 and won.change > 0 and won.provisional
        assert x.table.room.ratings[Mark.O].rating < 1500
        assert len(x.kept) == 1 and len(o.kept) == 1  # each kept it as a game of their own
        for one in (sam, ana):
            await one.stop()


async def test_players_far_apart_are_paired_only_once_the_range_has_widened(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        ledger = served.referee.ledger
        assert ledger is not None
        high = await ledger.player_for_key(key_in(tmp_path / "sam").public_line, "Sam")
        low = await ledger.player_for_key(key_in(tmp_path / "lou").public_line, "Lou")
        await ledger.record_game(
            pool=NORMAL.name,
            rated=True,
            x=high.id,
            o=low.id,
            moves="a1",
            result="X",
            why="resignation",
            started=datetime.now(UTC),
            clock="3+2",
        )
        apart = (await ledger.rating(high.id, NORMAL.name)).rating.rating - (
            await ledger.rating(low.id, NORMAL.name)
        ).rating.rating
        waits = [seconds for seconds in range(0, 61, 5) if (search_range(seconds) or 1e9) >= apart]
        assert 5 <= waits[0] < 60  # more than the first range, less than any
        sam = seeker(served, "Sam", tmp_path / "sam")
        lou = seeker(served, "Lou", tmp_path / "lou")
        for one in (sam, lou):
            await one.until(searching, "searching")
        clock.now += waits[0] - 5
        await served.referee.tick()
        await sam.until(lambda one: one.table.search.range == search_range(waits[0] - 5), "wider")
        assert len(served.referee.queues) == 2 and not served.referee.rooms
        clock.now += 5
        await served.referee.tick()
        for one in (sam, lou):
            await one.until(paired, "paired once the range is wide enough")
        assert lou.table.you is Mark.X  # the lower-rated moves first
        for one in (sam, lou):
            await one.stop()


async def test_leaving_a_search_cancels_it(tmp_path: Path) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        sam = seeker(served, "Sam", tmp_path / "sam")
        await sam.until(searching, "searching")
        await queued(served, 1)
        await sam.play.leave()
        await queued(served, 0)
        ana = seeker(served, "Ana", tmp_path / "ana")
        await ana.until(searching, "searching alone")
        assert not served.referee.rooms
        for one in (sam, ana):
            await one.stop()


async def test_a_dropped_connection_leaves_the_queue(tmp_path: Path) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        sam = seeker(served, "Sam", tmp_path / "sam")
        await sam.until(searching, "searching")
        await sam.stop()  # the connection closes without a word
        await queued(served, 0)
        ana = seeker(served, "Ana", tmp_path / "ana")
        await ana.until(searching, "searching alone")
        assert not served.referee.rooms
        await ana.stop()


async def test_a_key_searches_a_pool_once(tmp_path: Path) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        sam = seeker(served, "Sam", tmp_path / "sam")
        await sam.until(searching, "searching")
        again = seeker(served, "Sam", tmp_path / "sam")
        await again.until(lambda one: bool(one.table.error), "refused")
        assert again.table.error == IN_QUEUE
        assert len(served.referee.queues) == 1 and not served.referee.rooms
        misere = seeker(served, "Sam", tmp_path / "sam", Rules(Family.MISERE, 3))
        await misere.until(searching, "another pool searched")
        for one in (sam, again, misere):
            await one.stop()


async def test_guests_are_paired_with_guests_unrated(tmp_path: Path) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        keyed = seeker(served, "Sam", tmp_path / "sam")
        guest = seeker(served, "Gus", None)
        for one in (keyed, guest):
            await one.until(searching, "searching")
        assert not guest.table.search.rated and keyed.table.search.rated
        other = seeker(served, "Gia", None)
        for one in (guest, other):
            await one.until(paired, "the guests paired")
        assert not guest.table.room.rated and searching(keyed)
        for one in (keyed, guest, other):
            await one.stop()


async def test_the_lobby_shows_a_keyed_hosts_rating(tmp_path: Path) -> None:
    clock = Clock()
    async with server_with_ledger(tmp_path / "server", relay=True, clock=clock) as served:
        sam = player(Address(served.url, ""), "host", "Sam", identity=key_in(tmp_path / "sam"))
        gus = player(Address(served.url, ""), "host", "Gus")
        lee = player(Address(served.url, ""), "lobby", "Lee")
        await lee.until(lambda lee: lee.table.lobby and len(lee.table.lobby.games) == 2, "listed")
        shown = sorted(online_words.open_game(game) for game in lee.table.lobby.games)
        assert shown == [
            "Gus · 3×3 · waiting for an opponent",
            "Sam (1500?) · 3×3 · waiting for an opponent",
        ]
        for one in (sam, gus, lee):
            await one.stop()
