"""`nac serve`'s ledger: a real `nac serve` on loopback keeping its players, ratings and games
in SQLite on the real file system (`ledger.sqlite` in its data directory by default), and real
clients with their own keys in temporary homes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nac.core import Mark
from nac.core.clock import parse_time_control
from nac.ledger.ledger import Ledger, sqlite_url
from nac.net.address import Address, parse_server
from nac.net.identity import read_identity
from nac.store.player_key import own_key
from tools.web_screenshot import ROOT, free_port, served_game

from ..net.helpers import both_here, play_moves, player

pytestmark = pytest.mark.long

pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")


def nac_serve(*options: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nac", "serve", "--port", str(free_port()), *options],
        capture_output=True,
        text=True,
        env={**os.environ, "NAC_HOME": str(home)},
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("not a url", "'not a url' is not a database URL"),
        ("nosuchdatabase://x", "cannot open the database nosuchdatabase://x"),
        ("postgresql+nosuchdriver://u:secret@127.0.0.1:1/db", "postgresql+nosuchdriver://u:***@"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line_and_status_2(
    tmp_path: Path, url: str, said: str
) -> None:
    done = nac_serve("--database", url, home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("nac: ") and said in done.stderr
    assert done.stderr.count("\n") == 1 and "secret" not in done.stderr


async def test_a_result_told_is_kept_though_the_server_is_killed_at_once(tmp_path: Path) -> None:
    """The players are told a game's end only once the ledger has committed it: a kill -9 of
    the server the moment a client sees the end loses nothing."""
    home = tmp_path / "server"
    environment = {**os.environ, "NAC_HOME": str(home)}
    with served_game("--max-players", "1", environment=environment) as server:
        relay = parse_server(server.url)
        sam = player(
            Address(relay, ""),
            "host",
            "Sam",
            identity=read_identity(own_key(tmp_path / "sam")),
            clock=parse_time_control("3+2"),
        )
        await sam.until(lambda one: one.table.room is not None and one.table.room.invite)
        ana = player(
            sam.table.room.invite.join,
            name="Ana",
            identity=read_identity(own_key(tmp_path / "ana")),
        )
        for one in (sam, ana):
            await one.until(both_here, "both seated")
        assert sam.table.room.rated
        await play_moves((sam, ana), [0, 3, 1, 4, 2])
        await sam.until(lambda one: one.table.game.is_over, "the end")
        server.process.kill()  # kill -9, the moment the end is seen
        server.process.wait()
        told = sam.table.room.ratings
        for one in (sam, ana):
            await one.stop()
    assert told[Mark.X].rating > 1500 and told[Mark.O].rating < 1500
    ledger = await Ledger.open(sqlite_url(home))
    try:
        page = await ledger.player("Sam")
        assert page is not None
        (game,) = page.games
        assert (game.rated, game.result, game.why, game.o) == (True, "X", "line", "Ana")
        assert round(page.ratings[0].rating.rating) == told[Mark.X].rating
    finally:
        await ledger.close()
