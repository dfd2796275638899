"""Ultimate noughts and crosses (`nac.core.ultimate`), its engine in one package: here the
answers' source for an `UltimateBoard` (the engine's table, `sources.py`, names it); the
position as the search keeps it (`state.py`), Genius's search (`search.py`, compiled where it
was built: `_ultimate.c`, chosen in `fast.py`) and the lab's techniques (`lab.py`).

The game is not solved: Genius searches for its time (`Limit(seconds=...)`, one second by
default) with a Monte Carlo tree search and keeps its tree between the moves of a game. Only
wins in one move are proven values (a move that wins at once; a move after which the other
side wins at once); everything else is an estimate, the share of simulations won
(`estimates`).

A hint and an analysis, where the caller names no limit, search a budget of simulations
(`ADVICE_SIMULATIONS`) in a tree of their own seeded by the position: the same answer for the
same position on any machine (with the same search: the Python one, where the compiled one is
not built, is given fewer, so that it answers in about the same time).
"""

from __future__ import annotations

import random

from ...core.levels import GENIUS_SECONDS
from ...core.ultimate import UltimateBoard
from ..hints import Hint
from ..limits import Limit
from ..stop import SearchStopped, StopSignal
from ..values import Estimate, MoveValue, Result
from .fast import UltimateSearch, compiled, new_search
from .state import (
    FINISHERS,
    TURN,
    average_moves,
    is_over,
    legal,
    play,
    state_of,
    winner,
    winning_moves,
)

ADVICE_SIMULATIONS = 200_000
"""A hint's or an analysis's simulations where no limit is named (about a fifth of a second
on the compiled search, one core of this machine)."""
PYTHON_ADVICE_SIMULATIONS = 20_000
"""... on the Python search (about half a second)."""

WIN_NOW = MoveValue(Result.WIN, 1, 1)
LOSS_NEXT = MoveValue(Result.LOSS, 2, -1)
DRAW_NOW = MoveValue(Result.DRAW, 1, 0)


class UltimateSource:
    """Ultimate's answers: Genius's move by a timed search; proven values only for wins in
    one; estimates for the rest."""

    exact = False
    instant = False

    def __init__(self) -> None:
        self._search: UltimateSearch | None = None
        """Genius's tree, kept between moves: made (and the compiled search loaded, where it
        is built) when Genius first searches."""
        self._simulations = 0

    @property
    def simulations(self) -> int:
        """How many simulations the last search ran (0 if the last move needed none: a win in
        one)."""
        return self._simulations

    def _searched(
        self, board: UltimateBoard, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> UltimateSearch:
        """Genius's search for its move, in the tree kept from the last one."""
        if self._search is None:
            self._search = new_search(rng)
        search = self._search
        search.rng = rng
        seconds = limit.seconds
        if seconds is None and limit.nodes is None:
            seconds = GENIUS_SECONDS
        stopped = stop.is_set if stop is not None else None
        search.run(state_of(board), seconds, limit.nodes, stopped)
        self._simulations = search.simulations
        if stop is not None and stop.is_set():
            raise SearchStopped()
        return search

    def genius_move(
        self, board: UltimateBoard, rng: random.Random, limit: Limit, stop: StopSignal | None
    ) -> int:
        state = state_of(board)
        winning = winning_moves(state, legal(state))
        if winning:
            self._simulations = 0
            return rng.choice(winning)
        return self._searched(board, rng, limit, stop).best_move()

    def estimates(
        self, board: UltimateBoard, limit: Limit, stop: StopSignal | None, seed: int | None = None
    ) -> list[Estimate]:
        """Every legal move's estimate from a search of `limit` (`ADVICE_SIMULATIONS` where it
        names none; most simulated first): a search of its own from nothing, seeded by `seed`
        (a review's) or else by the position, so the same answer every time for a limit in
        simulations, whatever was searched before."""
        return self._advised(board, limit, stop, seed).estimates()

    def _advised(
        self, board: UltimateBoard, limit: Limit, stop: StopSignal | None, seed: int | None
    ) -> UltimateSearch:
        """A search of its own for a hint or estimates, seeded (by the position where no
        `seed` is given), on `limit` or else the advice's budget in simulations."""
        search = new_search(random.Random(str(board) if seed is None else seed))
        if limit.seconds is None and limit.nodes is None:
            limit = Limit(nodes=advice_simulations())
        stopped = stop.is_set if stop is not None else None
        search.run(state_of(board), limit.seconds, limit.nodes, stopped)
        if stop is not None and stop.is_set():
            raise SearchStopped()
        return search

    def values(
        self, board: UltimateBoard, limit: Limit, stop: StopSignal | None
    ) -> dict[int, MoveValue]:
        """The moves whose value is proven, found without a search: a move that ends the game
        (a win, or a draw on the last open square), or one after which the other side wins at
        once. The rest are estimates, not values (`estimates`)."""
        state = state_of(board)
        values = {}
        for cell in legal(state):
            after = state[:]
            play(after, cell)
            if is_over(after):
                values[cell] = WIN_NOW if winner(after) is not None else DRAW_NOW
            elif winning_moves(after, legal(after)):
                values[cell] = LOSS_NEXT
        return values

    def hint(self, board: UltimateBoard, limit: Limit, stop: StopSignal | None) -> Hint:
        """Genius's move by a search of its own (`_advised`): the same hint every time for a
        limit in simulations (none named: `ADVICE_SIMULATIONS`)."""
        state = state_of(board)
        them = 9 * (1 - state[TURN])
        winning = winning_moves(state, legal(state))
        search = None if winning else self._advised(board, limit, stop, None)
        cell = winning[0] if search is None else search.best_move()
        blocks = bool(FINISHERS[state[cell // 9 + them]] >> (cell % 9) & 1)
        if cell in winning_moves(state, [cell]):
            return Hint(cell, WIN_NOW, blocks=blocks)
        searched = [] if search is None else search.estimates()
        found = [e for e in searched if e.cell == cell]
        if not found:
            return Hint(cell, None, blocks=blocks)
        return Hint(
            cell, None, blocks=blocks, share=found[0].share, simulations=found[0].simulations
        )


def advice_simulations() -> int:
    """A hint's or an analysis's simulations where no limit is named: the compiled search's
    budget, or the Python one's where that answers."""
    return PYTHON_ADVICE_SIMULATIONS if compiled() is None else ADVICE_SIMULATIONS


def average_candidates(board: UltimateBoard) -> list[int]:
    """Average's moves: its rules of thumb (`state.average_moves`)."""
    return average_moves(state_of(board))


ULTIMATE_SOURCE = UltimateSource()
