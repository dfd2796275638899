"""What a review says of a move and of a side, and a puzzle's goal: words made here from the
engine's facts (`MoveReview`, `SideSummary`, `Puzzle`), for the review, the drills and the
puzzles alike."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import MoveReview, Puzzle, Rating, Result, SideSummary
from ..names import counted


def what_was_best(move: MoveReview, name: Callable[[int], str]) -> str:
    """The best moves before `move` and their value, e.g. "7 wins in 2", "a1 or c3 draw", "b2
    holds out longer (loses in 2)", counted in the mover's moves (see `MoveValue`); in Ultimate
    the estimates, "e5 or d4 better (58% won against 41%, ± 9%)", or for a move they cannot
    tell, "too close to tell from e5 (58% won against 52%, ± 9%)"; `name` names a cell (a
    keypad key, a coordinate)."""
    best = move.best
    if move.best_share is not None and move.share is not None:  # Ultimate: estimates
        shares = f"{round(100 * move.best_share)}% won against {round(100 * move.share)}%"
        if move.margin is not None and move.margin > 0:
            shares += f", ± {max(1, round(100 * move.margin))}%"
        names = listed([name(cell) for cell in move.best_cells][:3])
        if move.rating is Rating.UNCLEAR:
            return f"too close to tell from {names} ({shares})"
        return f"{names} better ({shares})"
    if best is None:
        return ""
    names = listed([name(cell) for cell in move.best_cells])
    plural = len(move.best_cells) > 1
    verb = {Result.WIN: "win", Result.DRAW: "draw", Result.LOSS: "lose"}[best.result]
    verb += "" if plural else "s"
    if best.result is Result.DRAW or best.plies in (None, 1):
        return f"{names} {verb}"
    if best.result is Result.LOSS:  # every move loses: the best holds out longest
        held = "hold" if plural else "holds"
        return f"{names} {held} out longer ({verb} in {best.moves})"
    return f"{names} {verb} in {best.moves}"


def side_summary(summary: SideSummary) -> str:
    """ "3 best, 1 inaccuracy, 1 blunder (move 4)"; "no moves" for a side that made none."""
    parts = []
    if summary.best:
        parts.append(f"{summary.best} best")
    if summary.inaccuracies:
        parts.append(counted(summary.inaccuracies, "inaccuracy", "inaccuracies"))
    for numbers, one in ((summary.mistakes, "mistake"), (summary.blunders, "blunder")):
        if numbers:
            moves = "move" if len(numbers) == 1 else "moves"
            parts.append(f"{counted(len(numbers), one)} ({moves} {', '.join(map(str, numbers))})")
    if summary.unclear:
        parts.append(f"{summary.unclear} unclear")
    if summary.not_rated:
        parts.append(f"{summary.not_rated} not rated")
    return ", ".join(parts) or "no moves"


def puzzle_goal(puzzle: Puzzle) -> str:
    """ "X to play and win in 2": counted in the solver's moves, this one included."""
    return f"{puzzle.board.to_move} to play and win in {(puzzle.plies + 1) // 2}"


def listed(names: list[str], last: str = "or") -> str:
    """ "a1", "a1 or c3", "a1, b2 or c3" (`last`: "and", "a, b and c")."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"
