"""An exact pure-Python search for 5×5 noughts and crosses with four in a row.

Values are 1 (the side to move wins), 0 (draw) and -1 (it loses). The search is negamax over
those three values with alpha-beta (fail-soft) run with null windows: `at_least(me, them, 0)`
asks "can the side to move avoid losing?", `at_least(me, them, 1)` "can it force a win?".
Both are exact; only their cost depends on the pruning below.

Board: two bit masks in the padded layout of `lines.py`.

Pruning, at every position:
- a win now; two threats of the opponent lose; a single threat must be blocked;
- a side with no window free of the other side's marks cannot win;
- pairing strategies: if each window still open to a side can be given its own pair of empty
  cells (pairs disjoint), that side cannot win, whoever moves: the other side answers a move
  in a pair with the other cell of the pair. The test is greedy (sufficient, not necessary)
  and cuts most of the tree;
- a transposition table of lower/upper bounds with the best move (exact positions as keys).
Move ordering: the table's move, a killer move per number of empty cells, then the cells
that make a threat, then those that stop one of the opponent's, then the rest, cells on more
lines first.

The search keeps its table between calls (entries stay true), so a game's later moves are cheaper.
`stop` (a threading.Event), a node limit and a deadline are checked every 1024 positions.
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

from ..stop import SearchStopped, StopSignal
from .lines import ORDER_BITS, VALID, has_open_line, paired, root_order, threats, windows_of

CHECK_EVERY = 1023
"""The stop signal, the node limit and the deadline are checked when the node count's low bits
are zero."""


class OutOfBudget(Exception):
    """A search reached its node limit or its deadline before it finished."""


class Search5:
    """The search, its transposition table and its killer moves, kept between calls."""

    def __init__(self, table_limit: int = 500_000) -> None:
        self.table: dict[int, tuple[int, int, int]] = {}
        """(lower bound, upper bound, best move bit) by `me << 30 | them` (padded)."""
        self.table_limit = table_limit
        self.stop: StopSignal | None = None
        """Checked every 1024 positions: when set, the search raises SearchStopped."""
        self.node_limit: int | None = None
        """When the node count passes it, the search raises OutOfBudget."""
        self.deadline: float | None = None
        """When `time.perf_counter()` passes it, the search raises OutOfBudget."""
        self._count = [0]
        self._ab: Callable[[int, int, int, int, int], int] = self._make()

    @property
    def nodes(self) -> int:
        """Positions searched since this Search5 was made."""
        return self._count[0]

    def at_least(self, me: int, them: int, bound: int) -> bool:
        """Whether the value for the side to move (`me`, padded) is at least `bound` (0 or 1).
        The position must not be over."""
        if len(self.table) > self.table_limit:
            self.table.clear()
        return self._ab(me, them, threats(me), bound - 1, bound) >= bound

    def value(self, me: int, them: int) -> int:
        """The exact value for the side to move: 1, 0 or -1."""
        if not self.at_least(me, them, 0):
            return -1
        return 1 if self.at_least(me, them, 1) else 0

    def _make(self) -> Callable[[int, int, int, int, int], int]:
        table = self.table
        get = table.get
        counter = self._count
        order = ORDER_BITS
        valid = VALID
        owner = self
        killers = [0] * 32

        def ab(me: int, op: int, tme: int, alpha: int, beta: int) -> int:
            """The value of a position that is not over, in the window (alpha, beta);
            `tme` holds the cells that would complete a line of `me` (maybe not empty)."""
            n = counter[0] = counter[0] + 1
            if not n & CHECK_EVERY:
                stop = owner.stop
                if stop is not None and stop.is_set():
                    raise SearchStopped()
                limit = owner.node_limit
                if limit is not None and n >= limit:
                    raise OutOfBudget()
                deadline = owner.deadline
                if deadline is not None and perf_counter() >= deadline:
                    raise OutOfBudget()
            empty = valid ^ (me | op)
            if tme & empty:
                return 1
            t = threats(op) & empty
            if t & (t - 1):
                return -1
            if empty.bit_count() <= 2:
                return 0  # no win now and at most one threat to block: nobody can win
            hi = 1 if has_open_line(valid ^ op) else 0  # can `me` still make a line?
            lo = -1 if has_open_line(valid ^ me) else 0  # can `op`?
            if hi <= alpha or lo == hi:
                return hi
            if lo >= beta:
                return lo
            key = me << 30 | op
            entry = get(key)
            first = 0
            if entry is not None:
                elo, ehi, first = entry
                if elo > lo:
                    lo = elo
                if ehi < hi:
                    hi = ehi
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
            if t:
                moves = [t]
            else:
                # The windows open to the opponent: can a pairing stop them all?
                theirs, defend, twice = windows_of(op, me, empty)
                if beta <= 0 and lo < 0 and paired(theirs, me, empty, twice):
                    table[key] = (0, hi, first)
                    return 0
                # The windows open to us: can the opponent pair them all?
                ours, attack, twice = windows_of(me, op, empty)
                if alpha >= 0 and hi > 0 and paired(ours, op, empty, twice):
                    table[key] = (lo, 0, first)
                    return 0
                defend &= ~attack
                moves = [first] if first else []
                kill = killers[empty.bit_count()]
                if kill & empty and kill != first:
                    moves.append(kill)
                    first |= kill
                for b in order:
                    if b & attack and not b & first:
                        moves.append(b)
                for b in order:
                    if b & defend and not b & first:
                        moves.append(b)
                rest = empty & ~(attack | defend | first)
                for b in order:
                    if b & rest:
                        moves.append(b)
            best = -2
            best_move = moves[0]
            for b in moves:
                v = -ab(op, me | b, t, -beta, -(alpha if alpha > best else best))
                if v > best:
                    best = v
                    best_move = b
                    if best >= beta or best >= hi:
                        if best >= beta and len(moves) > 1:
                            killers[empty.bit_count()] = b
                        break
            if best >= hi:
                lo = hi = best
            elif best <= alpha:
                hi = best
            elif best >= beta:
                lo = best
            else:
                lo = hi = best
            table[key] = (lo, hi, best_move)
            return best

        return ab


def choose(search: Search5, me: int, op: int, known: int | None = None) -> tuple[int, int]:
    """Genius's move past the book, on padded masks: (the move as a padded bit, the
    position's exact value for the side to move). `known` is that value if the caller knows
    it (it saves the search for a win).

    The move is the first in `root_order` that keeps the value: a win now if there is one;
    the block of a single threat; else, in a won position a move after which the opponent
    loses, in a drawn one a move after which the opponent cannot win. In a lost position (not
    reachable from the book) the first move in that order. It depends on the position only.
    """
    empty = VALID ^ (me | op)
    win_now = threats(me) & empty
    if win_now:
        return win_now & -win_now, 1
    t = threats(op) & empty
    if t:
        block = t & -t
        if t != block:
            return block, -1
        if known is None:
            known = -search.value(op, me | block)
        return block, known
    if known is None:
        if search.at_least(me, op, 1):
            known = 1
        elif search.at_least(me, op, 0):
            known = 0
        else:
            known = -1
    moves = root_order(me, op)
    if known == -1:
        return moves[0], -1
    for b in moves:
        # the opponent's value after b must be at most -known
        if not search.at_least(op, me | b, 1 - known):
            return b, known
    raise AssertionError("no move keeps the value: the known value was wrong")
