"""Clocks (issue 38): a room hosted with a time control times each game on the server, whose
clock is the truth. A real server on loopback and real clients; the server's clock is a test
clock moved by hand, so a flag falls without waiting."""

from __future__ import annotations

from pathlib import Path

import pytest

from nac.cli import build_parser, online_start
from nac.core import NORMAL, Mark
from nac.core.clock import TimeControl
from nac.net.address import Address
from nac.net.limits import Limits
from nac.net.referee import Referee
from nac.net.rooms import Room
from nac.present.online import words as online_words

from .helpers import (
    Clock,
    Player,
    Served,
    game_server,
    hello,
    next_of,
    play_moves,
    player,
    raw,
    replies,
)
from .test_plain_online import Plain

THREE_TWO = TimeControl(3, 2)
ONE_MINUTE = TimeControl(1, 0)


async def timed(served: Served, control: TimeControl) -> tuple[Player, Player, Room]:
    """A room with a clock, its two players seated (the first game begun)."""
    room = served.referee.open_room(NORMAL, "Sam", time_control=control)
    host = player(served.address(room.host.key), name="Sam")
    guest = player(served.address(room.guest.key), name="Ana")
    for one in (host, guest):
        await one.until(lambda one: seated_both(one), "both players seated")
    return host, guest, room


def seated_both(one: Player) -> bool:
    room = one.table.room
    return room is not None and all(room.names.values()) and all(room.online.values())


def over(one: Player) -> bool:
    room = one.table.room
    return room is not None and room.why is not None


async def flag(served: Served, clock: Clock, seconds: float) -> None:
    clock.now += seconds
    await served.referee.tick()


async def test_a_flag_falls_and_the_game_is_lost_on_time_told_to_both_and_to_watchers() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, room = await timed(served, ONE_MINUTE)
        watcher = player(served.address(room.watch_key), "watch", name="Wes")
        await play_moves((host, guest), [4, 0])  # each side's first move: now X's clock runs
        clocks = host.table.room.clock
        assert clocks.running is Mark.X and clocks.left == {Mark.X: 60.0, Mark.O: 60.0}
        await flag(served, clock, 59)
        assert not host.table.game.is_over
        await flag(served, clock, 2)
        for one in (host, guest, watcher):
            await one.until(over, "the flag seen")
            assert one.table.room.why == "time"
            assert one.table.game.outcome.winner is Mark.O
            assert one.table.room.clock.running is None
        assert online_words.result(host.table) == "Ana won on time"
        assert online_words.result(guest.table) == "You won on time"
        assert online_words.result(watcher.table) == "Ana won (O) on time"
        assert room.match.score.second == 1
        assert await host.play.move(8) is not None  # the game is over
        for one in (host, guest, watcher):
            await one.stop()


async def test_a_move_after_the_flag_fell_is_refused_and_the_game_lost_on_time() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, room = await timed(served, ONE_MINUTE)
        await play_moves((host, guest), [4, 0])
        clock.now += 61  # before any tick sees it
        await host.play.move(8)
        await guest.until(over, "the flag seen")
        assert guest.table.room.why == "time" and room.flagged is Mark.X
        assert 8 not in guest.moves
        for one in (host, guest):
            await one.stop()


async def test_the_increment_is_added_after_each_move() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, _ = await timed(served, THREE_TWO)
        await play_moves((host, guest), [4, 0])  # the first moves take no time off
        assert guest.table.room.clock.left == {Mark.X: 180.0, Mark.O: 180.0}
        clock.now += 10
        await play_moves((host, guest), [8])
        clocks = guest.table.room.clock
        assert clocks.left == {Mark.X: 172.0, Mark.O: 180.0}  # 10 s used, 2 s added
        assert clocks.running is Mark.O
        clock.now += 30
        await play_moves((host, guest), [2])
        assert guest.table.room.clock.left == {Mark.X: 172.0, Mark.O: 152.0}
        for one in (host, guest):
            await one.stop()


async def test_an_away_players_clock_keeps_running_and_they_lose_on_time() -> None:
    clock = Clock()
    async with game_server(Limits(back_seconds=600), clock=clock) as served:
        host, guest, room = await timed(served, ONE_MINUTE)
        await play_moves((host, guest), [4, 0])
        await host.stop()  # X to move, and gone
        await guest.until(lambda one: not one.table.room.online[Mark.X], "his drop")
        await flag(served, clock, 30)
        late = player(served.address(room.watch_key), "watch", name="Wes")
        await late.until(lambda one: one.table.room is not None, "the state")
        clocks = late.table.room.clock
        assert clocks.running is Mark.X and clocks.left[Mark.X] == 30.0
        await flag(served, clock, 31)
        for one in (guest, late):
            await one.until(over, "the flag seen")
            assert one.table.room.why == "time"
            assert one.table.room.forfeit is None  # on time, not for being away
        assert online_words.result(guest.table) == "You won on time"
        for one in (guest, late):
            await one.stop()


async def test_a_game_whose_first_move_is_not_made_in_time_is_aborted_for_no_one() -> None:
    clock = Clock()
    first_move = Limits().first_move_seconds
    async with game_server(clock=clock) as served:
        host, guest, room = await timed(served, THREE_TWO)
        assert host.table.room.clock.first_move_by is not None
        await flag(served, clock, first_move - 1)
        await play_moves((host, guest), [4])  # X in time; now O's first move is awaited
        await flag(served, clock, first_move + 1)
        for one in (host, guest):
            await one.until(over, "the abort")
            assert one.table.room.why == "aborted" and one.table.room.abandoned
        assert online_words.status(guest.table, 0.0).startswith(
            "Aborted: You did not make a first move in time"
        )
        assert online_words.status(host.table, 0.0).startswith(
            "Aborted: Ana did not make a first move in time"
        )
        assert room.match.score.first == room.match.score.second == 0
        # a rematch times its game afresh
        for one in (host, guest):
            assert await one.play.rematch() is None
        await host.until(lambda one: one.table.room.number == 2, "the rematch")
        clocks = host.table.room.clock
        assert clocks.left == {Mark.X: 180.0, Mark.O: 180.0} and clocks.first_move_by is not None
        for one in (host, guest):
            await one.stop()


async def test_a_room_without_a_clock_has_none_and_waits() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        room = served.referee.open_room(NORMAL, "Sam")
        host = player(served.address(room.host.key), name="Sam")
        guest = player(served.address(room.guest.key), name="Ana")
        for one in (host, guest):
            await one.until(seated_both, "both seated")
        await flag(served, clock, 3600)
        assert host.table.room.clock is None and not room.abandoned
        for one in (host, guest):
            await one.stop()


async def test_a_relay_host_names_the_clock_in_its_hello() -> None:
    async with game_server(relay=True) as served:
        host = player(Address(served.url, ""), "host", name="Sam", clock=THREE_TWO)
        await host.until(lambda one: one.table.room is not None, "the room")
        assert host.table.room.clock.control == THREE_TWO
        assert served.referee.rooms[0].time_control == THREE_TWO
        await host.stop()


async def test_a_hello_with_a_clock_that_is_no_time_control_is_refused() -> None:
    async with game_server(relay=True) as served, raw(served.url) as ws:
        await ws.send(hello("host", clock="three minutes"))
        said = await replies(ws)
        assert said[-1]["type"] == "error" and "hello.clock" in said[-1]["reason"]


async def test_the_state_says_the_clock_before_the_guest_arrives() -> None:
    async with game_server(relay=True) as served, raw(served.url) as ws:
        await ws.send(hello("host", clock="5+3"))
        state = await next_of(ws, "state")
        assert state["clock"] == {
            "control": "5+3",
            "left": {"X": 300.0, "O": 300.0},
            "running": None,
            "first_move": None,
        }
        assert state["why"] is None


def test_a_referee_opens_rooms_with_the_clock_asked() -> None:
    referee = Referee("ws://127.0.0.1:1")
    assert referee.open_room(NORMAL, "Sam", time_control=THREE_TWO).time_control == THREE_TWO
    assert referee.open_room(NORMAL, "Sam").time_control is None


async def test_the_plain_console_shows_both_clocks_at_each_turn_and_at_enter(
    tmp_path: Path,
) -> None:
    host = await Plain.start("host", "--port", "0", "--bind", "127.0.0.1", "--name", "Sam",
                             "--clock", "1+0", home=tmp_path / "host")  # fmt: skip
    join_line = await host.line(r"^nac join ")
    guest = await Plain.start(*join_line.split()[1:], "--name", "Ana", home=tmp_path / "join")
    await host.line(r"^Clock 1\+0: X 1:00, O 1:00\. Your first move within 0:\d\d, or the game")
    await guest.line(r"^Clock 1\+0: X 1:00, O 1:00\. Sam's first move within 0:\d\d")
    await host.type("5")
    await guest.line(r"^Clock 1\+0: X 1:00, O 1:00\. Your first move within")
    await guest.type("1")
    await host.line(r"^Clock 1\+0: X \d:\d\d \(running\), O 1:00\.$")
    await guest.type("")
    await guest.line(r"^Clock 1\+0: X \d:\d\d \(running\), O 1:00\.$")
    await guest.type("q")  # asked first: the game is in progress
    await guest.line("^Leave this game")
    assert await guest.end() == 0
    await host.line(r"^Clock 1\+0: X \d:\d\d, O 1:00\.$")  # her leaving stopped the clocks
    assert await host.end() == 0


def test_nac_host_takes_a_clock_and_refuses_what_is_no_time_control() -> None:
    parser = build_parser()
    options = parser.parse_args(["host", "--clock", "3+2"])
    assert online_start(options).clock == THREE_TWO
    assert online_start(parser.parse_args(["host"])).clock is None
    assert online_start(parser.parse_args(["lobby", "ws://h:1", "--clock", "5+0"])).clock == (
        TimeControl(5, 0)
    )
    with pytest.raises(SystemExit):
        parser.parse_args(["host", "--clock", "3"])
