"""Saved files: atomic, shared between processes, and never lost to a bad file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nac.core import RULES, GameResult, Level, Mode, Rules, Starter
from nac.store import Settings, SettingsFile, Stats, Storage, storage_dirs
from nac.store.files import JsonFile


def test_nac_home_holds_both_settings_and_stats(nac_home: Path) -> None:
    dirs = storage_dirs()
    assert dirs.config == dirs.data == nac_home


def test_stats_are_counted_and_read_back(nac_home: Path) -> None:
    stats = Stats(nac_home)
    for result in ("won", "drawn", "won", "lost", "won"):
        stats.record("computer/average", GameResult(result))
    record = Stats(nac_home).records()["computer/average"]
    assert (record.won, record.drawn, record.lost) == (3, 1, 1)
    assert (record.streak, record.best_streak) == (1, 3)
    data = json.loads((nac_home / "stats.json").read_text())
    assert data["schema"] == 1


def test_settings_round_trip(nac_home: Path) -> None:
    settings = Settings(
        level=Level.GENIUS,
        mode=Mode.WATCH,
        starter=Starter.ALTERNATE,
        watch_levels=(Level.IDIOT, Level.GENIUS),
        theme="nord",
    )
    SettingsFile(nac_home).save(settings)
    assert SettingsFile(nac_home).load() == settings


@pytest.mark.parametrize("level", list(Level))
def test_every_level_is_saved_and_read_back(nac_home: Path, level: Level) -> None:
    settings = Settings(level=level, watch_levels=(level, Level.GENIUS))
    SettingsFile(nac_home).save(settings)
    assert SettingsFile(nac_home).load() == settings


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_rules_is_saved_by_name_and_read_back(nac_home: Path, rules: Rules) -> None:
    SettingsFile(nac_home).save(Settings(rules=rules))
    assert SettingsFile(nac_home).load() == Settings(rules=rules)
    saved = json.loads((nac_home / "settings.json").read_text())["settings"]
    assert saved["rules"] == rules.name and "size" not in saved


def test_no_file_means_defaults_and_no_notice(nac_home: Path) -> None:
    settings_file = SettingsFile(nac_home)
    assert settings_file.load() == Settings()
    assert Stats(nac_home).records() == {}
    assert settings_file.notices == []


def aside_files(directory: Path, name: str) -> list[Path]:
    return sorted(directory.glob(f"{name}.corrupt-*"))


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "is not valid JSON"),
        (b'{"schema": 1, "records": {"computer/average": {"won": 3, "dra', "is not valid JSON"),
        (b'{"schema": 99, "records": {}}', "schema 99"),
        (b'["a", "list"]', "not a JSON object"),
        (b'{"schema": 1, "records": {"x": {"won": -1}}}', "not a count"),
        (b'{"schema": 1, "records": {"x": {"wins": 1}}}', "not a nac stats file"),
        (b"\xff\xfe\x00garbage", "is not valid JSON"),
    ],
)
def test_a_bad_stats_file_is_moved_aside_with_one_notice(
    nac_home: Path, content: bytes, problem: str
) -> None:
    (nac_home / "stats.json").write_bytes(content)
    stats = Stats(nac_home)
    assert stats.records() == {}
    assert len(stats.notices) == 1 and problem in stats.notices[0]
    (aside,) = aside_files(nac_home, "stats.json")
    assert aside.read_bytes() == content  # kept, never deleted
    stats.record("two-player", GameResult.WON)  # and play goes on, saving afresh
    assert Stats(nac_home).records()["two-player"].won == 1
    assert len(stats.notices) == 1


def test_a_bad_settings_value_is_dropped_with_one_notice(nac_home: Path) -> None:
    (nac_home / "settings.json").write_text(
        '{"schema": 1, "settings": {"level": "godlike", "mode": "watch"}}'
    )
    settings_file = SettingsFile(nac_home)
    assert settings_file.load() == Settings(mode=Mode.WATCH)
    settings_file.load()
    assert len(settings_file.notices) == 1 and "level ('godlike')" in settings_file.notices[0]
    assert not aside_files(nac_home, "settings.json")


def test_an_unreadable_file_is_moved_aside(nac_home: Path) -> None:
    (nac_home / "stats.json").mkdir()  # reading a directory fails like an unreadable file
    stats = Stats(nac_home)
    assert stats.records() == {}
    assert "is not a regular file" in stats.notices[0]
    assert aside_files(nac_home, "stats.json")


def test_a_file_that_cannot_be_read_or_moved_is_left_alone_and_nothing_is_saved(
    nac_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = nac_home / "stats.json"
    path.write_text("{broken")

    def refuse(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("nac.store.files.os.replace", refuse)
    stats = Stats(nac_home)
    stats.record("two-player", GameResult.WON)
    assert stats.records()["two-player"].won == 1  # counted in memory
    assert path.read_text() == "{broken"  # never overwritten
    assert "could not be moved aside" in stats.notices[0] and len(stats.notices) == 1


def test_a_read_only_directory_plays_on_without_saving(
    nac_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    stats = Stats(nac_home)
    for _ in range(3):
        stats.record("computer/genius", GameResult.DRAWN)
    assert stats.records()["computer/genius"].drawn == 3
    assert len(stats.notices) == 1 and "without saving" in stats.notices[0]
    assert not (nac_home / "stats.json").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores directory permissions")
def test_a_really_read_only_directory(nac_home: Path) -> None:
    nac_home.chmod(0o555)
    try:
        stats = Stats(nac_home)
        stats.record("two-player", GameResult.LOST)
        assert stats.records()["two-player"].lost == 1
        assert "without saving" in stats.notices[0]
    finally:
        nac_home.chmod(0o755)


def test_no_save_writes_nothing(nac_home: Path) -> None:
    stats = Stats(nac_home, saving=False)
    stats.record("two-player", GameResult.WON)
    SettingsFile(nac_home, saving=False).save(Settings(level=Level.IDIOT))
    assert stats.records()["two-player"].won == 1
    assert list(nac_home.iterdir()) == []


def test_a_failed_write_leaves_the_old_file_whole(
    nac_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stats = Stats(nac_home)
    stats.record("two-player", GameResult.WON)
    before = (nac_home / "stats.json").read_bytes()

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("nac.store.files.os.replace", crash)
    stats.record("two-player", GameResult.WON)
    assert (nac_home / "stats.json").read_bytes() == before
    assert [p.name for p in nac_home.iterdir() if p.name.endswith(".tmp")] == []


WRITER = """
import sys
from pathlib import Path
from nac.core import GameResult
from nac.store import Stats
stats = Stats(Path(sys.argv[1]))
for index in range(int(sys.argv[2])):
    stats.record(sys.argv[3], GameResult(("won", "drawn", "lost")[index % 3]))
"""


def test_two_writers_at_once_lose_nothing(nac_home: Path) -> None:
    count = 150
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(nac_home), str(count), key])
        for key in ("computer/idiot", "computer/idiot")
    ]
    assert all(writer.wait(timeout=120) == 0 for writer in writers)
    record = Stats(nac_home).records()["computer/idiot"]
    assert record.played == 2 * count
    assert (record.won, record.drawn, record.lost) == (100, 100, 100)


FOREVER = """
import sys
from pathlib import Path
from nac.core import GameResult
from nac.store import Stats
stats = Stats(Path(sys.argv[1]))
print("ready", flush=True)
while True:
    stats.record("two-player", GameResult.WON)
"""


def test_killing_a_writer_at_any_moment_never_leaves_a_half_written_file(
    nac_home: Path,
) -> None:
    played = 0
    for attempt in range(12):
        writer = subprocess.Popen(
            [sys.executable, "-c", FOREVER, str(nac_home)], stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        time.sleep(0.01 + 0.007 * attempt)
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        stats = Stats(nac_home)
        records = stats.records()  # parses: whole old file or whole new one
        assert stats.notices == []
        now = records["two-player"].played if records else 0
        assert now >= played
        played = now
    assert played > 0
    Stats(nac_home).record("two-player", GameResult.WON)  # the next writer sweeps up any leftovers
    assert [path.name for path in nac_home.iterdir() if path.suffix == ".tmp"] == []


def test_the_json_file_api_refuses_nothing_it_wrote(nac_home: Path) -> None:
    file = JsonFile(nac_home / "any.json", 3)
    file.update(lambda data: {**data, "value": [1, 2, 3]})
    assert JsonFile(nac_home / "any.json", 3).read() == {"schema": 3, "value": [1, 2, 3]}


HOLDER = """
import fcntl, os, sys, time
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""
PATIENT_WRITER = """
import sys
from pathlib import Path
from nac.core import GameResult
from nac.store import Stats, files
files.LOCK_SECONDS = float(sys.argv[2])
Stats(Path(sys.argv[1])).record("two-player", GameResult.WON)
"""


@pytest.mark.parametrize(
    ("held", "patience"),
    [(1.5, 10.0), (1.0, 0.1)],
    ids=["the writer waits for the lock", "the change is saved as the process ends"],
)
def test_a_change_is_never_dropped_while_another_copy_holds_the_lock(
    nac_home: Path, held: float, patience: float
) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(nac_home / "stats.json.lock"), str(held)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    writer = subprocess.run(
        [sys.executable, "-c", PATIENT_WRITER, str(nac_home), str(patience)], timeout=120
    )
    holder.wait(timeout=120)
    assert writer.returncode == 0
    assert Stats(nac_home).records()["two-player"].won == 1


def test_a_bad_stats_file_is_said_with_the_first_notices_before_any_game(nac_home: Path) -> None:
    (nac_home / "stats.json").write_bytes(b"{not json")
    storage = Storage.default()
    assert any("stats" in notice.lower() for notice in storage.notices)
