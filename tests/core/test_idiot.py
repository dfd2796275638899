"""Idiot plays a uniformly random empty cell."""

import random
from collections import Counter

from nac.core import Board, Level
from nac.engine import choose_move

from . import reference


def test_idiot_only_plays_empty_cells() -> None:
    rng = random.Random(11)
    for cells in reference.non_terminal_positions():
        board = Board.parse(reference.as_text(cells))
        assert choose_move(board, Level.IDIOT, rng) in board.empty_cells


def test_idiot_chooses_every_empty_cell_about_equally_often() -> None:
    """60,000 picks on a board with 6 empty cells: each within 5% of the expected 10,000.

    For a fair choice the standard deviation of one count is about 91, so 5% (500) is over
    five standard deviations: a fair Idiot fails this about once in ten million runs.
    """
    board = Board.parse("X.O/.X./O..")
    rng = random.Random(2024)
    trials = 60_000
    counts = Counter(choose_move(board, Level.IDIOT, rng) for _ in range(trials))
    assert set(counts) == set(board.empty_cells)
    expected = trials / len(board.empty_cells)
    for cell, count in counts.items():
        assert abs(count - expected) <= 0.05 * expected, (cell, count)


def test_the_same_seed_gives_the_same_game() -> None:
    def game(seed: int) -> list[int]:
        rng = random.Random(seed)
        board = Board.empty()
        cells = []
        while board.outcome is None:
            cell = choose_move(board, Level.IDIOT, rng)
            cells.append(cell)
            board = board.play(cell)
        return cells

    assert game(5) == game(5)
    assert len({tuple(game(seed)) for seed in range(20)}) > 1
