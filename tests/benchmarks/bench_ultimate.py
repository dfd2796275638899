"""Benchmark of Ultimate's computer: Genius (one second a move) against a reference written
here, a plain UCT Monte Carlo tree search (c = 1.4, one uniformly random playout per
simulation, the most visited move played) at 10,000 and at 100,000 simulations a move; each
side starts half the games; the score (a win 1, a draw a half) with its 95% margin. The other
levels against both references and Average against Idiot, a quarter of the games.

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
from nac.engine.ultimate import ULTIMATE_SOURCE

from .common import header

GAMES = 40
REFERENCES = (10_000, 100_000)
GENIUS_SECONDS = 1.0
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


# -- the reference: its own rules, on bit masks and tables of its own, apart from nac's --------

FULL = 0x1FF
"""Every square of a 3×3 board, as bits (square s is bit s)."""
LINE_MASKS = tuple(sum(1 << s for s in line) for line in LINES)
HAS_LINE = tuple(any(bits & line == line for line in LINE_MASKS) for bits in range(512))
"""Whether a set of squares holds three in a row."""
SQUARES = tuple(tuple(s for s in range(9) if bits >> s & 1) for bits in range(512))
"""The squares of a set, in order."""
COUNT = tuple(len(squares) for squares in SQUARES)


class Ref:
    """A position: each small board's X squares and O squares as bit sets (`marks[board]`,
    `marks[9 + board]`), the boards won by X and by O (`won`), the boards decided (won or
    full), the board to play in (-1 any), the side to move (0 X, 1 O) and the winner (-1 none
    yet, 0 X, 1 O, 2 a draw)."""

    __slots__ = ("closed", "forced", "marks", "result", "turn", "won")

    def __init__(self) -> None:
        self.marks = [0] * 18
        self.won = [0, 0]
        self.closed = 0
        self.forced = -1
        self.turn = 0
        self.result = -1

    def copy(self) -> Ref:
        other = Ref.__new__(Ref)
        other.marks, other.won = self.marks[:], self.won[:]
        other.closed, other.forced = self.closed, self.forced
        other.turn, other.result = self.turn, self.result
        return other

    def moves(self) -> list[int]:
        """Every legal move (board * 9 + square); none once the game is over."""
        if self.result >= 0:
            return []
        marks = self.marks
        boards = (self.forced,) if self.forced >= 0 else SQUARES[FULL ^ self.closed]
        return [b * 9 + s for b in boards for s in SQUARES[FULL ^ (marks[b] | marks[9 + b])]]

    def play(self, cell: int) -> None:
        board, square = divmod(cell, 9)
        turn, marks = self.turn, self.marks
        mine = marks[board + 9 * turn] = marks[board + 9 * turn] | 1 << square
        if HAS_LINE[mine]:
            self.closed |= 1 << board
            won = self.won[turn] = self.won[turn] | 1 << board
            if HAS_LINE[won]:
                self.result = turn
        elif mine | marks[board + 9 - 9 * turn] == FULL:
            self.closed |= 1 << board
        if self.result < 0 and self.closed == FULL:
            self.result = 2
        self.forced = -1 if self.closed >> square & 1 else square
        self.turn = 1 - turn

    def playout(self, rng: random.Random, trail: list[int] | None = None) -> int:
        """Play uniformly random moves to the end, in place (each added to `trail` if given);
        returns the result."""
        random_ = rng.random
        marks, won = self.marks, self.won
        closed, forced, turn, result = self.closed, self.forced, self.turn, self.result
        while result < 0:
            if forced >= 0:
                board = forced
                squares = SQUARES[FULL ^ (marks[board] | marks[9 + board])]
                square = squares[int(random_() * len(squares))]
            else:  # one of every open board's empty squares, each as likely
                open_boards = SQUARES[FULL ^ closed]
                free = [COUNT[FULL ^ (marks[b] | marks[9 + b])] for b in open_boards]
                pick = int(random_() * sum(free))
                index = 0
                while pick >= free[index]:
                    pick -= free[index]
                    index += 1
                board = open_boards[index]
                square = SQUARES[FULL ^ (marks[board] | marks[9 + board])][pick]
            if trail is not None:
                trail.append(board * 9 + square)
            at = board + 9 * turn
            mine = marks[at] = marks[at] | 1 << square
            if HAS_LINE[mine]:
                closed |= 1 << board
                won[turn] |= 1 << board
                if HAS_LINE[won[turn]]:
                    result = turn
            elif mine | marks[board + 9 - 9 * turn] == FULL:
                closed |= 1 << board
            if result < 0 and closed == FULL:
                result = 2
            forced = -1 if closed >> square & 1 else square
            turn = 1 - turn
        self.closed, self.forced, self.turn, self.result = closed, forced, turn, result
        return result


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
    sqrt = math.sqrt
    for _ in range(simulations):
        node, state, path = root, position.copy(), [root]
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            best, best_score = node, -1.0
            for child in node.children:  # UCB1; the first of equals, as max() picks
                visits = child.visits
                score = child.wins / visits + 1.4 * sqrt(log_n / visits)
                if score > best_score:
                    best, best_score = child, score
            node = best
            state.play(node.move)
            path.append(node)
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            state.play(move)
            child = RefNode(move, state)
            node.children.append(child)
            path.append(child)
        mover = 1 - state.turn  # who played the last node's move
        end = state.playout(rng)
        outcome = 0.5 if end == 2 else (1.0 if end == mover else 0.0)
        for step in reversed(path):
            step.visits += 1
            step.wins += outcome
            outcome = 1.0 - outcome
    return max(root.children, key=lambda c: c.visits).move


def reference_agrees(games: int, seed: int = 0) -> bool:
    """Whether the reference's rules agree with nac's on `games` random games: the legal moves
    at every step of a random start, then every move of the reference's own playout from
    there is legal by nac's rules and the game ends as nac says."""
    rng = random.Random(seed)
    for _ in range(games):
        position, reference = UltimateBoard.empty(), Ref()
        for _ in range(rng.randrange(82)):
            if sorted(reference.moves()) != sorted(position.legal_moves):
                return False
            if position.is_over:
                break
            cell = rng.choice(position.legal_moves)
            position = position.play(cell)
            reference.play(cell)
        trail: list[int] = []
        end = reference.copy().playout(rng, trail)
        for cell in trail:
            if position.is_over or cell not in position.legal_moves:
                return False
            position = position.play(cell)
        winner = position.outcome.winner if position.outcome else None
        if not position.is_over or end != (2 if winner is None else (0 if winner is Mark.X else 1)):
            return False
    return True


# -- the games ---------------------------------------------------------------------------------


def play_game(task: tuple[str, str, int]) -> tuple[float, float, float, float, float]:
    """One game between two players (`genius`, a level's name, or `uct:N`), the first as X:
    X's score, the seconds X and O each took a move and the simulations Genius ran a move it
    searched (X's, O's; 0 for the other players)."""
    first, second, seed = task
    rng = random.Random(seed)
    position, reference = UltimateBoard.empty(), Ref()
    names = {Mark.X: first, Mark.O: second}
    spent = {Mark.X: [0.0, 0.0], Mark.O: [0.0, 0.0]}
    searched = {Mark.X: [0, 0], Mark.O: [0, 0]}
    while not position.is_over:
        mover = position.to_move
        start = time.perf_counter()
        cell = _choose(names[mover], position, reference, rng)
        spent[mover][0] += time.perf_counter() - start
        spent[mover][1] += 1
        if names[mover] == "genius" and ULTIMATE_SOURCE.simulations:
            searched[mover][0] += ULTIMATE_SOURCE.simulations
            searched[mover][1] += 1
        position = position.play(cell)
        reference.play(cell)
    winner = position.outcome.winner if position.outcome else None
    score = 0.5 if winner is None else (1.0 if winner is Mark.X else 0.0)
    x, o = (total / max(1.0, count) for total, count in spent.values())
    x_sims, o_sims = (total / max(1, count) for total, count in searched.values())
    return score, x, o, x_sims, o_sims


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
    mine_seconds, theirs_seconds, mine_simulations = [], [], []
    for (first, _, _), (x_score, x_seconds, o_seconds, x_sims, o_sims) in zip(
        tasks, results, strict=True
    ):
        as_x = first == player
        mine = x_score if as_x else 1.0 - x_score
        mine_seconds.append(x_seconds if as_x else o_seconds)
        theirs_seconds.append(o_seconds if as_x else x_seconds)
        mine_simulations.append(x_sims if as_x else o_sims)
        wins += mine == 1.0
        draws += mine == 0.5
        losses += mine == 0.0
    score = (wins + draws / 2) / games
    margin = 1.96 * math.sqrt(max(score * (1 - score), 0.25 / games) / games)
    minutes = (time.perf_counter() - start) / 60
    searching = [count for count in mine_simulations if count]
    simulations = (
        f"  {player}: {sum(searching) / len(searching):,.0f} simulations a move it searched"
        if searching
        else ""
    )
    print(
        f"{player:>9} vs {opponent:<10} {games:3d} games: {wins:3d} won {draws:3d} drawn "
        f"{losses:3d} lost  score {score:.2f} ± {margin:.2f}  (a move: "
        f"{sum(mine_seconds) / games:.2f} s / {sum(theirs_seconds) / games:.2f} s; "
        f"{minutes:.1f} min){simulations}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else GAMES
    references = tuple(int(n) for n in args[1:]) or REFERENCES
    workers = int(os.environ.get("ULTIMATE_WORKERS", "2"))
    header("Ultimate: the levels against a plain UCT reference (c = 1.4, random playouts)")
    if not reference_agrees(100):
        raise SystemExit("the reference's rules disagree with nac's")
    print(f"Genius: {GENIUS_SECONDS:g} s a move; {workers} games at once", flush=True)
    for simulations in references:
        match("genius", f"uct:{simulations}", games, workers)
    small = max(2, games // 4)
    for level in ("clever", "average", "idiot"):
        for simulations in references:
            match(level, f"uct:{simulations}", small, workers)
    match("average", "idiot", small, workers)


if __name__ == "__main__":
    main()
