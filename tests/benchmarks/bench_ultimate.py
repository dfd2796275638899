"""Benchmark of Ultimate's computer: Genius (one second a move) against a reference written
here, a plain UCT Monte Carlo tree search (c = 1.4, one uniformly random playout per
simulation, the most visited move played) at 10,000 and at 100,000 simulations a move; each
side starts half the games; the score (a win 1, a draw a half) with its 95% margin. The other
levels against the 10,000 reference and against each other, fewer games.

Prints figures; asserts nothing. `make bench` runs it; `python -m tests.benchmarks.bench_ultimate
GAMES SIMULATIONS...` runs a part (`ULTIMATE_WORKERS` games at once, 2 by default).
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from nac.core import Level, Mark, UltimateBoard
from nac.engine import Limit, choose_move

from .common import header

GAMES = 40
REFERENCES = (10_000, 100_000)
GENIUS_SECONDS = 1.0
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


# -- the reference: its own rules, written plainly, apart from nac's ---------------------------


def _won(board: list[int], who: int) -> bool:
    return any(board[a] == board[b] == board[c] == who for a, b, c in LINES)


class Ref:
    """A position: 81 squares (0 empty, 1 X, 2 O; board * 9 + square), each board's state (0
    open, 1 or 2 won, 3 full), the board to play in (-1 any) and the side to move."""

    __slots__ = ("big", "cells", "forced", "turn")

    def __init__(self) -> None:
        self.cells = [0] * 81
        self.big = [0] * 9
        self.forced = -1
        self.turn = 1

    def copy(self) -> Ref:
        other = Ref.__new__(Ref)
        other.cells, other.big = self.cells[:], self.big[:]
        other.forced, other.turn = self.forced, self.turn
        return other

    def winner(self) -> int:
        """1 or 2 for a won game, 3 for a draw, 0 while it goes on."""
        for who in (1, 2):
            if _won(self.big, who):
                return who
        return 3 if all(self.big) else 0

    def moves(self) -> list[int]:
        if self.winner():
            return []
        boards = [self.forced] if self.forced >= 0 else [b for b in range(9) if not self.big[b]]
        cells = self.cells
        return [b * 9 + s for b in boards for s in range(9) if not cells[b * 9 + s]]

    def play(self, cell: int) -> None:
        board, square = divmod(cell, 9)
        self.cells[cell] = self.turn
        small = self.cells[board * 9 : board * 9 + 9]
        if _won(small, self.turn):
            self.big[board] = self.turn
        elif all(small):
            self.big[board] = 3
        self.forced = square if not self.big[square] else -1
        self.turn = 3 - self.turn


class RefNode:
    __slots__ = ("children", "move", "untried", "visits", "wins")

    def __init__(self, move: int, position: Ref) -> None:
        self.move = move
        self.children: list[RefNode] = []
        self.untried = position.moves()
        self.visits = 0
        self.wins = 0.0


def uct_move(position: Ref, simulations: int, rng: random.Random) -> int:
    """Plain UCT: select by UCB1 (c = 1.4), expand one move, one uniformly random playout."""
    root = RefNode(-1, position)
    for _ in range(simulations):
        node, state, path = root, position.copy(), [root]
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(
                node.children,
                key=lambda c: c.wins / c.visits + 1.4 * math.sqrt(log_n / c.visits),
            )
            state.play(node.move)
            path.append(node)
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            state.play(move)
            child = RefNode(move, state)
            node.children.append(child)
            path.append(child)
        mover = 3 - state.turn  # who played the last node's move
        moves = state.moves()
        while moves:
            state.play(rng.choice(moves))
            moves = state.moves()
        end = state.winner()
        outcome = 0.5 if end == 3 else (1.0 if end == mover else 0.0)
        for step in reversed(path):
            step.visits += 1
            step.wins += outcome
            outcome = 1.0 - outcome
    return max(root.children, key=lambda c: c.visits).move


# -- the games ---------------------------------------------------------------------------------


def play_game(task: tuple[str, str, int]) -> tuple[float, float, float]:
    """One game between two players (`genius`, a level's name, or `uct:N`), the first as X:
    X's score and the seconds X and O each took a move."""
    first, second, seed = task
    rng = random.Random(seed)
    position, reference = UltimateBoard.empty(), Ref()
    names = {Mark.X: first, Mark.O: second}
    spent = {Mark.X: [0.0, 0.0], Mark.O: [0.0, 0.0]}
    while not position.is_over:
        mover = position.to_move
        start = time.perf_counter()
        cell = _choose(names[mover], position, reference, rng)
        spent[mover][0] += time.perf_counter() - start
        spent[mover][1] += 1
        position = position.play(cell)
        reference.play(cell)
    winner = position.outcome.winner if position.outcome else None
    score = 0.5 if winner is None else (1.0 if winner is Mark.X else 0.0)
    x, o = (total / max(1.0, count) for total, count in spent.values())
    return score, x, o


def _choose(name: str, position: UltimateBoard, reference: Ref, rng: random.Random) -> int:
    if name.startswith("uct:"):
        return uct_move(reference, int(name[4:]), rng)
    level = Level(name)
    limit = Limit(seconds=GENIUS_SECONDS) if level in (Level.GENIUS, Level.CLEVER) else Limit()
    return choose_move(position, level, rng, limit=limit)


def match(player: str, opponent: str, games: int, workers: int) -> None:
    """`games` between `player` and `opponent`, each starting half; prints `player`'s score."""
    tasks = [
        (player, opponent, seed) if seed % 2 == 0 else (opponent, player, seed)
        for seed in range(games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results = []
        for done, result in enumerate(pool.map(play_game, tasks), 1):
            results.append(result)  # a long run says how far it is, on one line
            print(f"\r  {done}/{games} games", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    wins = draws = losses = 0
    mine_seconds, theirs_seconds = [], []
    for (first, _, _), (x_score, x_seconds, o_seconds) in zip(tasks, results, strict=True):
        as_x = first == player
        mine = x_score if as_x else 1.0 - x_score
        mine_seconds.append(x_seconds if as_x else o_seconds)
        theirs_seconds.append(o_seconds if as_x else x_seconds)
        wins += mine == 1.0
        draws += mine == 0.5
        losses += mine == 0.0
    score = (wins + draws / 2) / games
    margin = 1.96 * math.sqrt(max(score * (1 - score), 0.25 / games) / games)
    minutes = (time.perf_counter() - start) / 60
    print(
        f"{player:>9} vs {opponent:<10} {games:3d} games: {wins:3d} won {draws:3d} drawn "
        f"{losses:3d} lost  score {score:.2f} ± {margin:.2f}  (a move: "
        f"{sum(mine_seconds) / games:.2f} s / {sum(theirs_seconds) / games:.2f} s; "
        f"{minutes:.1f} min)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else GAMES
    references = tuple(int(n) for n in args[1:]) or REFERENCES
    workers = int(os.environ.get("ULTIMATE_WORKERS", "2"))
    header("Ultimate: the levels against a plain UCT reference (c = 1.4, random playouts)")
    print(f"Genius: {GENIUS_SECONDS:g} s a move; {workers} games at once", flush=True)
    for simulations in references:
        match("genius", f"uct:{simulations}", games, workers)
    small = max(2, games // 4)
    for level in ("clever", "average", "idiot"):
        match(level, f"uct:{min(references)}", small, workers)
    match("average", "idiot", small, workers)


if __name__ == "__main__":
    main()
