"""Notakto in plain text, played by the one `ConsoleGame` under Notakto's rules: moves typed as
a board and a key or a square, the boards side by side, the computer's replies, hints, undo,
refusals that change nothing, and a finished game counted and saved."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from nac.core import Game, Level, Mode, NotaktoBoard, Rules, notakto_cell
from nac.engine import Engine
from nac.plain.console import ConsoleGame, board_text
from nac.play import Session
from nac.store import Settings, Storage, StorageDirs

HOW_TO_TYPE = "use a board and a key (2:5, 2 5 or 25) or a board and a square (2b2)"


def play(lines: list[str], storage: Storage | None = None, **settings: Any) -> tuple[str, Game]:
    """The console fed `lines` under Notakto on one board unless `settings` say otherwise, with
    a seeded engine, and nothing kept unless `storage` is given."""
    settings = {"rules": Rules.notakto(1), **settings}
    session = Session(storage or Storage.in_memory(), Settings(**settings))
    out = io.StringIO()
    typed = io.StringIO("".join(f"{line}\n" for line in lines))
    ConsoleGame(session, typed, out, Engine(rng=random.Random(3))).run()
    return out.getvalue(), session.game


@pytest.mark.parametrize(
    ("typed", "board", "square"),
    [("2:5", 1, 4), ("2 5", 1, 4), ("25", 1, 4), ("2b3", 1, 7), ("3a1", 2, 0), (":3:9", 2, 8)],
)
def test_a_move_is_a_board_and_a_key_or_a_square(typed: str, board: int, square: int) -> None:
    text, game = play([typed], rules=Rules.notakto(3), mode=Mode.TWO_PLAYER)
    assert [move.cell for move in game.moves] == [notakto_cell(board, square)]
    assert f"Player 1 played {board + 1}:" in text


@pytest.mark.parametrize("typed", ["5", "4:5", "2:0", "banana", "2d1"])
def test_a_move_that_names_no_square_is_refused_saying_how_to_type_one(typed: str) -> None:
    text, game = play([typed], rules=Rules.notakto(3), mode=Mode.TWO_PLAYER)
    assert f"'{typed}' is not a square: {HOW_TO_TYPE}" in text
    assert game.moves == () and game.board == NotaktoBoard.empty(3)


def test_on_one_board_the_key_alone_plays_and_the_computer_replies() -> None:
    text, game = play(["5"], level=Level.GENIUS)
    assert "You played 1:5." in text and "The computer played 1:" in text
    assert "Notakto on 1 board: both players put X's" in text
    assert len(game.moves) == 2 and game.moves[0].cell == 4 and game.moves[1].by_computer


def test_a_taken_square_and_a_dead_board_are_refused_and_change_nothing() -> None:
    lines = ["1:1", "1:1", "1:2", "1:3", "1:5"]
    text, game = play(lines, mode=Mode.TWO_PLAYER, rules=Rules.notakto(2))
    assert "That square of board 1 already holds an X." in text
    assert "Board 1 is dead (three in a row): play on a live board." in text
    assert isinstance(game.board, NotaktoBoard)
    assert len(game.moves) == 3 and game.board.dead == (True, False)


def test_the_boards_are_drawn_side_by_side_with_a_dead_boards_squares_crossed_out() -> None:
    game = Game(rules=Rules.notakto(2), mode=Mode.TWO_PLAYER)
    for cell in (0, 1, 2, 13):
        game.play_cell(cell)
    assert board_text(game) == (
        "\n"
        "  board 1      board 2  \n"
        " X | X | X    1 | 2 | 3 \n"
        "---+---+---  ---+---+---\n"
        " # | # | #    4 | X | 6 \n"
        "---+---+---  ---+---+---\n"
        " # | # | #    7 | 8 | 9 \n"
        "(dead: board 1)\n"
    )


def test_hint_and_undo() -> None:
    text, game = play(["h", "5", "u"], mode=Mode.TWO_PLAYER)
    assert "Hint: board 1, key 5: you win in 3." in text
    assert "Took back 1 move." in text
    assert not game.moves and game.board == NotaktoBoard.empty(1)


def test_a_finished_game_says_who_won_and_is_counted_and_saved(tmp_path: Path) -> None:
    storage = Storage.at(StorageDirs(tmp_path, tmp_path))
    text, game = play(["1", "2", "3"], storage, mode=Mode.TWO_PLAYER)
    assert "Player 1 killed the last board: Player 2 won." in text
    assert "Score: Player 1 0, Player 2 1. Enter or n for a new game, q to quit" in text
    assert game.is_over
    again = Storage.at(StorageDirs(tmp_path, tmp_path))
    assert again.stats.records()["two-player+notakto1"].lost == 1  # the second side won
    saved = again.games.last()
    assert saved is not None and saved.rules == Rules.notakto(1)
    assert saved.moves == (0, 1, 2) and saved.board == game.board


def test_watching_the_computer_play_notakto_ends_with_a_winner() -> None:
    text, game = play(
        [], rules=Rules.notakto(3), mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.AVERAGE)
    )
    assert game.is_over and game.outcome is not None and game.outcome.winner is not None
    assert "killed the last board: Genius (1) beat Average (2)." in text
