"""The outside-bot adapter of `tests.benchmarks.ultimate_outside`: its own Ultimate rules (they
must agree with nac's, which they do not import), the squares' names `nac engine` uses, and a
whole game between a fake CodinGame bot (a random legal mover, written here) and `nac engine`
at a tiny budget, with the failures a bot can have (an illegal move, no move, silence)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from nac.core.mark import Mark
from nac.core.notation import square_of
from nac.core.rules import ULTIMATE
from nac.core.ultimate import UltimateBoard, grid_cell, grid_place
from tests.benchmarks.bench_ultimate_outside import bots_named, wilson
from tests.benchmarks.ultimate_outside import (
    CROSS,
    DRAW,
    FULL_BOARD,
    NOUGHT,
    CodinGameBot,
    Game,
    IllegalMove,
    NacEngine,
    bot_command,
    cell_named,
    live_processes,
    name_of,
    parse_bot_move,
    play_game,
)

RANDOM_BOT = """
import random, sys
rng = random.Random(int(sys.argv[1]))
while True:
    last = sys.stdin.readline()
    if not last:
        break
    count = int(sys.stdin.readline())
    actions = [sys.stdin.readline().split() for _ in range(count)]
    row, column = rng.choice(actions)
    print(row, column, "and a comment", flush=True)
"""
"""A CodinGame bot: reads the last move, the legal moves, and answers one of them at random
(with words after it, as some arena bots print)."""

STUBBORN_BOT = """
import sys
while sys.stdin.readline():
    for _ in range(int(sys.stdin.readline())):
        sys.stdin.readline()
    print("4 4", flush=True)
"""
"""Always the centre: illegal from its second move on (or its first as O, after e5)."""

SILENT_BOT = "import sys\nsys.stdin.read()\n"
GARBAGE_BOT = "import sys\nsys.stdin.readline()\nprint('pass', flush=True)\nsys.stdin.read()\n"


def bot(tmp_path: Path, name: str, source: str, *args: str) -> CodinGameBot:
    script = tmp_path / f"fake_bot_{name}.py"  # not random.py: it would import itself
    script.write_text(source)
    return CodinGameBot(name, [sys.executable, str(script), *args])


@pytest.fixture(scope="module")
def genius() -> Iterator[NacEngine]:
    engine = NacEngine(nodes=30, name="Genius")
    yield engine
    engine.close()


def test_the_rules_agree_with_nacs_over_random_games() -> None:
    rng = random.Random(41)
    for _ in range(60):
        game, board = Game(), UltimateBoard.empty()
        while True:
            theirs = sorted(grid_place(cell)[::-1] for cell in board.legal_moves)
            assert game.legal() == theirs
            if board.outcome is not None:
                winner = board.outcome.winner
                assert game.result == {Mark.X: CROSS, Mark.O: NOUGHT, None: DRAW}[winner]
                break
            assert game.result is None
            row, column = rng.choice(game.legal())
            game.play((row, column))
            board = board.play(grid_cell(column, row))


def test_a_move_sends_to_its_squares_board_or_anywhere_once_that_is_decided() -> None:
    game = Game()
    assert len(game.legal()) == 81
    game.play((4, 4))  # the centre's centre: O must play in the centre board
    assert game.legal() == [(r, c) for r in range(3, 6) for c in range(3, 6) if (r, c) != (4, 4)]
    with pytest.raises(IllegalMove):
        game.play((0, 0))
    with pytest.raises(IllegalMove):
        game.play((4, 4))
    # O sends X back to the top-left board three times; X takes its top row
    for cell in [(3, 3), (0, 1), (0, 3), (0, 2), (0, 6), (0, 0)]:
        game.play(cell)
    assert game.boards[0] == CROSS and game.result is None
    # O is sent to the top-left board, decided: anywhere open, and nowhere in it
    assert game.legal() == [
        (r, c) for r in range(9) for c in range(9) if game.grid[r][c] == 0 and (r > 2 or c > 2)
    ]
    with pytest.raises(IllegalMove):
        game.play((1, 1))
    game.play((3, 0))  # the left board's top-left square: X is sent to board 0, decided
    assert {r // 3 * 3 + c // 3 for r, c in game.legal()} == {1, 2, 3, 4, 5, 6, 7, 8}


def test_a_full_board_is_closed_and_a_full_game_is_a_draw_but_codingame_counts_boards() -> None:
    game = Game()
    x, o = CROSS, NOUGHT
    game.boards = [x, o, x, x, o, o, o, x, 0]  # four won boards each, no line
    for place, mark in enumerate([x, o, x, x, o, o, o, x, 0]):  # the last board: no line
        game.grid[6 + place // 3][6 + place % 3] = mark
    assert game.legal() == [(8, 8)]
    game.play((8, 8))
    assert game.boards[8] == FULL_BOARD and game.result == DRAW
    assert game.legal() == []
    assert game.codingame_result() == DRAW  # as many won boards each
    game.boards[1] = CROSS
    assert game.codingame_result() == CROSS


def test_the_names_are_nac_engines() -> None:
    for cell in range(81):
        column, row = grid_place(cell)
        assert name_of((row, column)) == square_of(ULTIMATE, cell)
        assert cell_named(square_of(ULTIMATE, cell)) == (row, column)
    assert name_of((4, 4)) == "e5" and cell_named("b3") == (2, 1)
    with pytest.raises(ValueError):
        cell_named("j1")


def test_reading_a_bots_line_and_its_command() -> None:
    assert parse_bot_move("3 7 0.5123 10000") == (3, 7)
    assert bot_command("/bots/a {seconds} --ms={ms}", 0.1) == (["/bots/a", "0.1", "--ms=100"], True)
    assert bot_command("'/my bots/b'", 1.0) == (["/my bots/b"], False)
    assert [b.name for b in bots_named(["a=/x {ms}, b=/y", ""])] == ["a", "b"]
    low, high = wilson(0.5, 10)
    assert 0.2 < low < 0.5 < high < 0.8


def test_a_random_bot_against_nac_engine_every_move_checked(
    tmp_path: Path, genius: NacEngine
) -> None:
    for number, x_is_genius in enumerate((True, False)):
        random_bot = bot(tmp_path, "random", RANDOM_BOT, str(number))
        x, o = (genius, random_bot) if x_is_genius else (random_bot, genius)
        record = play_game(x, o, timeout=10.0)
        assert record.result in (CROSS, NOUGHT, DRAW), record.ending
        assert record.illegal == {CROSS: 0, NOUGHT: 0}
        replay = Game()
        for cell in record.moves:
            replay.play(cell)
        assert replay.result == record.result
        assert len(record.seconds[CROSS]) + len(record.seconds[NOUGHT]) == len(record.moves)
    assert live_processes() == 1  # the engine only, kept for the next game


@pytest.mark.parametrize(
    ("source", "ending"),
    [(STUBBORN_BOT, "illegal move"), (GARBAGE_BOT, "garbage"), (SILENT_BOT, "timeout")],
)
def test_a_bot_that_plays_no_legal_move_loses(
    tmp_path: Path, genius: NacEngine, source: str, ending: str
) -> None:
    record = play_game(genius, bot(tmp_path, "bad", source), timeout=1.0)
    assert record.result == CROSS and ending in record.ending
    assert record.illegal[NOUGHT] == (1 if ending == "illegal move" else 0)
    assert record.illegal[CROSS] == 0


def test_nothing_outlives_the_players(tmp_path: Path) -> None:
    before = live_processes()
    engine = NacEngine(nodes=10)
    record = play_game(bot(tmp_path, "r1", RANDOM_BOT, "1"), engine, timeout=10.0)
    assert record.result is not None
    assert live_processes() == before + 1  # the engine waits for another game; the bot is gone
    engine.close()
    assert live_processes() == before
