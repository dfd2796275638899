"""Online results and games take a share of the player's files, never the whole: a flood of
opponents' names (the longest there are) never refuses a result against the computer nor
pushes out the games played here, and the files stay readable. Real files on disk."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

from nac.core import RULES, GameKind, GameResult, Level, Mark, Mode, SavedGame
from nac.core.notation import format_game
from nac.core.players import player_name
from nac.store import GameLog, Stats
from nac.store.games import ONLINE_KEEP
from nac.store.stats import MAX_RECORDS, ONLINE_RECORDS

MARKS = ["\U0001d167", "\U0001d168", "\U0001d169"]
"""Combining marks of four bytes each: a name of them escapes to the longest a name can."""


def longest_name(number: int) -> str:
    """A different name for each number, each of twenty letters carrying two marks (720
    characters escaped)."""
    pairs = list(product(MARKS, MARKS))
    letters = []
    for _ in range(20):
        number, pick = divmod(number, len(pairs))
        letters.append("\U00010000" + "".join(pairs[pick]))
    name = "".join(letters)
    assert player_name(name) == name
    return name


def online_key(number: int) -> str:
    return GameKind(Mode.ONLINE, RULES[-1], (longest_name(number),)).key


def local_keys() -> list[str]:
    """Every kind against the computer and of two players: each board, each rules."""
    kinds = (
        GameKind(mode, rules, (level.value,) if mode is Mode.COMPUTER else ()).key
        for mode, rules, level in product((Mode.COMPUTER, Mode.TWO_PLAYER), RULES, Level)
    )
    return list(dict.fromkeys(kinds))


def test_a_full_stats_file_of_online_records_still_counts_every_local_result(
    nac_home: Path,
) -> None:
    records = {online_key(n): {"lost": 1} for n in range(MAX_RECORDS)}
    (nac_home / "stats.json").write_text(json.dumps({"schema": 1, "records": records}))
    stats = Stats(nac_home)
    for key in local_keys():
        assert stats.record(key, GameResult.WON).won == 1, key
    assert stats.record(online_key(MAX_RECORDS), GameResult.DRAWN).drawn == 1  # a new opponent
    kept = Stats(nac_home).records()
    assert all(kept[key].won == 1 for key in local_keys())
    assert sum(key.startswith("online/") for key in kept) == ONLINE_RECORDS
    assert online_key(MAX_RECORDS) in kept and stats.notices == []


def test_the_online_kinds_played_most_stay_and_the_file_stays_readable(nac_home: Path) -> None:
    records = {key: {"lost": 1} for key in local_keys()}
    records[online_key(0)] = {"won": 3}  # a friend played often
    records.update({online_key(n): {"lost": 1} for n in range(1, ONLINE_RECORDS)})
    (nac_home / "stats.json").write_text(json.dumps({"schema": 1, "records": records}))
    stats = Stats(nac_home)
    for number in range(ONLINE_RECORDS, ONLINE_RECORDS + 30):  # more opponents, once each
        stats.record(online_key(number), GameResult.LOST)
    again = Stats(nac_home)
    kept = again.records()
    assert kept[online_key(0)].won == 3
    assert all(kept[key].lost == 1 for key in local_keys())
    assert again.notices == [] and stats.notices == []


def game(kind: GameKind) -> SavedGame:
    return SavedGame.of(kind, (4, 0, 8, 2, 6, 3, 5, 7, 1), Mark.X)


def test_online_games_never_push_out_more_than_half_the_games_played_here(
    nac_home: Path,
) -> None:
    here = format_game(game(GameKind(Mode.COMPUTER, levels=("genius",))))
    online = [  # the longest names there are
        format_game(game(GameKind(Mode.ONLINE, levels=(longest_name(n),)))) for n in range(400)
    ]
    lines = [here] * 600 + online
    (nac_home / "games.json").write_text(json.dumps({"schema": 1, "games": lines}))
    log = GameLog(nac_home)
    for number in range(400, 400 + 130):
        log.add(game(GameKind(Mode.ONLINE, levels=(longest_name(number),))))
    again = GameLog(nac_home)
    games = again.games()
    online_games = [saved for saved in games if saved.mode is Mode.ONLINE]
    assert len(online_games) == ONLINE_KEEP and len(games) - len(online_games) == 1000 - ONLINE_KEEP
    assert again.notices == [] and log.notices == []
