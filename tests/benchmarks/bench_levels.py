"""Benchmark of the levels' strength: each level against fixed reference players on 3×3.

Every level, Adaptive included, plays a session of 1,000 games against each reference player
through the core as the app plays it (a `Match` whose starter rule alternates, so each side
starts half the games; the reference in the person's seat), and the table gives the level's
wins / draws / losses and its points per game (a win 1, a draw ½). Adaptive follows the
session's score as it does in the app. Prints figures; asserts nothing. Run with `make bench`.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable

from nac.core import FIXED_LEVELS, Board, Game, GameResult, Level, Match, Mode, Starter
from nac.engine import Engine, play
from nac.engine.normal_rules import urgent_cells

from .common import ensure_bytecode, header

GAMES = 1000
LEVELS = (*FIXED_LEVELS, Level.ADAPTIVE)

Reference = Callable[[Board, random.Random], int]


def random_player(board: Board, rng: random.Random) -> int:
    """Any empty square."""
    return rng.choice(board.empty_cells)


def greedy_player(board: Board, rng: random.Random) -> int:
    """Wins at once if it can, else blocks a win at once, else any empty square."""
    return rng.choice(urgent_cells(board) or list(board.empty_cells))


def half_perfect_player(board: Board, rng: random.Random) -> int:
    """Genius's move half the time, any empty square otherwise."""
    if rng.random() < 0.5:
        return random_player(board, rng)
    return play(board, Level.GENIUS, rng=rng)


REFERENCES: dict[str, Reference] = {
    "random": random_player,
    "greedy": greedy_player,
    "half-perfect": half_perfect_player,
}
"""Average is no reference: Average and Genius draw every game against it (and so would any
level between them that is perfect or Average at every move)."""


def session(
    level: Level, reference: Reference, seed: int, games: int = GAMES
) -> tuple[Counter[GameResult], Counter[Level]]:
    """`games` games of `level` against `reference`: the results from the level's side, and
    how many moves it made playing like each fixed level."""
    rng = random.Random(seed)
    engine = Engine(rng=random.Random(seed + 1))
    game = Game(level=level, mode=Mode.COMPUTER)
    match = Match(game, Starter.ALTERNATE)
    results: Counter[GameResult] = Counter()
    played_like: Counter[Level] = Counter()
    for _ in range(games):
        while not game.is_over:
            if game.is_computer_turn:
                played_like[game.computer_turn().level] += 1
                engine.reply(game)
            else:
                board = game.board
                assert isinstance(board, Board)
                game.play_cell(reference(board, rng))
        assert match.last is not None
        results[_for_the_level(match.last.result)] += 1
        match.new_game()
    return results, played_like


def _for_the_level(result: GameResult) -> GameResult:
    """A result from the person's side (the reference's) as the level sees it."""
    flipped = {GameResult.WON: GameResult.LOST, GameResult.LOST: GameResult.WON}
    return flipped.get(result, result)


def points_per_game(results: Counter[GameResult]) -> float:
    games = sum(results.values())
    return (results[GameResult.WON] + results[GameResult.DRAWN] / 2) / games


def margin(results: Counter[GameResult]) -> float:
    """Half the width of a 95% confidence interval of the points per game (1.96 standard
    errors of the mean of each game's points)."""
    games = sum(results.values())
    mean = points_per_game(results)
    points = {GameResult.WON: 1.0, GameResult.DRAWN: 0.5, GameResult.LOST: 0.0}
    variance = sum(count * (points[r] - mean) ** 2 for r, count in results.items()) / games
    return 1.96 * math.sqrt(variance / games)


def strength_table() -> None:
    header(f"Levels against reference players: {GAMES} games each, 3×3, each side starting half")
    print(
        "wins / draws / losses for the row's level, then its points per game (win 1, draw ½) "
        "± its 95% margin"
    )
    started = time.perf_counter()
    print(f"| {'':8} | " + " | ".join(f"vs {name:33}" for name in REFERENCES) + " |")
    print("|" + "---|" * (len(REFERENCES) + 1))
    adaptive_moves: dict[str, Counter[Level]] = {}
    for row, level in enumerate(LEVELS):
        cells = []
        for column, (name, reference) in enumerate(REFERENCES.items()):
            results, played_like = session(level, reference, seed=100 * row + 10 * column)
            won, drawn, lost = (results[r] for r in GameResult)
            cells.append(
                f"{won} / {drawn} / {lost}: {points_per_game(results):.3f} ± {margin(results):.3f}"
            )
            if level is Level.ADAPTIVE:
                adaptive_moves[name] = played_like
        print(f"| {level.label:8} | " + " | ".join(f"{cell:36}" for cell in cells) + " |")
    for name, played_like in adaptive_moves.items():
        moves = sum(played_like.values())
        shares = ", ".join(f"{like.label} {played_like[like] / moves:.0%}" for like in FIXED_LEVELS)
        print(f"Adaptive against {name}: its moves played like {shares}")
    print(f"({time.perf_counter() - started:.1f} s)")


def main() -> None:
    ensure_bytecode()
    strength_table()


if __name__ == "__main__":
    main()
