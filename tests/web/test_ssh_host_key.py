"""The SSH door's host key (`nac.web.ssh_keys.host_key`) is made owner-only from its first byte,
in a file of its own: never through a link planted where it is written."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

import pytest

pytest.importorskip("asyncssh", reason="asyncssh (the `web` extra) is not installed")

from nac.web.ssh_keys import HOST_KEY_FILE, host_key

VICTIM = b"a file of the operator's\n"


def planted(directory: Path, name: str, victim: Path) -> Path:
    link = directory / name
    link.symlink_to(victim)
    return link


def test_a_link_at_the_old_temporary_name_is_not_written_through(tmp_path: Path) -> None:
    data, victim = tmp_path / "data", tmp_path / "victim"
    data.mkdir()
    victim.write_bytes(VICTIM)
    planted(data, HOST_KEY_FILE + ".new", victim)
    key = host_key(data)
    assert victim.read_bytes() == VICTIM
    made = data / HOST_KEY_FILE
    assert not made.is_symlink()
    assert stat.S_IMODE(made.stat().st_mode) == 0o600
    assert host_key(data).get_fingerprint() == key.get_fingerprint()  # kept


def test_a_link_at_the_very_temporary_name_refuses_the_key_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, victim = tmp_path / "data", tmp_path / "victim"
    data.mkdir()
    victim.write_bytes(VICTIM)
    monkeypatch.setattr(secrets, "token_hex", lambda _: "guessed")
    link = planted(data, f"{HOST_KEY_FILE}.guessed.new", victim)
    with pytest.raises(OSError):
        host_key(data)
    assert victim.read_bytes() == VICTIM
    assert link.is_symlink() and not (data / HOST_KEY_FILE).exists()


def test_the_key_is_owner_only_whatever_the_umask(tmp_path: Path) -> None:
    before = os.umask(0)
    try:
        host_key(tmp_path)
    finally:
        os.umask(before)
    assert stat.S_IMODE((tmp_path / HOST_KEY_FILE).stat().st_mode) == 0o600
    assert [path.name for path in tmp_path.iterdir()] == [HOST_KEY_FILE]  # no temporary left
