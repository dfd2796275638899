"""A player whose own key cannot be made or read (issue 38: a data directory that holds
nothing) plays online as a guest, and the app says so in one line; a real server on loopback."""

from __future__ import annotations

from pathlib import Path

from nac.net.start import OnlineStart
from nac.present.online import words as online_words
from nac.store import Storage
from nac.store.paths import StorageDirs

from ..net.helpers import game_server
from .online_helpers import online_app, online_ready, until


async def test_a_key_that_cannot_be_made_plays_as_a_guest_and_says_so(tmp_path: Path) -> None:
    storage = Storage.at(StorageDirs(tmp_path, tmp_path))
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    storage.key_home = blocked / "data"  # its key cannot be made there
    async with game_server() as served:
        room = served.room(host="Sam")
        start = OnlineStart("join", "Ana", address=served.address(room.guest.key))
        app = online_app(start, storage)
        said: list[str] = []
        app.notify = lambda message, **_: said.append(str(message))  # type: ignore[method-assign]
        async with app.run_test(size=(100, 32)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: room.guest.taken, "seated")
            assert play.client.identity is None and room.guest.public_key == ""  # a guest
            (line,) = [line for line in said if "guest" in line]
            assert line.startswith(online_words.keyless("")[:40]) and "\n" not in line
            assert "Not a directory" in line
