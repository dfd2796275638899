"""`nac serve`: the game served to web browsers.

The server's own checks (where it says to go, what it refuses, a web player's game writing
nothing) need textual-serve, the `web` extra. The browser tests drive Debian's Chromium headless
through Playwright, read the board from the page (xterm.js's buffer) and are skipped, saying
why, where either is missing: `make test-web` installs both and runs them.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from nac.web import DRIVER_VARIABLE, WEB_PLAYER_OPTION, exposure_warning, is_loopback
from tools.web_screenshot import (
    PHONE,
    POLLS,
    BrowserGame,
    RunningServer,
    Screen,
    browser_problem,
    free_port,
    is_running,
    marks,
    served_game,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser  # type: ignore[import-not-found,unused-ignore]

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
BROWSER_REQUIRED = "NAC_BROWSER_TESTS"
"""Set to "required" (as `make test-web` does), a missing browser fails the browser tests
instead of skipping them."""


@pytest.fixture(scope="module")
def server_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The server's NAC_HOME, with the server's own settings and stats in it."""
    home = tmp_path_factory.mktemp("server-home")
    saved = '{"schema": 1, "settings": {"level": "genius", "keypad": "numpad"}}'
    (home / "settings.json").write_text(saved, encoding="utf-8")
    (home / "stats.json").write_text("{not json", encoding="utf-8")
    return home


@pytest.fixture(scope="module")
def server(server_home: Path) -> Iterator[RunningServer]:
    with served_game(environment={**os.environ, "NAC_HOME": str(server_home)}) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, through Playwright: skipped (saying why) if missing."""
    from tools.web_screenshot import chromium

    problem = browser_problem()
    if problem is not None:
        if os.environ.get(BROWSER_REQUIRED) == "required":
            pytest.fail(problem)
        pytest.skip(problem)
    with chromium() as launched:
        yield launched


def files_in(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


def fetch(url: str, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read().decode("utf-8")


# -- the server ------------------------------------------------------------------------------


def test_serve_says_where_to_open_the_game_and_serves_its_page(server: RunningServer) -> None:
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+", server.url)
    status, page = fetch(server.url)
    assert status == 200
    assert f'data-session-websocket-url="ws://{server.url.removeprefix("http://")}/ws"' in page
    assert "Noughts &amp; Crosses" in page


def test_the_page_is_refused_under_a_host_name_that_is_not_this_machine(
    server: RunningServer,
) -> None:
    port = server.url.rpartition(":")[2]
    status, _ = fetch(server.url, Host=f"attacker.example:{port}")  # DNS rebinding
    assert status == 403
    assert fetch(server.url, Host=f"localhost:{port}")[0] == 200


def test_a_page_from_another_site_cannot_start_a_game(server: RunningServer) -> None:
    status, refusal = fetch(server.url + "/ws", Origin="http://attacker.example")
    assert status == 403 and "own page" in refusal


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "[::1]", "127.8.0.1"])
def test_a_loopback_address_is_served_without_a_warning(host: str) -> None:
    assert is_loopback(host) and exposure_warning(host, 8000) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "my-laptop.lan"])
def test_another_address_comes_with_a_warning_of_what_it_exposes(host: str) -> None:
    warning = exposure_warning(host, 8000)
    assert not is_loopback(host) and warning is not None
    assert "anyone who can reach" in warning and "cannot read or write your files" in warning


def test_serving_on_another_address_prints_the_warning_before_listening() -> None:
    # 192.0.2.1 is reserved for documentation: not this machine's, so binding fails at once.
    port = str(free_port())
    command = [sys.executable, "-m", "nac", "serve", "--host", "192.0.2.1", "--port", port]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stdout.startswith("nac: warning: listening on 192.0.2.1:")
    assert "cannot serve on 192.0.2.1" in result.stderr and "Traceback" not in result.stderr


def test_the_web_player_option_is_only_for_the_games_the_server_starts() -> None:
    environment = {k: v for k, v in os.environ.items() if k != DRIVER_VARIABLE}
    command = [sys.executable, "-m", "nac", WEB_PLAYER_OPTION]
    result = subprocess.run(command, capture_output=True, text=True, env=environment)
    assert result.returncode == 2 and "nac serve" in result.stderr
    environment[DRIVER_VARIABLE] = WEB_DRIVER
    result = subprocess.run([*command, "--plain"], capture_output=True, text=True, env=environment)
    assert result.returncode == 2 and "--plain" in result.stderr


class WebPlayer:
    """A game as textual-serve runs one for a browser: the served command, spoken to in the
    web driver's packets (keys in, screen updates out) over pipes."""

    def __init__(self, *options: str, home: Path, option: str | None = WEB_PLAYER_OPTION) -> None:
        """`nac --web-player OPTIONS` (with `option` None: `nac OPTIONS`, as textual-dev's
        `textual serve nac` runs it)."""
        environment = {**os.environ, DRIVER_VARIABLE: WEB_DRIVER, "NAC_HOME": str(home)}
        environment.update(COLUMNS="100", ROWS="32")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "nac", *([option] if option else []), *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
        )
        self.updates: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        output = self.process.stdout
        assert output is not None
        output.readline()  # the driver's greeting
        while len(header := output.read(5)) == 5:
            payload = output.read(int.from_bytes(header[1:], "big"))
            if header[:1] == b"D":
                text = re.sub(rb"\x1b\[[0-9;?<>]*[A-Za-z]", b"", payload)
                self.updates.put(text.decode("utf-8", "replace"))
        self.updates.put(None)

    def wait_for(self, text: str) -> None:
        """Read screen updates until `text` is drawn (at most POLLS updates)."""
        seen = ""
        for _ in range(POLLS):
            try:
                update = self.updates.get(timeout=60)
            except queue.Empty:
                update = None
            if update is None:
                break
            seen += update
            if text in seen:
                return
        raise AssertionError(f"the game never drew {text!r}; it drew:\n{seen[-2000:]}")

    def end(self) -> None:
        """Stop the game if it still runs (a test that failed half-way)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()

    def press(self, key: str) -> None:
        assert self.process.stdin is not None
        data = key.encode()
        self.process.stdin.write(b"D" + len(data).to_bytes(4, "big") + data)
        self.process.stdin.flush()


def test_a_web_players_game_reads_and_writes_no_file_of_the_server(server_home: Path) -> None:
    before = files_in(server_home)
    player = WebPlayer("--mode", "two-player", home=server_home)
    try:
        player.wait_for("Noughts & Crosses")
        player.wait_for("phone")  # the default keypad, not the server's saved numpad
        player.press("k")  # a setting changed: saved, in a terminal
        player.wait_for("numpad")
        for key, drawn in (("7", "1. X 7"), ("4", "2. O 4"), ("8", "3. X 8"), ("5", "4. O 5")):
            player.press(key)
            player.wait_for(drawn)
        player.press("9")  # 7 8 9 on the numpad's top row: X wins, a result for the stats
        player.wait_for("won")
        player.press("q")
        assert player.process.wait(timeout=60) == 0
    finally:
        player.end()
    assert files_in(server_home) == before  # the bad stats file not even moved aside


# -- in a browser ------------------------------------------------------------------------------


def board_after(game: BrowserGame, crosses: set[int], noughts: int) -> Screen:
    """The screen once the board holds X on `crosses` and `noughts` O's."""

    def shown(screen: Screen) -> bool:
        board = screen.board()
        return marks(board, "X") == crosses and len(marks(board, "O")) == noughts

    return game.wait_for(shown, f"X on {sorted(crosses)} and {noughts} O")


@pytest.mark.browser
def test_a_browser_plays_with_a_click_on_a_square_and_a_key(
    server: RunningServer, browser: Browser, server_home: Path
) -> None:
    before = files_in(server_home)
    game = BrowserGame(browser, server.url)
    screen = game.wait_for(lambda screen: bool(screen.squares()), "a board")
    assert screen.board() == [""] * 9
    assert "Average" in screen.text  # the default level, not the server's saved Genius
    game.press("5")
    screen = board_after(game, {5}, noughts=1)
    (corner,) = marks(screen.board(), "O")
    assert corner in {1, 3, 7, 9}  # Average: the centre is taken, so a corner
    game.click_square(1)  # square 2, the top side
    screen = board_after(game, {2, 5}, noughts=2)
    assert marks(screen.board(), "O") == {corner, 8}  # Average blocks 2-5-8
    assert "1. X 5" in screen.text and "3. X 2" in screen.text and "4. O 8" in screen.text
    game.close()
    assert files_in(server_home) == before


@pytest.mark.browser
def test_the_game_fits_the_browser_window_as_it_is_resized(
    server: RunningServer, browser: Browser
) -> None:
    game = BrowserGame(browser, server.url)
    game.press("5")
    first = board_after(game, {5}, noughts=1)
    (corner,) = marks(first.board(), "O")
    columns_before = first.cols
    for width, height in ((800, 500), (1600, 1000)):
        game.resize(width, height)

        def redrawn(screen: Screen, columns_before: int = columns_before) -> bool:
            board = screen.board()
            return (
                screen.cols != columns_before
                and marks(board, "O") == {corner}
                and marks(board, "X") == {5}
            )

        after = game.wait_for(redrawn, f"the same game redrawn at {width}×{height}")
        columns_before = after.cols
        rows, columns = after.squares()[-1]
        assert rows.stop < after.rows and columns.stop < after.cols  # the board fits
    game.click_square(1)  # a click still lands on the square it is on
    board_after(game, {2, 5}, noughts=2)
    game.close()


@pytest.mark.browser
def test_each_browser_tab_plays_its_own_game(server: RunningServer, browser: Browser) -> None:
    first, second = BrowserGame(browser, server.url), BrowserGame(browser, server.url)
    first.press("5")
    board_after(first, {5}, noughts=1)
    second.click_square(0)
    board_after(second, {1}, noughts=1)
    board_after(first, {5}, noughts=1)
    first.close()
    second.close()


@pytest.mark.browser
def test_stopping_the_server_ends_every_game(browser: Browser, tmp_path: Path) -> None:
    with served_game(environment={**os.environ, "NAC_HOME": str(tmp_path)}) as running:
        game = BrowserGame(browser, running.url)
        games = running.game_processes()
        assert len(games) == 2  # the game played, and one kept ready for the next visitor
    assert running.process.returncode == 0
    game.page.wait_for_selector("body.-closed")  # the page says the session ended
    for _ in range(POLLS):
        if not any(is_running(pid) for pid in games):
            break
        game.page.wait_for_timeout(100)
    assert not any(is_running(pid) for pid in games)
    game.close()


@pytest.mark.browser
def test_a_phone_shows_the_whole_board_and_a_tap_plays_a_square(
    server: RunningServer, browser: Browser
) -> None:
    """390×844 CSS pixels, a touch screen: the page picks a font that gives the game 40 columns
    or more, the whole board shows, and a finger on a square plays it."""
    game = BrowserGame(browser, server.url, PHONE, phone=True)
    screen = game.wait_for(lambda screen: bool(screen.squares()), "a board")
    assert screen.cols >= 40 and screen.width <= PHONE[0]
    rows, columns = screen.squares()[-1]
    assert rows.stop < screen.rows and columns.stop < screen.cols  # the whole board fits
    game.tap_square(4)
    after = board_after(game, {5}, noughts=1)
    assert "1. X 5" in after.text or "Your move" in after.text
    game.close()


def says(text: str) -> Callable[[Screen], bool]:
    return lambda screen: text in screen.text


@pytest.mark.browser
def test_two_browser_tabs_play_each_other_through_the_lobby(
    server: RunningServer, browser: Browser
) -> None:
    """Tab A hosts a game from `nac serve`'s lobby, tab B finds it there and joins it; they
    play it to the end, each seeing the other's moves."""
    tabs = {name: BrowserGame(browser, server.url) for name in ("Ann", "Bea")}
    for name, tab in tabs.items():
        tab.press("o")  # a relay's own tab: `o` is its lobby
        tab.wait_for(says("Open games on"), "the lobby")
        tab.press("n")
        tab.wait_for(says("Your name, as the others see it"), "the name asked")
        tab.page.keyboard.type(name)
        tab.press("Enter")
        tab.wait_for(says(f"You play as {name}"), f"{name} named")
    ann, bea = tabs["Ann"], tabs["Bea"]
    ann.press("h")
    ann.wait_for(says("Waiting for your opponent"), "the game hosted, its invite shown")
    bea.wait_for(says("Ann · 3×3 · waiting for an opponent"), "Ann's game in Bea's lobby")
    bea.press("Enter")
    bea.wait_for(says("Ann's move (X)"), "Bea seated")
    ann.wait_for(says("Your move (X)"), "Ann told Bea is here")
    crosses: set[int] = set()
    noughts: set[int] = set()
    for turn, square in enumerate((1, 4, 2, 5, 3)):  # X takes the top row
        mover = ann if turn % 2 == 0 else bea
        (crosses if mover is ann else noughts).add(square)
        mover.wait_for(says("Your move"), f"{square}: the mover's turn")
        mover.press(str(square))
        for tab in (ann, bea):
            board_after(tab, crosses, len(noughts))
    ann.wait_for(says("You won"), "Ann's win")
    screen = bea.wait_for(says("Ann won"), "Bea told")
    assert marks(screen.board(), "O") == {4, 5}
    for tab in (ann, bea):
        tab.close()
