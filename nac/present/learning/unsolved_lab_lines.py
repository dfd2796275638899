"""The lab's table and sentences for a game that is not solved, whose searches estimate (today
Ultimate's, `nac.engine.ultimate.lab`): pure, no Textual. One row per technique: the work it
did (nodes, or games played to the end), the depth it reached, the time, its score and the
move it picks; said plainly to be estimates."""

from __future__ import annotations

from collections.abc import Callable

from ...core import Position
from ...engine import Estimated, UnsolvedTechnique
from ..names import capitalised, side_label
from ..panel_lines import table_text
from .lab_lines import SEARCHING, ruled, seconds_text
from .review_words import listed

TITLE = "How searches estimate this position"
COLUMNS = ("technique", "work", "depth", "time", "score", "move")
NUMBERS = (1, 2, 3)
"""The columns of numbers (aligned to the right)."""
NARROW_COLUMNS = (0, 1, 2, 4, 5)
"""Where the whole table does not fit: all but the time."""
TECHNIQUE_NAMES = {
    UnsolvedTechnique.MINIMAX: "minimax",
    UnsolvedTechnique.ALPHA_BETA: "+ alpha-beta",
    UnsolvedTechnique.ORDERING: "+ move ordering",
    UnsolvedTechnique.TREE_SEARCH: "Monte Carlo (Genius)",
}
SHORT_NAMES = {
    UnsolvedTechnique.MINIMAX: "minimax",
    UnsolvedTechnique.ALPHA_BETA: "+ α-β",
    UnsolvedTechnique.ORDERING: "+ ordering",
    UnsolvedTechnique.TREE_SEARCH: "Monte Carlo",
}
"""The same, where the terminal is narrow."""
VERDICT_NAMES = {
    technique: name.removeprefix("+ ").removesuffix(" (Genius)")
    for technique, name in TECHNIQUE_NAMES.items()
}
"""The techniques in a sentence."""
ESTIMATES = (
    "Estimates, not values: Ultimate is not solved. Minimax and alpha-beta look so many moves "
    "ahead (depth) and score what they see by a rule of thumb (points for the side to move: "
    "boards won, lines begun; a win they see is sure); Monte Carlo plays games to the end and "
    "scores its move by the share it won."
)
GAME_OVER = "The game is over: there is nothing to search."


def position_line(board: Position) -> str:
    """The position searched, in fewest words (its 81 squares do not fit a line): "Ultimate ·
    move 12 · X to move in board 5"."""
    if board.is_over:
        return "Ultimate: the game is over"
    forced = getattr(board, "forced", None)  # the board the move is sent to, if one
    where = "anywhere" if forced is None else f"in board {forced + 1}"
    side = side_label(board.rules, board.to_move)
    return f"Ultimate · move {board.mark_count + 1} · {side} to move {where}"


def score_text(result: Estimated) -> str:
    """ "+14" (the rule of thumb's points), "win in 3" (seen to the end), "62% won" (the share
    of Monte Carlo's games the move won)."""
    if result.score is None:
        return "stopped" if result.stopped else "game over"
    if result.value is not None:
        return str(result.value)
    if result.is_share:
        return f"{result.score:.0%} won"
    return f"{result.score:+.0f}" if result.score else "0"


def row(result: Estimated, square: Callable[[int], str], *, short: bool = False) -> tuple[str, ...]:
    """A technique's row of COLUMNS (`short`: its short name)."""
    return (
        (SHORT_NAMES if short else TECHNIQUE_NAMES)[result.technique],
        f"{result.work:,} {'games' if result.is_share else 'nodes'}",
        "" if result.depth is None else str(result.depth),
        seconds_text(result.seconds),
        score_text(result),
        "" if result.move is None else square(result.move),
    )


def pending_row(
    technique: UnsolvedTechnique, state: str = SEARCHING, *, short: bool = False
) -> tuple[str, ...]:
    """A technique not run yet: `state` is SEARCHING, or STOPPED once the searches are."""
    return ((SHORT_NAMES if short else TECHNIQUE_NAMES)[technique], "", "", "", state, "")


def verdict(results: tuple[Estimated, ...], nodes: int, square: Callable[[int], str]) -> str:
    """What the techniques found, side by side: how deep each looked within its `nodes`, and
    the moves they pick: "Within 200,000 nodes each, minimax looks 5 moves ahead, alpha-beta
    8, move ordering 9. Minimax, alpha-beta and move ordering pick g1; Monte Carlo picks h3."."""
    if all(result.move is None for result in results):
        return GAME_OVER
    deep = [result for result in results if result.depth is not None]
    first, *others = deep
    looks = "".join(f", {VERDICT_NAMES[result.technique]} {result.depth}" for result in others)
    depths = (
        f"Within {nodes:,} nodes each, {VERDICT_NAMES[first.technique]} looks "
        f"{first.depth} moves ahead{looks}."
    )
    moves = {result.move for result in results if result.move is not None}
    if len(moves) == 1:
        return f"{depths} All four pick {square(moves.pop())}."
    pickers: dict[int, list[str]] = {}
    for result in results:
        if result.move is not None:
            pickers.setdefault(result.move, []).append(VERDICT_NAMES[result.technique])
    picks = "; ".join(
        f"{listed(names, 'and')} {'picks' if len(names) == 1 else 'pick'} {square(move)}"
        for move, names in pickers.items()
    )
    return f"{depths} {capitalised(picks)}."


def plain_lab(
    board: Position, results: tuple[Estimated, ...], nodes: int, square: Callable[[int], str]
) -> str:
    """`nac --plain --lab POSITION --variant ultimate`: the table, as plain text to paste into
    a report."""
    body = table_text([row(result, square) for result in results], COLUMNS, NUMBERS)
    head = f"{TITLE}: {position_line(board)}"
    return ruled(head, body, ESTIMATES, verdict(results, nodes, square))
