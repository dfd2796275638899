"""Notakto in plain text: moves typed as a board and a key, the computer's replies, hints,
undo, refusals that change nothing, and a finished game kept."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from nac.core import IllegalMove, Level, Mode, NotaktoGame, NotaktoMove
from nac.notakto_console import NotaktoConsole, parse_move
from nac.store import Session, Settings, Storage

KEYS = (1, 2, 3, 4, 5, 6, 7, 8, 9)


def play(lines: list[str], **settings: Any) -> tuple[str, NotaktoGame, Storage]:
    storage = Storage.in_memory()
    session = Session(storage, Settings(notakto=True, **settings))
    out = io.StringIO()
    typed = io.StringIO("".join(f"{line}\n" for line in lines))
    NotaktoConsole(session, typed, out, rng=random.Random(3)).run()
    return out.getvalue(), session.notakto.game, storage


@pytest.mark.parametrize(
    ("typed", "move"),
    [("2:5", NotaktoMove(1, 4)), ("2 5", NotaktoMove(1, 4)), ("25", NotaktoMove(1, 4)),
     ("2b3", NotaktoMove(1, 7)), ("3a1", NotaktoMove(2, 0))],
)  # fmt: skip
def test_a_move_is_a_board_and_a_key_or_a_square(typed: str, move: NotaktoMove) -> None:
    assert parse_move(typed, 3, KEYS) == move


@pytest.mark.parametrize("typed", ["5", "4:5", "2:0", "banana", "2d1"])
def test_a_move_that_names_no_square_is_refused_saying_how_to_type_one(typed: str) -> None:
    with pytest.raises(IllegalMove, match="a board from 1 to 3 and a key"):
        parse_move(typed, 3, KEYS)


def test_on_one_board_the_key_alone_plays_and_the_computer_replies() -> None:
    text, game, _ = play(["5"], level=Level.GENIUS)
    assert "Genius plays board 1, key" in text
    assert len(game.moves) == 2


def test_a_taken_square_and_a_dead_board_are_refused_and_change_nothing() -> None:
    text, game, _ = play(["1:1", "1:1", "1:2", "1:3", "1:5"], mode=Mode.TWO_PLAYER, boards=2)
    assert "That square of board 1 already holds an X." in text
    assert "Board 1 is dead (three in a row): play on a live board." in text
    assert len(game.moves) == 3 and game.position.dead == (True, False)


def test_hint_and_undo() -> None:
    text, game, _ = play(["h", "5", "u"], mode=Mode.TWO_PLAYER)
    assert "Hint: board 1, key 5 — you win in 3." in text
    assert not game.moves


def test_a_finished_game_says_who_won_and_is_kept() -> None:
    text, game, storage = play(["1", "2", "3"], mode=Mode.TWO_PLAYER)
    assert "Player 2 won: Player 1 killed the last board. An empty line or n starts" in text
    assert game.is_over
    assert storage.stats.records()["two-player+notakto1"].lost == 1  # the second side won
