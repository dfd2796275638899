"""Issue 38's abuse limits, on a real game server on loopback with a ledger on a SQLite file and
real clients with their own keys in temporary homes; the server's clocks are the test's (a day
and an hour pass without waiting)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from nac.core import GameResult, Mark
from nac.ledger.ledger import Ledger, sqlite_url
from nac.net.limits import Limits
from nac.present.online import words as online_words

from .helpers import Clock, Player, Served, both_here, game_server, key_in, play_moves, player
from .test_rated_games import THREE_PLUS_TWO, rated_end


@asynccontextmanager
async def rated_server(data: Path, clock: Clock | None = None) -> AsyncIterator[Served]:
    async with game_server(clock=clock) as served:
        served.referee.ledger = await Ledger.open(sqlite_url(data))
        try:
            yield served
        finally:
            await served.referee.ledger.close()


async def sam_and_ana(served: Served, homes: Path) -> tuple[Player, Player]:
    """Sam (X) and Ana (O) seated in a new room with a 3+2 clock, each with their own key."""
    room = served.referee.open_room(served.room().rules, "Sam", time_control=THREE_PLUS_TWO)
    sam = player(served.address(room.host.key), name="Sam", identity=key_in(homes / "sam"))
    ana = player(served.address(room.guest.key), name="Ana", identity=key_in(homes / "ana"))
    for one in (sam, ana):
        await one.until(both_here, "both seated")
    return sam, ana


async def heard(served: Served, moves: int) -> None:
    """Until the server's last room has had `moves` moves (bounded)."""
    room = served.referee.rooms[-1]
    for _ in range(500):
        if len(room.game.moves) >= moves:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the server never heard move {moves}")


def over(one: Player) -> bool:
    return bool(one.table.game.is_over)


async def test_two_keys_are_rated_together_five_times_a_day_then_play_unrated_and_are_told(
    tmp_path: Path,
) -> None:
    most = Limits().rated_per_pair
    async with rated_server(tmp_path / "server") as served:
        for _ in range(most):
            sam, ana = await sam_and_ana(served, tmp_path)
            assert sam.table.room.rated
            await play_moves((sam, ana), [0, 3, 1, 4, 2])
            await sam.until(rated_end, "the ratings told")
            for one in (sam, ana):
                await one.stop()
        sam, ana = await sam_and_ana(served, tmp_path)  # the sixth game today
        assert not sam.table.room.rated and not ana.table.room.rated
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        await ana.until(over, "the end")
        said = online_words.status(ana.table, time.monotonic())
        assert f"Not rated: you and Sam have played {most} rated games together today" in said
        assert ana.table.room.ratings == {}
        for one in (sam, ana):
            await one.stop()
        served.referee.wall = lambda: datetime.now(UTC) + timedelta(hours=25)  # the next day
        sam, ana = await sam_and_ana(served, tmp_path)
        assert sam.table.room.rated
        for one in (sam, ana):
            await one.stop()
        ledger = served.referee.ledger
        assert ledger is not None
        page = await ledger.player("Ana")
        assert page is not None and [game.rated for game in page.games].count(True) == most


async def test_a_player_who_leaves_a_rated_game_loses_on_time_not_at_once(tmp_path: Path) -> None:
    clock = Clock()
    async with rated_server(tmp_path / "server", clock) as served:
        sam, ana = await sam_and_ana(served, tmp_path)
        await play_moves((sam, ana), [0, 4])
        await ana.play.leave()
        await sam.until(lambda one: Mark.O in one.table.room.left, "Ana's leaving told")
        assert not sam.table.game.is_over  # not resigned: Ana's clock decides
        assert await sam.play.move(1) is None
        await heard(served, 3)
        clock.now += 60 + 1  # past the time away a drop has: a leaver's clock decides, not it
        await served.referee.tick()
        assert not served.referee.rooms[-1].game.is_over
        clock.now += 3 * 60
        await served.referee.tick()
        await sam.until(rated_end, "lost on time, rated")
        assert sam.table.room.why == "time" and sam.table.game.outcome.winner is Mark.X
        assert sam.table.room.ratings[Mark.X].change > 0
        await sam.stop()


async def test_leaving_a_rated_game_saves_nothing_until_the_server_decides_it(
    tmp_path: Path,
) -> None:
    """The leaver's nac saves no resignation the server never made: nothing at leave; the
    result once a run of nac hears it (back with the key, lost on time), as the server decided."""
    clock = Clock()
    async with rated_server(tmp_path / "server", clock) as served:
        sam, ana = await sam_and_ana(served, tmp_path)
        room = served.referee.rooms[-1]
        await play_moves((sam, ana), [0, 4])
        assert ana.play.leaving_resigns and ana.play.leaving_runs_clock  # asked, not resigned
        await ana.play.leave()
        assert ana.kept == [] and not ana.table.game.is_over  # nothing saved: not decided yet
        await sam.until(lambda one: Mark.O in one.table.room.left, "Ana's leaving told")
        assert sam.kept == []
        assert await sam.play.move(1) is None
        await heard(served, 3)
        again = player(
            served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana")
        )
        await again.until(lambda one: one.moves == [0, 4, 1], "back in her seat")
        assert await again.play.move(2) is None  # the top row blocked
        await sam.until(lambda one: one.moves == [0, 4, 1, 2], "her move seen")
        assert await sam.play.move(6) is None  # hers blocked: her move again, her clock runs
        await again.until(lambda one: one.moves == [0, 4, 1, 2, 6], "his move seen")
        clock.now += 4 * 60  # and runs out
        await served.referee.tick()
        for one in (sam, again):
            await one.until(rated_end, "lost on time, rated")
        assert [finished.result for finished in again.kept] == [GameResult.LOST]
        assert [finished.result for finished in sam.kept] == [GameResult.WON]
        assert ana.kept == []
        for one in (sam, again):
            await one.stop()


async def test_leaving_a_casual_game_in_progress_saves_it_resigned(tmp_path: Path) -> None:
    async with rated_server(tmp_path / "server") as served:
        room = served.referee.open_room(served.room().rules, "Sam")  # no clock: casual
        sam = player(served.address(room.host.key), name="Sam", identity=key_in(tmp_path / "sam"))
        ana = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        for one in (sam, ana):
            await one.until(both_here, "both seated")
        await play_moves((sam, ana), [0, 4])
        assert ana.play.leaving_resigns and not ana.play.leaving_runs_clock
        await ana.play.leave()
        assert [finished.result for finished in ana.kept] == [GameResult.LOST]
        await sam.until(over, "Ana's resignation")
        await sam.stop()


async def test_a_player_who_leaves_a_rated_game_comes_back_in_time_with_their_key(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with rated_server(tmp_path / "server", clock) as served:
        sam, ana = await sam_and_ana(served, tmp_path)
        room = served.referee.rooms[-1]
        await play_moves((sam, ana), [0, 4])
        await ana.play.leave()
        await sam.until(lambda one: Mark.O in one.table.room.left, "Ana's leaving told")
        assert await sam.play.move(1) is None
        await heard(served, 3)
        clock.now += 100  # Ana's clock runs: 80 s of her 180 left
        again = player(
            served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana")
        )
        await again.until(lambda one: one.table.you is Mark.O and one.moves == [0, 4, 1], "back")
        assert await again.play.move(2) is None  # she blocks the top row in time
        await sam.until(lambda one: one.moves == [0, 4, 1, 2], "her move seen")
        assert not sam.table.game.is_over and Mark.O not in sam.table.room.left
        for one in (sam, again):
            await one.stop()


async def test_a_class_behind_one_address_gets_its_keys_and_a_key_minter_is_stopped(
    tmp_path: Path,
) -> None:
    """40 new keys an hour from one address (a class of 30 behind a NAT, and some to spare), 80
    from one network; past them a new key is refused in words, a known key still plays, and an
    hour later new keys come in again."""
    clock = Clock()
    limits = Limits()
    async with rated_server(tmp_path / "server", clock) as served:
        referee = served.referee
        for number in range(limits.new_keys_per_address - 1):  # the class, and more
            await referee.player_for_key(f"ssh-ed25519 KEY{number}", f"Pupil {number}", "127.0.0.1")
        room = referee.open_room(served.room().rules, "Sam", time_control=THREE_PLUS_TWO)
        sam = player(served.address(room.host.key), name="Sam", identity=key_in(tmp_path / "sam"))
        await sam.until(lambda one: one.table.room is not None, "the 40th key seated")
        ana = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        await ana.until(lambda one: one.table.ended, "the 41st key refused")
        assert "new players came from your address within the hour" in (ana.table.error or "")
        assert not room.guest.taken
        await ana.stop()
        await sam.stop()
        clock.now += 3601  # an hour later, in a new room: Sam's key known, Ana's new
        sam, ana = await sam_and_ana(served, tmp_path)
        assert ana.table.room is not None and ana.table.room.rated
        for one in (sam, ana):
            await one.stop()
