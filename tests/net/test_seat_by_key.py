"""A seat is its player's key, on every door (issue 38): a relay with its ledger on a SQLite file
on loopback tells a lobby's proven key the seat it holds in a game not over (a quick match's,
which no lobby lists), a stranger's key and a guest nothing; `nac lobby --key --plain` from
another home takes a dropped player straight back to the seat and the game goes on to its end;
the opponent waits for them to come back with their key; the leave question says what leaving
does in a rated game both sides have moved in (the clock runs on) and in a casual one."""

from __future__ import annotations

import io
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from nac.core import NORMAL, Game, Mark
from nac.ledger.ledger import Ledger, sqlite_url
from nac.net.address import Address
from nac.plain.online import PlainOnline
from nac.present.online import words as online_words
from nac.store.player_key import own_key

from .helpers import Player, Served, both_here, game_server, key_in, play_moves, player
from .test_plain_online import Plain
from .test_rated_games import THREE_PLUS_TWO


@asynccontextmanager
async def relay_with_ledger(data: Path) -> AsyncIterator[Served]:
    async with game_server(relay=True) as served:
        served.referee.ledger = await Ledger.open(sqlite_url(data))
        try:
            yield served
        finally:
            await served.referee.ledger.close()


async def matched(served: Served, homes: Path) -> tuple[Player, Player]:
    """Sam and Ana, each with their own key, paired by a rated quick match (3+2; its room is
    not listed), both seated; Sam searched first (X)."""
    found: list[Player] = []
    for name in ("sam", "ana"):
        one = player(
            Address(served.url, ""), "match", name.capitalize(),
            rules=NORMAL, clock=THREE_PLUS_TWO, identity=key_in(homes / name),
        )  # fmt: skip
        if not found:
            await one.until(lambda one: one.table.search is not None, "Sam searching")
        found.append(one)
    for one in found:
        await one.until(both_here, "both seated")
    sam, ana = found
    assert sam.table.you is Mark.X and sam.table.room.rated
    return sam, ana


async def lobby_of(served: Served, home: Path | None) -> Player:
    """A lobby's connection with the key in `home` (None: a guest's), welcomed."""
    identity = key_in(home) if home is not None else None
    lobby = player(Address(served.url, ""), "lobby", "Zed", identity=identity)
    await lobby.until(lambda one: one.table.role == "lobby", "the lobby's welcome")
    return lobby


async def test_a_lobby_tells_a_key_its_seat_and_a_stranger_or_a_guest_nothing(
    tmp_path: Path,
) -> None:
    async with relay_with_ledger(tmp_path / "server") as served:
        sam, ana = await matched(served, tmp_path)
        (room,) = served.referee.rooms
        assert not room.listed
        await play_moves((sam, ana), [0, 4])
        await ana.stop()  # her terminal gone
        await sam.until(lambda one: not one.table.room.online[Mark.O], "Ana's drop seen")
        waiting = online_words.dropped(sam.table, Mark.O, time.monotonic())
        assert "(they come back with their key)" in waiting, waiting
        lobbies = [
            await lobby_of(served, home)
            for home in (tmp_path / "ana", tmp_path / "sam", tmp_path / "eve", None)
        ]
        hers, his, strangers, guests = (lobby.table.yours for lobby in lobbies)
        assert hers == room.guest.key and his == room.host.key
        assert strangers is None and guests is None
        eve = player(served.address(hers), name="Eve", identity=key_in(tmp_path / "eve"))
        await eve.until(lambda one: one.table.ended, "a stranger refused")
        assert not room.guest.link  # the stranger took nothing
        for one in (*lobbies, eve, sam):
            await one.stop()


async def test_a_dropped_player_is_taken_back_to_the_seat_by_nac_lobby_from_another_home(
    tmp_path: Path,
) -> None:
    async with relay_with_ledger(tmp_path / "server") as served:
        sam, ana = await matched(served, tmp_path)
        await play_moves((sam, ana), [0, 4])
        await ana.stop()
        await sam.until(lambda one: not one.table.room.online[Mark.O], "Ana's drop seen")
        key = own_key(tmp_path / "ana")  # her key, copied to another machine
        back = await Plain.start(
            "lobby", served.url, "--key", str(key), "--name", "Someone",
            home=tmp_path / "elsewhere",
        )  # fmt: skip
        await back.line(f"^{online_words.BACK_TO_YOUR_SEAT}$")
        await sam.until(lambda one: one.table.room.online[Mark.O], "Ana back")
        assert sam.table.room.names[Mark.O] == "Ana"  # the ledger's name, not the one asked for
        assert await sam.play.move(1) is None
        await back.line("played")
        await back.type(Game().square_name(8))
        await sam.until(lambda one: len(one.moves) == 4, "her move from the new home")
        assert await sam.play.move(2) is None  # the top row
        await back.line("^Sam won")
        await sam.until(lambda one: one.table.room.ratings, "the rated end")
        assert sam.table.room.ratings[Mark.X].change > 0
        assert await back.end() == 0
        await sam.stop()


async def test_the_leave_question_says_the_clock_runs_on_in_a_rated_game_and_resigns_a_casual(
    tmp_path: Path,
) -> None:
    async with relay_with_ledger(tmp_path / "server") as served:
        sam, ana = await matched(served, tmp_path)
        await play_moves((sam, ana), [0])
        said = await quit_question(sam)  # only one side has moved: leaving resigns
        assert said == online_words.QUIT_QUESTION_TYPED and "counts as resigned" in said
        await play_moves((sam, ana), [4])
        said = await quit_question(ana)
        assert said == online_words.QUIT_QUESTION_TYPED_ON_CLOCK
        assert "clock keeps running" in said and "resigned" not in said
        casual = served.room(host="Cas")
        cas = player(served.address(casual.host.key), name="Cas", identity=key_in(tmp_path / "c"))
        bea = player(served.address(casual.guest.key), name="Bea", identity=key_in(tmp_path / "b"))
        for one in (cas, bea):
            await one.until(both_here, "both seated")
        await play_moves((cas, bea), [0, 4])
        assert await quit_question(bea) == online_words.QUIT_QUESTION_TYPED
        for one in (sam, ana, cas, bea):
            await one.stop()


async def quit_question(one: Player) -> str:
    """What the plain console says at the first q in this player's game."""
    said = io.StringIO()
    front = PlainOnline(said)
    front.play = one.play
    assert await front.handle("q")  # asked, not left
    return said.getvalue().strip()
