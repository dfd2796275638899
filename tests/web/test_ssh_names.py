"""The SSH door's names (`nac.web.ssh_names`): safe from the door's threads at once, and a name
once held is never given to another key, however many fresh keys come."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from nac.web import ssh_names
from nac.web.ssh_names import GUEST, SshNames

THREADS = 8
LOOK_UPS = 25
"""Look-ups each thread makes (200 in all)."""


def test_look_ups_from_many_threads_at_once_all_succeed(tmp_path: Path) -> None:
    names = SshNames(tmp_path)
    names.file.durable = False  # no wait for the disk: quicker, and the threads meet more often
    failures: list[BaseException] = []
    found: dict[str, str] = {}

    def look_up(thread: int) -> None:
        for turn in range(LOOK_UPS):
            fingerprint = f"SHA256:{thread}-{turn}"
            try:
                found[fingerprint] = names.name_for(fingerprint, f"player{thread}")
            except Exception as error:
                failures.append(error)

    threads = [threading.Thread(target=look_up, args=(thread,)) for thread in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures
    assert len(found) == THREADS * LOOK_UPS
    assert len({name.casefold() for name in found.values()}) == THREADS * LOOK_UPS  # each its own
    again = SshNames(tmp_path)  # and every one was kept
    again.file.durable = False
    assert all(again.name_for(key, "someone") == name for key, name in found.items())


@pytest.fixture
def five_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ssh_names, "MOST_KEYS", 5)


@pytest.mark.usefixtures("five_keys")
def test_fresh_keys_never_free_a_players_name_for_a_stranger(tmp_path: Path) -> None:
    clock = iter(range(1_000)).__next__
    names = SshNames(tmp_path, clock=lambda: float(clock()))
    assert names.name_for("SHA256:alice", "alice") == "Alice"  # seen longest ago
    for stranger in range(10):
        names.name_for(f"SHA256:fresh-{stranger}", f"stranger{stranger}")
    assert names.name_for("SHA256:thief", "alice") != "Alice"
    assert names.name_for("SHA256:alice", "anything") == "Alice"  # Alice is Alice still


@pytest.mark.usefixtures("five_keys")
def test_a_full_table_forgets_keys_that_came_without_a_name_first(tmp_path: Path) -> None:
    clock = iter(range(1_000)).__next__
    names = SshNames(tmp_path, clock=lambda: float(clock()))
    kept = {f"SHA256:{user}": names.name_for(f"SHA256:{user}", user) for user in ("ann", "bo")}
    nameless = [names.name_for(f"SHA256:nameless-{n}", "-oops") for n in range(3)]
    assert nameless == ["Player", "Player-2", "Player-3"]
    newcomer = names.name_for("SHA256:cy", "cy")
    assert newcomer == "Cy"  # kept: the nameless key seen longest ago made room
    assert all(names.name_for(key, "x") == name for key, name in kept.items())
    for n in range(1, 3):  # the other nameless keys make room in turn
        assert names.name_for(f"SHA256:more-{n}", f"more{n}") == f"More{n}"
    assert names.name_for("SHA256:late", "late").startswith(GUEST)  # every key named: a guest
    assert names.name_for("SHA256:cy", "x") == "Cy"
