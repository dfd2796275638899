"""Benchmark of `nac serve`: a browser's time to a playable board, against a bare Textual app
served the same way (textual-serve, a process started for each visitor), and the memory of
the server and of a game. A websocket client plays the browser (the page's own messages): the
time is from opening the connection to the frame that draws the board.

Prints figures; asserts nothing. Run with `make bench` (needs the `web` extra, which
`make test` installs).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from .common import ensure_bytecode, header, median, milli

VISITS = 11
SHOWN = b"Noughts & Crosses"
"""What each app draws once it is ready: nac's title, and the bare app's only label."""
BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Label

class Bare(App):
    def compose(self):
        yield Label("Noughts & Crosses")
        yield Footer()

Bare().run()
"""
READY_SECONDS = 2.0
"""Between two visitors: long enough for nac serve to have a game ready again."""

BARE_SERVER = """
import sys
from textual_serve.server import Server
Server(sys.argv[1], host="127.0.0.1", port=int(sys.argv[2])).serve()
"""


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    for _ in range(200):  # the port opens within a few seconds
        try:
            with __import__("socket").create_connection(("127.0.0.1", port), timeout=0.1):
                return server
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{command} did not listen on {port}")


def stop(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


async def visit(port: int, shown: bytes) -> float:
    """Seconds from opening a game's connection to the frame that shows `shown`."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        started = time.perf_counter()
        address = f"ws://127.0.0.1:{port}/ws?width=100&height=32"
        async with session.ws_connect(address) as socket:
            await socket.send_str('["resize", {"width": 100, "height": 32}]')
            seen = b""
            while shown not in seen:
                frame = await socket.receive(timeout=60)
                if frame.type is not aiohttp.WSMsgType.BINARY:
                    raise RuntimeError(f"the game ended before it drew: {frame}")
                seen += re.sub(rb"\x1b\[[0-9;?<>]*[A-Za-z]", b"", frame.data)
            return time.perf_counter() - started


def resident(pid: int) -> float:
    """A process's resident size now, in MB (0 once it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found.group(1)) / 1024 if found else 0.0


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            parent = (entry / "stat").read_text().rpartition(")")[2].split()[1]
        except (OSError, IndexError):
            continue
        if parent == str(pid):
            found.append(int(entry.name))
    return found


def times(command: list[str], port: int, shown: bytes) -> list[float]:
    server = start(command, port)
    try:
        found = []
        for _ in range(VISITS):
            time.sleep(READY_SECONDS)
            found.append(asyncio.run(visit(port, shown)))
        return found
    finally:
        stop(server)


def memory(port: int) -> tuple[float, float, float]:
    """nac serve's own resident size, a game's while it is played, and the one kept ready."""
    server = start([sys.executable, "-m", "nac", "serve", "--port", str(port)], port)
    try:
        time.sleep(READY_SECONDS)
        ready = max((resident(pid) for pid in children(server.pid)), default=0.0)

        async def played() -> float:
            import aiohttp

            async with (
                aiohttp.ClientSession() as session,
                session.ws_connect(f"ws://127.0.0.1:{port}/ws?width=100&height=32") as socket,
            ):
                await socket.receive(timeout=60)
                for key in "519":
                    await socket.send_str(f'["stdin", "{key}"]')
                    await asyncio.sleep(0.5)
                return max(resident(pid) for pid in children(server.pid))

        game = asyncio.run(played())
        return resident(server.pid), game, ready
    finally:
        stop(server)


def main() -> None:
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        print("\n(bench_web: textual-serve, the `web` extra, is not installed: skipped)")
        return
    ensure_bytecode()
    header("nac serve: a visitor's time to a playable board (100×32), over a websocket")
    nac_port, bare_port = free_port(), free_port()
    nac = times([sys.executable, "-m", "nac", "serve", "--port", str(nac_port)], nac_port, SHOWN)
    bare_command = f"{sys.executable} -c {__import__('shlex').quote(BARE_APP)}"
    bare = times(
        [sys.executable, "-c", BARE_SERVER, bare_command, str(bare_port)], bare_port, SHOWN
    )
    print(f"runs: {VISITS} each, {READY_SECONDS:g} s apart")
    print(f"bare Textual app, textual-serve (a process per visitor): median {milli(median(bare))}")
    print(f"nac serve (a game kept ready):                           median {milli(median(nac))}")
    print(f"ratio of medians: {median(nac) / median(bare):.2f}×")
    server, game, ready = memory(free_port())
    header("nac serve: memory (resident size)")
    print(
        f"the server {server:.1f} MB; a game being played {game:.1f} MB; the one kept ready "
        f"{ready:.1f} MB"
    )


if __name__ == "__main__":
    main()
