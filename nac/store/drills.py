"""Your mistakes' drills and when each comes back, kept in the stats file (the same safe
handling: re-read before each change, written whole, a bad file set aside).

The schedule is FSRS's (the `fsrs` package, the scheduler Anki uses): a new drill is due at
once; answered right it comes back in 10 minutes, then days later, further each time; answered
wrong, in 10 minutes. A drill answered right `RIGHT_TO_RETIRE` times in a row leaves the
schedule for good. The saved games are scanned for new mistakes once each (`SCANNED`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from ..core import Board, Mark, Position, find_rules
from ..core.errors import shown
from ..core.positions import read_position
from .files import BadFile, Data, JsonFile

if TYPE_CHECKING:
    from fsrs.card import CardDict

DRILLS = "drills"
SCANNED = "scanned"
"""The line of the last saved game scanned for mistakes."""
RETIRED = "retired"
"""Drills answered right often enough: never added again."""
RIGHT_TO_RETIRE = 3
MAX_DRILLS = 2000
LONGEST_KEY = 120
LONGEST_LINE = 600


@dataclass(frozen=True)
class DrillRecord:
    """A drill as kept: its position, the move that was played there, the right answers, how
    many times in a row it was answered right, and when it is due."""

    key: str
    board: Position
    played: int
    answers: tuple[int, ...]
    rating: str
    right: int
    due: datetime
    card: dict[str, Any]

    def is_right(self, cell: int) -> bool:
        return cell in self.answers


def _scheduler() -> Any:
    from fsrs import Scheduler

    return Scheduler(enable_fuzzing=False)


def new_card(now: datetime) -> dict[str, Any]:
    """A drill's schedule as it starts: due now."""
    from fsrs import Card

    return dict(Card(card_id=1, due=now).to_dict())


def reviewed_card(card: dict[str, Any], right: bool, now: datetime) -> dict[str, Any]:
    """The schedule after an answer, right or wrong, at `now`."""
    from fsrs import Card, Rating

    after, _ = _scheduler().review_card(
        Card.from_dict(_as_card(card)), Rating.Good if right else Rating.Again, now
    )
    return dict(after.to_dict())


def _as_card(card: dict[str, Any]) -> CardDict:
    """A schedule read from the file (checked by `check_drills`), as FSRS types it."""
    return cast("CardDict", card)


class Drills:
    """The drills in the stats file."""

    def __init__(self, file: JsonFile) -> None:
        self.file = file

    def all(self) -> list[DrillRecord]:
        return [_record(key, fields) for key, fields in self.file.read().get(DRILLS, {}).items()]

    def due(self, now: datetime) -> list[DrillRecord]:
        """The drills due at `now`, the longest overdue first."""
        return sorted((d for d in self.all() if d.due <= now), key=lambda d: (d.due, d.key))

    def scanned(self) -> str | None:
        found = self.file.read().get(SCANNED)
        return found if isinstance(found, str) else None

    def add(self, drills: list[tuple[str, Position, int, tuple[int, ...], str]],
            scanned: str | None, now: datetime) -> int:  # fmt: skip
        """New drills (key, board, move played, answers, rating), due now, unless kept or
        retired already; `scanned`: the last game's line looked at. How many were new."""
        added = 0

        def change(data: Data) -> Data:
            nonlocal added
            kept: dict[str, Any] = data.setdefault(DRILLS, {})
            retired = set(data.get(RETIRED, []))
            for key, board, played, answers, rating in drills:
                if key in kept or key in retired or len(kept) >= MAX_DRILLS:
                    continue
                kept[key] = {
                    "rules": board.rules.name,
                    "board": str(board),
                    "to_move": board.to_move.value,
                    "played": played,
                    "answers": list(answers),
                    "rating": rating,
                    "right": 0,
                    "card": new_card(now),
                }
                added += 1
            if scanned is not None:
                data[SCANNED] = scanned
            return data

        self.file.update(change)
        return added

    def answered(self, key: str, right: bool, now: datetime) -> DrillRecord | None:
        """An answer to a drill: its schedule moves on; answered right RIGHT_TO_RETIRE times in
        a row it is retired (None). None too for a drill no longer kept."""
        kept_after: DrillRecord | None = None

        def change(data: Data) -> Data:
            nonlocal kept_after
            kept: dict[str, Any] = data.setdefault(DRILLS, {})
            fields = kept.get(key)
            if fields is None:
                return data
            streak = fields["right"] + 1 if right else 0
            if streak >= RIGHT_TO_RETIRE:
                del kept[key]
                retired = [k for k in data.get(RETIRED, []) if k != key][-MAX_DRILLS + 1 :]
                data[RETIRED] = [*retired, key]
                return data
            fields.update(right=streak, card=reviewed_card(fields["card"], right, now))
            kept_after = _record(key, fields)
            return data

        self.file.update(change)
        return kept_after


def _record(key: str, fields: dict[str, Any]) -> DrillRecord:
    """A drill as kept (one kept before drills had rules is of the normal game)."""
    to_move = Mark.parse(fields["to_move"])
    rules = fields.get("rules")
    if rules is None:
        board: Position = Board.parse(fields["board"], to_move)
    else:
        if not isinstance(rules, str):
            raise TypeError(rules)
        board = read_position(find_rules(rules), fields["board"], to_move)
    return DrillRecord(
        key,
        board,
        fields["played"],
        tuple(fields["answers"]),
        fields["rating"],
        fields["right"],
        datetime.fromisoformat(fields["card"]["due"]),
        fields["card"],
    )


CARD_FIELDS = {
    "card_id": (int,),
    "state": (int,),
    "step": (int, type(None)),
    "stability": (float, int, type(None)),
    "difficulty": (float, int, type(None)),
    "due": (str,),
    "last_review": (str, type(None)),
}
"""A schedule as FSRS writes it (`Card.to_dict`), checked here without loading FSRS."""


def _check_card(card: object) -> None:
    if not isinstance(card, dict) or set(card) != set(CARD_FIELDS):
        raise ValueError("not a schedule")
    for name, kinds in CARD_FIELDS.items():
        if not isinstance(card[name], kinds) or isinstance(card[name], bool):
            raise ValueError(f"card.{name}")
    if card["state"] not in (1, 2, 3):
        raise ValueError("card.state")
    for name in ("due", "last_review"):
        if card[name] is not None and datetime.fromisoformat(card[name]).tzinfo is None:
            raise ValueError(f"card.{name} has no zone")


def check_drills(data: Data) -> None:
    """Refuse a stats file whose drills are not drills (BadFile says which)."""
    drills = data.get(DRILLS, {})
    if not isinstance(drills, dict) or len(drills) > MAX_DRILLS:
        raise BadFile("drills is not a set of drills")
    for key, fields in drills.items():
        if not isinstance(key, str) or len(key) > LONGEST_KEY or not isinstance(fields, dict):
            raise BadFile(f"drill {shown(key)} is not a drill")
        try:
            record = _record(key, fields)
            _check_card(fields["card"])
        except (KeyError, TypeError, ValueError, AttributeError) as bad:
            raise BadFile(f"drill {shown(key)} is not a drill ({type(bad).__name__})") from None
        cells = record.board.cell_count
        played_ok = type(record.played) is int and 0 <= record.played < cells
        answers_ok = all(type(cell) is int and 0 <= cell < cells for cell in record.answers)
        if not (played_ok and answers_ok and record.answers) or type(record.right) is not int:
            raise BadFile(f"drill {shown(key)} has a square that is not on its board")
        if record.due.tzinfo is None:
            raise BadFile(f"drill {shown(key)} is due at a time with no zone")
    retired = data.get(RETIRED, [])
    if not isinstance(retired, list) or len(retired) > MAX_DRILLS:
        raise BadFile("the retired drills are not a list")
    if any(not isinstance(key, str) or len(key) > LONGEST_KEY for key in retired):
        raise BadFile("a retired drill is not a drill's name")
    scanned = data.get(SCANNED)
    if scanned is not None and (not isinstance(scanned, str) or len(scanned) > LONGEST_LINE):
        raise BadFile("the last game scanned for mistakes is not a game's line")
