"""One table of the game's commands: it feeds the key bindings, the footer, the command palette,
the help's key list (and the README's, checked by a test) and every sentence that names a key
(`key_for`). No Textual here: the bindings are made from it in `nac.ui.bindings`."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import (
    BOARD_SIZES,
    LOCAL_MODES,
    OFFERED,
    RULES,
    KeypadLayout,
    Level,
    Mark,
    Starter,
    find_rules,
)
from .command import Command as Command, Entry as Entry
from .game.board_keys import (
    BOARD_KEYS as BOARD_KEYS,
    CURSOR_KEYS as CURSOR_KEYS,
    PLAY_CURSOR as PLAY_CURSOR,
    PLAY_KEYS as PLAY_KEYS,
    SQUARE_LETTERS as SQUARE_LETTERS,
)
from .looks import LOOKS, Shape, board_description, board_name, boards_counted, look_of
from .names import (
    KEYPAD_DESCRIPTIONS,
    STARTER_DESCRIPTIONS,
    STARTER_TITLES,
    capitalised,
    key_name,
    mark_entry_title,
    rules_name,
)

BOARDS_COUNTED = {
    look.label: [rules for rules in RULES if look_of(rules) is look]
    for look in LOOKS.values()
    if look.shape is Shape.BOARDS
}
"""The rules played on small boards side by side, by their look's label: the board switch
picks how many."""

LAB = Command(
    (("y", "lab"),),
    "y",
    "The lab: this position searched by minimax, alpha-beta, move ordering, a transposition "
    "table and symmetry, side by side; its game tree; the search step by step",
    "Lab",
    rank=8,
    palette=(Entry("The lab", "How Genius searches this position, technique by technique",
                   "lab"),),
)  # fmt: skip
"""The lab, from the game, a review or a puzzle."""


LEVEL_KEYS = {Level.ADAPTIVE: "e"}
"""A level's key is its initial, but Adaptive's: `a` is Average's (`e` for an even score)."""


def level_key(level: Level) -> str:
    """The key that sets `level` (X's in watch mode; O's is its capital)."""
    return LEVEL_KEYS.get(level, level.value[0])


def _each_level(action: str, title: str, description: str) -> tuple[Entry, ...]:
    return tuple(
        Entry(
            title.format(level=level.label),
            description.format(level=level.label),
            f"{action}('{level.value}')",
        )
        for level in Level
    )


ONLINE_CHOICES = {
    "host": "Host a game: a friend joins with the line shown",
    "clock": "Host a game with a clock: minutes each, seconds added a move (3+2)",
    "join": "Join a game with the invite line you were sent",
    "watch": "Watch a game with its watch line",
    "lobby": "A relay's open games (nac serve): join, watch or host one",
}
"""The ways to play online (`o`), as the palette and the online dialog's help say them."""
COMMANDS: tuple[Command, ...] = (
    *BOARD_KEYS,
    Command(
        (("enter", "next_game"), ("space", "next_game")),
        "Enter",
        "Once a game is over: the next game (also `space`)",
        "Next game",
        "Next",
        rank=1,
    ),
    Command((("space", "pause"),), "space", "Watch mode: pause and resume", "Pause", rank=2),
    Command((("space", "resume"),), "space", "", "Resume", rank=2),
    SQUARE_LETTERS,
    Command(
        (("colon", "move_prompt"),),
        ":",
        "Type a square's name, a column letter then a row number (`b3`; on 3×3 also 1-9; in "
        "Ultimate on the 9×9 grid, `e5`), and `Enter`",
        "Square",
        rank=6,
        palette=(Entry("Type a square", "Name the square to play, like b3", "move_prompt"),),
    ),
    Command(
        (("s", "computer_starts"),),
        "s",
        "Let the computer start (on an empty board)",
        "Computer starts",
        "Start",
        rank=2,  # shown only on an empty board, where the panel names it
        palette=(
            Entry(
                "Computer starts this game",
                "Let the computer make the first move now (s)",
                "computer_starts",
            ),
        ),
    ),
    Command(
        tuple((level_key(level), f"level('{level.value}')") for level in Level),
        " ".join(level_key(level) for level in Level),
        f"Level: Idiot, Average, Clever, Genius, or Adaptive (`{level_key(Level.ADAPTIVE)}`), "
        "which follows your results and aims at an even score (from the computer's next move; "
        "X's in watch mode)",
        "Level",
        rank=4,
        palette=_each_level(
            "level", "Level: {level}", "The computer plays as {level} from its next move"
        ),
    ),
    Command(
        tuple((level_key(level).upper(), f"o_level('{level.value}')") for level in Level),
        " ".join(level_key(level).upper() for level in Level),
        "O's level in watch mode",
        "O level",
        rank=6,
        palette=_each_level(
            "o_level", "Watch: O plays {level}", "In watch mode, O plays as {level}"
        ),
    ),
    Command(
        (("n", "new_game"),),
        "n",
        "New game (the score is kept)",
        "New game",
        "New",
        rank=1,
        palette=(Entry("New game", "Start a new game (the score is kept)", "new_game"),),
    ),
    Command(
        (("m", "next_mode"),),
        "m",
        "Mode: against the computer, two players, watch (a new game and a new score)",
        "Mode",
        rank=5,
        palette=tuple(
            Entry(
                f"Mode: {mode.label}",
                "Switch mode: a new game and a new score",
                f"mode('{mode.value}')",
            )
            for mode in LOCAL_MODES
        ),
    ),
    Command(
        (("h", "hint"),),
        "h",
        "Hint: the square Genius would play for you, and why",
        "Hint",
        rank=2,
        palette=(Entry("Hint", "Mark the move Genius would make for you", "hint"),),
    ),
    Command(
        (("u", "undo"), ("backspace", "undo")),
        "u",
        "Undo your last move and the computer's reply (two players: the last move); also "
        "`Backspace`",
        "Undo",
        rank=3,
        palette=(Entry("Undo", "Take back your last move", "undo"),),
    ),
    Command(
        (("t", "toggle_analysis"),),
        "t",
        "Analysis on or off: how every empty square ends with perfect play",
        "Analysis",
        "Analyse",
        rank=7,
        palette=(Entry("Analysis", "Show or hide how every move ends", "toggle_analysis"),),
    ),
    Command(
        (("b", "next_size"),),
        "b",
        "Board: "
        + ", ".join(board_name(size) for size in BOARD_SIZES)
        + "".join(
            f"; in {label} the boards: {', '.join(str(rules.boards) for rules in counted)}"
            for label, counted in BOARDS_COUNTED.items()
        )
        + " (a new game)",
        "Board",
        rank=6,
        palette=(
            *(
                Entry(
                    f"Board: {board_name(size)}",
                    board_description(size).capitalize(),
                    f"size({size})",
                )
                for size in BOARD_SIZES
            ),
            *(
                Entry(
                    f"{label}: {boards_counted(rules.boards)}",
                    capitalised(rules_name(rules)),
                    f"rules('{rules.name}')",
                )
                for label, counted in BOARDS_COUNTED.items()
                for rules in counted
            ),
        ),
    ),
    Command(
        (("w", "next_variant"),),
        "w",
        "Rules: normal, misère (a line of your own loses), Notakto (both play X, "
        "and killing the last board loses), or Ultimate (nine boards in one)",
        palette=tuple(
            Entry(
                f"Rules: {LOOKS[family].label}",
                f"Play {rules_name(find_rules(family.value))}",
                f"rules('{family.value}')",
            )
            for family in OFFERED
        ),
    ),
    Command(
        (("k", "switch_keypad"),),
        "k",
        "Keypad: phone (1 2 3 on top) or numpad (7 8 9 on top)",
        "Keypad",
        rank=10,
        palette=tuple(
            Entry(
                f"Keypad: {layout.value}",
                f"Keys 1-9 laid out like a {KEYPAD_DESCRIPTIONS[layout]}",
                f"keypad('{layout.value}')",
            )
            for layout in KeypadLayout
        ),
    ),
    Command(
        (("v", "review"),),
        "v",
        "Review: every move of the game so far rated against perfect play",
        "Review",
        rank=7,
        palette=(Entry("Review", "Rate every move of this game against perfect play", "review"),),
    ),
    LAB,
    Command(
        (("d", "drill_last"),),
        "d",
        "After a game with a mistake of yours: drill it (play the move you missed)",
        "Drill mistake",
        "Drill",
        rank=2,
    ),
    Command(
        (("l", "games"),),
        "l",
        "Saved games: the last games played; Enter reviews one, a pasted line too",
        "Games",
        rank=10,
        palette=(Entry("Saved games", "The last games played, to review", "games"),),
    ),
    Command(
        (("p", "puzzles"),),
        "p",
        "Puzzles: play and win in a few moves, from positions with one winning move",
        "Puzzles",
        rank=9,
        palette=(Entry("Puzzles", "Find the only winning move", "puzzles"),),
    ),
    Command(
        (("r", "stats"),),
        "r",
        "Stats: lifetime results per board, mode and level",
        "Stats",
        rank=8,
        palette=(Entry("Stats", "Lifetime results per board, mode and level", "stats"),),
    ),
    Command(
        (("o", "app.online"),),
        "o",
        "Play online: host a game (a friend joins with the line shown), join or watch one with "
        "the line you were sent, or a relay's open games (`nac serve`); also in the palette",
        "Online",
        rank=9,
        palette=tuple(
            Entry(f"Play online: {want}", description, f"app.online('{want}')")
            for want, description in ONLINE_CHOICES.items()
        ),
    ),
    Command(
        (),
        "ctrl+p",
        "Command palette: also your mark (X or O), who starts, the theme",
        palette=(
            *(
                Entry(
                    mark_entry_title(mark),
                    f"You play {mark} against the computer (a new game)",
                    f"mark('{mark.value}')",
                )
                for mark in Mark
            ),
            *(
                Entry(
                    STARTER_TITLES[rule],
                    capitalised(STARTER_DESCRIPTIONS[rule]),
                    f"starter('{rule.value}')",
                )
                for rule in Starter
            ),
        ),
    ),
    Command(
        (("question_mark", "help"), ("f1", "help")),
        "?",
        "Help: keys, modes, levels and rules",
        "Help",
        rank=0,
        palette=(Entry("Help", "Keys, modes, levels and rules", "help"),),
    ),
    Command(
        (("ctrl+z", "app.suspend_process"),),
        "ctrl+z",
        "Suspend the game to the shell (`fg` brings it back)",
    ),
    Command(
        (("q", "quit"), ("x", "quit"), ("ctrl+q", "quit"), ("ctrl+c", "quit")),
        "q",
        "Quit (also `x`, `ctrl+q`, `ctrl+c`): a game in progress is kept, and the next start "
        "brings it back",
        "Quit",
        rank=0,
        palette=(Entry("Quit", "Leave the game", "quit"),),
    ),
)


def key_for(action: str, commands: Sequence[Command] | None = None) -> str:
    """How a sentence names the key of `action` in a table (the game's by default): its
    command's keys as the footer shows them ("q", "Escape ? q"), or where the command's keys
    run different actions the key of this one ("g" for "level('genius')"; "i a g" for the
    bare "level"). KeyError if none runs it."""
    table = COMMANDS if commands is None else commands
    for command in table:
        for key, bound in command.keys:
            if bound == action:
                alone = all(other == action for _, other in command.keys)
                return command.shown if alone else key_name(key)
    for command in table:
        if command.keys and command.action.partition("(")[0] == action:
            return command.shown
    raise KeyError(f"no key of the table runs {action!r}")


def key_actions(key: str, commands: Sequence[Command] = COMMANDS) -> list[tuple[str, str]]:
    """The (key, action) pairs of a table (the game's by default) bound to `key`."""
    return [pair for command in commands for pair in command.keys if pair[0] == key]


def footer_commands() -> list[Command]:
    return [command for command in COMMANDS if command.label]
