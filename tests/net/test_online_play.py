"""Online play between real clients through a real server on loopback: whole games, watchers,
rematches, resignations, drops and returns, abandonment, invites that expire, another version,
two games at once, and wss:// with a certificate made here."""

from __future__ import annotations

import asyncio
import json
import ssl
from dataclasses import replace

import pytest
import trustme

from nac.core import (
    NORMAL,
    ULTIMATE,
    GameResult,
    Mark,
    Mode,
    Rules,
    Variant,
    format_game,
    parse_game,
)
from nac.net.address import KEY_LENGTH, new_key, parse_address
from nac.net.client import GIVE_UP_SECONDS, GONE
from nac.net.limits import Limits
from nac.net.protocol import PROTOCOL, write
from nac.net.referee import Referee
from nac.net.server import CLOSED
from nac.present.online import words as online_words

from .helpers import (
    LONGEST_WAIT,
    Clock,
    both_here,
    game_server,
    hello,
    next_of,
    play_moves,
    player,
    raw,
    replies,
    seated,
)

X_WINS = [0, 3, 1, 4, 2]  # X: a1 b1 c1 along the top
DRAWN = [4, 0, 1, 7, 2, 6, 3, 5, 8]


async def test_two_players_play_a_whole_game_and_each_counts_it_under_the_others_name() -> None:
    async with game_server() as served:
        host, guest, _ = await seated(served)
        assert (host.table.you, guest.table.you) == (Mark.X, Mark.O)
        await play_moves((host, guest), X_WINS)
        for one in (host, guest):
            await one.until(lambda one: one.play.game.is_over, "the end seen")
            assert one.moves == X_WINS
        assert online_words.status(host.table, 0) == "You won"
        assert online_words.status(guest.table, 0) == "Sam won"
        [won], [lost] = host.kept, guest.kept
        assert won.result is GameResult.WON and won.kind.key == "online/Ana"
        assert lost.result is GameResult.LOST and lost.kind.key == "online/Sam"
        saved = parse_game(format_game(lost.saved))  # a line `nac --review` reads
        assert saved.mode is Mode.ONLINE and saved.opponent == "Sam"
        assert saved.player(Mark.O) == "person" and list(saved.moves) == X_WINS
        assert host.table.room.score == (1, 0, 0)
        await host.stop()
        await guest.stop()


async def test_a_watcher_who_comes_late_gets_the_moves_so_far_and_then_each_move() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), DRAWN[:4])
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda _: watcher.moves == DRAWN[:4], "the moves so far")
        assert watcher.table.you is None
        await host.until(lambda _: host.table.room.watchers == 1, "the watcher counted")
        await play_moves((host, guest), DRAWN[4:])
        await watcher.until(lambda _: watcher.play.game.is_over, "the end")
        assert watcher.moves == DRAWN and online_words.status(watcher.table, 0) == "Draw"
        assert watcher.kept == []  # a watcher counts nothing
        assert await watcher.play.move(0) is not None  # and never plays
        for one in (host, guest, watcher):
            await one.stop()


async def test_a_rematch_starts_when_both_ask_and_the_other_side_moves_first() -> None:
    async with game_server() as served:
        host, guest, _ = await seated(served)
        await play_moves((host, guest), X_WINS)
        await guest.until(lambda _: guest.play.game.is_over)
        assert await host.play.rematch() is None
        await guest.until(lambda _: Mark.X in guest.table.room.rematch, "the wish seen")
        assert online_words.rematch(guest.table) == "Sam wants a rematch: r to accept."
        assert await host.play.rematch() is not None  # asked already
        assert await guest.play.rematch() is None
        for one in (host, guest):
            await one.until(lambda one: one.table.room.number == 2, "the second game")
            assert one.play.game.first is Mark.O and one.moves == []
        assert await host.play.move(4) == "it is Ana's turn"
        await play_moves((host, guest), [4, 0])
        assert host.moves == [4, 0] and host.play.game.board[4] is Mark.O
        await host.stop()
        await guest.stop()


async def test_resigning_gives_the_game_to_the_other_side_and_is_saved_as_such() -> None:
    async with game_server() as served:
        host, guest, _ = await seated(served)
        await play_moves((host, guest), [4])
        assert await guest.play.resign() is None
        for one in (host, guest):
            await one.until(lambda one: one.play.game.is_over, "the resignation")
        assert online_words.status(host.table, 0) == "You won: Ana resigned"
        assert online_words.status(guest.table, 0) == "Sam won: you resigned"
        assert format_game(guest.kept[0].saved).split()[7] == "result=O-resigns"
        assert host.kept[0].result is GameResult.WON
        assert await host.play.resign() == "the game is over already"
        await host.stop()
        await guest.stop()


async def test_a_dropped_player_is_seen_to_go_and_comes_back_with_the_same_line() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0, 8])
        await guest.stop()  # the joiner's nac ends mid-game
        await host.until(lambda _: not host.table.room.online[Mark.O], "the drop seen")
        status = online_words.status(host.table, host.table.clock())
        assert status.startswith("Ana lost the connection: waiting 1:0")
        assert status.endswith("to come back (they rejoin with the same line).")
        # the same nac again (its seat's token kept), with the same line
        back = player(room.invites()["join"], name="Ana", passes=guest.passes)
        await back.until(lambda _: back.moves == [4, 0, 8], "the game where it was")
        await host.until(lambda _: host.table.room.online[Mark.O], "the return seen")
        assert back.table.you is Mark.O
        await play_moves((host, back), [2])
        assert host.moves == back.moves == [4, 0, 8, 2]
        await host.stop()
        await back.stop()


async def test_the_client_comes_back_by_itself_after_the_connection_drops() -> None:
    async with game_server() as served:
        host, guest, _ = await seated(served)
        await play_moves((host, guest), [4])
        connection = guest.play.client._connection
        assert connection is not None
        connection.transport.abort()  # the network goes: no goodbye
        await guest.until(lambda _: guest.table.link == "lost", "the loss noticed")
        await guest.until(lambda _: guest.table.link == "open", "back by itself")
        await play_moves((host, guest), [0])
        assert guest.moves == [4, 0]
        await host.stop()
        await guest.stop()


async def test_a_player_who_does_not_come_back_in_time_loses_once_both_have_moved() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0])
        await guest.stop()  # Ana's nac is killed, losing: she does not come back
        await host.until(lambda _: not host.table.room.online[Mark.O])
        clock.now += Limits().back_seconds - 1
        await served.referee.tick()
        assert not host.table.game.is_over
        clock.now += 2
        await served.referee.tick()
        await host.until(lambda _: host.table.game.is_over, "the forfeit said")
        assert online_words.status(host.table, 0) == (
            "You won: Ana left and did not come back in time"
        )
        assert [finished.result for finished in host.kept] == [GameResult.WON]
        assert host.table.room.score == (1, 0, 0) and host.table.room.forfeit is Mark.O
        back = player(served.address(room.guest.key), name="Ana", passes=guest.passes)
        await back.until(lambda one: one.table.game.is_over, "her nac, too late")
        assert online_words.status(back.table, 0) == (
            "Sam won: you left and did not come back in time"
        )
        assert [finished.result for finished in back.kept] == [GameResult.LOST]  # counted
        await host.stop()
        await back.stop()


async def test_a_player_who_does_not_come_back_before_both_have_moved_abandons_the_game() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, _ = await seated(served)
        await play_moves((host, guest), [4])
        await host.stop()
        await guest.until(lambda _: not guest.table.room.online[Mark.X])
        clock.now += Limits().back_seconds + 1
        await served.referee.tick()
        await guest.until(lambda _: guest.table.room.abandoned, "the abandonment said")
        assert online_words.status(guest.table, 0).startswith(
            "Abandoned: Sam did not come back in time. It counts for no one"
        )
        assert guest.kept == [] and guest.table.room.score == (0, 0, 0)
        assert await guest.play.move(8) is not None
        await guest.stop()


async def test_a_guest_who_does_not_come_back_before_moving_gives_the_seat_back() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        await guest.stop()
        await host.until(lambda _: not host.table.room.online[Mark.O])
        clock.now += Limits().back_seconds + 1
        await served.referee.tick()
        await host.until(lambda one: one.table.room.names[Mark.O] is None, "the seat given back")
        assert host.moves == [] and host.kept == [] and host.table.room.invite is not None
        again = player(served.address(room.guest.key), name="Bo")
        for one in (host, again):
            await one.until(both_here, "another guest seated")
        await play_moves((host, again), [4, 0])
        await host.stop()
        await again.stop()


async def test_an_invite_nobody_used_expires() -> None:
    clock = Clock()
    async with game_server(clock=clock) as served:
        room = served.room()
        host = player(served.address(room.host.key), name="Sam")
        await host.until(lambda _: host.table.room is not None and host.table.room.invite)
        assert host.table.room.invite.join == room.invites()["join"]
        clock.now += Limits().invite_seconds + 1
        await served.referee.tick()
        await host.until(lambda _: host.table.link == "closed")
        late = player(room.invites()["join"], name="Ana")
        await late.until(lambda _: late.table.link == "closed", "the refusal")
        assert "check the invite (it may have expired)" in late.table.error
        assert host.table.error == (
            "the invite expired: nobody joined within 15 minutes; host a new game"
        )
        await host.stop()


async def test_another_version_of_the_protocol_is_refused_naming_both_versions() -> None:
    async with game_server() as served:
        room = served.room()
        async with raw(served.url) as ws:
            await ws.send(hello(key=room.guest.key, protocol=99, version="9.9.9"))
            said = await replies(ws)
        reason = said[-1]["reason"]
        assert said[-1]["type"] == "error"
        assert f"protocol {PROTOCOL} (nac 0." in reason and "yours speaks 99 (nac 9.9.9)" in reason
        assert not room.guest.taken


async def test_a_watch_key_never_takes_a_seat_and_a_join_key_never_watches() -> None:
    async with game_server() as served:
        room = served.room()
        async with raw(served.url) as ws:
            await ws.send(hello("join", room.watch_key))
            said = await replies(ws)
        assert said[-1]["type"] == "error" and not room.guest.taken
        async with raw(served.url) as ws:
            await ws.send(hello("watch", room.guest.key))
            said = await replies(ws)
        assert said[-1]["type"] == "error" and not room.watchers


async def test_the_same_player_from_a_new_connection_takes_the_seat_and_the_old_one_is_told() -> (
    None
):
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        assert guest.play.client.token == room.guest.token != ""
        # the player's network went without a word: their nac comes back with the seat's token
        again = player(room.invites()["join"], name="Somebody else")
        again.play.client.token = guest.play.client.token
        await guest.until(lambda _: guest.table.link == "closed", "the old connection told")
        assert "playing this game from another connection" in guest.table.error
        await again.until(lambda _: again.moves == [4] and again.table.you is Mark.O)
        assert again.table.room.names[Mark.O] == "Ana"  # the seat keeps its player's name
        await play_moves((host, again), [0])
        assert host.moves == again.moves == [4, 0]
        for one in (host, again, guest):
            await one.stop()


async def test_a_stranger_with_the_join_line_never_takes_a_seat_someone_sat_in() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        stranger = player(room.invites()["join"], name="Mal")
        await stranger.until(lambda _: stranger.table.link == "closed", "the refusal")
        held = "this seat is Ana's: only the nac that sat in it can take it back"
        assert stranger.table.error == held
        assert online_words.status(stranger.table, 0) == f"Not let in: {held}."
        assert guest.table.link == "open" and guest.table.error == ""
        await play_moves((host, guest), [0])  # the game goes on as it was
        # Ana's network goes: the line alone, retried in a loop, still never takes her seat
        await guest.stop()
        await host.until(lambda _: not host.table.room.online[Mark.O], "the drop seen")
        for _ in range(3):
            again = player(room.invites()["join"], name="Mal")
            await again.until(lambda one: one.table.link == "closed", "the refusal")
            assert again.table.error.startswith("this seat is Ana's")
        assert len(served.referee.proving.wrong_keys["127.0.0.1"]) == 4  # each try counted
        # her own nac comes back with the token it kept
        back = player(room.invites()["join"], name="Ana", passes=guest.passes)
        await back.until(lambda _: back.moves == [4, 0] and back.table.you is Mark.O)
        assert back.table.room.names[Mark.O] == "Ana"
        for one in (host, back):
            await one.stop()


async def test_a_player_who_leaves_mid_game_resigns_it_and_the_other_is_told_they_left() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4, 0])
        await guest.play.leave()
        await host.until(lambda _: host.table.game.resigned is Mark.O, "the game resigned")
        assert host.table.room.left == {Mark.O}
        assert ("Opponent", "O", "Ana", "left") in online_words.player_rows(host.table)
        assert online_words.rematch(host.table) == "No rematch: Ana has left the game."
        assert online_words.status(host.table, 0) == "You won: Ana resigned. Ana left the game."
        assert room.guest.gone and not room.in_progress
        assert [finished.result for finished in host.kept] == [GameResult.WON]
        assert host.kept[0].saved.ending.resigned is Mark.O
        assert [finished.result for finished in guest.kept] == [GameResult.LOST]  # hers too
        assert guest.kept[0].saved.ending.resigned is Mark.O
        await host.stop()


async def test_a_watch_line_given_to_join_is_refused_saying_so() -> None:
    async with game_server() as served:
        room = served.room()
        joiner = player(served.address(room.watch_key), "join", "Ana")
        await joiner.until(lambda _: joiner.table.link == "closed", "the refusal")
        assert joiner.table.error.startswith("that is a watch line: watch with nac watch")
        assert not room.guest.taken and not served.referee.proving.wrong_keys


async def test_a_client_whose_server_has_gone_gives_up_after_a_bound_and_says_why() -> None:
    clock = Clock()
    async with game_server() as served:
        host, guest, _ = await seated(served)
        guest.play.client.clock = clock
        # the server goes without a word to anyone, as if its machine went away
        listening = served.server._server
        assert listening is not None
        listening.close()
        await listening.wait_closed()
        await guest.until(lambda _: guest.table.link == "lost", "the drop seen")
        clock.now += GIVE_UP_SECONDS + 1
        assert guest.task is not None
        await asyncio.wait_for(guest.task, LONGEST_WAIT)
        assert guest.table.error == GONE
        status = online_words.status(guest.table, 0)
        assert status.startswith("The game cannot go on: nothing heard from the game server")
        await host.stop()


async def test_two_games_at_once_do_not_see_each_other() -> None:
    async with game_server() as served:
        first = await seated(served)
        second = await seated(served)
        await play_moves(first[:2], [0, 1])
        await play_moves(second[:2], [8])
        assert first[0].moves == [0, 1] and second[0].moves == [8]
        assert first[2].watch_key != second[2].watch_key
        for one in (*first[:2], *second[:2]):
            await one.stop()


async def test_wss_works_with_a_certificate_made_here() -> None:
    authority = trustme.CA()
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(server_context)
    client_context = ssl.create_default_context()
    authority.configure_trust(client_context)
    async with game_server(tls=server_context) as served:
        room = served.room()
        assert room.invites()["join"].startswith("nac join wss://127.0.0.1:")
        host = player(room.invites()["join"].replace(room.guest.key, room.host.key),
                      name="Sam", tls=client_context)  # fmt: skip
        guest = player(room.invites()["join"], name="Ana", tls=client_context)
        for one in (host, guest):
            await one.until(lambda one: both_here(one), "both seated over TLS")
        await play_moves((host, guest), [4])
        await guest.until(lambda _: guest.moves == [4])
        untrusting = player(room.invites()["watch"], "watch", "Eve")  # no trust: refused
        await untrusting.until(lambda _: untrusting.table.link == "closed")
        assert "could not reach the game server" in untrusting.table.error
        for one in (host, guest, untrusting):
            await one.stop()


async def test_a_late_move_and_a_move_out_of_turn_are_refused_by_the_server_too() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        await play_moves((host, guest), [4])
        assert await host.play.move(0) == "it is Ana's turn"  # refused before it is sent
        await host.stop()
        await guest.until(lambda _: not guest.table.room.online[Mark.X], "the host gone")
        async with raw(served.url) as ws:  # the host again, with a client that checks nothing
            await ws.send(hello("join", room.host.key, name="Sam", token=room.host.token))
            await next_of(ws, "state")
            for cell in (0, 4, 99):
                await ws.send(f'{{"type":"move","cell":{cell}}}')
            refusals = [(await next_of(ws, "refused"))["reason"] for _ in range(2)]
            said = await replies(ws)
        assert refusals == ["it is O's turn", "it is O's turn"]
        assert (
            said[-1]["type"] == "error" and "move.cell is a square's number" in said[-1]["reason"]
        )
        assert [move.cell for move in room.game.moves] == [4]
        await guest.stop()


def test_an_invite_address_reads_back_from_its_line() -> None:
    limits = replace(Limits(), invite_seconds=60)
    assert limits.invite_seconds == 60
    address = parse_address("nac join 192.168.1.5:7878/k3Jx9qLm2Rt8vW4z")
    assert address.url == "ws://192.168.1.5:7878/play" and address.key == "k3Jx9qLm2Rt8vW4z"
    assert str(address) == "192.168.1.5:7878/k3Jx9qLm2Rt8vW4z"
    behind = parse_address("wss://example.org/nac/k3Jx9qLm2Rt8vW4z")
    assert behind.url == "wss://example.org/nac/play"
    with pytest.raises(ValueError, match="no invite key"):
        parse_address("192.168.1.5:7878")


def test_an_invite_cut_short_is_said_to_be_cut() -> None:
    key = new_key()
    assert len(key) == KEY_LENGTH
    with pytest.raises(ValueError, match=f"has 15 characters, an invite's has {KEY_LENGTH}: was"):
        parse_address(f"nac join 192.168.1.5:7878/{key[:-1]}")


async def test_a_player_may_move_only_on_their_turn_whatever_the_square() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        assert host.play.why_not_play() is None
        assert guest.play.why_not_play() == "it is Sam's turn"
        await play_moves((host, guest), [4])
        assert guest.play.why_not_play() is None
        assert guest.play.why_not_move(4) == "square 5 is taken by X"
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda _: watcher.moves == [4], "the move so far")
        assert watcher.play.why_not_play() == "watchers do not play: you are watching"
        for one in (host, guest, watcher):
            await one.stop()


async def test_when_the_host_closes_the_game_everyone_is_told_and_stops_coming_back() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda _: watcher.table.room is not None, "the watcher in")
        await host.stop()
        await served.server.close()
        for one in (guest, watcher):
            await one.until(lambda one: one.table.error == CLOSED, "the host's goodbye")
            assert one.task is not None
            await asyncio.wait_for(one.task, LONGEST_WAIT)  # no more coming back
            assert online_words.status(one.table, 0) == (
                "The game cannot go on: the host has closed the game."
            )


class Listener:
    """A link that only keeps what it is sent."""

    address = "127.0.0.1"

    def __init__(self) -> None:
        self.said: list[str] = []

    async def send(self, text: str) -> None:
        self.said.append(text)

    async def close(self, code: int, reason: str) -> None:
        return None


async def test_each_state_is_the_room_with_its_readers_mark_and_the_hosts_invite() -> None:
    room = Referee("ws://127.0.0.1:7878").open_room(NORMAL, "Sam")
    host, guest, watcher = Listener(), Listener(), Listener()
    room.sit(room.host, host, "Sam")
    room.watch(watcher)
    await room.tell_everyone()
    room.sit(room.guest, guest, "Ana")
    room.move(host, 4)
    await room.tell_everyone()
    for said in (host.said, watcher.said, guest.said):
        for text in said:  # the same text as the message written whole
            assert text == write(
                "state", **{k: v for k, v in json.loads(text).items() if k != "type"}
            )
    alone, seated_host = (json.loads(text) for text in host.said)
    (seen_alone, seen), (seen_by_guest,) = (
        [json.loads(text) for text in watcher.said],
        [json.loads(text) for text in guest.said],
    )
    assert alone["invite"] == {
        "server": "ws://127.0.0.1:7878",
        "join": room.guest.key,
        "watch": room.watch_key,
        "expires_in": 900,
    }
    assert "invite" not in seen_alone
    assert {**alone, "you": None} == {**seen_alone, "invite": alone["invite"]}
    assert (seated_host["you"], seen_by_guest["you"], seen["you"]) == ("X", "O", None)
    assert seated_host["moves"] == seen_by_guest["moves"] == seen["moves"] == [4]
    assert {**seated_host, "you": None} == {**seen_by_guest, "you": None} == seen


@pytest.mark.parametrize(
    ("rules", "moves", "winner", "said"),
    [
        # misère: X completes the top row, so X loses
        (Rules.of(3, Variant.MISERE), [0, 3, 1, 4, 2], Mark.O,
         "You made three in a row: misère, so Ana won"),
        # Notakto on two boards: X kills board 1, then O kills board 2, the last: O loses
        (Rules.notakto(2), [0, 1, 2, 9, 10, 11], Mark.X,
         "Ana killed the last board: you won"),
        # Ultimate: a game of 23 moves (X by Average's rules, O at random) that X wins
        (ULTIMATE, [40, 38, 22, 37, 17, 79, 69, 61, 71, 75, 33, 56, 24, 58, 36, 7, 70, 55,
                    13, 43, 44, 78, 9], Mark.X, "You won"),
    ],
)  # fmt: skip
async def test_misere_notakto_and_ultimate_are_played_online_with_a_watcher(
    rules: Rules, moves: list[int], winner: Mark, said: str
) -> None:
    async with game_server() as served:
        host, guest, room = await seated(served, rules)
        watcher = player(served.address(room.watch_key), "watch", "Lee")
        await watcher.until(lambda one: one.table.room is not None, "watching")
        assert host.table.game.rules == guest.table.game.rules == rules
        await play_moves((host, guest), moves)
        for one in (host, guest, watcher):
            await one.until(lambda one: one.table.game.is_over, "the end seen")
            assert one.moves == moves and one.table.game.outcome.winner is winner
        assert room.game.outcome is not None and room.game.outcome.winner is winner
        assert online_words.status(host.table, 0) == said
        assert [kept.result for kept in host.kept] == [GameResult.WON if winner is Mark.X
                                                       else GameResult.LOST]  # fmt: skip
        assert host.kept[0].kind.rules == rules and host.kept[0].saved.rules == rules
        assert watcher.kept == []
        for one in (host, guest, watcher):
            await one.stop()


async def test_a_move_the_rules_refuse_is_refused_by_the_server_in_notakto() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served, Rules.notakto(2))
        await play_moves((host, guest), [0, 1, 2])  # board 1 is dead
        async with raw(served.url) as ws:  # the guest again, with a client that checks nothing
            await ws.send(hello("join", room.guest.key, name="Ana", token=room.guest.token))
            await next_of(ws, "state")
            await ws.send('{"type":"move","cell":4}')
            refused = await next_of(ws, "refused")
        assert refused["reason"] == "board 1 is dead (three in a row): play on a live board"
        assert [move.cell for move in room.game.moves] == [0, 1, 2]
        await host.stop()
        await guest.stop()
