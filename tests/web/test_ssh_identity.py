"""The SSH door's identity against the ledger (issue 38), with Debian's OpenSSH client and nac's
terminal client against a real `nac serve --ssh` on loopback with its SQLite ledger: an Ed25519
key by `ssh -i KEY` and by `nac --key KEY` is one player, and the SSH game shows the ledger's
name for its key. Every wait is a bounded wait for a state."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import urllib.request
from pathlib import Path

import pytest

from nac.present.online import words as online_words
from tools.web_screenshot import ROOT

from ..waiting import LONGEST_WAIT
from . import test_ssh
from .ssh_terminal import ANSI, Terminal
from .test_ssh import SSH, Door, keyed, played

pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(SSH is None, reason="no OpenSSH client (openssh-client)"),
]

door = test_ssh.door
"""A door of this module's own, as test_ssh's (its keys: alice, bob, eve)."""


async def plain(*args: str, home: Path) -> tuple[int, str]:
    """`nac ARGS --plain` run to its end with q typed: its status and what it printed."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "nac", *args, "--plain",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, cwd=ROOT,
        env={**os.environ, "NAC_HOME": str(home), "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    said, _ = await asyncio.wait_for(process.communicate(b"q\nq\n"), LONGEST_WAIT)
    return process.returncode or 0, said.decode()


def player_page(door: Door, name: str) -> dict[str, object] | None:
    url = f"{door.server.url.rstrip('/')}/api/player/{name}"
    try:
        with urllib.request.urlopen(url, timeout=LONGEST_WAIT) as answer:
            found: dict[str, object] = json.loads(answer.read())
            return found
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return None
        raise


async def test_one_key_by_ssh_and_by_nac_is_one_player(door: Door, tmp_path: Path) -> None:
    terminal = await played(door, user="alice")
    try:
        terminal.pty.write(b"o")
        await terminal.shows("lobby", "h Host")
        terminal.pty.write(b"h")
        await terminal.shows("Waiting for your opponent", "Alice")
        status, said = await plain(
            "lobby", door.server.url, "--key", str(door.key), "--name", "Zed", home=tmp_path
        )
        assert status == 0, said
        # the same key by nac's lobby is Alice: taken back to the game she hosts by ssh
        assert online_words.BACK_TO_YOUR_SEAT in said, said
    finally:
        await terminal.pty.stop()
    page = player_page(door, "Alice")
    assert page is not None and page["name"] == "Alice"
    assert player_page(door, "Zed") is None  # the key's name is kept: no second player


async def test_the_ssh_game_shows_the_ledgers_name_for_its_key(door: Door, tmp_path: Path) -> None:
    sam_key = keyed(tmp_path, "sam")
    status, said = await plain(
        "lobby", door.server.url, "--key", str(sam_key), "--name", "Sam", home=tmp_path
    )
    assert status == 0, said  # the key of nac's terminal client holds Sam now
    terminal = await played(door, user="sam", holder="bob")  # another key, asking for Sam
    try:
        terminal.pty.write(b"o")
        await terminal.shows("lobby", "h Host")
        mark = len(terminal.seen)
        terminal.pty.write(b"h")
        await terminal.shows("Waiting for your opponent", "Sam-2", since=mark)
    finally:
        await terminal.pty.stop()
    page = player_page(door, "Sam")
    assert page is not None and page["name"] == "Sam"  # Sam is Sam's still


async def test_an_ssh_player_killed_mid_game_comes_back_by_ssh_to_the_seat_and_plays_on(
    door: Door, tmp_path: Path
) -> None:
    door.keys.update({name: keyed(tmp_path, name) for name in ("carol", "dave")})
    carol, dave = [await played(door, user) for user in ("carol", "dave")]
    again: Terminal | None = None
    try:
        carol.pty.write(b"o")
        await carol.shows("lobby", "h Host")
        carol.pty.write(b"h")
        await carol.shows("Waiting for your opponent", "Carol")
        dave.pty.write(b"o")
        await dave.shows("Carol (1500?) · 3×3")  # here, so listed before the stale games
        dave.pty.write(b"\r")
        await dave.shows("Carol's move")
        for player, key, other in ((carol, "1", "Dave"), (dave, "4", "Carol")):
            mark = len(player.seen)
            player.pty.write(key.encode())
            await player.shows(f"{other}'s move", since=mark)
        mark = len(dave.seen)
        assert carol.pty.pid is not None
        os.killpg(carol.pty.pid, signal.SIGKILL)  # her ssh gone without a word
        await dave.shows("waiting 0:", "key)", since=mark)  # (they come back with their key)
        again = await played(door, "carol")  # a new ssh session, the same key
        mark = len(dave.seen)
        again.pty.write(b"o")  # the lobby takes her straight back to her seat
        await again.shows("Your move")
        await dave.shows("Carol's move", since=mark)
        for player, key, other in ((again, "2", "Dave"), (dave, "5", "Carol")):
            mark = len(player.seen)
            player.pty.write(key.encode())
            await player.shows(f"{other}'s move", since=mark)
        again.pty.write(b"3")  # the top row
        await again.shows("You won")
        await dave.shows("Carol won")
    finally:
        terminals = (carol, dave, *([again] if again is not None else []))
        await asyncio.gather(*(terminal.pty.stop() for terminal in terminals))


async def test_a_name_typed_with_n_in_the_ssh_lobby_takes_no_other_keys_name(
    door: Door, tmp_path: Path
) -> None:
    fay_key = keyed(tmp_path, "fay")
    status, said = await plain(
        "lobby", door.server.url, "--key", str(fay_key), "--name", "Fay", home=tmp_path
    )
    assert status == 0, said  # Fay is the name of Fay's key now
    door.keys["gus"] = keyed(tmp_path, "gus")
    terminal = await played(door, user="gus")
    try:
        terminal.pty.write(b"o")
        await terminal.shows("lobby", "h Host")
        terminal.pty.write(b"n")  # the lobby's name: Fay, typed by another key
        await terminal.shows("Your name, as the others see it")
        mark = len(terminal.seen)
        terminal.pty.write(b"Fay\r")
        await terminal.shows("h Host", "play as Fay", since=mark)  # the lobby took the name
        mark = len(terminal.seen)
        terminal.pty.write(b"h")
        await terminal.shows(online_words.TITLE, "Waiting for your opponent", "Gus", since=mark)
        # The lobby may be drawn again before the game's screen comes (its note, "You play as
        # Fay", on any change the server sends): the game's screen, from its title on, is what
        # must not say Fay.
        shown = ANSI.sub(b"", bytes(terminal.seen[mark:])).decode("utf-8", "replace")
        assert "Fay" not in shown[shown.index(online_words.TITLE) :]
    finally:
        await terminal.pty.stop()
    page = player_page(door, "Fay")
    assert page is not None and page["name"] == "Fay"  # Fay is Fay's key's still
    assert player_page(door, "Gus") is not None  # the SSH key plays as the name it came with
