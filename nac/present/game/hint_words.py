"""What a hint's move does, in a few words, from the facts the engine gives (`Hint`): "wins in
3", "blocks: the only move that draws", "kills board 2: you lose in 3", in each rules' terms."""

from __future__ import annotations

from ...core import Rules
from ...engine import Hint, Result, is_estimated
from ..looks import in_a_row

ESTIMATE = "a search estimate: nothing proven within the search's budget"
MIRROR = "mirrors their move through the centre: the first player never loses so"
HOLDS_OUT = "every move loses: this one holds out longest"
UNSOLVED_PICK = "Genius's pick after its search (Ultimate is not solved: nothing proven)"


def estimated(share: float, simulations: int) -> str:
    """A move's estimate by the search, said to be one: "62% of its 8,400 playouts won"."""
    return f"{round(100 * share)}% of its {simulations:,} playouts won (an estimate)"


def hint_reason(rules: Rules, found: Hint) -> str:
    """Why the hint's move: "wins", "blocks", "only move that draws", "wins in 3" (moves of
    the side to move, this one included), ..."""
    value = found.value
    if found.mirror:
        return MIRROR
    if value is None and is_estimated(rules):  # not solved: the search's pick
        if found.share is not None:
            pick = f"Genius's pick: {estimated(found.share, found.simulations)}"
            return f"blocks a line on its board; {pick}" if found.blocks else pick
        if found.blocks:
            return "blocks a line on its board (Genius's pick, not proven)"
        return UNSOLVED_PICK
    if value is None:
        return "blocks (a search estimate)" if found.blocks else ESTIMATE
    if not rules.draws:  # a move wins or loses: in how many, and the board it kills
        outcome = f"you {'win' if value.result is Result.WIN else 'lose'} in {value.moves}"
        if found.kills is None:
            return outcome
        if found.last:
            return "kills the last board: you lose"
        return f"kills board {found.kills + 1}: {outcome}"
    if value.plies is None:  # the result is proven, not how fast (5×5)
        return _proven(value.result, found.blocks)
    if rules.line_loses:
        return _own_line_loses(rules, value.result, value.plies, value.moves, found.only)
    if value.result is Result.WIN:
        return "wins" if value.plies == 1 else f"wins in {value.moves}"
    if value.result is Result.LOSS:
        return "blocks, though every move loses" if found.blocks else HOLDS_OUT
    if found.blocks:
        return "blocks: the only move that draws" if found.only else "blocks"
    return "only move that draws" if found.only else "draws"


def _proven(result: Result, blocks: bool) -> str:
    if result is Result.WIN:
        return "blocks, and forces a win" if blocks else "forces a win"
    if result is Result.DRAW:
        return "blocks" if blocks else "holds the draw"
    return "blocks, though every move loses" if blocks else "every move loses"


def _own_line_loses(rules: Rules, result: Result, plies: int, moves: int | None, only: bool) -> str:
    """Where a line of one's own loses."""
    line = in_a_row(rules.size)
    if result is Result.WIN:
        if plies == 2:
            return f"wins: every reply makes {line}"
        return f"wins in {moves}: the other side will have to make {line}"
    if result is Result.LOSS:
        return f"every move makes {line}: you lose" if plies == 1 else HOLDS_OUT
    if only:
        return f"only move that draws: the others lose (misère: {line} loses)"
    return f"draws, and makes no {line}"
