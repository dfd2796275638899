"""The value history of a reviewed game: after each move, what the position is worth with
perfect play from X's side (in Notakto player 1's, who moved first): won, drawn or lost, one
mark per move, so who let the game slip and when shows at a glance.
The shapes differ as well as the colours (16 colours, NO_COLOR).
Where the game is not solved (Ultimate), the same marks from the review's estimates: likely
won, even, likely lost (`LIKELY_WIN`, `LIKELY_LOSS`, as the analysis colours them)."""

from __future__ import annotations

from ...core import Mark, Rules
from ...engine import GameReview, MoveReview, Result, is_estimated
from ..game.views import LIKELY_LOSS, LIKELY_WIN
from ..looks import look_of
from ..names import side_label
from ..panel_lines import wrapped
from ..runs import Line, Run

MARKS = {"won": "▲", "drawn": "●", "lost": "▼", "unknown": "?"}
"""X's side: ▲ X wins, ● a draw, ▼ O wins, ? not known (5×5, where not proven)."""


def strip_side(review: GameReview) -> Mark:
    """The side the strip is for: X, or where the marks are the same (Notakto) player 1, the
    side that moved first."""
    return review.first if review.rules.shares_marks else Mark.X


def key(rules: Rules) -> str:
    """What the marks mean under `rules` (no draw where the rules have none)."""
    x, o = (side_label(rules, mark) for mark in Mark)
    if rules.shares_marks:
        x, o = f"player {x}", f"player {o}"
    if is_estimated(rules):
        return f"▲ {x} {LIKELY_WIN}%+  ● even  ▼ {o} {100 - LIKELY_LOSS}%+"
    draw = "  ● draw" if rules.draws else ""
    return f"▲ {x} wins{draw}  ▼ {o} wins"


def x_values(review: GameReview) -> tuple[str, ...]:
    """ "won", "drawn", "lost" (from the side of `strip_side`: X, or Notakto's first mover) or
    "unknown", after each move."""
    side = strip_side(review)

    def value(move: MoveReview) -> str:
        if move.share is not None:  # an estimate (a game not solved)
            percent = round(100 * (move.share if move.mark is side else 1 - move.share))
            return "won" if percent >= LIKELY_WIN else "lost" if percent <= LIKELY_LOSS else "drawn"
        if move.played is None:
            return "unknown"
        if move.played.result is Result.DRAW:
            return "drawn"
        return "won" if (move.played.result is Result.WIN) == (move.mark is side) else "lost"

    return tuple(value(move) for move in review.moves)


def strip_lines(review: GameReview, step: int, width: int) -> list[Line]:
    """The strip under its heading, wrapped to `width`; the move on the board (`step`, 1 for
    the first) marked "current"; each mark styled by its value ("won", "drawn", "lost")."""
    values = x_values(review)
    if not values:
        return []
    rules = review.rules
    lines = [*wrapped(look_of(rules).heading, width, "label"), *wrapped(key(rules), width, "dim")]
    row: list[Run] = []
    for number, value in enumerate(values, 1):
        if len(row) + 2 > max(2, width) and row:  # two runs a mark: a mark and a space
            lines.append(tuple(row))
            row = []
        style = "current" if number == step else value
        row += [(MARKS[value], style), (" ", "")]
    lines.append(tuple(row))
    return lines
