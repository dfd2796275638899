"""How an online game ends for the people watching it, with a real server and real clients on
loopback: once a player has left for good, the watchers are told the game is over and that no
rematch is coming."""

from __future__ import annotations

from nac.core import Mark
from nac.present.online import words as online_words

from .helpers import game_server, play_moves, player, seated


async def test_a_watcher_is_told_no_rematch_comes_once_a_player_has_left() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda one: one.table.room is not None, "watching")
        await play_moves((host, guest), [4, 0])
        await guest.play.leave()
        await watcher.until(lambda one: Mark.O in one.table.room.left, "her leaving seen")
        status = online_words.status(watcher.table, 0)
        assert status == "Sam won (X): Ana resigned. Ana left the game."
        assert online_words.rematch(watcher.table) == "No rematch: Ana has left the game."
        for one in (host, watcher):
            await one.stop()


async def test_a_watcher_hears_no_rematch_is_coming_while_a_player_is_away() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda one: one.table.room is not None, "watching")
        assert await host.play.resign() is None
        await watcher.until(lambda one: one.table.game.is_over, "the resignation")
        assert online_words.rematch(watcher.table) == (
            "Waiting for the players to ask for a rematch."
        )
        await guest.stop()  # her nac ends: she may come back
        await watcher.until(lambda one: not one.table.room.online[Mark.O], "her drop seen")
        assert online_words.rematch(watcher.table) == "No rematch while Ana is away."
        for one in (host, watcher):
            await one.stop()
