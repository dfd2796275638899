"""`nac serve --ssh` against strangers (issue 37): a real server on loopback, real clients
(Debian's OpenSSH, asyncssh's for scripted strangers) from many 127.x addresses. Every wait is a
bounded wait for a state."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools.web_screenshot import free_port, served_game

from .test_ssh import SSH, Door, door_line, keyed, played

pytestmark = pytest.mark.skipif(SSH is None, reason="no OpenSSH client (openssh-client)")

PLANTED = """import os, pathlib
pathlib.Path({marks!r}, str(os.getpid())).write_text("the planted nac ran")
raise SystemExit(3)
"""


async def test_a_nac_folder_where_the_server_starts_is_no_players_game(tmp_path: Path) -> None:
    """`nac serve` started in a folder holding a `nac/` package: every game (the browser's
    kept ready, an SSH player's) runs the installed nac, not that package."""
    where, marks, home, keys = (tmp_path / name for name in ("where", "marks", "home", "keys"))
    for folder in (where / "nac", marks, home, keys):
        folder.mkdir(parents=True)
    for module in ("__init__.py", "__main__.py"):
        (where / "nac" / module).write_text(PLANTED.format(marks=str(marks)))
    port = free_port()
    environment = {**os.environ, "NAC_HOME": str(home)}
    with served_game("--ssh", str(port), environment=environment, cwd=where) as server:
        door_line(server)
        terminal = await played(Door(server, port, home, keyed(keys, "alice")))
        await terminal.pty.stop()
        # the game kept ready for a browser started before the door opened, so before this
        # player's game drew its board: had it run the planted package, its mark is there
        assert not list(marks.iterdir())
