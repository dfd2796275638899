"""Lifetime results, per mode and level: won, drawn, lost, and the unbeaten streak."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields as dataclass_fields
from pathlib import Path
from typing import Any

from ..core import GameResult, Mode
from ..core.errors import shown
from ..core.players import LONGEST_ESCAPED
from .drills import Drills, check_drills
from .files import BadFile, Data, JsonFile

SCHEMA = 1
FILE_NAME = "stats.json"
RECORDS = "records"
PUZZLES = "puzzles"


@dataclass(frozen=True)
class Record:
    """Results of one kind of game. Against the computer they are the person's; in two-player
    and watch mode "won" counts X's wins and "lost" O's. The streak counts games in a row
    without a loss, against the computer only."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    streak: int = 0
    best_streak: int = 0

    @property
    def played(self) -> int:
        return self.won + self.drawn + self.lost

    def after(self, result: GameResult) -> Record:
        won, drawn, lost = self.won, self.drawn, self.lost
        streak = self.streak
        if result is GameResult.WON:
            won, streak = won + 1, streak + 1
        elif result is GameResult.DRAWN:
            drawn, streak = drawn + 1, streak + 1
        else:
            lost, streak = lost + 1, 0
        won, drawn, lost, streak = (min(count, MAX_COUNT) for count in (won, drawn, lost, streak))
        return Record(won, drawn, lost, streak, max(self.best_streak, streak))


MAX_COUNT = 10**12
"""The largest count a record holds (and a file may say): far more games than anyone plays."""
MAX_RECORDS = 1000
"""Kinds of game played here are few (board × mode × levels: a few hundred); a file with more
is bad."""
ONLINE_RECORDS = 400
"""Online kinds kept at most (one per opponent's name and rules): past them, or past
MAX_RECORDS, the online kind played least goes first, so a server naming a new opponent every
game never refuses a result against the computer, and the file stays well under MAX_BYTES."""
ONLINE = f"{Mode.ONLINE.value}/"
"""How an online kind's key begins."""
LONGEST_KEY = LONGEST_ESCAPED + 100
"""An online kind's key holds the opponent's name escaped."""


@dataclass(frozen=True)
class PuzzleRecord:
    solved: frozenset[str]
    streak: int
    """Puzzles solved in a row."""
    best: int


def _check_puzzles(fields: object) -> None:
    if not isinstance(fields, dict) or set(fields) - {"solved", "streak", "best"}:
        raise BadFile("puzzles is not a puzzle record")
    solved = fields.get("solved", [])
    if not isinstance(solved, list) or len(solved) > MAX_RECORDS:
        raise BadFile("the puzzles solved are not a list")
    if any(not isinstance(key, str) or len(key) > LONGEST_KEY for key in solved):
        raise BadFile("a puzzle solved is not a puzzle's name")
    for name in ("streak", "best"):
        value = fields.get(name, 0)
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise BadFile(f"puzzles.{name} is {shown(value)}, not a count")


def _check(data: Data) -> None:
    check_drills(data)
    if PUZZLES in data:
        _check_puzzles(data[PUZZLES])
    records = data.get(RECORDS, {})
    if not isinstance(records, dict):
        raise BadFile("records is not an object")
    if len(records) > MAX_RECORDS:
        raise BadFile(f"it holds {len(records):,} records")
    for key, fields in records.items():
        if not isinstance(key, str) or len(key) > LONGEST_KEY or not isinstance(fields, dict):
            raise BadFile(f"record {shown(key)} is not a record")
        unknown = set(fields) - {field.name for field in dataclass_fields(Record)}
        if unknown:
            raise BadFile(f"record {shown(key)} has {', '.join(map(shown, sorted(unknown)))}")
        for name, value in fields.items():
            if type(value) is not int or not 0 <= value <= MAX_COUNT:
                raise BadFile(f"{shown(key)}.{name} is {shown(value)}, not a count")


def _make_room(records: dict[str, Any], added: str) -> None:
    """Within ONLINE_RECORDS online kinds and MAX_RECORDS in all: the kinds played least go,
    online ones first, never `added` (the result just counted)."""

    def played(key: str) -> int:
        return sum(records[key].get(name, 0) for name in ("won", "drawn", "lost"))

    def least_played(keys: list[str]) -> str:
        return min(keys, key=lambda key: (played(key), key))

    online = [key for key in records if key.startswith(ONLINE) and key != added]
    while online and len(online) + added.startswith(ONLINE) > ONLINE_RECORDS:
        gone = least_played(online)
        online.remove(gone)
        del records[gone]
    while len(records) > MAX_RECORDS:
        others = online or [key for key in records if key != added]
        gone = least_played(others)
        others.remove(gone)
        del records[gone]


class Stats:
    """The lifetime stats file."""

    def __init__(self, directory: Path | None, *, saving: bool = True) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="stats file"
        )
        self.drills = Drills(self.file)
        """Your mistakes' drills and their schedule, kept in the same file."""

    def records(self) -> dict[str, Record]:
        data = self.file.read()
        return {key: Record(**fields) for key, fields in data.get(RECORDS, {}).items()}

    def record(self, key: str, result: GameResult) -> Record:
        """Add one result (re-reading the file first, so other copies' results are kept)."""

        def add(data: Data) -> Data:
            records: dict[str, Any] = data.setdefault(RECORDS, {})
            records[key] = asdict(Record(**records.get(key, {})).after(result))
            _make_room(records, key)
            return data

        return Record(**self.file.update(add).get(RECORDS, {}).get(key, {}))

    def puzzles(self) -> PuzzleRecord:
        """The puzzles solved so far, and the run of puzzles solved at the first try."""
        fields = self.file.read().get(PUZZLES, {})
        return PuzzleRecord(
            frozenset(fields.get("solved", [])), fields.get("streak", 0), fields.get("best", 0)
        )

    def record_puzzle(self, key: str, solved: bool) -> PuzzleRecord:
        """A puzzle solved (it counts, and the run goes on) or failed (the run ends)."""

        def add(data: Data) -> Data:
            fields: dict[str, Any] = data.setdefault(PUZZLES, {})
            done = set(fields.get("solved", []))
            streak = min(fields.get("streak", 0) + 1, MAX_COUNT) if solved else 0
            if solved:
                done.add(key)
            fields.update(
                solved=sorted(done), streak=streak, best=max(fields.get("best", 0), streak)
            )
            return data

        self.file.update(add)
        return self.puzzles()

    @property
    def where(self) -> str:
        """Where the stats are kept, in words."""
        return self.file.where

    @property
    def notices(self) -> list[str]:
        return self.file.notices
