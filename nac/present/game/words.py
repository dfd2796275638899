"""The game's sentences, for every front end (the Textual app and the plain console): the
result, the score, the moves, the welcome, refusals, hints, the notes of a terminal too small
and of the stats. Pure functions of the game's state: tests read them without an app. Each
sentence lives once: the settings' in `switch_words`, the plain console's own in
`console_words`, online play's in `nac.present.online.words`, learning's in
`nac.present.learning.words`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import (
    COLUMN_LETTERS,
    Game,
    GameKind,
    Level,
    Mark,
    Match,
    Mode,
    Outcome,
    Rules,
    Score,
    Starter,
)
from ..commands import Command, key_for, level_key
from ..looks import (
    ANALYSIS_ON as ANALYSIS_ON,
    ESTIMATE_BARS as ESTIMATE_BARS,
    KILLS_MARK as KILLS_MARK,
    board_name,
    look_of,
)
from ..names import capitalised, ended, level_name, rules_label, side_label
from ..screen_commands import PROMPT_KEYS, STATS_COMMANDS

if TYPE_CHECKING:
    from ...engine import Hint

TITLE = "Noughts & Crosses"
NOTICE_TITLE = "Settings and stats"


def not_saved(what: str) -> str:
    """Said on leaving when another copy held a file to the end."""
    return (
        f"your {what} was in use by another copy of nac until the end: "
        "the last changes were not saved"
    )


# -- names ------------------------------------------------------------------------------------


def side(game: Game, mark: Mark) -> str:
    """A side's name where the marks are the same (Notakto: "1", "2", the seats X and O), else
    its mark."""
    return side_label(game.rules, mark)


def player_name(game: Game, mark: Mark) -> str:
    """ "You", "Computer", "X", or "Genius (X)", as the mode calls the player of `mark` (in
    Notakto "Player 1", "Genius (1)")."""
    if game.mode is Mode.COMPUTER:
        return "You" if mark is game.human else "Computer"
    if game.mode is Mode.WATCH:
        return f"{game.watch_levels[0 if mark is Mark.X else 1].label} ({side(game, mark)})"
    return f"Player {side(game, mark)}" if game.rules.shares_marks else str(mark)


def level_label(game: Game, mark: Mark, *, short: bool = False) -> str:
    """The level playing `mark`, as the panel names it: "Genius"; Adaptive with the level it
    plays like now, "Adaptive: playing like Clever now" ("Adaptive (Clever)" if `short`)."""
    level, like = game.level_of(mark) or game.level, game.plays_like(mark)
    if level is not Level.ADAPTIVE or like is None:
        return level.label
    return (
        f"{level.label} ({like.label})"
        if short
        else f"{level.label}: playing like {like.label} now"
    )


def starter_label(game: Game, rule: Starter) -> str:
    """Who starts this game, in the panel's words ("you", "computer", "X", "O"), and ", in
    turn" when the first move alternates from game to game."""
    first = game.first
    if game.mode is Mode.COMPUTER:
        who = "you" if first is game.human else "computer"
    else:
        who = side(game, first)
    return who + (", in turn" if rule is Starter.ALTERNATE else "")


# -- results ----------------------------------------------------------------------------------


def headline(game: Game, outcome: Outcome) -> str:
    """The result in a few words: "You won", "Genius won" (the level that made the winning
    move), "O won", "Genius (X) beat Idiot (O)", "Draw"."""
    winner = outcome.winner
    if game.mode is Mode.WATCH:
        x, o = player_name(game, Mark.X), player_name(game, Mark.O)
        if winner is None:
            return f"Draw between {x} and {o}"
        return f"{player_name(game, winner)} beat {player_name(game, winner.other)}"
    if winner is None:
        return "Draw"
    if game.mode is Mode.COMPUTER:
        if winner is game.human:
            return "You won"
        last = game.last_move
        if last is not None and last.mark is not winner:
            level = game.level_of(winner)  # the loser made the last move: the winner's level
            return f"{level.label} won" if level else "The computer won"
        return f"{last.level.label} won" if last and last.level else "The computer won"
    return f"{player_name(game, winner)} won"


def short_headline(outcome: Outcome) -> str:
    """The result in fewest words, where the headline does not fit: "Draw", "X won"."""
    return "Draw" if outcome.winner is None else f"{outcome.winner} won"


def score_rows(game: Game, score: Score) -> list[tuple[str, int]]:
    """The session's score: "You", "Computer" against the computer, else by side (in watch
    mode too: the levels may change between games, the sides do not); no draws where the rules
    have none."""
    if game.mode is Mode.COMPUTER:
        first, second = "You", "Computer"
    else:
        first, second = (f"Player {side(game, mark)}" for mark in Mark)
        if not game.rules.shares_marks:
            first, second = "X", "O"
    rows = [(first, score.first), (second, score.second)]
    return [*rows, ("Draws", score.draws)] if game.rules.draws else rows


# -- the game so far ----------------------------------------------------------------------------


def moves(game: Game) -> tuple[str, ...]:
    """`("1. X 5", "2. O 1", "3. X 9")`: squares as the player names them (in Notakto, with no
    mark: both draw X's, "1. 2:5")."""
    marks = not game.rules.shares_marks
    return tuple(
        f"{number}. {f'{move.mark} ' if marks else ''}{game.square_name(move.cell)}"
        for number, move in enumerate(game.moves, 1)
    )


def sentence(text: str) -> str:
    """A refusal from the core ("square 5 is taken by X") as a sentence."""
    return ended(capitalised(text))


# -- the kinds of game in the stats -------------------------------------------------------------


def describe_kind(kind: GameKind) -> tuple[str, str, str]:
    """("3×3", "Vs computer", "Genius"), ("4×4 misère", ...) and so on."""
    if kind.mode is Mode.COMPUTER:
        against = level_name(kind.levels[0])
    elif kind.mode is Mode.WATCH:
        against = f"{level_name(kind.levels[0])} v {level_name(kind.levels[1])}"  # X v O
    elif kind.mode is Mode.ONLINE:
        against = kind.levels[0]  # the other player's name
    else:
        against = "X v O"
    if kind.mode is Mode.TWO_PLAYER and kind.rules.shares_marks:
        against = "1st v 2nd"
    return rules_label(kind.rules), kind.mode.label, against


def rules_words(rules: Rules) -> str:
    """A word on the rules where they do not go without saying ("" where they do)."""
    look = look_of(rules)
    return look.said(look.word, rules)


def rules_first(game: Game, said: str) -> str:
    """`said`, after a word on the rules where they are not the normal game's."""
    first = rules_words(game.rules)
    return f"{first} {said}" if first else said


def welcome(match: Match) -> str:
    """What a new game says first (a word on the rules first where they are not the normal
    game's)."""
    game = match.game
    if game.mode is Mode.WATCH:
        said = "Watching the computer play itself."
    elif game.mode is Mode.TWO_PLAYER:
        said = f"Two players: {player_name(game, game.turn)} moves first."
    elif game.rules.shares_marks:
        said = "The computer starts." if game.is_computer_turn else "Your move."
    elif game.is_computer_turn:
        said = f"You play {game.human}; the computer starts."
    else:
        said = f"You play {game.human}: your move."
    return rules_first(game, said)


# -- learning -----------------------------------------------------------------------------------


def hint_sentence(game: Game, found: Hint) -> str:
    """ "Hint for X: square 5, blocks.", as the rules name the square."""
    from .hint_words import hint_reason  # with the engine's values: loaded with the first hint

    return look_of(game.rules).hint(game, found.cell, hint_reason(game.rules, found))


def took_back(count: int) -> str:
    return f"Took back {count} {'move' if count == 1 else 'moves'}."


# -- the full-screen game -----------------------------------------------------------------------

BIG_BOARD_KEYS = f"Type a square like b3 and {key_for('play_cursor')}, or use the arrows."
WATCHING = f"You are watching the computer play itself: {key_for('next_mode')} changes the mode."
NOT_WATCHING = capitalised(f"{key_for('pause')} pauses watch mode only.")
GAME_OVER = f"The game is over: {key_for('next_game')} starts the next one."
PROMPT_OPEN = (
    f"The square prompt is open: type a square and {key_for('submit', PROMPT_KEYS)}, "
    f"or {key_for('close', PROMPT_KEYS)}."
)
WAIT_YOUR_TURN = "The computer is thinking: your move comes next."
LETTERS_ON_3X3 = (
    f"On 3×3 the keys {key_for('play_key')} play (or {key_for('move_prompt')} and a square like "
    "b2); letters name the squares of 4×4 and 5×5."
)
NEXT_GAME_AFTER_ONE = f"{key_for('next_game')} starts the next game once this one is over."


GAME_LETTERS = {level_key(level): f"{level.label} is" for level in Level} | {"b": "the board is"}
"""The game's commands whose keys begin a square's name on 4×4 and 5×5: where they went."""


def letters_moved(table: Sequence[Command]) -> dict[str, str]:
    """Where the commands of a table went whose keys begin a square's name on 4×4 and 5×5
    ("Boards is" for a puzzle's `b`)."""
    return {
        key: f"{command.label} is"
        for command in table
        for key, action in command.keys
        if len(key) == 1 and key in "abcde" and command.label
        and not action.startswith("type_square")
    }  # fmt: skip


def board_does_not_fit(size: int, boards: int, width: int, need: tuple[int, int]) -> list[str]:
    """Said where a board would be drawn but does not fit (a 4×4 puzzle at 40×15), in lines
    of at most `width` columns: the terminal's size it needs, as the game screen says it."""
    import textwrap

    what = f"{boards} boards" if boards > 1 else f"the {board_name(size)} board"
    said = f"No room for {what} here: please make the terminal at least {need[0]}×{need[1]}."
    return textwrap.wrap(said, max(1, width))


def too_small(
    rules: Rules,
    columns: int,
    rows: int,
    need: tuple[int, int],
    smaller: Rules | None,
    asked: str,
) -> str:
    """What the screen says when the board does not fit: how big the terminal must be, the
    smaller board that would fit (`smaller`, if any), and the question `asked` about it."""
    key = key_for("next_size")
    other = "" if smaller is None else f"\nor press {key} for {look_of(smaller).the_board(smaller)}"
    question = f"\n\n{asked}" if asked else ""
    return (
        f"The terminal is {columns}×{rows}:\ntoo small for {look_of(rules).the_board(rules)}.\n\n"
        f"Please make it at least\n{need[0]}×{need[1]}{other}.{question}"
    )


NO_STATS_YET = "No games finished yet: the results of every game are kept here."


def stats_note(where: str, sides_counted: bool) -> str:
    """The stats screen's note; `sides_counted`: a two-player or watch row is shown."""
    sides = (
        "In two-player and watch mode, Won and Lost count X's and O's wins (in Notakto, "
        "player 1's and player 2's).\n"
    )
    return (
        "Streak: games without a loss in a row; Best: the longest.\n"
        f"{sides if sides_counted else ''}Kept in {where}. "
        f"{key_for('close', STATS_COMMANDS)} closes."
    )


def board_picked(key: int) -> str:
    """Ultimate: a first digit picked board `key`; its square comes next."""
    return f"Board {key}: now its square (1-9)."


def board_closed(key: int) -> str:
    """Ultimate: a first digit named a board the move may not go in."""
    return f"Board {key} is decided: pick an open board (1-9), then its square."


def no_column(letter: str, size: int) -> str:
    """Said of a column letter past the board's edge ("e" on 4×4)."""
    return f"There is no column {letter} on {board_name(size)}: a to {COLUMN_LETTERS[size - 1]}."


def square_begun(rules: Rules, letter: str, moved: str | None = None) -> str:
    """Said when a column letter opens the square prompt on 4×4 and 5×5 (and, where the
    letter's command went, `moved`: "Average is", "the board is")."""
    enter, escape = key_for("submit", PROMPT_KEYS), key_for("close", PROMPT_KEYS)
    said = f"Square {letter}…: its row (1-{rules.size}), then {enter}; {escape} closes."
    if moved:
        said += f" Here {letter} begins a square: {moved} in the palette (ctrl+p)."
    return said


def empty_square(rules: Rules) -> str:
    """Said when Enter is pressed on an empty move prompt."""
    example = look_of(rules).square_example(rules)
    return (
        f"Type a square first, like {example} ({key_for('close', PROMPT_KEYS)} closes the prompt)."
    )


O_LEVEL_IN_WATCH = (
    f"{key_for('o_level')} set O's level in watch mode ({key_for('next_mode')} changes the mode)."
)


def one_board(rules: Rules) -> str:
    """Said where the rules have no other board to switch to ("" where they have)."""
    only = look_of(rules).one_board
    return only and f"{only} ({key_for('next_variant')} changes the rules)."


LEVEL_IN_TWO_PLAYER = (
    f"No computer plays in two-player mode ({key_for('next_mode')} changes the mode)."
)
KEYPAD_3X3 = f"The keypad plays the 3×3 board only: {key_for('next_size')} changes the board."
ONE_BOARD = "There is no other live board to go to."
LOOKING_FOR_HINT = "Looking for a hint…"
HINT_AFTER_COMPUTER = "The computer moves first: your hint comes once it has."
ANALYSIS_OFF = "Analysis off."


def longest_note(rules: Rules) -> int:
    """The longest note the analysis may write in a square under `rules` ("loss in 5", in
    misère "line: loses"): a square with less room shows short ones."""
    return look_of(rules).longest_note(rules)


def analysis_switched(on: bool, rules: Rules, room: int | None = None) -> str:
    """Said when the analysis is switched on or off (on 5×5 it says what it can prove); where
    a square has less `room` than the longest note, what the short forms mean."""
    if not on:
        return ANALYSIS_OFF
    look = look_of(rules)
    said = look.analysis_on(rules)
    short = room is not None and room < look.longest_note(rules)
    return f"{said} {look.legend}" if short else said


def analysis_time(seconds: float, playouts: int = 0) -> str:
    """The panel's line while the analysis is on: how long it took for this position (and, for
    estimates, how many playouts they come from)."""
    if not playouts:
        return f"Analysed in {seconds * 1000:.2f} ms"
    return f"Estimated from {playouts:,} playouts in {seconds:.1f} s"


PAUSED = f"Paused: {key_for('pause')} resumes."
RESUMED = "Resumed."
COMPUTER_STARTS = "The computer starts."


def resumed(match: Match) -> str:
    """Said when the game left unfinished at the last quit is back on the board."""
    game = match.game
    whose = player_name(game, game.turn)
    turn = "your move" if whose == "You" else f"{whose} to move"
    return f"The game you left unfinished is back ({len(game.moves)} moves): {turn}."


def ui_welcome(match: Match) -> str:
    """What a new game says first in the full-screen game."""
    game = match.game
    if game.mode is Mode.WATCH:
        return rules_first(
            game,
            f"Watching the computer play itself: {key_for('pause')} pauses; {key_for('level')} "
            f"set X's level, {key_for('o_level')} O's.",
        )
    how = "" if game.uses_keypad else " " + BIG_BOARD_KEYS
    if game.mode is Mode.COMPUTER and not game.is_computer_turn and game.board.is_empty:
        start = key_for("computer_starts")
        said = f"Your move, or {start} to let the computer start."
        if not game.rules.shares_marks:  # in Notakto both play X: it goes without saying
            said = f"You play {game.human}. {said}"
        return rules_first(game, said) + how
    return welcome(match) + how


def keys_play_3x3(size: int) -> str:
    return (
        f"Keys {key_for('play_key')} play the 3×3 board. On {board_name(size)}: " + BIG_BOARD_KEYS
    )


def game_result(game: Game, outcome: Outcome) -> str:
    """The result as a sentence, and how the loser ended the game where that is said: "You
    made three in a row: misère, so Genius won."."""
    said = headline(game, outcome)
    if outcome.winner is not None:
        loser = player_name(game, outcome.winner.other)
        said = look_of(game.rules).ended(game.rules, outcome.reason, loser, said)
    return f"{said}."


def after_game(game: Game, outcome: Outcome) -> str:
    said = game_result(game, outcome)
    if game.mode is Mode.WATCH:
        return f"{said} The next game starts in a moment; {key_for('pause')} pauses."
    return f"{said} Press {key_for('next_game')} for the next game."


def prompt_placeholder(rules: Rules) -> str:
    """Short: the prompt fits a 40-column terminal whole."""
    squares = look_of(rules).squares(rules)
    keys = f"{key_for('submit', PROMPT_KEYS)} plays, {key_for('close', PROMPT_KEYS)} closes"
    return f"{squares} — {keys}"
