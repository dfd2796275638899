"""Build the puzzle file (`nac/engine/puzzles.txt`) from scratch: `make puzzles`.

- 3×3: every position a game can reach (X or O to move), one per symmetry class: the first
  in order of mark count, then text.
- 4×4: the positions with MIN_EMPTY to MAX_EMPTY empty squares met in GAMES games, game `i`
  played with `random.Random(i)`, each move by Average or by Idiot at random (even odds): the
  kind of game where wins are thrown and found. One per symmetry class, the first met.

Every position is tested by the exact solver (`puzzles.find_puzzle`); the puzzles are written
easiest first. The same file every time; it takes about 4 to 5 s (2 shared, busy cores,
2026-11-22).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from nac.core import Level
from nac.core.board import Board
from nac.engine import puzzles
from nac.engine.opponents import choose_move
from nac.engine.puzzles import Puzzle, difficulty_order, find_puzzle, format_puzzle
from nac.engine.symmetry import symmetries

PUZZLE_FILE = Path(puzzles.__file__).with_name(puzzles.FILE_NAME)
GAMES = 2000
MIN_EMPTY = 5
MAX_EMPTY = 10
AVERAGE_ODDS = 0.5
"""How often a move in the 4×4 games is Average's rather than Idiot's."""


def reachable_3x3() -> list[Board]:
    """Every 3×3 position a game X started can reach and that is not over, in order of mark
    count then text (O's positions in games O started are these with the marks swapped)."""
    seen: set[Board] = set()
    stack = [Board.empty(3)]
    while stack:
        board = stack.pop()
        if board in seen or board.outcome is not None:
            continue
        seen.add(board)
        stack.extend(board.play(cell) for cell in board.empty_cells)
    return sorted(seen, key=lambda board: (board.mark_count, str(board)))


def positions_4x4(games: Iterable[int]) -> Iterator[Board]:
    """The 4×4 positions with MIN_EMPTY to MAX_EMPTY empty squares, game after game."""
    for game in games:
        rng = random.Random(game)
        board = Board.empty(4)
        while board.outcome is None:
            if MIN_EMPTY <= len(board.empty_cells) <= MAX_EMPTY:
                yield board
            level = Level.AVERAGE if rng.random() < AVERAGE_ODDS else Level.IDIOT
            board = board.play(choose_move(board, level, rng))


def one_per_class(boards: Iterable[Board]) -> list[Puzzle]:
    """The puzzles among `boards`, testing only the first board of each symmetry class."""
    seen: set[tuple[int, int]] = set()
    found = []
    for board in boards:
        mine, theirs = board.sides
        key = (board.size, symmetries(board.size).canonical_key(mine, theirs))
        if key in seen:
            continue
        seen.add(key)
        puzzle = find_puzzle(board)
        if puzzle is not None:
            found.append(puzzle)
    return found


def build(games: Iterable[int] = range(GAMES)) -> list[str]:
    """The file's lines: a header, then one line per puzzle, easiest first."""
    found = one_per_class(reachable_3x3()) + one_per_class(positions_4x4(games))
    return [
        "# nac puzzles: board, side to move, the one winning square, plies to win, tempting",
        "# wrong moves. Easiest first. Built by `make puzzles` (tools/make_puzzles.py).",
        *(format_puzzle(puzzle) for puzzle in sorted(found, key=difficulty_order)),
    ]


def main() -> None:
    started = time.perf_counter()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    lines = build(range(games))
    PUZZLE_FILE.write_text("\n".join(lines) + "\n", encoding="ascii")
    seconds = time.perf_counter() - started
    print(
        f"{len(lines) - 2} puzzles, {PUZZLE_FILE.stat().st_size:,} bytes, in {PUZZLE_FILE} "
        f"({seconds:.1f} s)"
    )


if __name__ == "__main__":
    main()
