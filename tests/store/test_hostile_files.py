"""Hostile and strange files: each reported fault reproduced, and nothing crashes, hangs or is
lost. Bad values are dropped, bad files moved aside, and play goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nac.core import NORMAL, GameResult, Level, Rules, Variant
from nac.store import Settings, SettingsFile, Stats, storage_dirs
from nac.store.files import MAX_BYTES

from .test_files import aside_files


def write_settings(home: Path, fields: dict[str, object]) -> None:
    (home / "settings.json").write_text(json.dumps({"schema": 1, "settings": fields}))


@pytest.mark.parametrize(
    "rules", [4.0, 3.0, True, 4, "normal 7", "notakto 4", "misere 4x5", "chess", "", None, [4]]
)
def test_rules_of_the_wrong_type_or_not_offered_are_dropped_and_the_rest_kept(
    nac_home: Path, rules: object
) -> None:
    write_settings(nac_home, {"rules": rules, "level": "genius"})
    settings_file = SettingsFile(nac_home)
    settings = settings_file.load()
    assert settings == Settings(level=Level.GENIUS)
    assert len(settings_file.notices) == 1 and "rules" in settings_file.notices[0]


@pytest.mark.parametrize(
    ("old", "rules"),
    [
        ({"size": 4}, Rules.of(4)),
        ({"size": 5, "variant": "misere"}, Rules.of(5, Variant.MISERE)),
        ({"size": 4, "notakto": True, "boards": 2}, Rules.notakto(2)),
        ({"notakto": True, "boards": 7}, Rules.notakto(1)),
        ({"notakto": False, "boards": 3}, NORMAL),
    ],
)
def test_a_file_written_before_the_rules_were_one_field_is_read(
    nac_home: Path, old: dict[str, object], rules: Rules
) -> None:
    write_settings(nac_home, {**old, "level": "genius"})
    assert SettingsFile(nac_home).load() == Settings(level=Level.GENIUS, rules=rules)


@pytest.mark.parametrize("size", [4.0, 3.0, 5.0, True, "4", 7, -1, None, [4]])
def test_an_old_board_size_of_the_wrong_type_is_dropped_and_the_rest_kept(
    nac_home: Path, size: object
) -> None:
    """A file written before the rules were one field, with a bad `size`."""
    write_settings(nac_home, {"size": size, "level": "genius"})
    settings_file = SettingsFile(nac_home)
    settings = settings_file.load()
    assert settings == Settings(level=Level.GENIUS)
    assert len(settings_file.notices) == 1 and "size" in settings_file.notices[0]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("level", 1),
        ("mode", ["watch"]),
        ("mark", "x"),
        ("watch_levels", ["genius"]),
        ("watch_levels", "genius,idiot"),
        ("theme", 42),
        ("theme", "a" * 500),
        ("starter", None),
        ("keypad", {"phone": 1}),
    ],
)
def test_every_setting_is_checked_by_type_and_range(
    nac_home: Path, field: str, value: object
) -> None:
    write_settings(nac_home, {field: value, "rules": "misere 5"})
    settings_file = SettingsFile(nac_home)
    assert settings_file.load() == Settings(rules=Rules.of(5, Variant.MISERE))
    assert field in settings_file.notices[0]


def nested(depth: int) -> str:
    return '{"schema": 1, "records": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("name", ["stats.json", "settings.json"])
def test_a_file_nested_a_thousand_deep_is_moved_aside(nac_home: Path, name: str) -> None:
    (nac_home / name).write_text(nested(100_000))
    stats, settings = Stats(nac_home), SettingsFile(nac_home)
    assert stats.records() == {} and settings.load() == Settings()
    assert aside_files(nac_home, name)
    stats.record("two-player", GameResult.WON)  # and play goes on, saving afresh
    assert Stats(nac_home).records()["two-player"].won == 1


def test_a_huge_file_is_refused_before_it_is_read(nac_home: Path) -> None:
    records = {f"computer/x{index}": {"won": 1} for index in range(600_000)}
    (nac_home / "stats.json").write_text(json.dumps({"schema": 1, "records": records}))
    assert (nac_home / "stats.json").stat().st_size > MAX_BYTES
    stats = Stats(nac_home)
    assert stats.records() == {}
    assert "far more than a nac file" in stats.notices[0]


@pytest.mark.parametrize("count", ["9" * 5000, str(10**13), "-1", "1.5", "true"])
def test_a_count_no_game_can_reach_is_refused(nac_home: Path, count: str) -> None:
    text = '{"schema": 1, "records": {"two-player": {"won": ' + count + "}}}"
    (nac_home / "stats.json").write_text(text)
    stats = Stats(nac_home)
    assert stats.records() == {}
    stats.record("two-player", GameResult.WON)  # the write that used to crash
    assert Stats(nac_home).records()["two-player"].won == 1


def test_a_fifo_in_the_files_place_does_not_hang_the_game(nac_home: Path) -> None:
    os.mkfifo(nac_home / "stats.json")
    stats = Stats(nac_home)
    assert stats.records() == {}
    assert "not a regular file" in stats.notices[0]
    assert aside_files(nac_home, "stats.json")


def test_a_link_to_an_endless_device_is_moved_aside_not_read(nac_home: Path) -> None:
    (nac_home / "stats.json").symlink_to("/dev/zero")
    stats = Stats(nac_home)
    assert stats.records() == {}
    (aside,) = aside_files(nac_home, "stats.json")
    assert aside.is_symlink()  # the link was moved, not what it points to


def test_a_symlinked_stats_file_is_followed_and_stays_a_link(
    nac_home: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "dotfiles" / "stats.json"
    elsewhere.parent.mkdir()
    Stats(elsewhere.parent).record("two-player", GameResult.WON)
    (nac_home / "stats.json").symlink_to(elsewhere)
    Stats(nac_home).record("two-player", GameResult.WON)
    assert (nac_home / "stats.json").is_symlink()
    assert Stats(elsewhere.parent).records()["two-player"].won == 2


def test_a_lock_file_that_is_a_link_is_never_followed(nac_home: Path, tmp_path: Path) -> None:
    target = tmp_path / "somewhere" / "created-through-the-link"
    target.parent.mkdir()
    (nac_home / "stats.json.lock").symlink_to(target)
    stats = Stats(nac_home)
    stats.record("two-player", GameResult.WON)
    assert not target.exists()
    assert "lock file is a symbolic link" in stats.notices[0]
    assert stats.records()["two-player"].won == 1  # counted, in memory


HOLDER = """
import fcntl, os, sys, time
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.readline()
"""


def test_a_lock_held_by_another_copy_is_waited_for_briefly_then_the_game_goes_on(
    nac_home: Path,
) -> None:
    stats = Stats(nac_home)
    stats.record("two-player", GameResult.WON)
    before = (nac_home / "stats.json").read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(nac_home / "stats.json.lock")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        stats.record("two-player", GameResult.DRAWN)  # returns: it does not wait for ever
        assert "in use by another copy" in stats.notices[-1]
        assert stats.records()["two-player"].drawn == 1  # shown, kept in memory
        assert (nac_home / "stats.json").read_bytes() == before  # the holder's file untouched
    finally:
        holder.communicate("\n")
    stats.record("two-player", GameResult.LOST)  # free again: both results are saved
    saved = Stats(nac_home).records()["two-player"]
    assert (saved.won, saved.drawn, saved.lost) == (1, 1, 1)


def test_nac_home_that_is_a_file_is_said_in_words(
    nac_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = tmp_path / "not-a-directory"
    a_file.write_text("")
    monkeypatch.setenv("NAC_HOME", str(a_file))
    stats = Stats(storage_dirs().data)
    stats.record("two-player", GameResult.WON)
    assert "is a file, not a directory" in stats.notices[0]
    assert "File exists" not in stats.notices[0]


def test_a_tilde_in_nac_home_means_the_home_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("NAC_HOME", "~/games/nac")
    assert storage_dirs().data == tmp_path / "games" / "nac"


def test_a_stats_file_at_its_most_records_is_never_written_past_what_is_read(
    nac_home: Path,
) -> None:
    from nac.store.stats import MAX_RECORDS

    records = {f"computer/genius@{n}": {"won": 1} for n in range(MAX_RECORDS)}
    (nac_home / "stats.json").write_text(json.dumps({"schema": 1, "records": records}))
    stats = Stats(nac_home)
    stats.record("computer/idiot", GameResult.WON)  # a 1,001st kind of game: never refused
    assert stats.notices == []
    again = Stats(nac_home)
    kept = again.records()
    assert len(kept) == MAX_RECORDS and again.notices == []
    assert kept["computer/idiot"].won == 1  # counted: a kind played least went instead
    assert aside_files(nac_home, "stats.json") == []  # still read, not moved aside
    again.record("computer/genius@7", GameResult.WON)  # a kind it holds still counts
    assert Stats(nac_home).records()["computer/genius@7"].won == 2


def _save_one_of_each(home: Path) -> list[str]:
    """One change to each data file nac writes, in `home`; the notices they gave."""
    from nac.core import GameKind, Mark, Mode, SavedGame
    from nac.store import GameLog
    from nac.store.left import LeftGame
    from nac.store.passes import SeatPasses

    game = SavedGame.of(GameKind(Mode.TWO_PLAYER), (4, 0), Mark.X)
    stats, settings = Stats(home), SettingsFile(home)
    games, passes, left = GameLog(home), SeatPasses(home), LeftGame(home)
    stats.record("two-player", GameResult.WON)
    settings.change(level=Level.GENIUS)
    games.add(game)
    passes.keep("ws://127.0.0.1:8765/abc", "token")
    left.keep(game)
    files = (stats, settings, games, passes, left)
    return [notice for file in files for notice in file.notices]


@pytest.mark.parametrize(
    "name", ["stats.json", "settings.json", "games.json", "seats.json", "unfinished.json"]
)
def test_a_dangling_link_as_a_data_file_is_refused_and_its_target_never_made(
    nac_home: Path, tmp_path: Path, name: str
) -> None:
    target = tmp_path / "elsewhere" / "planted"
    target.parent.mkdir()
    (nac_home / name).symlink_to(target)
    notices = _save_one_of_each(nac_home)
    assert not os.path.lexists(target)
    assert (nac_home / name).is_symlink()  # the player's link is theirs: left as it was
    (notice,) = [notice for notice in notices if str(nac_home / name) in notice]
    assert "a link to" in notice and "does not exist" in notice and "not saved" in notice
    others = {"stats.json", "settings.json", "games.json", "seats.json", "unfinished.json"}
    for other in others - {name}:  # every other file is saved as usual
        assert (nac_home / other).is_file() and not (nac_home / other).is_symlink()


def test_a_link_to_a_file_that_exists_is_still_followed_and_saved_through(
    nac_home: Path, tmp_path: Path
) -> None:
    target = tmp_path / "dotfiles" / "games.json"
    target.parent.mkdir()
    target.write_text('{"schema": 1, "games": []}')
    (nac_home / "games.json").symlink_to(target)
    assert not [n for n in _save_one_of_each(nac_home) if "games" in n]
    assert (nac_home / "games.json").is_symlink()
    assert len(json.loads(target.read_text())["games"]) == 1
