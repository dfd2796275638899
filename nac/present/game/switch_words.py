"""The sentences of a setting changed (a level, the keypad, who starts) and the questions asked
before a change drops a game in progress: what `Switches` says, for every front end."""

from __future__ import annotations

from ...core import Game, KeypadLayout, Level, Mark, Mode, Rules, Starter
from ..commands import key_for
from ..looks import look_of
from ..names import KEYPAD_DESCRIPTIONS, STARTER_DESCRIPTIONS, mark_entry_title, rules_name

ADAPTIVE_AIMS = "it follows your results this session and aims at an even score"


def level_set(game: Game, level: Level) -> str:
    if game.mode is Mode.TWO_PLAYER:
        return (
            f"Level {level.label}, for when you play the computer again ({key_for('next_mode')})."
        )
    if level is Level.ADAPTIVE:
        return (
            f"Level {level.label}, from the computer's next move: {ADAPTIVE_AIMS}"
            f"{_playing_like(game, game.computer)}."
        )
    return f"Level {level.label}, from the computer's next move."


def watch_level_set(game: Game, mark: Mark) -> str:
    level = game.level_of(mark) or game.level
    return f"{mark} plays as {level.label} from its next move{_playing_like(game, mark)}."


def _playing_like(game: Game, mark: Mark) -> str:
    """ " (playing like Clever now)" where Adaptive plays `mark`, else nothing."""
    like = game.plays_like(mark)
    if game.level_of(mark) is not Level.ADAPTIVE or like is None:
        return ""
    return f" (playing like {like.label} now)"


def keypad_set(layout: KeypadLayout) -> str:
    return f"Keypad: {KEYPAD_DESCRIPTIONS[layout]}. The move list uses these numbers."


def starter_set(rule: Starter) -> str:
    return f"From the next game {STARTER_DESCRIPTIONS[rule]}."


def _abandon(change: str, key: str, how: str = "press") -> str:
    return f"A game is in progress: {how} {key} again to {change}; this game is dropped."


def mode_switch_question(mode: Mode) -> str:
    return _abandon(f"switch to {mode.label.lower()}", key_for("next_mode"))


def rules_switch_question(before: Rules, after: Rules) -> str:
    """Asked before other rules (or another board of the same kind) drop a game in progress."""
    board = look_of(after) is look_of(before)
    key = key_for("next_size") if board else key_for("next_variant")
    return _abandon(f"play {rules_name(after)}", key)


def mark_switch_question(mark: Mark) -> str:
    return _abandon(f"play as {mark}", f'"{mark_entry_title(mark)}"', "choose")


NEW_GAME_QUESTION = _abandon("start a new game", key_for("new_game"))
