"""What kind of game a finished game was (mode, board and the levels that actually played it),
which is what lifetime stats are kept under, and its result from the first side's view."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .checks import size_refusal
from .geometry import BOARD_SIZES, CLASSIC_SIZE
from .levels import Level
from .mark import Mark
from .modes import Mode
from .moves import Move
from .players import escaped, player_name, unescaped
from .variants import Variant

NOTAKTO = "notakto"
"""Notakto's name in a kind's key and a game's line."""
VARIANT_MARK = "+"
"""Between a kind's key and its variant, where it is not the normal game: `+misere`."""
MIXED = "mixed"
"""The level of a side whose level changed during the game."""


class GameResult(Enum):
    """A finished game from the first side's view: the person against the computer or online,
    X in two-player and watch mode."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"


@dataclass(frozen=True)
class GameKind:
    """What kind of game a result belongs to: the mode, the board, and the levels that played
    (against the computer its level; in watch mode X's and O's; `MIXED` if one changed), or
    online the other player's name; and the variant (misère counts apart)."""

    mode: Mode
    size: int = CLASSIC_SIZE
    levels: tuple[str, ...] = ()
    variant: Variant = Variant.NORMAL
    notakto: int = 0
    """Notakto's boards (1 to 3); 0 for noughts and crosses."""

    @property
    def key(self) -> str:
        """ "computer/genius", "watch/genius-vs-idiot", "two-player@4x4" (no suffix on 3×3),
        "online/Ana%20Lee" (the name escaped), "computer/genius@4x4+misere" (misère),
        "computer/genius+notakto2" (Notakto on two boards)."""
        if self.mode is Mode.COMPUTER:
            key = f"computer/{self.levels[0]}"
        elif self.mode is Mode.ONLINE:
            key = f"online/{escaped(self.levels[0])}"
        elif self.mode is Mode.WATCH:
            key = f"watch/{self.levels[0]}-vs-{self.levels[1]}"
        else:
            key = Mode.TWO_PLAYER.value
        key = key if self.size == CLASSIC_SIZE else f"{key}@{self.size}x{self.size}"
        if self.notakto:
            return f"{key}{VARIANT_MARK}{NOTAKTO}{self.notakto}"
        return key if self.variant is Variant.NORMAL else f"{key}{VARIANT_MARK}{self.variant.value}"

    @classmethod
    def parse(cls, key: str) -> GameKind:
        """The kind named by `key`; ValueError if it names none."""
        variant, notakto = Variant.NORMAL, 0
        if VARIANT_MARK in key:
            key, _, variant_name = key.rpartition(VARIANT_MARK)
            count = variant_name.removeprefix(NOTAKTO)
            if variant_name.startswith(NOTAKTO) and count in ("1", "2", "3"):
                notakto = int(count)
            elif variant_name == Variant.MISERE.value:
                variant = Variant.MISERE
            else:
                raise ValueError(f"{variant_name!r} names no variant")
        kind = cls._parse(key)
        if notakto and (kind.size != CLASSIC_SIZE or kind.mode is Mode.ONLINE):
            raise ValueError(f"{key!r}: Notakto is played on 3×3 boards, on one machine")
        return replace(kind, variant=variant, notakto=notakto)

    @classmethod
    def _parse(cls, key: str) -> GameKind:
        kind, at, board = key.partition("@")
        size = CLASSIC_SIZE
        if at:
            rows, _, columns = board.partition("x")
            if rows != columns or not rows.isdigit() or int(rows) not in BOARD_SIZES:
                raise ValueError(f"{key!r} names no board: {size_refusal(board)}")
            size = int(rows)
        mode_name, _, detail = kind.partition("/")
        mode = Mode.parse(mode_name)
        levels: tuple[str, ...] = ()
        if mode is Mode.ONLINE:
            return cls(mode, size, (unescaped(detail),))
        if mode is Mode.COMPUTER:
            levels = (detail,)
        elif mode is Mode.WATCH:
            x, _, o = detail.partition("-vs-")
            levels = (x, o)
        elif detail:
            raise ValueError(f"{key!r} names no kind of game")
        known = {level.value for level in Level} | {MIXED}
        if any(level not in known for level in levels):
            raise ValueError(f"{key!r} names no level")
        return cls(mode, size, levels)

    @classmethod
    def of(
        cls,
        mode: Mode,
        size: int,
        moves: tuple[Move, ...],
        playing: tuple[Level, ...] = (),
        opponent: str = "",
        variant: Variant = Variant.NORMAL,
        notakto: int = 0,
    ) -> GameKind:
        """The kind of a game from its moves: each computer side under the level it played.
        A side that has not moved yet counts under its level in `playing` (against the
        computer its level; in watch mode X's and O's), if given. Online: the other player's
        name, `opponent`. Notakto: its boards, `notakto`."""
        return replace(cls._of(mode, size, moves, playing, opponent, variant), notakto=notakto)

    @classmethod
    def _of(
        cls,
        mode: Mode,
        size: int,
        moves: tuple[Move, ...],
        playing: tuple[Level, ...],
        opponent: str,
        variant: Variant,
    ) -> GameKind:
        if mode is Mode.ONLINE:
            return cls(mode, size, (player_name(opponent),), variant)
        if mode is Mode.COMPUTER:
            return cls(mode, size, (_level_played(moves, None, playing[:1]),), variant)
        if mode is Mode.WATCH:
            x, o = (playing[:1], playing[1:2]) if len(playing) == 2 else ((), ())
            levels = (_level_played(moves, Mark.X, x), _level_played(moves, Mark.O, o))
            return cls(mode, size, levels, variant)
        return cls(mode, size, variant=variant)


def _level_played(moves: tuple[Move, ...], mark: Mark | None, playing: tuple[Level, ...]) -> str:
    levels = {
        move.level
        for move in moves
        if move.level is not None and (mark is None or move.mark is mark)
    }
    if not levels and playing:
        return playing[0].value
    if len(levels) == 1:
        return next(iter(levels)).value
    return MIXED
