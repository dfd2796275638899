"""Results that end together are written together (group commit): every one committed, each
rating as if the games had been kept one after the other in the order they ended, a player's
two games in one batch applied in order, and a result that cannot be kept failing alone. On
SQLite and on PostgreSQL (`database` in conftest.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from nac.ledger import glicko2, results
from nac.ledger.glicko2 import Rating
from nac.ledger.ledger import Ledger, now
from nac.ledger.live import LostGame
from nac.ledger.results import Finished, Recorded
from nac.ledger.schema import games

SCORE = {"X": 1.0, "O": 0.0, "draw": 0.5}


def key(number: int) -> str:
    return f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{number:043d}"


def batches_of(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each batch of results a ledger writes from now on."""
    sizes: list[int] = []
    write = results.write

    def counted(connection: sa.Connection, batch: list[Finished]) -> list[Recorded | LostGame]:
        sizes.append(len(batch))
        return write(connection, batch)

    monkeypatch.setattr(results, "write", counted)  # what each batch's transaction runs
    return sizes


async def test_results_ending_together_are_all_kept_each_rated_in_order(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = await Ledger.open(database)
    try:
        ids = [(await ledger.player_for_key(key(n), f"P{n}")).id for n in range(12)]
        # One game already kept: player 0 starts the batch with a rating of their own.
        await ledger.record_game(
            pool="normal",
            rated=True,
            x=ids[0],
            o=ids[11],
            moves="",
            result="X",
            why="line",
            started=now(),
        )
        expected = {
            (player, "normal"): (await ledger.rating(player, "normal")).rating for player in ids
        }
        played = {player: (await ledger.rating(player, "normal")).games for player in ids}
        # Player 0 plays three games in the batch (won, drawn, lost), player 1 two, in two
        # pools; unrated games and a guest among them.
        ending = [
            ("normal", True, ids[0], ids[1], "X"),
            ("normal", True, ids[2], ids[0], "draw"),
            ("misere", True, ids[1], ids[3], "O"),
            ("normal", False, ids[4], None, "X"),
            ("normal", True, ids[0], ids[5], "O"),
            ("normal", True, ids[6], ids[1], "draw"),
        ] + [("normal", True, ids[7 + n % 4], ids[(8 + n) % 11], "X") for n in range(3)]
        sizes = batches_of(monkeypatch)
        kept = await asyncio.gather(
            *(
                ledger.record_game(
                    pool=pool,
                    rated=rated,
                    x=x,
                    o=o,
                    moves="a1",
                    result=result,
                    why="line",
                    started=now(),
                )
                for pool, rated, x, o, result in ending
            )
        )
        assert sizes == [len(ending)]  # all in one transaction
        for (pool, rated, x, o, result), recorded in zip(ending, kept, strict=True):
            if not rated:
                assert recorded.x_after is None and recorded.o_after is None
                continue
            assert x is not None and o is not None
            x_before = expected.get((x, pool), Rating())
            o_before = expected.get((o, pool), Rating())
            x_after, o_after = glicko2.after_game(x_before, o_before, SCORE[result])
            assert (recorded.x_before, recorded.o_before) == (x_before, o_before)
            assert (recorded.x_after, recorded.o_after) == (x_after, o_after)
            expected[(x, pool)], expected[(o, pool)] = x_after, o_after
            if pool == "normal":
                played[x] += 1
                played[o] += 1
        assert len({recorded.id for recorded in kept}) == len(ending)
    finally:
        await ledger.close()
    reopened = await Ledger.open(database)
    try:
        for (player, pool), rating in expected.items():
            stored = await reopened.rating(player, pool)
            assert stored.rating == pytest.approx(rating)
            if pool == "normal":
                assert stored.games == played[player]
        assert (await reopened.rating(ids[0], "normal")).games == 4
        async with reopened.engine.connect() as connection:
            rows = (await connection.execute(sa.select(games).order_by(games.c.id))).all()
        assert len(rows) == 1 + len(ending)
        for row, recorded in zip(rows[1:], kept, strict=True):
            assert row.id == recorded.id
            assert row.x_after == (recorded.x_after.rating if recorded.x_after else None)
    finally:
        await reopened.close()


async def test_a_result_that_cannot_be_kept_fails_alone(database: str) -> None:
    ledger = await Ledger.open(database)
    try:
        ana, bo = [(await ledger.player_for_key(key(n), name)).id for n, name in enumerate("AB")]
        nobody = 9999

        def game(x: int, o: int) -> Awaitable[Recorded]:
            return ledger.record_game(
                pool="normal",
                rated=True,
                x=x,
                o=o,
                moves="",
                result="X",
                why="line",
                started=now(),
            )

        outcomes = await asyncio.gather(
            game(ana, bo), game(ana, nobody), game(bo, ana), return_exceptions=True
        )
        first, broken, last = outcomes
        assert isinstance(broken, IntegrityError)
        assert isinstance(first, Recorded) and isinstance(last, Recorded)
        assert last.o_before == first.x_after  # Ana's second game follows her first
        assert (await ledger.rating(ana, "normal")).games == 2
    finally:
        await ledger.close()
