"""A player's time away adds up over the game: one who drops and comes back again and again,
each time just in time, loses once the time away adds up to `Limits.back_seconds`. A real
server on loopback, real clients (each return a new run of nac with the seat's pass)."""

from __future__ import annotations

from nac.core import Mark
from nac.net.limits import Limits

from .helpers import Clock, Player, game_server, play_moves, player, seated


def o_offline(one: Player) -> bool:
    room = one.table.room
    return room is not None and not room.online[Mark.O]


def o_online(one: Player) -> bool:
    room = one.table.room
    return room is not None and room.online[Mark.O]


async def test_a_player_who_drops_and_comes_back_again_and_again_forfeits_on_the_total() -> None:
    clock = Clock()
    budget = Limits().back_seconds
    async with game_server(clock=clock) as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0])
        for away in (budget - 10, 9):  # back each time before back_seconds: 10 s then 1 s left
            await guest.stop()
            await host.until(o_offline, "her drop")
            clock.now += away
            await served.referee.tick()
            assert not host.table.game.is_over
            guest = player(served.address(room.guest.key), name="Ana", passes=guest.passes)
            await host.until(o_online, "her return")
            remaining = host.table.room.back_by  # nobody is away now
            assert remaining[Mark.O] is None
        await guest.stop()
        await host.until(o_offline, "her third drop")
        back_by = host.table.room.back_by[Mark.O]  # on the host's own clock
        assert back_by is not None and back_by - host.table.clock() <= 1.0  # told: a second left
        clock.now += 2
        await served.referee.tick()
        await host.until(lambda one: one.table.game.is_over, "the forfeit")
        assert host.table.room.forfeit is Mark.O
        await host.stop()


async def test_the_time_away_starts_afresh_with_each_game() -> None:
    clock = Clock()
    budget = Limits().back_seconds
    async with game_server(clock=clock) as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0])
        await guest.stop()
        await host.until(o_offline, "her drop")
        clock.now += budget - 5
        guest = player(served.address(room.guest.key), name="Ana", passes=guest.passes)
        await host.until(o_online, "her return")
        await play_moves((host, guest), [1, 3, 7])  # X wins down the middle
        for one in (host, guest):
            assert await one.play.rematch() is None
        await host.until(lambda one: one.table.room.number == 2, "the rematch")
        await play_moves((host, guest), [4, 0])  # O begins the second game
        await guest.stop()
        await host.until(o_offline, "her drop in the second game")
        clock.now += budget - 5
        await served.referee.tick()
        assert not host.table.game.is_over and host.table.room.forfeit is None
        await host.stop()
