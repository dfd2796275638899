"""What online play may make nac write: the games a player really played, counted and saved once
each, under any name the opponent chose, and never a flood of games a server only claims. Real
servers on loopback (nac's own, and a hostile one scripted here), nac's real client, and the
player's real files on disk."""

from __future__ import annotations

import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from nac.core.players import name_of, player_name
from nac.net import table as table_module
from nac.net.address import Address
from nac.store import Storage, storage_dirs
from nac.store.passes import SeatPasses

from .helpers import Clock, Player, game_server, play_moves, player

LONG_NAMES = [
    "Александра Петровна",  # Cyrillic letters: two bytes each, six characters escaped
    "क\u0901\u0902" * 20,  # a letter and two signs, twenty columns: over 500 characters escaped
]


def seated(one: Player) -> bool:
    room = one.table.room
    return room is not None and all(room.names.values())


@pytest.mark.parametrize("name", LONG_NAMES)
async def test_an_opponent_with_a_long_non_ascii_name_is_counted_and_saved(
    nac_home: Path, name: str
) -> None:
    assert player_name(name) == name  # a name nac takes
    storage = Storage.at(storage_dirs())
    async with game_server() as served:
        room = served.room()
        host = player(served.address(room.host.key), name="Sam")
        host.table.keep = storage.keep
        guest = player(served.address(room.guest.key), name=name)
        for one in (host, guest):
            await one.until(seated, "both players seated")
        await play_moves((host, guest), [0, 3, 1, 4, 2])  # X wins along the top
        await host.until(lambda one: one.table.game.is_over, "the game's end")
        await host.stop()
        await guest.stop()
    again = Storage.at(storage_dirs())  # read back from the files
    (record,) = again.stats.records().values()
    assert record.won == 1
    (saved,) = again.games.games()
    assert name_of(saved.o_player) == name
    assert again.notices == []


def state(number: int, moves: list[int], you: str = "O", **changes: object) -> str:
    """A `state` message as a server sends it: game `number` of a room with both players in."""
    fields: dict[str, object] = {
        "type": "state", "you": you, "rules": "normal 3", "names": {"X": "Eve", "O": "Ana"},
        "online": {"X": True, "O": True}, "left": [], "back_in": {"X": None, "O": None},
        "watchers": 0, "game": number, "first": "X", "moves": moves, "resigned": None,
        "abandoned": False, "forfeit": None, "rematch": [],
        "score": {"X": 0, "O": 0, "draws": 0}, "invite": None,
    }  # fmt: skip
    return json.dumps({**fields, **changes})


WELCOME = json.dumps({"type": "welcome", "you": "O", "role": "play"})
X_WINS = [0, 3, 1, 4, 2]
FAKE_GAMES = 300
LAST = FAKE_GAMES + 1


@asynccontextmanager
async def hostile_server(
    answer: Callable[[ServerConnection], Awaitable[None]],
) -> AsyncIterator[Address]:
    """A server that is not nac's: after the hello, `answer` says what it likes."""

    async def handle(connection: ServerConnection) -> None:
        await connection.recv()
        await connection.send(WELCOME)
        await answer(connection)
        await connection.wait_closed()

    async with serve(handle, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield Address(f"ws://127.0.0.1:{port}", "k3Jx9qLm2Rt8vW4z")


def reached_the_last(one: Player) -> bool:
    return one.table.room is not None and one.table.room.number == LAST


def stored() -> tuple[dict[str, Any], int]:
    """The stats' records and the saved games' count, read back from the files."""
    storage = Storage.at(storage_dirs())
    return storage.stats.records(), len(storage.games.games())


async def test_games_a_server_only_announces_are_never_saved(nac_home: Path) -> None:
    async def flood(connection: ServerConnection) -> None:
        for number in range(1, FAKE_GAMES + 1):  # each begins, then X wins (or O resigns)
            await connection.send(state(number, []))
            ending = {"resigned": "X"} if number % 2 else {}
            await connection.send(state(number, [] if ending else X_WINS, **ending))
            await connection.send(state(number, X_WINS[:3]))  # the same game, over again
            await connection.send(state(number, X_WINS))
        await connection.send(state(LAST, []))

    storage = Storage.at(storage_dirs())
    async with hostile_server(flood) as address:
        joiner = player(address, "join", "Ana")
        joiner.table.keep = storage.keep
        await joiner.until(reached_the_last, "the last state")
        await joiner.stop()
    assert stored() == ({}, 0)


async def test_a_game_played_is_saved_once_and_a_server_saves_at_most_its_share_an_hour(
    nac_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_module, "SAVED_PER_HOUR", 3)
    clock = Clock()

    async def every_move_ends_a_game(connection: ServerConnection) -> None:
        """Each move of O's 'loses' at once, the game ended and said again, and a new one begins."""
        number = 1
        await connection.send(state(number, [4]))
        async for message in connection:
            if json.loads(message).get("type") != "move":
                continue
            for _ in range(3):
                await connection.send(state(number, X_WINS))
            number += 1
            await connection.send(state(number, [4]))

    storage = Storage.at(storage_dirs())
    async with hostile_server(every_move_ends_a_game) as address:
        joiner = player(address, "join", "Ana")
        joiner.table.keep = storage.keep
        joiner.table.clock = clock
        for number in range(1, 6):  # five moves: five games "played"
            await joiner.until(functools.partial(on_game, number=number), f"game {number}")
            if number == 5:
                clock.now += 3601  # an hour on: three more may be saved
            assert await joiner.play.move(0) is None
        await joiner.until(lambda one: on_game(one, 6), "game 6")
        await joiner.stop()
    records, games = stored()
    assert games == 4  # once each; the fourth of the hour was not saved
    assert [record.lost for record in records.values()] == [4]
    assert joiner.table.unsaved == 1


def on_game(one: Player, number: int) -> bool:
    room = one.table.room
    return room is not None and room.number == number and not one.table.game.is_over


async def test_a_forfeit_is_counted_by_the_nac_that_comes_back_with_the_pass_and_only_once(
    nac_home: Path,
) -> None:
    async def forfeits(connection: ServerConnection) -> None:
        for number in range(1, 6):
            await connection.send(state(number, [4, 0], forfeit="O", resigned="O"))
        await connection.send(state(LAST, []))

    async with hostile_server(forfeits) as address:
        passes = SeatPasses(nac_home)
        passes.keep(str(address), "a-pass")
        for kept_a_pass in (False, True):
            storage = Storage.at(storage_dirs())
            joiner = player(address, "join", "Ana", passes=passes if kept_a_pass else None)
            joiner.table.keep = storage.keep
            await joiner.until(
                lambda one: one.table.room is not None and one.table.room.number == LAST
            )
            await joiner.stop()
            records, games = stored()
            assert games == int(kept_a_pass)
    assert [record.lost for record in records.values()] == [1]
