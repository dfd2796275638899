"""A player typing flat out fills no game (issue 37): a real `nac serve` on loopback; a browser's
game (aiohttp's websocket client) sent megabytes of keys, an SSH player's (asyncssh's client) a
paste of megabytes that does not end, as fast as they go, in a bounded loop. The game process's
peak memory, read from /proc, stays under 100 MB, and the game answers a real key afterwards.
Every wait is a bounded wait for a state."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from tools.web_screenshot import POLLS, RunningServer, free_port, served_game

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")
pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")

from nac.ui.driver import PASTE_END, PASTE_START

from .test_ssh import door_line, keyed
from .typist import is_ssh_game, memory_kb, page_game, shown, ssh_game, until_shown

pytestmark = pytest.mark.strangers

KEYS = "\x1b[C\x1b[D" * 20
"""One burst of the typist's keys: the cursor right and left, 20 times (a game's state stays)."""
BURSTS = 20_000
"""Bursts typed: 4.8 MB, half a million keys (a game that took them all grew past a gigabyte)."""
PASTED = "€" * 40
"""One burst of a paste that does not end: text that is not ASCII (each character an object of
its own in a list, where Textual kept all of a paste)."""
MOST_MEMORY_KB = 100 * 1024
"""The game process's peak resident size under the typist."""


def peak_memory(pid: int) -> int:
    """A process's peak resident size in kB (0 once it is gone)."""
    return memory_kb(pid, "VmHWM")


async def answered(press: Callable[[], Awaitable[object]], seen: bytearray, text: str) -> None:
    """A real key pressed once the typist has stopped, and again each second until the game
    shows `text` (keys that came while the game was behind were dropped, this one's first
    press among them maybe), POLLS times at most."""
    since = len(seen)
    for _ in range(POLLS):
        await press()
        for _ in range(10):
            if text in shown(seen, since):
                return
            await asyncio.sleep(0.1)
    raise AssertionError(f"never shown {text!r}: {shown(seen, since)[-500:]!r}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningServer, int, Path]]:
    home, keys = tmp_path_factory.mktemp("home"), tmp_path_factory.mktemp("keys")
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(home)}
    with served_game("--ssh", str(port), environment=environment) as running:
        door_line(running)
        yield running, port, keyed(keys, "typist")


async def test_a_browser_typing_flat_out_fills_no_game_and_is_answered_after(
    server: tuple[RunningServer, int, Path],
) -> None:
    running, _, _ = server
    seen = bytearray()
    async with page_game(running.url, seen) as socket:
        await until_shown(seen, "Your move")
        for _ in range(BURSTS):
            await socket.send_str(json.dumps(["stdin", KEYS]))
        peak = max(peak_memory(pid) for pid in running.game_processes())
        await answered(lambda: socket.send_str(json.dumps(["stdin", "5"])), seen, "1. X 5")
    assert 0 < peak < MOST_MEMORY_KB


async def test_an_ssh_player_pasting_flat_out_fills_no_game_and_is_answered_after(
    server: tuple[RunningServer, int, Path],
) -> None:
    running, port, key = server
    seen = bytearray()
    async with ssh_game(port, key, seen) as game:
        await until_shown(seen, "1-9 Play")
        game.stdin.write(PASTE_START.encode())
        typed = PASTED.encode()
        for _ in range(BURSTS):
            game.stdin.write(typed)
            await game.stdin.drain()
        game.stdin.write(PASTE_END.encode())
        games = [pid for pid in running.game_processes() if is_ssh_game(pid)]
        peak = max(peak_memory(pid) for pid in games)

        async def press_5() -> None:
            game.stdin.write(b"5")
            await game.stdin.drain()

        await answered(press_5, seen, "1. X 5")
    assert 0 < peak < MOST_MEMORY_KB
