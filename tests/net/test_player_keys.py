"""A player is a key (protocol 4): a real game server on loopback with a ledger on a SQLite file,
and real clients with their own keys made in temporary homes."""

from __future__ import annotations

import json
from pathlib import Path

from nac.ledger.ledger import now
from nac.net.identity import decoded, dialled, encoded
from nac.net.proving import NOT_PROVEN
from nac.net.referee import HELD

from .helpers import (
    Served,
    both_here,
    game_server,
    hello,
    key_in,
    next_of,
    player,
    raw,
    replies,
    server_with_ledger,
)


async def seat_taken_by(served: Served, home: Path, name: str) -> str:
    """A player with the key in `home` takes a new room's guest seat; the name it plays by."""
    room = served.room()
    one = player(served.address(room.guest.key), name=name, identity=key_in(home))
    await one.until(lambda one: one.table.room is not None, "seated")
    await one.stop()
    return room.guest.name


async def test_a_second_key_asking_for_a_players_name_gets_another(tmp_path: Path) -> None:
    async with server_with_ledger(tmp_path / "server") as served:
        assert await seat_taken_by(served, tmp_path / "ana", "Ana") == "Ana"
        assert await seat_taken_by(served, tmp_path / "eve", "ANA") == "ANA-2"
        assert await seat_taken_by(served, tmp_path / "ana", "Someone") == "Ana"


async def test_a_guest_may_not_show_a_players_name(tmp_path: Path) -> None:
    async with server_with_ledger(tmp_path / "server") as served:
        await seat_taken_by(served, tmp_path / "ana", "Ana")
        room = served.room()
        guest = player(served.address(room.guest.key), name="ana")
        await guest.until(lambda one: one.table.room is not None, "seated")
        await guest.stop()
        assert room.guest.name.startswith("Guest-")


async def test_a_replayed_hello_and_proof_get_nothing(tmp_path: Path) -> None:
    ana = key_in(tmp_path / "ana")
    async with server_with_ledger(tmp_path / "server") as served:
        room = served.room()
        first = hello(key=room.guest.key, public_key=ana.public_line, name="Ana")
        async with raw(served.url) as ws:
            await ws.send(first)
            nonce = decoded((await next_of(ws, "challenge"))["nonce"], 32)
            assert nonce is not None
            proof = json.dumps(
                {"type": "proof", "signature": encoded(ana.sign(nonce, dialled(served.url)))}
            )
            await ws.send(proof)
            assert (await next_of(ws, "welcome"))["name"] == "Ana"
        async with raw(served.url) as ws:  # the same hello and proof, copied
            await ws.send(first)
            await next_of(ws, "challenge")
            await ws.send(proof)
            said = await replies(ws)
        assert {"type": "error", "reason": NOT_PROVEN} in said
        assert not any(message["type"] == "welcome" for message in said)


async def test_a_proof_signed_for_another_server_is_refused(tmp_path: Path) -> None:
    ana = key_in(tmp_path / "ana")
    async with server_with_ledger(tmp_path / "server") as served:
        room = served.room()
        async with raw(served.url) as ws:
            await ws.send(hello(key=room.guest.key, public_key=ana.public_line))
            nonce = decoded((await next_of(ws, "challenge"))["nonce"], 32)
            assert nonce is not None
            signature = ana.sign(nonce, "elsewhere.example:8765")
            await ws.send(json.dumps({"type": "proof", "signature": encoded(signature)}))
            said = await replies(ws)
        assert {"type": "error", "reason": NOT_PROVEN} in said


async def test_a_player_who_drops_takes_the_seat_back_with_the_same_key(tmp_path: Path) -> None:
    async with server_with_ledger(tmp_path / "server") as served:
        room = served.room()
        host = player(served.address(room.host.key), name="Sam", identity=key_in(tmp_path / "sam"))
        ana = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        for one in (host, ana):
            await one.until(both_here, "both seated")
        await ana.stop()  # her nac ends: no token goes with the next one
        await host.until(lambda one: not all(one.table.room.online.values()), "Ana away")
        stranger = player(
            served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "eve")
        )
        await stranger.until(lambda one: one.play.client.refused is not None, "refused")
        assert stranger.play.client.refused == HELD.format(name="Ana")
        back = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        await back.until(both_here, "Ana back in her seat")
        assert back.table.you is ana.table.you
        await host.until(both_here, "the host sees Ana back")
        for one in (host, back, stranger):
            await one.stop()


async def test_names_and_ratings_survive_a_restart_of_the_server(tmp_path: Path) -> None:
    data = tmp_path / "server"
    async with server_with_ledger(data) as served:
        assert await seat_taken_by(served, tmp_path / "ana", "Ana") == "Ana"
        assert await seat_taken_by(served, tmp_path / "bo", "Bo") == "Bo"
        ledger = served.referee.ledger
        assert ledger is not None
        ana = await ledger.player_for_key(key_in(tmp_path / "ana").public_line, "")
        bo = await ledger.player_for_key(key_in(tmp_path / "bo").public_line, "")
        await ledger.record_game(
            pool="normal",
            rated=True,
            x=ana.id,
            o=bo.id,
            moves="a1 b1 a2 b2 a3",
            result="X",
            why="line",
            started=now(),
        )
    async with server_with_ledger(data) as served:
        assert await seat_taken_by(served, tmp_path / "eve", "Ana") == "Ana-2"
        assert await seat_taken_by(served, tmp_path / "ana", "Zed") == "Ana"
        ledger = served.referee.ledger
        assert ledger is not None
        page = await ledger.player("Ana")
        assert page is not None and page.ratings[0].rating.rating > 1500


async def test_a_returning_key_is_let_past_its_addresss_wrong_key_lock(tmp_path: Path) -> None:
    """A seat's key, proven, comes back as a seat's pass does: a lock on its address (wrong
    keys tried from there) never keeps its player out."""
    from nac.net.limits import Limits
    from nac.net.referee import WRONG_KEYS

    async with game_server(Limits(wrong_keys=1)) as served:
        room = served.room()
        host = player(served.address(room.host.key), name="Sam", identity=key_in(tmp_path / "sam"))
        ana = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        for one in (host, ana):
            await one.until(both_here, "both seated")
        await ana.stop()
        wrong = player(served.address("x" * 16), name="Eve")
        await wrong.until(lambda one: one.play.client.refused is not None, "a wrong key")
        locked = player(served.address(room.guest.key), name="Eve")
        await locked.until(lambda one: one.play.client.refused is not None, "locked out")
        assert locked.play.client.refused == WRONG_KEYS
        back = player(served.address(room.guest.key), name="Ana", identity=key_in(tmp_path / "ana"))
        await back.until(both_here, "Ana back in her seat")
        for one in (host, back, wrong, locked):
            await one.stop()
