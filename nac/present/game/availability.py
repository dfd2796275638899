"""What the player may do now: for each command, None if it works, else why not in the player's
words. A pure function of the game, so the footer, the palette, the keys and the tests agree."""

from __future__ import annotations

from ...core import COLUMN_LETTERS, Game, Mode, Position
from ..commands import key_actions
from ..learning import words as learning_words
from . import words
from .board_keys import BOARD_KEYS, SQUARE_LETTERS

ON_THE_BOARD = frozenset(
    {"move_prompt", "hint"}.union(
        action.partition("(")[0]
        for command in (*BOARD_KEYS, SQUARE_LETTERS)
        for _, action in command.keys
    )
)
"""Commands for a person's move (the board's keys, the square prompt, a hint): none while
watching or once the game is over."""
ALWAYS = frozenset({"help", "quit", "command_palette"})
WHEN_TOO_SMALL = ALWAYS | {"next_size", "size", "stats", "lab"}
"""While the board is hidden for want of room, every other key does nothing."""
WAIT_FOR_THE_COMPUTER = frozenset({"move_prompt", "type_square"})
"""Shown but not working while the computer thinks (a hint asked then comes after its move)."""


def refusal(
    game: Game,
    action: str,
    *,
    prompt_open: bool = False,
    paused: bool = False,
    parameters: tuple[object, ...] = (),
) -> str | None:
    """Why `action` (with its `parameters`) cannot run now, in the player's words; None if it
    can."""
    watching = game.mode is Mode.WATCH
    if action in ON_THE_BOARD:
        if watching:
            return words.WATCHING
        if action == "play_key" and not game.uses_keypad:
            return words.keys_play_3x3(game.size)
        if action == "type_square" and game.uses_keypad:
            return words.LETTERS_ON_3X3
        letter = parameters[0] if action == "type_square" and parameters else None
        if isinstance(letter, str) and letter.lower() not in COLUMN_LETTERS[: game.size]:
            return words.no_column(letter.lower(), game.size)
        if game.is_over:
            return words.GAME_OVER
        if action == "next_board" and not another_live_board(game.board):
            return words.ONE_BOARD
        if action in ("move_prompt", "type_square") and prompt_open:
            return words.PROMPT_OPEN
        return None
    if action == "next_game":
        return None if game.is_over and not watching else words.NEXT_GAME_AFTER_ONE
    if action in ("pause", "resume"):
        if not watching:
            return words.NOT_WATCHING
        return None if paused is (action == "resume") else ""
    if action == "review" and not game.moves:
        return learning_words.REVIEW_EMPTY
    if action == "undo":
        undo = game.why_no_undo()
        return None if undo is None else words.sentence(str(undo))
    if action == "computer_starts":
        start = game.why_computer_cannot_start()
        return None if start is None else words.sentence(str(start))
    if action in ("next_size", "size") and (only := words.one_board(game.rules)):
        return only
    if action == "level" and game.mode is Mode.TWO_PLAYER:
        return words.LEVEL_IN_TWO_PLAYER
    if action == "o_level":
        return None if watching else words.O_LEVEL_IN_WATCH
    if action in ("switch_keypad", "keypad"):
        return None if game.uses_keypad else words.KEYPAD_3X3
    return None


def another_live_board(board: Position) -> bool:
    """Whether the cursor has another live small board to go to, on any screen."""
    dead: tuple[bool, ...] = getattr(board, "dead", ())
    return sum(not small for small in dead) > 1


def allowed(
    game: Game,
    action: str,
    *,
    board_shown: bool,
    thinking: bool,
    prompt_open: bool = False,
    paused: bool = False,
    parameters: tuple[object, ...] = (),
) -> bool | None:
    """For `check_action`: True (works), None (shown, waiting for the computer), False (hidden)."""
    if action in ALWAYS:
        return True
    if not board_shown and action not in WHEN_TOO_SMALL:
        return False
    said = refusal(game, action, prompt_open=prompt_open, paused=paused, parameters=parameters)
    if said is not None:
        return False
    if thinking and action in WAIT_FOR_THE_COMPUTER:
        return None
    return True


def key_refusal(
    game: Game,
    key: str,
    *,
    board_shown: bool,
    thinking: bool,
    prompt_open: bool = False,
    paused: bool = False,
) -> str | None:
    """What to say when `key` is pressed and its first command that is not hidden cannot run
    now (a command waiting for the computer holds its key: the key says to wait); None when
    one of its commands runs, or the key runs none."""
    reasons: list[str | None] = []
    later: list[str | None] = []
    for _, action in key_actions(key):
        name = action.partition("(")[0]
        works = allowed(
            game,
            name,
            board_shown=board_shown,
            thinking=thinking,
            prompt_open=prompt_open,
            paused=paused,
        )
        if works:
            return None
        if works is None:  # shown but waiting for the computer: no other command takes the key
            return words.WAIT_YOUR_TURN
        said = refusal(game, name, prompt_open=prompt_open, paused=paused)
        # a letter's own command says why before the squares' rule does (`b` in Ultimate)
        (later if name == "type_square" else reasons).append(said)
    return next((reason for reason in reasons + later if reason), None)
