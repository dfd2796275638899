"""The flat-out typist's two doors to a game of a real `nac serve`, shared by its test and its
benchmark: over SSH (asyncssh's client) and through the page's websocket (aiohttp's client),
what the game draws gathered in a buffer, and a wait until it shows a text; and what /proc says
of a game process."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ..waiting import until
from .ssh_terminal import ANSI

if TYPE_CHECKING:
    import aiohttp
    import asyncssh


def shown(seen: bytearray, since: int = 0) -> str:
    """What the game drew after `since`, as text."""
    return ANSI.sub(b"", bytes(seen[since:])).decode("utf-8", "replace")


async def until_shown(seen: bytearray, text: str, since: int = 0) -> None:
    """Wait (bounded) until `text` is shown after `since`."""
    await until(
        lambda: text in shown(seen, since),
        lambda: f"{text!r} shown: {shown(seen, since)[-500:]!r}",
        every=0.1,
    )


def memory_kb(pid: int, field_name: str) -> int:
    """A figure of a process's /proc status in kB (VmRSS, VmHWM; 0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(rf"{field_name}:\s+(\d+) kB", status)
    return int(found.group(1)) if found else 0


def is_ssh_game(pid: int) -> bool:
    """Whether the process is a game played over SSH (not the page's)."""
    try:
        return b"--ssh-player" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@asynccontextmanager
async def ssh_game(
    port: int, key: Path, seen: bytearray
) -> AsyncIterator[asyncssh.SSHClientProcess[bytes]]:
    """A game over SSH as `typist` (an xterm of 80×24), what it draws gathered in `seen`."""
    import asyncssh

    async with asyncssh.connect(
        "127.0.0.1",
        port,
        username="typist",
        client_keys=[str(key)],
        known_hosts=None,
        agent_path=None,
    ) as connection:
        game = await connection.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )

        async def read() -> None:
            while data := await game.stdout.read(65536):
                seen.extend(data)

        reader = asyncio.ensure_future(read())
        try:
            yield game
        finally:
            reader.cancel()
            game.close()


@asynccontextmanager
async def page_game(
    server_url: str, seen: bytearray
) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """A game through the page's websocket (80×24), what it draws gathered in `seen`."""
    import aiohttp

    url = server_url.replace("http://", "ws://", 1) + "/ws?width=80&height=24"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as socket:

        async def read() -> None:
            async for frame in socket:
                if frame.type is aiohttp.WSMsgType.BINARY:
                    seen.extend(frame.data)

        reader = asyncio.ensure_future(read())
        try:
            yield socket
        finally:
            reader.cancel()
