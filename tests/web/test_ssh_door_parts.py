"""Parts of the SSH door on their own: it is in the server's descriptor budget (its connections
kept out of what the relay's gate may give away, one descriptor each, as the games' are), a
storm of resizes is one resize for the game, and a network's game starts are bounded in rate."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")
pytest.importorskip("textual_serve", reason="textual-serve (the `web` extra) is not installed")

from nac.net import gate
from nac.web.server import DESCRIPTORS_A_GAME, Served
from nac.web.ssh_door import STARTS_BURST, SshServer
from nac.web.ssh_gate import MOST_HELD
from nac.web.ssh_names import SshNames
from nac.web.ssh_session import GameSession

from ..waiting import until

ROOM = 3_000
"""The descriptors the process is taken to have (far fewer than the relay's connections)."""


def served() -> Served:
    return Served(
        "nac", host="127.0.0.1", port=0, max_players=12, loopback_only=True, announcement=""
    )


def test_the_door_s_connections_are_kept_out_of_the_relay_s_descriptors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncssh

    monkeypatch.setattr(gate, "descriptor_room", lambda: ROOM)
    without = served().fit_limits()
    server = served()
    door = server.ssh_door(["nac"], "--ssh-player")
    key = asyncssh.generate_private_key("ssh-ed25519")
    server.ssh = SshServer(door, SshNames(None), key)
    with_door = server.fit_limits()
    assert without.limit - with_door.limit == door.most_connections + MOST_HELD
    games = DESCRIPTORS_A_GAME * 12
    assert with_door.limit + door.most_connections + MOST_HELD + games <= ROOM


class Resized:
    """A game that keeps the sizes it is given."""

    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []

    def resize(self, width: int, height: int) -> None:
        self.sizes.append((width, height))


async def test_a_storm_of_resizes_is_one_resize_for_the_game() -> None:
    connection: Any = SimpleNamespace(server=None, sessions=1)
    session = GameSession(connection)
    game = Resized()
    session.game = game  # type: ignore[assignment]
    for width in range(40, 240):
        session.terminal_size_changed(width, 30, 0, 0)
    assert game.sizes == [(40, 30)]  # the first followed at once, the rest wait
    await until(lambda: len(game.sizes) > 1, "the last size followed")
    assert game.sizes == [(40, 30), (239, 30)]  # then the last, once
    session.connection_lost(None)


def test_a_network_starts_its_burst_of_games_then_is_told_to_wait_and_others_are_not() -> None:
    """The door's rate of game starts per network (a storm of starts and drops is slowed): its
    burst of starts at once, then no more for that network, while another network starts."""
    import asyncssh

    server = served()
    door = server.ssh_door(["nac"], "--ssh-player")
    ssh = SshServer(door, SshNames(None), asyncssh.generate_private_key("ssh-ed25519"))
    given = [ssh.may_start("127.0.0.0/24") for _ in range(STARTS_BURST + 1)]
    assert given == [True] * STARTS_BURST + [False]  # (a start comes back in two seconds)
    assert ssh.may_start("127.0.1.0/24")
