"""Check the C solver against the pure-Python nac.engine.solver on random positions, against a
brute-force minimax (no pruning, no table) on near-full boards, and the pairing cut against the
same solver without it on positions with few marks (where the cut matters most).

    python -m tools.five.check_solver [positions] [seed] [positions without pairing]
"""

from __future__ import annotations

import random
import sys
import time
from functools import cache

from nac.core.geometry import geometry
from nac.engine.solver import Solver

from .solve5 import Solver5

SHAPE = geometry(5, 4)
LINES = SHAPE.line_masks
FULL = (1 << 25) - 1


def has_line(bits: int) -> bool:
    return any(bits & m == m for m in LINES)


def random_position(rng: random.Random, marks: int) -> tuple[int, int] | None:
    """(side to move, other side) after `marks` random moves from the empty board, X first;
    None if the game ended on the way."""
    x = o = 0
    for i in range(marks):
        free = [c for c in range(25) if not (x | o) >> c & 1]
        c = rng.choice(free)
        if i % 2 == 0:
            x |= 1 << c
            if has_line(x):
                return None
        else:
            o |= 1 << c
            if has_line(o):
                return None
    return (x, o) if marks % 2 == 0 else (o, x)


@cache
def brute(me: int, theirs: int) -> int:
    """Plain minimax, no pruning: 1/0/-1 for the side to move."""
    taken = me | theirs
    best = -1
    any_move = False
    for c in range(25):
        if taken >> c & 1:
            continue
        any_move = True
        after = me | 1 << c
        if any(after & m == m for m in SHAPE.masks_through[c]):
            return 1
        v = 0 if after | theirs == FULL else -brute(theirs, after)
        best = max(best, v)
    return best if any_move else 0


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    plain_count = int(sys.argv[3]) if len(sys.argv) > 3 else max(1, count // 5)
    rng = random.Random(seed)
    c_solver = Solver5(20)
    started = time.perf_counter()
    # 1. against nac's Python solver, positions with 11..18 marks, values and move values
    checked = moves_checked = 0
    by_value = {-1: 0, 0: 0, 1: 0}
    while checked < count:
        marks = rng.randint(11, 18)
        pos = random_position(rng, marks)
        if pos is None:
            continue
        me, theirs = pos
        py = Solver(SHAPE)
        expected = sign(py.score(me, theirs))
        got = c_solver.value(me, theirs)
        assert got == expected, (me, theirs, got, expected)
        by_value[got] += 1
        if checked % 4 == 0:
            py_moves = py.move_scores(me, theirs)
            c_moves = c_solver.move_values(me, theirs)
            assert {c: sign(v) for c, v in py_moves.items()} == c_moves, (me, theirs)
            moves_checked += len(c_moves)
        if checked % 50 == 0:
            c_solver.clear()
        checked += 1
    print(
        f"python solver: {checked} positions (11-18 marks; values {by_value}), "
        f"{moves_checked} move values: all agree ({time.perf_counter() - started:.1f} s)"
    )
    # 2. against brute force, positions with 17..21 marks
    started = time.perf_counter()
    checked = 0
    by_value = {-1: 0, 0: 0, 1: 0}
    while checked < count:
        marks = rng.randint(17, 21)
        pos = random_position(rng, marks)
        if pos is None:
            continue
        me, theirs = pos
        expected = brute(me, theirs)
        got = c_solver.value(me, theirs)
        assert got == expected, (me, theirs, got, expected)
        c_moves = c_solver.move_values(me, theirs)
        for cell, v in c_moves.items():
            after = me | 1 << cell
            if any(after & m == m for m in SHAPE.masks_through[cell]):
                want = 1
            elif after | theirs == FULL:
                want = 0
            else:
                want = -brute(theirs, after)
            assert v == want, (me, theirs, cell, v, want)
        by_value[got] += 1
        checked += 1
    print(
        f"brute force: {checked} positions (17-21 marks; values {by_value}) and all their "
        f"move values agree ({time.perf_counter() - started:.1f} s)"
    )
    # 3. the pairing cut against the plain solver, positions with 3..9 marks from games where
    # both sides keep the value half of the time (so that many are draws)
    started = time.perf_counter()
    plain = Solver5(22, plain=True)
    checked = 0
    by_value = {-1: 0, 0: 0, 1: 0}
    while checked < plain_count:
        marks = rng.randint(3, 9)
        me = theirs = 0
        over = False
        for _ in range(marks):
            values = c_solver.move_values(me, theirs)
            best = max(values.values())
            good = [c for c, v in values.items() if v == best]
            cell = rng.choice(good if rng.random() < 0.5 else list(values))
            me |= 1 << cell
            if has_line(me):
                over = True
                break
            me, theirs = theirs, me
        if over:
            continue
        got = c_solver.value(me, theirs)
        expected = plain.value(me, theirs)
        assert got == expected, (me, theirs, got, expected)
        by_value[got] += 1
        checked += 1
        if checked % 50 == 0:
            plain.clear()
            c_solver.clear()
            print(f"  ... {checked} ({time.perf_counter() - started:.0f} s)", flush=True)
    print(
        f"without the pairing cut: {checked} positions (3-9 marks; values {by_value}) agree "
        f"({time.perf_counter() - started:.1f} s)"
    )


if __name__ == "__main__":
    main()
