"""Benchmark of `nac serve --ssh`: an SSH player's time from typing `ssh` to a playable board,
against the same game started in a local terminal (the reference, in the same run); the
memory of each SSH player (its game's process) and of the server per player; and one player's
key-to-screen time while strangers open and drop 200 connections, against the same with none.

Debian's OpenSSH client in a pseudo-terminal, a real server on loopback. Prints medians and
ratios; asserts nothing. `make bench` runs it (needs the `web` extra and `ssh`).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.web.ssh_terminal import Terminal

from .bench_web import children, free_port, resident
from .common import ensure_bytecode, header, median, milli

RUNS = 9
PLAYERS = 4
STRANGERS = 200
AT_ONCE = 8
KEYS = 9
"""Key round trips timed for the player, with strangers and without."""
READY = "1-9 Play"
HELP = "Put three of your marks"


def ssh_command(port: int, key: Path, user: str) -> list[str]:
    ssh = shutil.which("ssh")
    assert ssh is not None
    return [
        ssh,
        *(
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
        ),
        *("-o", "LogLevel=ERROR", "-o", "BatchMode=yes", "-i", str(key), "-t", "-p", str(port)),
        f"{user}@127.0.0.1",
    ]


async def to_board(command: list[str], environment: dict[str, str]) -> tuple[float, Terminal]:
    """Seconds from starting `command` in an 80×24 terminal to the board, and its terminal."""
    screen = Terminal()
    started = time.perf_counter()
    await screen.pty.start(command, environment, 80, 24)
    await screen.shows(READY)
    return time.perf_counter() - started, screen


async def round_trip(screen: Terminal) -> float:
    """Seconds from `?` to the help on the screen (and back out of it)."""
    mark = len(screen.seen)
    started = time.perf_counter()
    screen.pty.write(b"?")
    await screen.shows(HELP, since=mark)
    took = time.perf_counter() - started
    mark = len(screen.seen)
    screen.pty.write(b"\x1b")
    await screen.shows(READY, since=mark)
    return took


async def stranger(port: int) -> None:
    for _ in range(STRANGERS // AT_ONCE):
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"SSH-2.0-stranger\r\n" + os.urandom(64))
            await asyncio.wait_for(reader.read(256), 5)
            writer.close()
        except (OSError, TimeoutError):
            pass


async def measure(port: int, key: Path, home: Path, server_pid: int) -> None:
    environment = {**os.environ, "TERM": "xterm-256color", "NAC_HOME": str(home)}
    local = [sys.executable, "-m", "nac", "--no-save"]
    ssh_times: list[float] = []
    local_times: list[float] = []
    for run in range(RUNS):  # interleaved: the same load on both
        for command, times in (
            (ssh_command(port, key, f"p{run}"), ssh_times),
            (local, local_times),
        ):
            took, screen = await to_board(command, environment)
            times.append(took)
            await screen.pty.stop()
    ssh, bare = median(ssh_times), median(local_times)
    print(f"time to a playable board, median of {RUNS}:")
    print(f"  ssh -t to nac serve --ssh   {milli(ssh)}")
    print(f"  nac in a local terminal     {milli(bare)}   (ratio {ssh / bare:.2f})")

    games_before = set(children(server_pid))
    server_before = resident(server_pid)
    screens = []
    for number in range(PLAYERS):
        _, screen = await to_board(ssh_command(port, key, f"m{number}"), environment)
        screens.append(screen)
    await asyncio.sleep(1.0)  # let each game settle before its size is read
    games = [pid for pid in children(server_pid) if pid not in games_before]
    memory = [resident(pid) for pid in games]
    grown = resident(server_pid) - server_before
    print(f"memory with {PLAYERS} SSH players at once:")
    print(f"  a player's game process     {median(memory):7.1f} MB (median of {len(memory)})")
    print(f"  the server, per player      {grown / PLAYERS:7.2f} MB")
    for screen in screens[1:]:
        await screen.pty.stop()

    player = screens[0]
    quiet = [await round_trip(player) for _ in range(KEYS)]
    strangers = asyncio.gather(*(stranger(port) for _ in range(AT_ONCE)))
    busy: list[float] = []
    while not strangers.done() or len(busy) < KEYS:
        busy.append(await round_trip(player))
        if len(busy) >= 4 * KEYS:
            break
    await strangers
    print(f"a player's key to screen, median ({len(quiet)} and {len(busy)} keys):")
    print(f"  no strangers                {milli(median(quiet))}")
    print(
        f"  {STRANGERS} stranger connections  {milli(median(busy))}   "
        f"(ratio {median(busy) / median(quiet):.2f})"
    )
    await player.pty.stop()


def main() -> None:
    header("nac serve --ssh: the SSH door")
    if shutil.which("ssh") is None:
        print("no ssh client: skipped (make test-ssh installs openssh-client)")
        return
    ensure_bytecode()
    with tempfile.TemporaryDirectory() as directory:
        home = Path(directory)
        key = home / "id"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
        port, web = free_port(), free_port()
        command = [sys.executable, "-m", "nac", "serve", "--port", str(web), "--ssh", str(port)]
        command += ["--max-players", str(2 * PLAYERS + 2)]  # one address: half of them
        server = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "NAC_HOME": str(home)},
            text=True,
        )
        try:
            assert server.stdout is not None
            for line in server.stdout:
                if "SSH door is open" in line:
                    break
            asyncio.run(measure(port, key, home, server.pid))
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
