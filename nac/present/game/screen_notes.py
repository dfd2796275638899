"""The notes of the screens beside the game: a terminal too small for the board, the stats."""

from __future__ import annotations

from ...core import Rules
from ..commands import key_for
from ..looks import look_of
from ..screen_commands import STATS_COMMANDS


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
