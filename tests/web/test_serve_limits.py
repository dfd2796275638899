"""`nac serve` keeps its limits: no game outlives its visitor, no size or message takes a game or
the server down, a visitor beyond the limit is told why, and the page stands on its own.

Real servers on loopback, real websocket clients (aiohttp's), every loop bounded in count and
every wait a bounded wait for a state."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tools.web_screenshot import POLLS, RunningServer, served_game

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

import aiohttp

from nac.web import extra_hint, web_extra_hint
from nac.web.relay import MAX_SIZE, MIN_SIZE, Message, Size, clamped, read_message
from nac.web.server import FULL, TRY_AGAIN_LATER, YOURS_ALREADY

from .test_browser import WEB_DRIVER, WebPlayer, fetch, files_in

pytestmark = pytest.mark.long

LIMIT = 3
ROUNDS = 10
AT_ONCE = 5
"""10 rounds of 5 visitors at once: 50 connections, each resizing absurdly, then dropped."""
READ_FRAMES = 20
"""Frames read after the absurd resize (each waited for at most a second)."""
SETTLE_POLLS = 300
"""How many times (0.1 s apart) the process count is read while waiting for games to end."""


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    home = tmp_path_factory.mktemp("home")
    with served_game(
        "--max-players", str(LIMIT), environment={**os.environ, "NAC_HOME": str(home)}
    ) as running:
        yield running


def ws_url(server: RunningServer, width: object = 80, height: object = 24) -> str:
    return server.url.replace("http://", "ws://", 1) + f"/ws?width={width}&height={height}"


def peak_memory(pid: int) -> int:
    """A process's peak resident size in kB (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


async def screen_until(socket: aiohttp.ClientWebSocketResponse, text: str) -> str:
    """What the game draws, read until `text` is in it (at most POLLS frames)."""
    seen = ""
    for _ in range(POLLS):
        frame = await socket.receive(timeout=60)
        assert frame.type is aiohttp.WSMsgType.BINARY, frame
        data: bytes = frame.data
        seen += re.sub(rb"\x1b\[[0-9;?<>]*[A-Za-z]", b"", data).decode("utf-8", "replace")
        if text in seen:
            return seen
    raise AssertionError(f"the game never drew {text!r}")


async def drop(socket: aiohttp.ClientWebSocketResponse) -> None:
    """Go away without a close: the connection is cut, as when a laptop's lid shuts."""
    connection = socket._response.connection
    if connection is not None and connection.transport is not None:
        connection.transport.abort()


def from_address(source: str) -> aiohttp.ClientSession:
    """A browser at `source` (a loopback address of its own: one address plays only half the
    server's games)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))


async def absurd_visitor(server: RunningServer, polite: bool, source: str) -> str:
    """The issue's recipe: open a game, wait until it has drawn, resize it to 10000×10000,
    read what comes for a while, then close, or (not `polite`) drop the connection."""
    async with from_address(source) as session:
        socket = await session.ws_connect(ws_url(server))
        try:
            await screen_until(socket, "Noughts")
        except AssertionError:
            return "refused"  # the server is full: it closed the connection
        await socket.send_str(json.dumps(["resize", {"width": 10000, "height": 10000}]))
        for _ in range(READ_FRAMES):
            try:
                frame = await socket.receive(timeout=1)
            except TimeoutError:
                break
            if frame.type is not aiohttp.WSMsgType.BINARY:
                break
        if polite:
            await socket.close()
        else:
            await drop(socket)
        return "played"


async def ended(server: RunningServer) -> list[int]:
    """The server's game processes once all but the one kept ready have ended (waited for,
    at most SETTLE_POLLS reads 0.1 s apart)."""
    for _ in range(SETTLE_POLLS):
        games = server.game_processes()
        if len(games) <= 1:
            return games
        await asyncio.sleep(0.1)
    return server.game_processes()


async def visitors(server: RunningServer, counts: list[int]) -> list[str]:
    """ROUNDS rounds of AT_ONCE absurd visitors, each round once the last one's games ended."""
    outcomes: list[str] = []
    for _ in range(ROUNDS):
        outcomes += await asyncio.gather(
            *(
                absurd_visitor(server, index % 2 == 0, f"127.0.{10 + index}.1")
                for index in range(AT_ONCE)
            )
        )
        counts.append(len(await ended(server)))
    return outcomes


def test_no_game_outlives_its_visitor_and_the_limit_holds(limited: RunningServer) -> None:
    """The issue's HIGH failure: 50 connections that resize to 10000×10000, then close or drop
    without a close. Games never exceed the limit, and within seconds only the one kept ready
    is left (before the fix, each game played was left computing a 1.2 GB screen, then blocked
    for good writing it to a pipe nobody read)."""
    counts: list[int] = []
    peaks: dict[int, int] = {}

    async def watched() -> list[str]:
        async def watch() -> None:
            while True:
                games = limited.game_processes()
                counts.append(len(games))
                for pid in games:
                    peaks[pid] = max(peaks.get(pid, 0), peak_memory(pid))
                await asyncio.sleep(0.05)

        watcher = asyncio.create_task(watch())
        try:
            return await visitors(limited, counts)
        finally:
            watcher.cancel()

    outcomes = asyncio.run(watched())
    assert len(outcomes) == ROUNDS * AT_ONCE and {"played", "refused"} <= set(outcomes)
    assert outcomes.count("played") >= ROUNDS * 2 and len(peaks) >= ROUNDS * 2
    assert max(counts) <= LIMIT
    assert len(limited.game_processes()) <= 1  # the one kept ready for the next visitor
    server_peak = peak_memory(limited.process.pid)
    print(f"\nserver peak {server_peak / 1024:.0f} MB; games' peaks {sorted(peaks.values())} kB")
    assert max(peaks.values()) < 400_000  # a clamped size: no game near the 1.2 GB of 10000²


@pytest.mark.parametrize(
    ("width", "height", "given"),
    [
        (10000, 10000, MAX_SIZE),
        (-5, 0, MIN_SIZE),
        ("abc", None, (80, 24)),
        (float("nan"), 30.0, (80, 30)),
        (True, 40, (80, 40)),
        ("120", "40", (120, 40)),
        (100.5, [1], (80, 24)),
    ],
)
def test_a_terminal_size_is_clamped_to_what_a_game_is_given(
    width: object, height: object, given: tuple[int, int]
) -> None:
    assert clamped(width, height) == Size(*given)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        "{}",
        '["resize", {"width": "wide", "height": -5}]',
        '["resize", {"width": NaN, "height": 10}]',
        '["resize", [80, 24]]',
        '["stdin", 5]',
        '["ping", "' + "x" * 1000 + '"]',
        '["exit"]',
        '[["stdin"], "q"]',
        "[" * 100_000 + "]" * 100_000,
    ],
)
def test_a_message_the_page_would_not_send_is_refused_with_a_reason(text: str) -> None:
    assert isinstance(read_message(text), str)


def test_the_pages_own_messages_are_read() -> None:
    assert read_message('["stdin", "5"]') == Message("stdin", "5")
    assert read_message('["resize", {"width": 90, "height": 30}]') == Message("resize", (90, 30))
    assert read_message('["ping", "1700000000"]') == Message("ping", "1700000000")
    assert read_message('["focus"]') == Message("focus")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.floats() | st.text(), st.lists, max_leaves=8))
def test_nothing_a_browser_sends_breaks_the_reading_of_messages(envelope: object) -> None:
    text = json.dumps(envelope) if not isinstance(envelope, str) else envelope
    assert isinstance(read_message(text), Message | str)


async def test_hostile_messages_change_nothing_and_the_game_plays_on(
    limited: RunningServer,
) -> None:
    async with aiohttp.ClientSession() as session:
        socket = await session.ws_connect(ws_url(limited, "wide", "30.5"))
        await screen_until(socket, "Your move")
        for hostile in (
            "not json",
            json.dumps(["resize", {"width": "abc", "height": -5}]),
            json.dumps(["resize", {"width": float("nan"), "height": 1e308}]),
            json.dumps(["stdin", {"keys": "5"}]),
            json.dumps(["exit"]),
            json.dumps(["quit"]),
        ):
            await socket.send_str(hostile)
        await socket.send_bytes(b"\x00\xff binary")
        await socket.send_str(json.dumps(["stdin", "5"]))  # the game still plays
        await screen_until(socket, "1. X 5")
        await socket.close()
    log = limited_log(limited)
    assert "Traceback" not in log


def limited_log(server: RunningServer) -> str:
    """What the server said on its output so far (read without waiting)."""
    return "".join(server.lines_so_far())


async def test_a_visitor_beyond_the_limit_is_told_the_server_is_full() -> None:
    with served_game("--max-players", "1") as running:
        async with aiohttp.ClientSession() as session, session.ws_connect(ws_url(running)) as first:
            await screen_until(first, "Noughts & Crosses")  # playing
            async with from_address("127.0.1.2") as elsewhere:
                second = await elsewhere.ws_connect(ws_url(running))
                refusal = await second.receive(timeout=60)
            assert refusal.type is aiohttp.WSMsgType.CLOSE
            assert refusal.data == TRY_AGAIN_LATER and refusal.extra == FULL


async def test_one_address_plays_half_the_games_and_leaves_the_rest_to_others() -> None:
    with served_game("--max-players", "2") as running:
        async with aiohttp.ClientSession() as session, session.ws_connect(ws_url(running)) as first:
            await screen_until(first, "Noughts & Crosses")  # playing
            second = await session.ws_connect(ws_url(running))
            refusal = await second.receive(timeout=60)
            assert refusal.type is aiohttp.WSMsgType.CLOSE and refusal.data == TRY_AGAIN_LATER
            assert refusal.extra == YOURS_ALREADY.format(count=1)
            async with from_address("127.0.1.2") as elsewhere:
                other = await elsewhere.ws_connect(ws_url(running))
                await screen_until(other, "Noughts & Crosses")  # another address plays
                await other.close()
            await first.close()
        async with aiohttp.ClientSession() as session:  # its game over, it plays again
            for _ in range(SETTLE_POLLS):  # once the server has seen the first game end
                again = await session.ws_connect(ws_url(running))
                frame = await again.receive(timeout=60)
                if frame.type is aiohttp.WSMsgType.BINARY:
                    break
                await asyncio.sleep(0.1)
            assert frame.type is aiohttp.WSMsgType.BINARY, frame
            await again.close()


def test_a_request_that_is_no_websocket_is_refused_in_one_line(limited: RunningServer) -> None:
    status, said = fetch(limited.url + "/ws")
    assert status == 400 and "open the page" in said
    assert "Traceback" not in limited_log(limited)


def test_the_page_stands_on_its_own_with_a_title_an_icon_and_a_size_for_phones(
    limited: RunningServer,
) -> None:
    status, page = fetch(limited.url)
    assert status == 200
    assert "<title>Noughts &amp; Crosses</title>" in page
    assert 'rel="icon"' in page and 'name="viewport"' in page
    addresses = re.findall(r'(?:href|src|-url)="([^"]+)"|url\("([^"]+)"\)', page)
    found = [address for pair in addresses for address in pair if address]
    own = (limited.url, limited.url.replace("http:", "ws:", 1), "data:")
    # no font site, nothing from elsewhere: it works offline and on a LAN
    assert len(found) >= 6 and all(address.startswith(own) for address in found), found


def test_textual_serve_nac_plays_a_game_that_keeps_no_file(tmp_path: Path) -> None:
    """`textual serve nac`, textual-dev's way: the game runs under the web driver with no
    terminal, as `nac --web-player` does, and writes none of the server's files."""
    (tmp_path / "settings.json").write_text('{"schema": 1, "settings": {"level": "genius"}}')
    before = files_in(tmp_path)
    player = WebPlayer(home=tmp_path, option=None)
    try:
        player.wait_for("Noughts & Crosses")
        player.wait_for("Average")  # the default level, not the server's saved Genius
        player.press("5")
        player.wait_for("1. X 5")
        player.press("q")
        assert player.process.wait(timeout=60) == 0
    finally:
        player.end()
    assert files_in(tmp_path) == before


def test_without_the_web_driver_the_game_still_needs_a_terminal() -> None:
    environment = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    result = subprocess.run(
        [sys.executable, "-m", "nac"], capture_output=True, text=True, env=environment
    )
    assert result.returncode == 2 and "terminal" in result.stderr
    assert WEB_DRIVER.endswith("WebDriver")


@pytest.mark.parametrize(
    ("prefix", "source", "checkout", "hint"),
    [
        ("/home/ana/.local/share/pipx/venvs/nac-game", "/home/ana/nac", None,
         "pipx install --force '/home/ana/nac[web]'"),
        ("/home/ana/.local/share/uv/tools/nac-game", None, None,
         "uv tool install --force '.[web]' in nac's checkout"),
        ("/home/ana/venv", "/tmp/nac_game-1.0-py3-none-any.whl", None,
         "/home/ana/venv/bin/python -m pip install '/tmp/nac_game-1.0-py3-none-any.whl[web]'"),
        ("/home/ana/nac/.venv", None, Path("/home/ana/nac"),
         "in its checkout, `make serve` (or: /home/ana/nac/.venv/bin/python -m pip install -e"
         " '/home/ana/nac[web]')"),
    ],
)  # fmt: skip
def test_the_hint_for_the_web_extra_names_what_works_for_the_way_nac_was_installed(
    prefix: str, source: str | None, checkout: Path | None, hint: str
) -> None:
    assert extra_hint("web", prefix, source, checkout, f"{prefix}/bin/python") == hint


def test_the_hint_for_the_web_extra_names_nacs_own_interpreter_not_the_systems() -> None:
    """A bare `python3 -m pip` installs into the system's Python, which PEP 668 systems refuse
    ("externally-managed-environment"): the hint names the interpreter nac runs on."""
    assert web_extra_hint().startswith(("in its checkout", sys.executable, "pipx", "uv"))
    assert f"{sys.executable} -m pip" in web_extra_hint() or "pip" not in web_extra_hint()
