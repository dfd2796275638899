"""How an online game ends, with a real server and real clients on loopback: once a player has
left for good, the watchers are told the game is over and that no rematch is coming; a server
that falls silent is seen to be lost by the client's own pings, and no one shows online."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from nac.core import Mark
from nac.present.online import words as online_words

from .helpers import both_here, game_server, play_moves, player, seated
from .test_plain_online import Plain

pytestmark = pytest.mark.long


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


@pytest.mark.skipif(sys.platform == "win32", reason="stops a process with SIGSTOP")
async def test_a_server_that_falls_silent_is_seen_lost_by_the_clients_pings(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             home=tmp_path / "host")  # fmt: skip
    guest = player(await host.line(r"^nac join "), name="Ana")
    await guest.until(both_here, "seated")
    host.process.send_signal(signal.SIGSTOP)  # its sockets stay open, nothing answers: the
    # guest's ping goes unanswered (HEARTBEAT_SECONDS, then as long again) and it lets go
    try:
        await guest.until(lambda one: one.table.link == "lost", "the silence seen")
        status = online_words.status(guest.table, 0)
        assert status == "The connection to the game is lost: trying again…"
        rows = online_words.player_rows(guest.table)
        assert [row[3] for row in rows] == ["unknown", "offline"]
    finally:
        host.process.send_signal(signal.SIGCONT)
        host.process.kill()
        await host.process.wait()
    await guest.stop()
