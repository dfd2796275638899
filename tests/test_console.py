"""The plain-text front end plays real games from typed lines."""

import io
import random

from nac.console import ConsoleGame
from nac.core import Game, Level


def play(lines: list[str], **options: object) -> tuple[str, Game]:
    game = Game(rng=random.Random(4), **options)  # type: ignore[arg-type]
    out = io.StringIO()
    ConsoleGame(game, io.StringIO("".join(line + "\n" for line in lines)), out).run()
    return out.getvalue(), game


def test_typed_keys_play_and_the_computer_replies() -> None:
    text, game = play(["5"], level=Level.GENIUS)
    assert "You (X) played 5." in text
    assert "The computer (O) played" in text
    assert game.board.mark_count == 2


def test_a_taken_square_is_refused_with_a_message() -> None:
    text, game = play(["5", "5"])
    assert "Square 5 is taken by X." in text
    assert game.board.mark_count == 2


def test_nonsense_is_refused_and_changes_nothing() -> None:
    text, game = play(["0", "banana", "12"])
    assert text.count("is not a square") == 3
    assert game.board.is_empty


def test_a_whole_game_ends_with_a_result_and_a_score() -> None:
    # Against Idiot, typing every key in order fills the board whatever it plays.
    text, game = play([str(key) for key in range(1, 10)], level=Level.IDIOT)
    assert game.is_over
    assert any(result in text for result in ("You won!", "The computer won.", "Draw."))
    assert "Score: you" in text


def test_the_computer_starts_only_on_an_empty_board() -> None:
    text, game = play(["s", "s"])
    assert game.board.mark_count == 1
    assert "only start on an empty board" in text


def test_end_of_input_quits_cleanly() -> None:
    text, _game = play([])
    assert "Noughts and crosses" in text
