"""The game in a real browser: `nac serve` in a child process, Debian's Chromium driven headless
through Playwright, and the screen read back from the page (xterm.js's own buffer, the text the
page shows). `python -m tools.web_screenshot` writes screenshots/browser.png with it; the tests
in tests/web use the same pieces.

Needs Chromium (`apt-get install chromium`) and Playwright from PyPI (`make test-web` installs
both); Playwright's own browser download is not used.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import (  # type: ignore[import-not-found,unused-ignore]
        Browser,
        Page,
        ViewportSize,
    )

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOT = ROOT / "screenshots" / "browser.png"
PHONE_SCREENSHOT = ROOT / "screenshots" / "browser-phone.png"
CHROMIUM_NAMES = ("chromium", "chromium-browser")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
WINDOW = (1280, 800)
"""A normal browser window, in CSS pixels."""
PHONE = (390, 844)
"""A phone held upright (an iPhone 12 to 15's screen, in CSS pixels)."""
SERVER_START_SECONDS = 60.0
"""The most a server may take to say where it listens (a bound on a wait, not a measurement)."""
POLL_MILLISECONDS = 100
POLLS = 300
"""How often the screen is read while waiting for a state: at most 300 reads, 0.1 s apart."""

TERMINAL_HOOK = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "fitAddon", {
      value, writable: true, configurable: true, enumerable: true,
    });
    window.nacTerminal = this;
  },
});
"""
"""textual-serve's page keeps its xterm.js terminal in a local object that sets `fitAddon` on
itself first thing: this setter, in place before the page's script runs, hands that object to
the tests, so the text on screen can be read from `terminal.buffer`."""

READ_SCREEN = """() => {
  const host = window.nacTerminal;
  if (!host || !host.terminal || !document.body.classList.contains("-first-byte")) return null;
  const terminal = host.terminal;
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(false, 0, terminal.cols) : "");
  }
  const box = document.querySelector(".xterm-screen").getBoundingClientRect();
  return {lines, cols: terminal.cols, rows: terminal.rows,
          left: box.left, top: box.top, width: box.width, height: box.height};
}"""

TITLE = "Noughts & Crosses"
MARKERS = "●★◆"
"""The last move's dot, a winning line's stars and a hint's diamond: drawn in a square, never
a mark."""
STRAIGHT_LINES = "─━│┃"
TOP_LEFT_CORNERS = "[┌┏┍┎]"


def is_box_drawing(character: str) -> bool:
    return "\u2500" <= character <= "\u257f"


def chromium_path() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None."""
    import importlib.util

    if chromium_path() is None:
        return "no chromium here: `make test-web` installs it (apt-get install chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed: `make test-web` installs it"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# -- the server --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunningServer:
    """`nac serve` in a child process, the address it said to open, and what it has said."""

    process: subprocess.Popen[str]
    url: str
    said: list[str]
    """Its output, line by line, as it comes (read by a thread of its own)."""

    def lines_so_far(self) -> list[str]:
        return list(self.said)

    def game_processes(self) -> list[int]:
        """The games it runs now: its child processes (Linux: read from /proc)."""
        return [
            int(entry.name)
            for entry in Path("/proc").glob("[0-9]*")
            if (status := process_status(int(entry.name))) and status[1] == str(self.process.pid)
        ]


def process_status(pid: int) -> tuple[str, str] | None:
    """A live process's state letter and parent's id, or None if it is gone (or a zombie)."""
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[:2]
    except (OSError, ValueError):
        return None
    return None if state == "Z" else (state, parent)


def is_running(pid: int) -> bool:
    return process_status(pid) is not None


@contextlib.contextmanager
def served_game(
    *options: str,
    environment: Mapping[str, str] | None = None,
    own_group: bool = False,
    cwd: Path | None = None,
) -> Iterator[RunningServer]:
    """`python -m nac serve --port <free> OPTIONS` until the block ends, then SIGTERM;
    `own_group`: in a process group of its own, as a terminal's foreground command is; `cwd`:
    started there (as the `nac` command is: the working directory not on the path)."""
    python = [sys.executable] if cwd is None else [sys.executable, "-P"]
    command = [*python, "-m", "nac", "serve", "--port", str(free_port()), *options]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        env=dict(environment if environment is not None else os.environ),
        cwd=cwd or ROOT,
        start_new_session=own_group,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    said: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            said.append(line)
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    url = None
    while url is None:
        try:
            line = lines.get(timeout=SERVER_START_SECONDS)
        except queue.Empty:
            line = None
        if line is None:
            process.kill()
            raise RuntimeError(f"nac serve did not start: {''.join(said)}")
        found = re.search(r"serving the game at (http://\S+)", line)
        url = found.group(1) if found else None
    try:
        yield RunningServer(process, url, said)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=SERVER_START_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise


# -- the browser -------------------------------------------------------------------------------


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless, through Playwright."""
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    assert executable is not None, browser_problem()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=list(CHROMIUM_ARGS), headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@dataclass(frozen=True)
class Screen:
    """What the page shows: the terminal's text, and where its cells are on the page."""

    lines: list[str]
    cols: int
    rows: int
    left: float
    top: float
    width: float
    height: float

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def is_laid_out(self) -> bool:
        """Whether the game has drawn itself for this size: right after a resize the page
        shows the old picture for a moment, the title then off the middle of the top line
        (the game's title, or a screen's: "Noughts & Crosses · online")."""
        title = self.lines[0].strip() if self.lines else ""
        start = self.lines[0].find(title) if title.startswith(TITLE) else -1
        return start >= 0 and abs(start - (self.cols - len(title)) / 2) <= 1

    def squares(self) -> list[tuple[range, range]]:
        """Each square's inside as (rows, columns) of the terminal, in reading order: found
        from the board's frame (its top-left corner, then the lines across and down)."""
        top, left = next(
            (row, corner.start())
            for row, line in enumerate(self.lines)
            if (corner := re.search(TOP_LEFT_CORNERS, line))
        )
        across = self.lines[top][left:]
        width = next((i for i, ch in enumerate(across) if not is_box_drawing(ch)), len(across))
        columns = [left + i for i in range(width) if across[i] not in STRAIGHT_LINES]
        down = [line[left] for line in self.lines[top:]]
        height = next((i for i, ch in enumerate(down) if not is_box_drawing(ch)), len(down))
        rows = [top + i for i in range(height) if down[i] not in STRAIGHT_LINES]
        return [
            (range(rows[r] + 1, rows[r + 1]), range(columns[c] + 1, columns[c + 1]))
            for r in range(len(rows) - 1)
            for c in range(len(columns) - 1)
        ]

    def board(self) -> list[str]:
        """Each square's mark, "X", "O" or "" (empty), in reading order (3×3: keys 1 to 9)."""
        return [self._mark(rows, columns) for rows, columns in self.squares()]

    def _mark(self, rows: range, columns: range) -> str:
        inside = [
            "".join(
                " " if self.lines[row][column] in MARKERS else self.lines[row][column]
                for column in columns
            )
            for row in rows
        ]
        drawn = "".join(inside).replace(" ", "")
        if drawn in ("X", "O"):  # the smallest screens: one letter a square
            return drawn
        if not drawn or drawn.isdigit():  # an empty square shows its key
            return ""
        inked = [
            (row, column)
            for row, line in enumerate(inside)
            for column, character in enumerate(line)
            if not character.isspace()
        ]
        middle_row = (min(row for row, _ in inked) + max(row for row, _ in inked)) // 2
        middle_column = (min(c for _, c in inked) + max(c for _, c in inked)) // 2
        return "O" if inside[middle_row][middle_column].isspace() else "X"

    def square_centre(self, index: int) -> tuple[float, float]:
        """Where square `index` (reading order) is on the page, in CSS pixels."""
        rows, columns = self.squares()[index]
        cell_width = self.width / self.cols
        cell_height = self.height / self.rows
        column = (columns.start + columns.stop - 1) / 2 + 0.5
        row = (rows.start + rows.stop - 1) / 2 + 0.5
        return self.left + column * cell_width, self.top + row * cell_height


class BrowserGame:
    """One browser tab playing one game served by `nac serve`."""

    def __init__(
        self, browser: Browser, url: str, size: tuple[int, int] = WINDOW, *, phone: bool = False
    ) -> None:
        """A tab of `size`; a `phone`'s is a touch screen, its page laid out as a phone's."""
        viewport: ViewportSize = {"width": size[0], "height": size[1]}
        if phone:
            # A scale of 1: in headless Chromium textual-serve's xterm.js draws its canvas at
            # the wrong scale when the device scale factor is above 1 (a quarter of the
            # screen, magnified), desktop or phone alike; the layout is the same either way.
            context = browser.new_context(
                viewport=viewport, is_mobile=True, has_touch=True, device_scale_factor=1
            )
            self.page: Page = context.new_page()
        else:
            self.page = browser.new_page(viewport=viewport)
        self.page.add_init_script(TERMINAL_HOOK)
        self.page.goto(url)
        self.wait_for(lambda screen: True, "the game's first screen")
        # No click and no focus here: the page gives the game the keys itself.

    def screen(self) -> Screen | None:
        found: dict[str, Any] | None = self.page.evaluate(READ_SCREEN)
        return None if found is None else Screen(**found)

    def wait_for(self, state: Callable[[Screen], bool], what: str) -> Screen:
        """The screen once `state` holds on it, read at most POLLS times."""
        screen = None
        for _ in range(POLLS):
            screen = self.screen()
            if screen is not None and _holds(state, screen):
                return screen
            self.page.wait_for_timeout(POLL_MILLISECONDS)
        shown = screen.text if screen is not None else "(nothing on the page)"
        raise AssertionError(f"the page never showed {what}; it shows:\n{shown}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def click_square(self, index: int) -> None:
        screen = self.wait_for(lambda screen: bool(screen.squares()), "a board")
        x, y = screen.square_centre(index)
        self.page.mouse.click(x, y)

    def tap_square(self, index: int) -> None:
        """A finger on square `index` (a phone's touch screen)."""
        screen = self.wait_for(lambda screen: bool(screen.squares()), "a board")
        x, y = screen.square_centre(index)
        self.page.touchscreen.tap(x, y)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def close(self) -> None:
        self.page.close()


def _holds(state: Callable[[Screen], bool], screen: Screen) -> bool:
    """Whether `state` holds; a screen caught mid-redraw (no whole board yet) does not."""
    try:
        return screen.is_laid_out and state(screen)
    except (StopIteration, IndexError, ValueError):
        return False


def marks(board: list[str], mark: str) -> set[int]:
    """The keys (1 to 9 on 3×3) of the squares holding `mark`."""
    return {index + 1 for index, held in enumerate(board) if held == mark}


def main() -> None:
    problem = browser_problem()
    if problem:
        sys.exit(f"tools.web_screenshot: {problem}")
    with served_game() as server, chromium() as browser:
        game = BrowserGame(browser, server.url)
        game.press("5")
        game.wait_for(lambda screen: len(marks(screen.board(), "O")) == 1, "the reply to 5")
        game.click_square(1)  # square 2, the top side: always empty after one reply
        game.wait_for(lambda screen: len(marks(screen.board(), "O")) == 2, "the second reply")
        SCREENSHOT.parent.mkdir(exist_ok=True)
        game.page.screenshot(path=str(SCREENSHOT))
        phone = BrowserGame(browser, server.url, PHONE, phone=True)
        phone.tap_square(4)
        phone.wait_for(lambda screen: len(marks(screen.board(), "O")) == 1, "the reply to 5")
        phone.page.screenshot(path=str(PHONE_SCREENSHOT))
    print(f"{SCREENSHOT.relative_to(ROOT)}: the game in Chromium, served by nac serve")
    print(f"{PHONE_SCREENSHOT.relative_to(ROOT)}: the same on a phone's screen")


if __name__ == "__main__":
    main()
