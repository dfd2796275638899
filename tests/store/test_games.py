"""Saved games: kept beside the stats with the same care, the last thousand only, bad lines
skipped and bad files moved aside with one notice; and games read from a file to review."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from nac.core import GameKind, Mark, Mode, Rules, Variant
from nac.core.notation import SavedGame, format_game
from nac.store.games import FILE_NAME, KEEP, GameFileError, GameLog, read_game_file

START = datetime(2026, 11, 22, 14, 5, 9, tzinfo=UTC)
GAMES = [
    (GameKind(Mode.COMPUTER, Rules.of(3), ("genius",)), [4, 0, 8, 6, 3, 2, 5]),
    (GameKind(Mode.TWO_PLAYER, Rules.of(4)), [5, 0, 6]),
    (GameKind(Mode.WATCH, Rules.of(5), ("genius", "average")), [12, 13]),
]


def saved(number: int) -> SavedGame:
    """A different game for every number, played `number` seconds after START."""
    kind, moves = GAMES[number % len(GAMES)]
    return SavedGame.of(kind, moves, Mark.X, date=START + timedelta(seconds=number))


def write_lines(directory: Path, lines: list[object]) -> Path:
    path = directory / FILE_NAME
    path.write_text(json.dumps({"schema": 1, "games": lines}))
    return path


def aside_files(directory: Path) -> list[Path]:
    return sorted(directory.glob(f"{FILE_NAME}.corrupt-*"))


def test_saved_games_are_read_back_newest_first(nac_home: Path) -> None:
    log = GameLog(nac_home)
    for number in range(3):
        log.add(saved(number))
    assert GameLog(nac_home).games() == [saved(2), saved(1), saved(0)]
    assert GameLog(nac_home).last() == saved(2)
    data = json.loads((nac_home / FILE_NAME).read_text())
    assert data == {"schema": 1, "games": [format_game(saved(n)) for n in range(3)]}
    assert log.notices == []


def test_games_under_every_rules_are_kept_and_read_back(nac_home: Path) -> None:
    log = GameLog(nac_home)
    played = [
        SavedGame.of(GameKind(Mode.TWO_PLAYER, rules), moves, Mark.X, date=START)
        for rules, moves in (
            (Rules.of(4, Variant.MISERE), [5, 0]),
            (Rules.notakto(2), [0, 9, 13]),
            (Rules.notakto(3), [26]),
        )
    ]
    for game in played:
        log.add(game)
    assert GameLog(nac_home).games() == played[::-1]
    assert [game.rules for game in GameLog(nac_home).games()] == [
        Rules.notakto(3),
        Rules.notakto(2),
        Rules.of(4, Variant.MISERE),
    ]


def test_only_the_last_thousand_games_are_kept_the_oldest_watched_going_first(
    nac_home: Path,
) -> None:
    write_lines(nac_home, [format_game(saved(number)) for number in range(KEEP)])
    GameLog(nac_home).add(saved(KEEP))
    games = GameLog(nac_home).games()
    assert len(games) == KEEP == 1000
    assert games[0] == saved(KEEP) and games[-1] == saved(0)
    assert saved(2) not in games  # the oldest watched game went, not the oldest game
    assert (nac_home / FILE_NAME).stat().st_size < 200_000


def test_a_long_watch_session_never_pushes_out_the_games_you_played(nac_home: Path) -> None:
    yours = [saved(number) for number in range(0, 30, 3)]  # against the computer
    write_lines(nac_home, [format_game(game) for game in yours])
    log = GameLog(nac_home)
    for number in range(2, 3 * (KEEP + 50), 3):  # 1,050 watched games
        log.add(saved(number))
    games = GameLog(nac_home).games()
    assert len(games) == KEEP and all(game in games for game in yours)
    assert games[0] == saved(3 * (KEEP + 50) - 1)


def test_with_no_watched_game_left_the_oldest_game_goes(nac_home: Path) -> None:
    write_lines(nac_home, [format_game(saved(number)) for number in range(0, 3 * KEEP, 3)])
    GameLog(nac_home).add(saved(3 * KEEP))
    games = GameLog(nac_home).games()
    assert len(games) == KEEP and saved(0) not in games and games[-1] == saved(3)


def test_a_line_that_is_not_a_game_is_skipped_with_one_notice(nac_home: Path) -> None:
    path = write_lines(
        nac_home, [format_game(saved(0)), "nac1 garbage : a1", format_game(saved(1)), "x" * 5000]
    )
    log = GameLog(nac_home)
    assert log.games() == [saved(1), saved(0)]
    assert log.games() == [saved(1), saved(0)]
    assert len(log.notices) == 1 and "2 lines" in log.notices[0] and "skipped" in log.notices[0]
    assert not aside_files(nac_home) and path.exists()  # the good games stay where they are
    log.add(saved(2))
    assert log.games()[0] == saved(2)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "is not valid JSON"),
        (b'{"schema": 2, "games": []}', "schema 2"),
        (b'{"schema": 1, "games": "nac1 ..."}', "games is not a list"),
        (b'{"schema": 1, "games": [1, 2]}', "is not a line of text"),
        (b"\xff\xfe\x00garbage", "is not valid JSON"),
    ],
)
def test_a_bad_games_file_is_moved_aside_with_one_notice(
    nac_home: Path, content: bytes, problem: str
) -> None:
    (nac_home / FILE_NAME).write_bytes(content)
    log = GameLog(nac_home)
    assert log.games() == []
    assert len(log.notices) == 1 and problem in log.notices[0]
    (aside,) = aside_files(nac_home)
    assert aside.read_bytes() == content  # kept, never deleted
    log.add(saved(0))  # and saving goes on afresh
    assert GameLog(nac_home).games() == [saved(0)]


def test_no_save_writes_nothing(nac_home: Path) -> None:
    log = GameLog(nac_home, saving=False)
    log.add(saved(0))
    assert log.games() == [saved(0)]
    assert list(nac_home.iterdir()) == []
    assert log.where == "memory only" and GameLog(nac_home).where == str(nac_home / FILE_NAME)


def test_without_a_directory_games_live_in_memory() -> None:
    log = GameLog(None)
    log.add(saved(0))
    log.add(saved(1))
    assert log.games() == [saved(1), saved(0)]


def test_two_copies_of_the_game_keep_each_others_games(nac_home: Path) -> None:
    first, second = GameLog(nac_home), GameLog(nac_home)
    first.add(saved(0))
    second.add(saved(1))
    first.add(saved(2))
    assert GameLog(nac_home).games() == [saved(2), saved(1), saved(0)]


# -- nac --review FILE ---------------------------------------------------------------------------


def test_a_file_of_one_line_is_that_game(tmp_path: Path) -> None:
    path = tmp_path / "shared.txt"
    path.write_text(format_game(saved(0)) + "\n")
    assert read_game_file(path) == saved(0)


def test_a_text_file_of_several_games_gives_the_last(tmp_path: Path) -> None:
    path = tmp_path / "games.txt"
    lines = ["# games from the club", format_game(saved(0)), "", format_game(saved(1)), "  "]
    path.write_text("\n".join(lines), encoding="utf-8-sig")  # a byte-order mark is no trouble
    assert read_game_file(path) == saved(1)


def test_a_saved_games_file_gives_its_newest_game_and_is_never_moved(nac_home: Path) -> None:
    log = GameLog(nac_home)
    for number in range(3):
        log.add(saved(number))
    path = write_lines(nac_home, [*json.loads((nac_home / FILE_NAME).read_text())["games"], "bad"])
    assert read_game_file(path) == saved(2)
    assert path.exists() and not aside_files(nac_home)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "holds no game"),
        (b"# only a comment\n\n", "holds no game"),
        (b"hello\n", "line 1 of"),
        (format_game(saved(0)).encode() + b"\nnot a game\n", "line 2 of"),
        (b"nac1\x00\x01\x02", "binary"),
        (b"\xff\xfe\xfa game", "not text"),
        (b'{"schema": 1, "games": []}', "holds no game that can be read"),
        (b'{"schema": 7}', "neither a saved games file nor a game"),
        (b"{" * 5000, "neither a saved games file nor a game"),
    ],
)
def test_a_file_without_a_game_says_why(tmp_path: Path, content: bytes, problem: str) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(content)
    with pytest.raises(GameFileError) as refusal:
        read_game_file(path)
    assert problem in str(refusal.value)
    assert path.read_bytes() == content


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="there is no file"):
        read_game_file(tmp_path / "nowhere.txt")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as file:
        file.truncate(50_000_000)  # sparse: big, but nothing to read
    with pytest.raises(GameFileError, match="too big"):
        read_game_file(path)


def test_a_directory_or_a_fifo_is_not_a_file_of_games(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="not a regular file"):
        read_game_file(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(GameFileError, match="not a regular file"):
        read_game_file(fifo)  # at once: nothing waits for a writer
