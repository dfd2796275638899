"""A game of Notakto as a front end drives it: turns, undo, resigning, the match's lifecycle,
the notation line, the kind its stats count under, and each level's moves."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from nac.core import (
    FinishedGame,
    GameKind,
    GameResult,
    Level,
    Mark,
    Mode,
    NotaktoGame,
    NotaktoMatch,
    NotaktoMove,
    NotaktoPosition,
    NotationError,
    Starter,
    format_game,
    notakto_cell,
    parse_game,
)
from nac.core.errors import GameAlreadyOver, IllegalMove, NothingToUndo, NotYourTurn
from nac.engine.notakto import choose_notakto, genius_moves, kills, safe_moves

WHEN = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


def kept_match(**game: object) -> tuple[NotaktoMatch, list[FinishedGame]]:
    kept: list[FinishedGame] = []
    match = NotaktoMatch(NotaktoGame(**game), keep=kept.append, clock=lambda: WHEN)  # type: ignore[arg-type]
    return match, kept


def test_the_person_and_the_computer_take_turns_and_killing_the_last_board_loses() -> None:
    match, kept = kept_match(boards=1, level=Level.GENIUS)
    game = match.game
    assert game.is_human_turn and game.turn is Mark.X
    game.play(0, 0)
    with pytest.raises(NotYourTurn):
        game.play(0, 1)
    position, level = game.computer_turn()
    assert level is Level.GENIUS and position == game.position
    game.computer_move(NotaktoMove(0, 1))
    game.play(0, 4)
    game.computer_move(NotaktoMove(0, 8))  # the computer completes the diagonal: it loses
    assert game.is_over and game.outcome is not None
    assert game.outcome.winner is Mark.X and game.outcome.line == (0, 4, 8)
    [finished] = kept
    assert finished.result is GameResult.WON
    assert finished.kind.key == "computer/genius+notakto1"
    assert format_game(finished.saved) == (
        "nac1 2026-11-24T10:00:00Z computer 3x3 variant=notakto boards=1 X=person O=genius "
        "first=X result=X-wins : 1a1 1b1 1b2 1c3"
    )
    with pytest.raises(GameAlreadyOver):
        game.play(0, 2)


def test_a_dead_board_and_a_taken_square_are_refused_and_change_nothing() -> None:
    game = NotaktoGame(boards=2, mode=Mode.TWO_PLAYER)
    for board, square in ((0, 0), (0, 1), (1, 4), (0, 2)):
        game.play(board, square)
    before = game.position
    with pytest.raises(IllegalMove, match="board 1 is dead"):
        game.play(0, 5)
    with pytest.raises(IllegalMove, match="already holds an X"):
        game.play(1, 4)
    assert game.position == before and len(game.moves) == 4 and not game.is_over


def test_undo_takes_back_the_persons_move_and_the_reply() -> None:
    game = NotaktoGame(boards=2)
    game.play(1, 4)
    game.computer_move(NotaktoMove(0, 4))
    taken = game.undo()
    assert [move.cell for move in taken] == [notakto_cell(0, 4), notakto_cell(1, 4)]
    assert game.position == NotaktoPosition.empty(2)
    with pytest.raises(NothingToUndo):
        game.undo()


def test_resigning_gives_the_game_to_the_other_side_and_is_saved_so() -> None:
    match, kept = kept_match(boards=3)
    match.game.play(2, 8)
    match.game.resign()
    [finished] = kept
    assert finished.result is GameResult.LOST
    assert format_game(finished.saved).endswith("result=X-resigns : 3c3")


def test_the_match_alternates_the_starter_and_changes_the_boards() -> None:
    match = NotaktoMatch(NotaktoGame(boards=1), Starter.ALTERNATE)
    assert match.game.first is Mark.X
    match.new_game(boards=3)
    game = match.game
    assert game.boards == 3 and game.first is Mark.O and game.is_computer_turn
    with pytest.raises(ValueError, match="1, 2 or 3 boards"):
        match.new_game(boards=4)
    with pytest.raises(ValueError, match="one machine"):
        NotaktoGame(mode=Mode.ONLINE)


def test_a_notakto_line_reads_back_as_the_same_game() -> None:
    line = (
        "nac1 2026-11-24T10:00:00Z two-player 3x3 variant=notakto boards=2 X=person O=person "
        "first=X result=unfinished : 1b2 2b2 1a1"
    )
    game = parse_game(line)
    assert game.notakto == 2 and format_game(game) == line
    assert game.position == NotaktoPosition.parse("X../.X./... .../.X./...")
    assert game.kind == GameKind.parse("two-player+notakto2")


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("variant=notakto boards=4 X=person O=genius first=X result=unfinished :", "boards=1"),
        ("variant=notakto boards=2 X=person O=genius first=X result=unfinished : 3a1", "1 to 2"),
        ("variant=notakto boards=1 X=person O=genius first=X result=draw : 1a1", "lead to"),
        ("variant=notakto boards=1 X=person O=genius first=X result=unfinished : a1", "board"),
        ("variant=notakto boards=1 X=person O=genius first=X result=unfinished : 1a1 1a1", "holds"),
    ],
)
def test_a_bad_notakto_line_is_refused_with_the_reason(line: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        parse_game(f"nac1 2026-11-24T10:00:00Z computer 3x3 {line}")


def test_each_level_plays_as_it_says() -> None:
    rng = random.Random(5)
    position = NotaktoPosition.parse("XX./X../... .../.X./...")
    for _ in range(50):
        assert not kills(position, choose_notakto(position, Level.AVERAGE, rng))
        assert choose_notakto(position, Level.GENIUS, rng) in genius_moves(position)
    idiot = {choose_notakto(position, Level.IDIOT, rng) for _ in range(300)}
    assert any(kills(position, move) for move in idiot)
    clever = [choose_notakto(position, Level.CLEVER, rng) for _ in range(400)]
    slips = sum(move not in genius_moves(position) for move in clever)
    assert 0 < slips < 200  # one in four are Average's moves, some of them Genius's too
    assert set(safe_moves(NotaktoPosition.parse("XX./X.X/.XX"))) == {
        NotaktoMove(0, 2),
        NotaktoMove(0, 4),
        NotaktoMove(0, 6),
    }
    with pytest.raises(ValueError, match="Adaptive"):
        choose_notakto(position, Level.ADAPTIVE, rng)
