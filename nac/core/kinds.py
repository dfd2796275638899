"""What kind of game a finished game was (mode, board and the levels that actually played it),
which is what lifetime stats are kept under, and its result from the first side's view."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .checks import size_refusal
from .geometry import CLASSIC_SIZE
from .levels import Level
from .mark import Mark
from .modes import Mode
from .moves import Move
from .players import escaped, player_name, unescaped
from .rules import NORMAL, RULES, Rules

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
    """What kind of game a result belongs to: the mode, the rules (misère and Notakto count
    apart, and each board), and the levels that played (against the computer its level; in
    watch mode X's and O's; `MIXED` if one changed), or online the other player's name."""

    mode: Mode
    rules: Rules = NORMAL
    levels: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """ "computer/genius", "watch/genius-vs-idiot", "two-player@4x4" (no suffix on 3×3),
        "online/Ana%20Lee" (the name escaped), "computer/genius@4x4+misere" (misère),
        "computer/genius+notakto2" (Notakto on two boards), "computer/genius+ultimate"."""
        if self.mode is Mode.COMPUTER:
            key = f"computer/{self.levels[0]}"
        elif self.mode is Mode.ONLINE:
            key = f"online/{escaped(self.levels[0])}"
        elif self.mode is Mode.WATCH:
            key = f"watch/{self.levels[0]}-vs-{self.levels[1]}"
        else:
            key = Mode.TWO_PLAYER.value
        rules = self.rules
        key = key if rules.size == CLASSIC_SIZE else f"{key}@{rules.size}x{rules.size}"
        word = rules.rulebook.key_word(rules.number)
        return f"{key}{VARIANT_MARK}{word}" if word else key

    @classmethod
    def parse(cls, key: str) -> GameKind:
        """The kind named by `key`; ValueError if it names none."""
        key, marked, word = key.rpartition(VARIANT_MARK) if VARIANT_MARK in key else (key, "", "")
        named = [rules for rules in RULES if rules.rulebook.key_word(rules.number) == word]
        if not named or (marked and not word):
            raise ValueError(f"{word!r} names no variant")
        mode, size, levels = cls._parse(key)
        for rules in named:
            if rules.size == size:
                return cls(mode, rules, levels)
        sides = ", ".join(sorted({f"{rules.size}×{rules.size}" for rules in named}))
        raise ValueError(f"{key!r}: {named[0].family.value} is played on {sides} boards")

    @classmethod
    def _parse(cls, key: str) -> tuple[Mode, int, tuple[str, ...]]:
        kind, at, board = key.partition("@")
        size = CLASSIC_SIZE
        if at:
            rows, _, columns = board.partition("x")
            offered = {rules.size for rules in RULES}  # every rules' board, not the normal game's
            if rows != columns or not rows.isdigit() or int(rows) not in offered:
                raise ValueError(f"{key!r} names no board: {size_refusal(board)}")
            size = int(rows)
        mode_name, _, detail = kind.partition("/")
        mode = Mode.parse(mode_name)
        levels: tuple[str, ...] = ()
        if mode is Mode.ONLINE:
            return mode, size, (unescaped(detail),)
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
        return mode, size, levels

    @classmethod
    def of(
        cls,
        mode: Mode,
        rules: Rules,
        moves: tuple[Move, ...],
        playing: tuple[Level, ...] = (),
        opponent: str = "",
    ) -> GameKind:
        """The kind of a game from its moves: each computer side under the level it played. A side
        that has not moved yet counts under its level in `playing` (against the computer its level;
        in watch mode X's and O's), if given. Online: the other player's name, `opponent`."""
        if mode is Mode.ONLINE:
            return cls(mode, rules, (player_name(opponent),))
        if mode is Mode.COMPUTER:
            return cls(mode, rules, (_level_played(moves, None, playing[:1]),))
        if mode is Mode.WATCH:
            x, o = (playing[:1], playing[1:2]) if len(playing) == 2 else ((), ())
            levels = (_level_played(moves, Mark.X, x), _level_played(moves, Mark.O, o))
            return cls(mode, rules, levels)
        return cls(mode, rules)


def _level_played(moves: tuple[Move, ...], mark: Mark | None, playing: tuple[Level, ...]) -> str:
    levels = {
        move.level
        for move in moves
        if move.level is not None and (mark is None or move.mark is mark)
    }
    if not levels and playing:
        return playing[0].value
    return next(iter(levels)).value if len(levels) == 1 else MIXED
