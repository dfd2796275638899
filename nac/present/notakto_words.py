"""Every sentence a player reads about Notakto, for every front end: the rules, whose move it
is, the result, hints and the analysis, the captions under the boards and the panel's lines."""

from __future__ import annotations

from ..core import Level, Mark, Mode, NotaktoGame, NotaktoMove, NotaktoPosition, SavedGame
from ..core.match import Score
from ..engine.notakto import ReviewedMove, move_words
from ..engine.values import MoveValue, Result
from .commands import key_for
from .names import level_name
from .notakto_commands import NOTAKTO_COMMANDS

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


PLAIN_NEXT = "An empty line or n starts the next game"
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
        said = "you killed the last board" if game.human is loser else "it killed the last board"
        said = f"{'You won' if game.human is winner else 'You lost'}: {said}"
        return f"{said}. {next_game}."
    else:
        said = f"{seat(game, loser)} killed the last board"
    return f"{seat(game, winner)} won: {said}. {next_game}."


def welcome(game: NotaktoGame, *, rules: bool = True) -> str:
    """What a new game says first (and the rules, unless told not to)."""
    count = f"{game.boards} board{'s' if game.boards > 1 else ''}"
    if game.mode is Mode.WATCH:
        said = f"Notakto on {count}: watching the computer play itself."
    elif game.mode is Mode.TWO_PLAYER:
        said = f"Notakto on {count}: Player 1 starts."
    elif game.is_computer_turn:
        said = f"Notakto on {count}: the computer starts."
    else:
        said = f"Notakto on {count}: your move."
    return f"{said} {RULES}" if rules else said


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


def note(value: MoveValue) -> tuple[str, str]:
    """The analysis in a square: "win 3" or "loss 2" (moves to the end, the player's own),
    and its tone."""
    tone = "win" if value.result is Result.WIN else "loss"
    return f"{tone} {value.moves}", tone


def hint_line(
    position: NotaktoPosition, move: NotaktoMove, value: MoveValue, keys: tuple[int, ...]
) -> str:
    """ "Hint: board 2, key 5: you win in 3", or "...: kills board 2: you lose in 3"."""
    return f"Hint: {square_word(move, keys)}: {move_words(position, move, value)}."


ANALYSIS_ON = (
    "Analysis on: each empty square shows how the game ends with perfect play if the side to "
    "move plays there (moves counted are the mover's)."
)
ANALYSIS_OFF = "Analysis off."


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
    return f"{reason[:1].upper()}{reason[1:]}."


def switch_question(action: str) -> str:
    return f"A game is in progress: press {key(action)} again to drop it."


def level_set(game: NotaktoGame, level: Level) -> str:
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
    first, second = game.first_side, game.first_side.other
    rows.append(
        ("Score", f"{seat(game, first)} {score.first} · {seat(game, second)} {score.second}")
    )
    return rows


def panel_text(game: NotaktoGame, score: Score, said: str, keys: tuple[int, ...]) -> str:
    """The panel under the boards: what was said, the settings, the score, the moves."""
    rows = panel(game, score)
    lines = [said, ""] if said else []
    lines.append("   ".join(f"{label}: {value}" for label, value in rows[:-1]))
    lines.append("{}: {}".format(*rows[-1]))
    moves = moves_line(game, keys)
    if moves:
        lines.append(f"Moves (board:key): {moves}")
    return "\n".join(lines)


def moves_line(game: NotaktoGame, keys: tuple[int, ...]) -> str:
    """The moves so far: "1. 2:5  2. 1:1" (board:key)."""
    from ..core import notakto_move

    parts = []
    for number, move in enumerate(game.moves, 1):
        where = notakto_move(move.cell)
        parts.append(f"{number}. {where.board + 1}:{keys[where.cell]}")
    return "  ".join(parts)


def review_lines(
    game: SavedGame, reviewed: list[ReviewedMove] | None, step: int, keys: tuple[int, ...]
) -> list[str]:
    """The review's panel: each move with who made it and how it stood against perfect play,
    the one at `step` pointed at; "Reviewing…" until the review is found."""
    lines = [RULES, ""]
    if reviewed is None:
        return [*lines, "Reviewing…"]
    mistakes = {mark: 0 for mark in Mark}
    for number, judged in enumerate(reviewed, 1):
        mark = game.first if number % 2 else game.first.other
        who = _saved_seat(game, mark)
        where = square_word(judged.move, keys)
        if judged.mistake:
            mistakes[mark] += 1
            best = square_word(judged.best_moves[0], keys)
            verdict = (
                f"mistake: loses in {judged.value.moves} (best: {best}, wins in "
                f"{judged.best.moves})"
            )
        else:
            ends = "wins" if judged.value.result is Result.WIN else "loses"
            verdict = f"{ends} in {judged.value.moves}"
        pointer = "▶" if number == step else " "
        lines.append(f"{pointer}{number:>3}. {who}: {where} — {verdict}")
    lines.append("")
    lines.append(
        " · ".join(
            f"{_saved_seat(game, mark)}: {mistakes[mark]} mistake{'s' * (mistakes[mark] != 1)}"
            for mark in Mark
        )
    )
    return lines


def _saved_seat(game: SavedGame, mark: Mark) -> str:
    player = game.player(mark)
    if player == "person":
        return "You" if game.mode is Mode.COMPUTER else f"Player {1 if mark is Mark.X else 2}"
    return level_name(player)
