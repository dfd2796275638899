"""The command tables of the other screens (the review, the saved games, the puzzles, the
stats, the help) and of the move prompt, of the same shape as the game's own table: each feeds
its screen's bindings, its footer, its palette and its help, and the sentences that name its
keys. Every screen keeps the same conventions (`EVERYWHERE`): `?` its keys and the help, the
palette its commands, `q` quits (a game in progress kept for the next start), Escape goes
back; where a square is chosen, `:` (and a column letter on 4×4 and 5×5) types its name."""

from __future__ import annotations

from dataclasses import replace

from ..core import CLASSIC_SIZE
from .commands import BOARD_KEYS, CURSOR_KEYS, LAB, ONLINE_CHOICES, PLAY_CURSOR, PLAY_KEYS, Command

CLOSE = Command((("escape", "close"),), "Esc", "Back to the screen before", "Back", rank=0)
HELP_HERE = Command(
    (("question_mark", "app.help"), ("f1", "app.help")),
    "?",
    "Help: this screen's keys, then the game's",
    "Help",
    rank=0,
)
QUIT = Command(
    (("q", "app.quit"), ("ctrl+q", "app.quit"), ("ctrl+c", "app.quit")),
    "q",
    "Quit (a game in progress is kept: the next start brings it back)",
    "Quit",
    rank=0,
)
COPY_LINE = Command(
    (("c", "copy"),), "c", "Copy the game as one line of text", "Copy line", "Copy", rank=2
)
EVERYWHERE: tuple[Command, ...] = (HELP_HERE, QUIT)
"""What every screen's table ends with (the palette's key, `^p`, the footer adds)."""
TYPE_SQUARE = Command(
    (("colon", "move_prompt"),), ":", "Type a square's name and `Enter` (on 4×4 and 5×5 its "
    "letter opens it too)", "Square"
)  # fmt: skip
"""Where a square is chosen: its name typed."""


def letters(last: str) -> Command:
    """The column letters up to `last` beginning a square's name on the bigger boards, where a
    square is chosen."""
    return Command(
        tuple((key, f"type_square('{key}')") for key in "abcde"[: "abcde".index(last) + 1]),
        f"a-{last}",
        "4×4 and 5×5: a square's name typed, its column letter first, then `Enter`",
        "Play",
        rank=1,
    )


SCROLL_KEYS = (
    ("up", "scroll('scroll_up')"),
    ("down", "scroll('scroll_down')"),
    ("pageup", "scroll('page_up')"),
    ("pagedown", "scroll('page_down')"),
)
"""The arrows and the page keys scroll a screen of text (the stats, the help)."""
REVIEW_COMMANDS: tuple[Command, ...] = (
    Command(
        (
            ("left", "step(-1)"),
            ("right", "step(1)"),
            ("home", "step_to(0)"),
            ("end", "step_to(-1)"),
        ),
        "← →",
        "Step through the game (Home, End: its start and end)",
        "Step",
        rank=1,
    ),
    COPY_LINE,
    LAB,
    CLOSE,
    *EVERYWHERE,
)
GAMES_COMMANDS: tuple[Command, ...] = (
    Command((("enter", "open"),), "Enter", "Review the game", "Review", rank=1),
    COPY_LINE,
    Command((("f", "filter"),), "f", "Show your games, the watched ones or all", "Filter", rank=3),
    Command((), "paste", "Paste a game's line to review it (the terminal's paste keys)"),
    CLOSE,
    *EVERYWHERE,
)
PUZZLE_COMMANDS: tuple[Command, ...] = (
    replace(
        PLAY_KEYS,
        help="3×3 puzzles: play that square (phone layout: 1 2 3 on the top row; numpad: 7 8 9 "
        "on top); the number in each empty square is its key",
    ),  # the puzzles' boards are 3×3 and 4×4 only
    replace(
        letters("d"),
        help="4×4 puzzles: a square's name typed, its column letter first, then `Enter` (`b` "
        "begins one there: Boards is in the palette)",
    ),
    CURSOR_KEYS,
    PLAY_CURSOR,
    replace(TYPE_SQUARE, help="Type a square's name and `Enter` (on 4×4 its letter opens it too)"),
    Command((("n", "next_puzzle"),), "n", "The next puzzle", "Next", rank=1),
    Command((("r", "retry"),), "r", "This puzzle again", "Retry", rank=2),
    Command(
        (("m", "mistakes"),),
        "m",
        "Your mistakes: the positions where you went wrong in your games, to play again",
        "Your mistakes",
        "Mistakes",
        rank=2,
    ),
    Command((("g", "go_to"),), "g", "Go to a puzzle by its number", "Go to", rank=4),
    Command(
        (("b", "boards"),), "b", "Puzzles of every board, or 3×3 or 4×4 only", "Boards", rank=3
    ),
    LAB,
    CLOSE,
    *EVERYWHERE,
)
NUMBER_COMMANDS: tuple[Command, ...] = (
    Command((("enter", "submit"),), "Enter", "Go to the puzzle of the number typed", "Go",
            rank=1),
    Command((("escape", "close"),), "Esc", "Back to the puzzle you were on", "Back", rank=0),
    *EVERYWHERE,
)  # fmt: skip
"""The puzzles' `g`: a puzzle's number typed (its field takes the digits only)."""
STATS_COMMANDS: tuple[Command, ...] = (
    Command(SCROLL_KEYS, "↑ ↓", "Scroll the stats", "Scroll", rank=1),
    Command((("escape", "close"), ("r", "close")), "Escape", "Close the stats", "Close", rank=0),
    *EVERYWHERE,
)
HELP_COMMANDS: tuple[Command, ...] = (
    Command(
        (
            *SCROLL_KEYS,
            ("home", "scroll('scroll_home')"),
            ("end", "scroll('scroll_end')"),
            ("space", "scroll('page_down')"),
            ("j", "scroll('page_down')"),
            ("k", "scroll('scroll_up')"),
        ),
        "↑ ↓ PgUp PgDn Home End space",
        "Scroll the help",
        "Scroll",
        rank=1,
    ),
    Command(
        (("escape", "close"), ("question_mark", "close"), ("f1", "close")),
        "Escape ?",
        "Close the help",
        "Close",
        rank=0,
    ),
    QUIT,
)
PROMPT_KEYS: tuple[Command, ...] = (
    Command((("enter", "submit"),), "Enter", "Play the square typed"),
    Command((("escape", "close"),), "Escape", "Close the prompt"),
)
"""The move prompt's keys (an Input: Enter submits it)."""
ONLINE_COMMANDS: tuple[Command, ...] = (
    *BOARD_KEYS,
    Command((("colon", "move_prompt"),), ":", "Type a square's name and `Enter`", "Square"),
    Command(
        (("r", "rematch"), ("enter", "rematch")),
        "r",
        "Once a game is over: ask for a rematch (a new game starts when both have asked; "
        "also `Enter`)",
        "Rematch",
        rank=1,
    ),
    Command((("R", "resign"),), "R", "Resign the game in progress (asks first)", "Resign", rank=4),
    Command((("c", "copy_invite"),), "c", "Copy the invite line for your opponent", "Copy invite",
            "Copy", rank=1),
    Command((("w", "copy_watch"),), "w", "Copy the line for watchers", "Watch line", "Line",
            rank=2),
    Command((("t", "analysis"),), "t", "Watchers: the analysis of every square, on your own "
            "screen only", "Analysis", rank=3),
    Command(
        (("escape", "leave"),),
        "Esc",
        "Leave the online game and play on your own (during your game it asks first: it "
        "counts as resigning)",
        "Leave",
        rank=0,
    ),
    Command((("question_mark", "help"), ("f1", "help")), "?", "Help", "Help", rank=0),
    Command((("q", "quit"), ("ctrl+q", "quit"), ("ctrl+c", "quit")), "q", "Quit (during your "
            "game it asks first, as Esc does)", "Quit", rank=0),
)  # fmt: skip
"""An online game's keys: the players' (play, rematch, resign), the host's (copy the invite
lines) and a watcher's (the analysis); hints, analysis and undo are not a player's here."""
LOBBY_COMMANDS: tuple[Command, ...] = (
    Command((("up", "cursor(-1)"), ("down", "cursor(1)")), "↑ ↓", "Choose a game", "Choose",
            rank=4),
    Command((("enter", "join"),), "Enter", "Join the game chosen (its free seat)", "Join", rank=1),
    Command((("w", "watch"),), "w", "Watch the game chosen", "Watch", rank=2),
    Command((("h", "host"),), "h", "Host a game here: others join it from the lobby or with "
            "its line", "Host", rank=3),
    Command((("m", "match"),), "m", "Quick match: an opponent of your rating, by the rules on "
            "the board and the clock (3+2, or nac lobby --clock); Esc cancels the search",
            "Quick match", "Match", rank=2),
    Command((("colon", "paste_invite"),), ":", "Type or paste an invite line", "Invite", rank=5),
    Command((("n", "rename"),), "n", "Your name, as the others see it", "Name", rank=6),
    CLOSE,
    *EVERYWHERE,
)  # fmt: skip
"""A relay's lobby: the open games to join or watch, or a game of your own to host."""
ONLINE_DIALOG_COMMANDS: tuple[Command, ...] = (
    Command((("h", "choose('host')"),), "h", ONLINE_CHOICES["host"], "Host", rank=1),
    Command((("j", "choose('join')"),), "j", ONLINE_CHOICES["join"], "Join", rank=1),
    Command((("w", "choose('watch')"),), "w", ONLINE_CHOICES["watch"], "Watch", rank=1),
    Command((("l", "choose('lobby')"),), "l", "A relay's open games (nac serve)", "Lobby",
            rank=2),
    Command((("t", "choose('clock')"),), "t", "Host a game with a clock (minutes each, seconds "
            "added a move: 3+2)", "Clock", rank=3),
    Command((("enter", "submit"),), "Enter", "Go: the choice, or the line typed", "Go", rank=1),
    Command((("escape", "close"),), "Esc", "Back (to the choices, or to the game)", "Back",
            rank=0),
    *EVERYWHERE,
)  # fmt: skip
"""Going online from a game (`o`): host, or join, watch or a lobby with a line typed."""
LAB_COMMANDS: tuple[Command, ...] = (
    Command((("space", "stop"),), "space", "Stop the searches still running", "Stop", rank=1),
    Command((("t", "tree"),), "t", "Walk the game tree from this position", "Tree", rank=2),
    Command((("s", "steps"),), "s", "Watch alpha-beta search, one step at a time", "Step",
            rank=3),
    CLOSE,
    *EVERYWHERE,
)  # fmt: skip
"""The lab: five techniques on one position, and the ways into the search (on a narrow footer,
`space` stays while the searches run: they can take long)."""
TREE_COMMANDS: tuple[Command, ...] = (
    Command((("up", "noop"), ("down", "noop")), "↑ ↓", "Go through the moves", "Move", rank=2),
    Command((("enter", "noop"),), "Enter", "Open a move: the replies to it", "Open", rank=1),
    Command((("p", "principal"),), "p", "Open the principal line (best play)", "Best line",
            rank=1),
    CLOSE,
    *EVERYWHERE,
)  # fmt: skip
"""The game tree (Textual's Tree takes the arrows and Enter itself: they are listed here for
the footer and the help)."""
STEP_COMMANDS: tuple[Command, ...] = (
    Command((("right", "step(1)"), ("space", "step(1)")), "→", "The search's next step (also "
            "`space`)", "Next", rank=1),
    Command((("left", "step(-1)"),), "←", "The step before", "Step back", "Back", rank=2),
    Command((("home", "step_to(0)"),), "Home", "From the start", "Start", rank=3),
    CLOSE,
    *EVERYWHERE,
)  # fmt: skip
"""Alpha-beta search step by step: a move tried, a value backed up, moves cut."""
DRILL_KEYS: tuple[Command, ...] = (
    CURSOR_KEYS,
    PLAY_CURSOR,
    TYPE_SQUARE,
    Command((("n", "next_drill"),), "n", "The next mistake due", "Next", rank=1),
    CLOSE,
    *EVERYWHERE,
)
"""The drills' keys on a board of any size."""
DRILL_COMMANDS: tuple[Command, ...] = (PLAY_KEYS, letters("e"), *DRILL_KEYS)
"""Your mistakes, drilled: play the move you should have played (on a board of any size)."""


def drill_commands(size: int) -> tuple[Command, ...]:
    """The drills' table for a drill on a `size`×`size` board, as its help lists the keys: the
    digits on 3×3, that board's column letters on the bigger ones."""
    if size == CLASSIC_SIZE:
        return (PLAY_KEYS, *DRILL_KEYS)
    typed = "A square's name typed, its column letter first, then `Enter`"
    return (replace(letters("abcde"[size - 1]), help=typed), *DRILL_KEYS)
