"""The ledger on a real SQLite file: players by key, names unique whatever their case, ratings
kept in one transaction, and everything there again once the file is opened anew."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nac.ledger.glicko2 import Rating
from nac.ledger.ledger import Ledger, now, sqlite_url
from nac.ledger.schema import VERSION

KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
KEY_C = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICccccccccccccccccccccccccccccccccccccccccccc"


async def test_a_key_is_one_player_whose_name_is_kept(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        ana = await ledger.player_for_key(KEY_A, "Ana", "127.0.0.0/24")
        again = await ledger.player_for_key(KEY_A, "Someone else")
        assert again == ana and again.name == "Ana"
    finally:
        await ledger.close()


async def test_a_name_another_key_holds_in_any_case_gets_a_number(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        await ledger.player_for_key(KEY_A, "Ana")
        second = await ledger.player_for_key(KEY_B, "ANA")
        third = await ledger.player_for_key(KEY_C, "ａｎａ")  # fullwidth: the same name in NFKC
        assert (second.name, third.name) == ("ANA-2", "ａｎａ-3")
        assert await ledger.name_taken("aNa-2")
    finally:
        await ledger.close()


async def test_a_name_that_is_no_players_name_is_player(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        assert (await ledger.player_for_key(KEY_A, "\x1b[31mred")).name == "Player"
        long_name = await ledger.player_for_key(KEY_B, "W" * 20)
        cut = await ledger.player_for_key(KEY_C, "W" * 20)
        assert long_name.name == "W" * 20 and cut.name == "W" * 18 + "-2"
    finally:
        await ledger.close()


async def test_a_rated_game_moves_both_ratings_and_survives_reopening(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        ana = await ledger.player_for_key(KEY_A, "Ana")
        bo = await ledger.player_for_key(KEY_B, "Bo")
        recorded = await ledger.record_game(
            pool="normal",
            rated=True,
            x=ana.id,
            o=bo.id,
            moves="a1 b2 a2 c3 a3",
            result="X",
            why="line",
            started=now(),
        )
        assert recorded.x_before == recorded.o_before == Rating()
        assert recorded.x_after is not None and recorded.o_after is not None
        assert recorded.x_after.rating > 1500 > recorded.o_after.rating
    finally:
        await ledger.close()
    reopened = await Ledger.open(sqlite_url(tmp_path))
    try:
        page = await reopened.player("ana")
        assert page is not None and page.player.name == "Ana"
        (normal,) = page.ratings
        assert normal.pool == "normal" and normal.games == 1
        assert normal.rating.rating == pytest.approx(recorded.x_after.rating)
        assert normal.rating.provisional
        (game,) = page.games
        assert (game.x, game.o, game.moves, game.why) == ("Ana", "Bo", "a1 b2 a2 c3 a3", "line")
        assert (await reopened.rating(bo.id, "normal")).rating.rating < 1500
        assert await reopened.leaderboard("normal") == []  # both still provisional
    finally:
        await reopened.close()


async def test_the_file_is_wal_with_its_schema_version(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    await ledger.close()
    with sqlite3.connect(tmp_path / "ledger.sqlite") as database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert database.execute("SELECT version FROM schema_version").fetchall() == [(VERSION,)]


async def test_an_unrated_game_with_a_guest_changes_no_rating(tmp_path: Path) -> None:
    ledger = await Ledger.open(sqlite_url(tmp_path))
    try:
        ana = await ledger.player_for_key(KEY_A, "Ana")
        recorded = await ledger.record_game(
            pool="normal",
            rated=False,
            x=ana.id,
            o=None,
            moves="",
            result="draw",
            why="abort",
            started=now(),
        )
        assert recorded.x_after is None
        assert (await ledger.rating(ana.id, "normal")).games == 0
        with pytest.raises(ValueError):
            await ledger.record_game(
                pool="normal",
                rated=True,
                x=ana.id,
                o=None,
                moves="",
                result="X",
                why="line",
                started=now(),
            )
    finally:
        await ledger.close()
