"""The plain-text front end plays real games from typed lines, on any board and in every mode."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from nac.cli import main
from nac.core import (
    NORMAL,
    Game,
    Level,
    Mode,
    Rules,
    Starter,
    UltimateBoard,
    Variant,
    find_rules,
    format_game,
)
from nac.core.notation import square_of
from nac.engine import Engine
from nac.plain.console import ConsoleGame, review_text
from nac.play import Session
from nac.store import Settings, Storage, StorageDirs

MISERE_3 = Rules.of(3, Variant.MISERE)
ULTIMATE = find_rules("ultimate")


def play(lines: list[str], storage: Storage | None = None, **settings: Any) -> tuple[str, Game]:
    """The console fed `lines`, with these settings (Settings fields), a seeded engine, and
    nothing kept unless `storage` is given."""
    session = Session(storage or Storage.in_memory(), Settings(**settings))
    out = io.StringIO()
    typed = io.StringIO("".join(f"{line}\n" for line in lines))
    ConsoleGame(session, typed, out, Engine(rng=random.Random(4))).run()
    return out.getvalue(), session.game


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


def test_a_whole_game_ends_with_a_result_a_score_and_what_to_press() -> None:
    # Against Idiot, typing every key in order fills the board whatever it plays.
    text, game = play([str(key) for key in range(1, 10)], level=Level.IDIOT)
    assert game.is_over
    assert any(result in text for result in ("You won.", "Idiot won.", "Draw."))
    assert "Score: You" in text and "n for a new game, q to quit" in text


@pytest.mark.parametrize("rules", [NORMAL, MISERE_3, Rules.notakto(1)], ids=str)
def test_a_square_typed_after_the_game_says_it_is_over_not_to_wait(rules: Rules) -> None:
    text, game = play([str(key) for key in range(1, 10)] * 2, level=Level.IDIOT, rules=rules)
    assert game.is_over
    assert "The game is over: Enter starts the next one." in text
    assert "The computer is thinking" not in text


def test_against_adaptive_the_console_says_what_it_plays_like_after_each_game() -> None:
    text, game = play([str(key) for key in range(1, 10)], level=Level.ADAPTIVE)
    assert "the computer (Adaptive: playing like Average now) is O" in text
    winner = game.outcome.winner if game.outcome else None
    now = {None: "Average", game.human: "Clever", game.computer: "Idiot"}[winner]
    assert f"Draws {int(winner is None)}. Adaptive: playing like {now} now." in text


def test_the_computer_starts_only_on_an_empty_board() -> None:
    text, game = play(["s", "s"])
    assert game.board.mark_count == 1
    assert "only start on an empty board" in text


def test_end_of_input_quits_cleanly() -> None:
    text, _game = play([])
    assert "Noughts and crosses" in text


def test_a_4x4_board_is_played_by_square_names() -> None:
    text, game = play(["b3", "5"], rules=Rules.of(4))
    assert game.board.size == 4 and game.board[9] is not None
    assert "You (X) played b3." in text
    assert "'5' is not a square: use a square like b3" in text
    assert "    a   b   c   d" in text


def test_ultimate_is_played_by_grid_names_or_a_board_and_a_key() -> None:
    text, game = play(["e5", "55", "1:1", "d6"], rules=ULTIMATE, mode=Mode.TWO_PLAYER)
    board = game.board
    assert isinstance(board, UltimateBoard)
    assert [square_of(ULTIMATE, move.cell) for move in game.moves] == ["e5", "d6"]
    assert "square e5 is taken" in text.lower()  # 55: board 5's key 5, e5 again
    assert "must be played in board 5" in text  # 1:1 (a1) is not where e5 sent O
    assert "    a b c   d e f   g h i" in text and "Play in board 7." in text
    assert "nine 3×3 boards in a big one" in text


def test_two_players_type_in_turn() -> None:
    text, game = play(["5", "1", "9"], mode=Mode.TWO_PLAYER)
    assert [move.by_computer for move in game.moves] == [False, False, False]
    assert "O played 1." in text


def test_watch_mode_plays_whole_games_and_waits_for_enter() -> None:
    text, _game = play(["", "q"], mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.GENIUS))
    assert text.count("Draw between Genius (X) and Genius (O).") == 2


def test_the_starter_rule_lets_the_computer_open_every_game() -> None:
    _text, game = play(["n"], starter=Starter.COMPUTER)
    assert game.board.mark_count == 1 and game.moves[0].by_computer


def test_hint_undo_and_new_game_work_in_plain_text() -> None:
    text, game = play(["h", "5", "u", "n"], level=Level.GENIUS)
    assert "Hint for X: square" in text
    assert "Took back 2 moves." in text
    assert game.board.is_empty


def test_finished_games_are_counted_in_the_lifetime_stats_and_saved(tmp_path: Path) -> None:
    storage = Storage.at(StorageDirs(tmp_path, tmp_path))
    _text, game = play([str(key) for key in range(1, 10)], storage, level=Level.IDIOT)
    records = Storage.at(StorageDirs(tmp_path, tmp_path)).stats.records()
    assert list(records) == ["computer/idiot"] and records["computer/idiot"].played == 1
    saved = Storage.at(StorageDirs(tmp_path, tmp_path)).games.last()
    assert saved is not None and saved.moves == tuple(move.cell for move in game.moves)


def test_the_computer_moves_first_when_the_starter_rule_says_so() -> None:
    text, game = play([], starter=Starter.COMPUTER, level=Level.GENIUS)
    assert game.moves[0].by_computer
    assert text.index("The computer (O) played") < text.index(">")
    assert "your move" not in text.lower().split("the computer (o) played")[0]


def test_the_first_move_alternates_from_game_to_game() -> None:
    text, _game = play(["n", "n"], starter=Starter.ALTERNATE)
    welcomes = [line for line in text.splitlines() if "You play X" in line]
    assert [("starts" in line) for line in welcomes] == [False, True, False]


def test_a_square_typed_after_a_colon_is_played_as_in_the_app() -> None:
    text, game = play([":b2", ": c3"], rules=Rules.of(4), mode=Mode.TWO_PLAYER)
    assert game.board[5] is not None and game.board[10] is not None
    assert "is not a square" not in text


def test_output_that_cannot_show_every_character_gets_plain_ascii() -> None:
    session = Session(Storage.in_memory(), Settings(rules=Rules.of(4)))
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    ConsoleGame(session, io.StringIO("q\n"), out, Engine(rng=random.Random(4))).run()
    out.flush()
    assert isinstance(out.buffer, io.BytesIO)
    text = out.buffer.getvalue().decode("ascii")
    assert "4 in a row on a 4x4 board" in text


def test_plain_lab_prints_the_five_techniques_with_the_textbook_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--plain", "--lab", ".../.../..."]) == 0
    printed = capsys.readouterr().out
    minimax = next(line for line in printed.splitlines() if line.startswith("minimax "))
    assert minimax.split()[1] == "549,946" and " draw " in minimax
    assert "All five agree: draw for the side to move" in printed
    assert "549,946 nodes, 255,168 games, 5,478 positions (765 up to symmetry)" in printed
    for name in ("+ alpha-beta", "+ move ordering", "+ transposition table", "+ symmetry"):
        assert name in printed


def test_plain_lab_on_ultimate_prints_each_techniques_estimate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # X has won boards 1 and 2 and is sent to board 3, where c1 wins the game
    grid = "XXXXXXXX./OO..OOO../......O../........./O.......O/" + "........./" * 3 + "........."
    assert main(["--plain", "--lab", f"{grid} 3", "--variant", "ultimate"]) == 0
    printed = capsys.readouterr().out
    assert "Ultimate · move 17 · X to move in board 3" in printed
    assert "Estimates, not values: Ultimate is not solved." in printed
    rows = [line for line in printed.splitlines() if line.startswith(("minimax", "+", "Monte"))]
    assert len(rows) == 4 and all(row.split()[-1] == "i1" for row in rows)
    assert all("win in 1" in row for row in rows)
    assert "All four pick i1." in printed


def test_plain_plays_misere_and_says_who_made_the_line() -> None:
    # Two players: X makes the top row, and so loses.
    text, game = play(["1", "5", "2", "9", "3"], mode=Mode.TWO_PLAYER, rules=MISERE_3)
    assert "Misère: three in a row of your own loses." in text
    assert "X made three in a row: misère, so O won." in text
    assert game.outcome is not None and str(game.outcome.winner) == "O"


def test_a_misere_game_is_counted_apart_saved_with_its_rules_and_reviewed_by_them(
    tmp_path: Path,
) -> None:
    storage = Storage.at(StorageDirs(tmp_path, tmp_path))
    play(["1", "5", "2", "9", "3"], storage, mode=Mode.TWO_PLAYER, rules=MISERE_3)
    again = Storage.at(StorageDirs(tmp_path, tmp_path))
    assert list(again.stats.records()) == ["two-player+misere"]
    saved = again.games.last()
    assert saved is not None and saved.rules == MISERE_3
    assert "variant=misere" in format_game(saved)
    review = review_text(saved)
    assert "Misère: every move rated against perfect play" in review
    assert "5. X 3  inaccuracy" in review and "(makes three in a\n      row: loses)" in review


class Terminal(io.StringIO):
    """A terminal's output: a stream that says it is one."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_long_lines_break_between_words_at_its_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    session = Session(Storage.in_memory(), Settings(level=Level.GENIUS))
    out = Terminal()
    ConsoleGame(session, io.StringIO("h\n"), out, Engine(rng=random.Random(4))).run()
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 40
    words = " ".join(out.getvalue().split())
    assert "Hint for X: square 1, draws." in words  # whole words, only the breaks moved


def test_after_a_game_v_reviews_it_and_t_says_it_is_the_apps_key_not_a_square() -> None:
    text, game = play(["1", "4", "2", "5", "3", "v", "t"], mode=Mode.TWO_PLAYER)
    assert game.is_over
    assert "v to review this one" in text
    after = text[text.index("X won.") :]
    assert "is not a square" not in after
    assert "Every move rated against perfect play." in after and "2. O 4" in after
    assert "t (Analysis) is a key of the full-screen app, not a square here." in after


def test_mid_game_an_apps_key_says_so_and_what_plain_text_takes() -> None:
    text, game = play(["t"], mode=Mode.TWO_PLAYER)
    assert "t (Analysis) is a key of the full-screen app, not a square here." in text
    assert text.count("Type 1-9 (or a1-c3) to play") == 2  # at the start, and after it
    assert game.board.is_empty
