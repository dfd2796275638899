"""The sentences of learning: the review of a game, the saved games, the puzzles and the drills
(the game's are in `nac.present.game.words`)."""

from __future__ import annotations

from collections.abc import Callable

from ...core import NORMAL, Ending, Mark, Mode, Outcome, Rules, SavedGame, Termination
from ...core.players import REMOTE, name_of
from ..commands import key_for
from ..game import words
from ..looks import in_a_row
from ..names import ended, level_name, side_label
from ..screen_commands import DRILL_COMMANDS, GAMES_COMMANDS, PUZZLE_COMMANDS

REVIEWING = "Rating every move against perfect play…"
ESTIMATING = "Estimating every move with Genius's search…"
"""Said while a game not solved (Ultimate) is reviewed: no perfect play to rate by."""
REVIEW_EXACT = "Every move rated against perfect play."
REVIEW_SEARCHED = (
    "On 5×5 the ratings come from Genius's book and its exact search: win, draw or loss, not "
    "how fast, and a move is rated only where its value is proven."
)


def review_estimated() -> str:
    """How a game not solved (Ultimate) is reviewed (with the engine's figures: the engine is
    loaded by then, and these words load without it, at start)."""
    from ...engine import DEEPER, REVIEW_PLAYOUTS

    return (
        "Ultimate is not solved: moves are rated by estimates, the share of Genius's playouts "
        f"won ({REVIEW_PLAYOUTS:,} a position, {REVIEW_PLAYOUTS * DEEPER:,} where a move looks "
        "worse), wins and losses in one move as proven. A move is rated worse only where it "
        "falls short of the best by more than the estimate's margin (95%); where it cannot "
        'tell, "unclear".'
    )


LOST_BY = {
    Termination.LOSING_LINE: " (makes {line}: loses)",
    Termination.LAST_BOARD: " (kills the last board: loses)",
}
"""Said after the move that lost the game by the line it made (`{line}`: "three in a row")."""


def losing_line(outcome: Outcome | None, size: int) -> str:
    """Said after the last move where the line it made lost the game ("" after any other)."""
    said = "" if outcome is None else LOST_BY.get(outcome.reason, "")
    return said.format(line=in_a_row(size))


REVIEW_EMPTY = f"No moves yet: play, then press {key_for('review')}."
COPIED = "The game's line is copied: paste it to share it, or in the games list to review it."
NOTHING_TO_COPY = "No moves yet: nothing to copy."
NO_GAMES_YET = "No saved games yet: every finished game is kept here (not with --no-save)."
GAME_FILTERS: dict[str, Callable[[SavedGame], bool]] = {
    "every game": lambda game: True,
    "your games": lambda game: game.mode is not Mode.WATCH,
    "watched games": lambda game: game.mode is Mode.WATCH,
}
"""What the saved games list can show, `f` going from one to the next."""


def not_a_game(reason: str) -> str:
    """Said when what was pasted is not a game's line."""
    return ended(f"That is not a game's line: {reason}")


ALL_PUZZLES_SOLVED = "Every puzzle is solved: here they are again, from the first."


def puzzle_right(reply: str) -> str:
    return f"Right: that keeps the win. Genius answers {reply}: your move."


def games_note(where: str, shown: str, count: int, total: int) -> str:
    """The saved games' note: what the list shows, how to review a line, where they are kept."""
    games = "game" if total == 1 else "games"
    showing = (
        f"Showing {shown}: {count} of {total} {games} ({key_for('filter', GAMES_COMMANDS)} "
        "changes it). "
        if total
        else ""
    )
    return (
        f"{showing}To review a game's line, paste it here (your terminal's paste keys). "
        f"Kept in {where}."
    )


def side_name(
    mode: Mode, mark: Mark, player: str, rules: Rules = NORMAL, first: Mark = Mark.X
) -> str:
    """A side of a saved game: "You (X)", "Genius (O)", "X", online "Ana (O)" (in Notakto the
    sides are 1 and 2 by turn, 1 for the side that moved `first`)."""
    side = side_label(rules, mark, first)
    if player == "person":
        if mode in (Mode.COMPUTER, Mode.ONLINE):
            return f"You ({side})"
        return f"Player {side}" if rules.shares_marks else side
    if player.startswith(REMOTE):
        return f"{name_of(player)} ({side})"
    return f"{level_name(player)} ({side})"


PLAYER_COLUMNS = ("First", "Second")
"""The saved games list's columns of players, by turn (in Notakto both play X)."""


def players_by_turn(game: SavedGame) -> tuple[str, str]:
    """Who moved first and who second: "You (X)", "Genius (O)"; in Notakto, where the marks
    are the same, "Genius", "You"."""
    marks = (game.first, game.first.other)
    said = [side_name(game.mode, mark, game.player(mark), game.rules, game.first) for mark in marks]
    if game.rules.shares_marks:  # the column says the turn: "Genius (1)" would say it twice
        said = [name.rpartition(" (")[0] or name for name in said]
    return said[0], said[1]


def review_titles(game: SavedGame) -> tuple[str, ...]:
    """The review's title ("Review · 3×3 · Vs computer · Genius · You lost"), then shorter ones
    for a narrow terminal, the result always in."""
    board, mode, against = words.describe_kind(game.kind)
    result = saved_result(game)
    return (
        f"Review · {board} · {mode} · {against} · {result}",
        f"{result} · {board} · {mode} · {against}",
        f"{result} · {board} · {against}",
        result,
    )


def played_at(game: SavedGame) -> str:
    """When a saved game was played, in UTC as it is stored: "2026-11-22 14:05"."""
    return game.date.strftime("%Y-%m-%d %H:%M")


def review_heading(game: SavedGame) -> str:
    """The review's title with when the game was played, for a printed review:
    "Review · 3×3 · Vs computer · Genius · You lost · 2026-11-22 14:05 UTC"."""
    return f"{review_titles(game)[0]} · {played_at(game)} UTC"


def review_move(number: int, side: str, square: str, rating: str, best: str) -> str:
    """ "4. X b2  blunder: b1 draws"."""
    text = f"{number}. {side} {square}  {rating}"
    return f"{text}: {best}" if best else text


def puzzle_wrong(square: str, value: str, reply: str | None) -> str:
    after = f"; Genius answers {reply}" if reply else ""
    again, following = key_for("retry", PUZZLE_COMMANDS), key_for("next_puzzle", PUZZLE_COMMANDS)
    return (
        f"Not that one: {square} is a {value}{after}. {again} tries again, {following} is the next."
    )


def puzzle_solved(streak: int) -> str:
    return f"Solved! {streak} in a row. {key_for('next_puzzle', PUZZLE_COMMANDS)}: the next puzzle."


def puzzle_solved_again() -> str:
    """Solved on a try after a wrong one: practice, not counted."""
    following = key_for("next_puzzle", PUZZLE_COMMANDS)
    return (
        "Solved, on another try: it counts as solved once it is solved at the first try (it "
        f"comes back later). {following}: the next puzzle."
    )


def puzzle_count(index: int, total: int, solved: int, streak: int) -> str:
    return f"Puzzle {index + 1} of {total} · {solved} solved · {streak} in a row"


def saved_result(game: SavedGame) -> str:
    """How a saved game ended, from the person's side against the computer: "You won"."""
    if game.ending is Ending.UNFINISHED:
        return "Unfinished"
    if game.ending is Ending.DRAW:
        return "Draw"
    winner = game.ending.winner
    assert winner is not None
    if game.mode in (Mode.COMPUTER, Mode.ONLINE):
        result = "You won" if game.player(winner) == "person" else "You lost"
    else:
        result = f"{winner} won"
    resigned = game.ending.resigned
    return result if resigned is None else f"{result} ({resigned} resigned)"


# -- your mistakes, drilled ----------------------------------------------------------------------

MISTAKES_TITLE = "Your mistakes"
FINDING_MISTAKES = "Looking through your saved games for mistakes…"
NO_MISTAKES_DUE = (
    "No mistake is due now. Every mistake and blunder in your games on 3×3 and 4×4 and in "
    "Ultimate comes here, and comes back until you answer it right three times in a row."
)


def mistakes_count(due: int, later: int) -> str:
    """ "2 due · 3 later" """
    return f"{due} due · {later} later"


def mistakes_offer(due: int) -> str:
    """Beside the puzzles: "Your mistakes: 2 due (m)"."""
    key = key_for("mistakes", PUZZLE_COMMANDS)
    return f"Your mistakes: {due} due ({key})"


def drill_title(board_name: str, mover: str) -> str:
    return f"{mover} to play: find the move you missed ({board_name})"


def drill_right(square: str, played: str, kept: bool) -> str:
    """Answered right: what was played in the game, and when it comes back."""
    following = key_for("next_drill", DRILL_COMMANDS)
    again = (
        "It comes back later, until you have it three times in a row."
        if kept
        else "Three times right in a row: it leaves your drills."
    )
    return (
        f"Right: {square} is as good as the best. In your game you played {played}. {again} "
        f"{following}: the next."
    )


def drill_wrong(square: str, played: str, best: str) -> str:
    following = key_for("next_drill", DRILL_COMMANDS)
    return (
        f"Not that one: {square} is not as good as {best}. In your game you played {played}. "
        f"It comes back soon. {following}: the next."
    )


NO_DRILL_NOW = (
    f"No mistake of yours to drill from the last game: {key_for('puzzles')}, then "
    f"{key_for('mistakes', PUZZLE_COMMANDS)}, has every mistake due."
)
"""Said when `d` has nothing to drill (no game just ended with a mistake of yours)."""


def drill_offer(square: str, rating: str) -> str:
    """After a game with a mistake or a blunder of yours (`rating`, the review's word) on
    `square` (as the game names it): the offer to drill it, short enough for a small panel."""
    key, puzzles = key_for("drill_last"), key_for("puzzles")
    mistakes = key_for("mistakes", PUZZLE_COMMANDS)
    return (
        f"Square {square} was a {rating} of yours: {key} drills it (all your mistakes: "
        f"{puzzles}, then {mistakes})."
    )


def puzzle_go_to_prompt(count: int) -> str:
    return f"Go to puzzle (1-{count}):"


def number_refusal(most: int) -> str:
    """What the number question says to a number it cannot take."""
    return f"A number from 1 to {most}."


PUZZLE_BOARDS = (("every board's", (3, 4)), ("3×3", (3,)), ("4×4", (4,)))
"""The puzzles the board filter (`b`) shows, in turn."""


def puzzle_filter(name: str) -> str:
    return f"Showing {name} puzzles."
