"""Every sentence a player reads about Notakto, for every front end: the rules, whose move it
is, the result, hints and the analysis, the captions under the boards and the panel's lines."""

from __future__ import annotations

from ..core import (
    Level,
    Mark,
    Mode,
    NotaktoGame,
    NotaktoMove,
    NotaktoPosition,
    SavedGame,
    notakto_move,
)
from ..core.match import Score
from ..engine.notakto import ReviewedMove, kills, move_words
from ..engine.values import MoveValue, Result
from .commands import key_for
from .names import level_name
from .notakto_commands import NOTAKTO_COMMANDS
from .stats_lines import packed

TITLE = "Notakto"
RULES = (
    "Notakto: both players put X's. A board with three in a row is dead; whoever kills the "
    "last live board loses."
)
SHORT_RULES = "both play X; a line kills a board; kill the last one and you lose"


def key(action: str) -> str:
    """The key of `action` in Notakto's table."""
    return key_for(action, NOTAKTO_COMMANDS)


def seat(game: NotaktoGame, mark: Mark) -> str:
    """Who plays a seat: "You", "Genius", "Player 1" (the first seat in two-player mode)."""
    if game.mode is Mode.TWO_PLAYER:
        return "Player 1" if mark is Mark.X else "Player 2"
    level = game.level_of(mark)
    if level is None:
        return "You"
    if game.mode is Mode.WATCH:
        return f"{level.label} ({'1' if mark is Mark.X else '2'})"
    return level.label


def board_word(board: int) -> str:
    return f"board {board + 1}"


def board_key(move: NotaktoMove, keys: tuple[int, ...]) -> str:
    """ "2:5": a move's board and key, as the move lists write it."""
    return f"{move.board + 1}:{keys[move.cell]}"


def square_word(move: NotaktoMove, keys: tuple[int, ...]) -> str:
    """ "board 2, key 5": where a move is, as the keys name it."""
    return f"{board_word(move.board)}, key {keys[move.cell]}"


def status(game: NotaktoGame, thinking: bool = False) -> str:
    """The line over the boards: whose move, or the result."""
    if game.is_over:
        return result(game)
    who = seat(game, game.turn)
    if game.is_computer_turn:
        return f"{who} is thinking…" if thinking else f"{who} to move"
    if game.mode is Mode.TWO_PLAYER:
        return f"{who}'s move"
    return "Your move"


PLAIN_NEXT = f"An empty line or {key('new_game')} starts the next game"
"""What comes after a game in plain text."""


def result(game: NotaktoGame, *, plain: bool = False) -> str:
    """The game's end, and what comes next (in the app, or `plain` text)."""
    outcome = game.outcome
    assert outcome is not None
    winner, loser = outcome.winner, None if outcome.winner is None else outcome.winner.other
    assert winner is not None and loser is not None
    next_game = PLAIN_NEXT if plain else f"{key('next_game')} next game"
    if game.resigned is not None:
        said = f"{seat(game, loser)} resigned"
    elif game.mode is Mode.COMPUTER:
        said = "you" if game.human is loser else seat(game, loser)
        said = f"{'You won' if game.human is winner else 'You lost'}: {said} killed the last board"
        return f"{said}. {next_game}."
    else:
        said = f"{seat(game, loser)} killed the last board"
    return f"{seat(game, winner)} won: {said}. {next_game}."


def welcome(game: NotaktoGame) -> str:
    """What a new game says first: how many boards, the rule that decides, who starts."""
    count = f"{game.boards} board{'s' if game.boards > 1 else ''}"
    said = f"Notakto on {count}: kill the last live board and you lose."
    if game.mode is Mode.WATCH:
        return f"{said} Watching the computer play itself."
    if game.mode is Mode.TWO_PLAYER:
        return f"{said} Player 1 starts."
    if game.is_computer_turn:
        return f"{said} The computer starts."
    return f"{said} Your move, or {key('computer_starts')} to let the computer start."


def caption(position: NotaktoPosition, board: int, width: int) -> str:
    """The words under a board: "Board 2", "Board 2 · dead" (shorter where narrow)."""
    dead = position.dead[board]
    for text in (
        f"Board {board + 1}{' · dead' if dead else ''}",
        f"{board + 1}{' dead' if dead else ''}",
        f"{board + 1}{'†' if dead else ''}",
    ):
        if len(text) <= width:
            return text
    return ""


KILLS_MARK = "†"
"""Before the analysis of a move that kills its board."""


def note(position: NotaktoPosition, move: NotaktoMove, value: MoveValue) -> tuple[str, str, str]:
    """The analysis in a square: "win 3" or "loss 2" (moves to the end, the player's own), a
    short form ("W3", "L2") for a narrow square, † first for a move that kills its board; and
    the tone."""
    tone = "win" if value.result is Result.WIN else "loss"
    mark = KILLS_MARK if kills(position, move) else ""
    return f"{mark}{tone} {value.moves}", f"{mark}{tone[0].upper()}{value.moves}", tone


def hint_line(
    position: NotaktoPosition, move: NotaktoMove, value: MoveValue, keys: tuple[int, ...]
) -> str:
    """ "Hint: board 2, key 5 — you win in 3", or "... — kills board 2: you lose in 3"."""
    return f"Hint: {square_word(move, keys)} — {move_words(position, move, value)}."


ANALYSIS_ON = (
    f"Analysis on: how each square ends with perfect play, in the mover's moves "
    f"({KILLS_MARK}: it kills its board)."
)
BACK = "Your Notakto game, as you left it."
"""Said when the player comes back to a game of Notakto in progress."""
ANALYSIS_OFF = "Analysis off."


def too_small(boards: int, width: int, height: int) -> str:
    """Said where the boards do not fit."""
    need_width, need_height = 9 * boards - 2, 13
    return (
        f"The terminal is {width}×{height}: too small for {boards} board"
        f"{'s' if boards > 1 else ''}. Make it at least {need_width}×{need_height}"
        + (f", or press {key('next_boards')} for fewer boards." if boards > 1 else ".")
    )


def played(game: NotaktoGame, move: NotaktoMove, keys: tuple[int, ...]) -> str:
    """A move just made, as plain text says it: "Genius plays board 2, key 5."."""
    last = game.last_move
    who = seat(game, last.mark) if last is not None else "?"
    return f"{who} {'play' if who == 'You' else 'plays'} {square_word(move, keys)}."


def plain_help() -> str:
    """What plain text takes, in Notakto."""
    return (
        f"{RULES} Type a board and a key to put an X (2:5, 2 5, 25 or 2b2; on one board the "
        f"key alone); {key('new_game')} new game, {key('computer_starts')} the computer "
        f"starts, {key('hint')} hint, {key('undo')} undo, {key('help')} help, {key('quit')} quit."
    )


def not_your_turn(game: NotaktoGame) -> str:
    if game.is_over:
        return f"The game is over: {key('next_game')} starts the next one."
    return "Wait for the computer's move."


def refused(reason: str) -> str:
    """A move the rules refuse, in a sentence."""
    said = f"{reason[:1].upper()}{reason[1:]}"
    return said if said.endswith(".") else f"{said}."


LEAVE_QUESTION = (
    f"Your misère game is in progress: press {key('leave_notakto')} again to drop it and play "
    "noughts and crosses by the normal rules."
)


def switch_question(action: str) -> str:
    return f"A game is in progress: press {key(action)} again to drop it."


def level_set(level: Level) -> str:
    return f"Level: {level.label}, from the computer's next move."


def panel(game: NotaktoGame, score: Score) -> list[tuple[str, str]]:
    """The panel's rows: (label, value)."""
    rows = [("Mode", game.mode.label), ("Boards", str(game.boards))]
    if game.mode is Mode.COMPUTER:
        rows.append(("Level", level_name(game.level.value)))
        plays_like = game.plays_like(game.computer)
        if game.level is Level.ADAPTIVE and plays_like is not None:
            rows.append(("Plays like", plays_like.label))
    elif game.mode is Mode.WATCH:
        one, two = game.watch_levels
        rows.append(("Levels", f"{one.label} v {two.label}"))
    rows.append(("Starts", seat(game, game.first)))
    rows.append(("Score", score_line(game, score).removeprefix("Score: ")))
    return rows


def score_line(game: NotaktoGame, score: Score) -> str:
    """ "Score: You 2 · Genius 1"."""
    first, second = game.first_side, game.first_side.other
    return f"Score: {seat(game, first)} {score.first} · {seat(game, second)} {score.second}"


def panel_text(
    game: NotaktoGame, score: Score, said: str, keys: tuple[int, ...], width: int
) -> str:
    """The panel under the boards, `width` wide: what was said, the settings, the score, the
    moves (an entry is never broken across lines)."""
    rows = panel(game, score)
    lines = [said, ""] if said else []
    lines += packed([f"{label}: {value}" for label, value in rows[:-1]], width, "")
    lines.append("{}: {}".format(*rows[-1]))
    moves = moves_line(game, keys)
    if moves:
        lines += packed(["Moves (board:key):", *moves], width, "")
    return "\n".join(lines)


def moves_line(game: NotaktoGame, keys: tuple[int, ...]) -> list[str]:
    """The moves so far: "1. 2:5", "2. 1:1" (board:key)."""
    return [
        f"{number}. {board_key(notakto_move(move.cell), keys)}"
        for number, move in enumerate(game.moves, 1)
    ]


def review_lines(
    game: SavedGame,
    reviewed: list[ReviewedMove] | None,
    step: int,
    keys: tuple[int, ...],
    rows: int | None = None,
) -> list[str]:
    """The review's panel: each move with who made it and how it stood against perfect play,
    the one at `step` pointed at, and the mistakes of each side; "Reviewing…" until the review
    is found. In `rows` lines at most, the moves shown are those around `step`."""
    if reviewed is None:
        return ["Reviewing…"]
    lines: list[str] = []
    mistakes = {mark: 0 for mark in Mark}
    for number, judged in enumerate(reviewed, 1):
        mark = game.first if number % 2 else game.first.other
        who = _saved_seat(game, mark)
        where = board_key(judged.move, keys)
        if judged.mistake:
            mistakes[mark] += 1
            best = board_key(judged.best_moves[0], keys)
            verdict = f"mistake: loses in {judged.value.moves}; {best} won in {judged.best.moves}"
        else:
            ends = "wins" if judged.value.result is Result.WIN else "loses"
            verdict = f"{ends} in {judged.value.moves}"
        pointer = "▶" if number == step else " "
        lines.append(f"{pointer}{number:>3}. {who} {where} — {verdict}")
    summary = " · ".join(
        f"{_saved_seat(game, mark)}: {mistakes[mark]} mistake{'s' * (mistakes[mark] != 1)}"
        for mark in Mark
    )
    if rows is not None and len(lines) > rows - 2:
        shown = max(1, rows - 2)
        start = min(max(0, step - 1 - shown // 2), len(lines) - shown)
        lines = lines[start : start + shown]
    return [summary, "Moves (board:key):", *lines]


def _saved_seat(game: SavedGame, mark: Mark) -> str:
    player = game.player(mark)
    if player == "person":
        return "You" if game.mode is Mode.COMPUTER else f"Player {1 if mark is Mark.X else 2}"
    return level_name(player)
