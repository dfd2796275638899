"""Notakto played by the one `Game` and `Match` every rules share (`Game(rules=Rules.notakto(n))`):
turns, refusals, undo, resigning, the listeners, the computer's turns in every mode, outcomes,
the match's lifecycle, the notation line, the kind its stats count under, and each level's
moves through the engines' door."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from nac.core import (
    NORMAL,
    Change,
    ChangeKind,
    FinishedGame,
    Game,
    GameKind,
    GameResult,
    Level,
    Mark,
    Match,
    Mode,
    NotaktoBoard,
    NotationError,
    Outcome,
    Rules,
    Starter,
    Termination,
    format_game,
    notakto_cell,
    parse_game,
)
from nac.core.errors import GameAlreadyOver, IllegalMove, NothingToUndo, NotYourTurn
from nac.core.notakto import kills
from nac.engine import choose_move, genius_moves
from nac.engine.notakto import safe_moves

from .computer import computer_move, seeded

WHEN = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


def kept_match(
    boards: int, starter: Starter = Starter.YOU, **game: object
) -> tuple[Match, list[FinishedGame]]:
    kept: list[FinishedGame] = []
    played = Game(rules=Rules.notakto(boards), **game)  # type: ignore[arg-type]
    match = Match(played, starter, keep=kept.append, clock=lambda: WHEN)
    return match, kept


def test_the_person_and_the_computer_take_turns_and_killing_the_last_board_loses() -> None:
    match, kept = kept_match(1, level=Level.GENIUS)
    game = match.game
    assert game.is_human_turn and game.turn is Mark.X
    assert game.rules == Rules.notakto(1) and game.board == NotaktoBoard.empty(1)
    game.play_cell(notakto_cell(0, 0))
    with pytest.raises(NotYourTurn):
        game.play_cell(notakto_cell(0, 1))
    turn = game.computer_turn()
    assert turn.level is Level.GENIUS and turn.board == game.board
    game.computer_move(notakto_cell(0, 1))
    game.play_cell(notakto_cell(0, 4))
    game.computer_move(notakto_cell(0, 8))  # the computer completes the diagonal: it loses
    assert game.is_over and game.outcome is not None
    assert game.outcome.winner is Mark.X and game.outcome.line == (0, 4, 8)
    [finished] = kept
    assert finished.result is GameResult.WON and finished.outcome == game.outcome
    assert finished.kind.key == "computer/genius+notakto1"
    assert format_game(finished.saved) == (
        "nac1 2026-11-24T10:00:00Z computer 3x3 variant=notakto boards=1 X=person O=genius "
        "first=X result=X-wins : 1a1 1b1 1b2 1c3"
    )
    with pytest.raises(GameAlreadyOver):
        game.play_cell(notakto_cell(0, 2))


def test_a_dead_board_and_a_taken_square_are_refused_and_change_nothing() -> None:
    game = Game(rules=Rules.notakto(2), mode=Mode.TWO_PLAYER)
    for board, square in ((0, 0), (0, 1), (1, 4), (0, 2)):
        game.play_cell(notakto_cell(board, square))
    before = game.board
    with pytest.raises(IllegalMove, match="board 1 is dead"):
        game.play_cell(notakto_cell(0, 5))
    with pytest.raises(IllegalMove, match="board 1 is dead"):
        game.play_key(6, board=0)  # the same square by its key
    with pytest.raises(IllegalMove, match="already holds an X"):
        game.play_cell(notakto_cell(1, 4))
    with pytest.raises(IllegalMove, match="already holds an X"):
        game.play_key(5, board=1)
    assert game.board == before and len(game.moves) == 4 and not game.is_over


def test_squares_are_named_by_board_and_key_and_keys_play_the_board_asked_for() -> None:
    game = Game(rules=Rules.notakto(3), mode=Mode.TWO_PLAYER)
    assert game.uses_keypad
    assert game.square_name(notakto_cell(1, 4)) == "2:5"
    for typed in ("2:5", "2 5", "25", "2b2"):
        assert game.parse_square(typed) == notakto_cell(1, 4)
    assert game.parse_square("3a1") == notakto_cell(2, 0)
    played = game.play_key(9, board=2)
    assert played.index == notakto_cell(2, 8) and (played.row, played.column) == (2, 2)
    assert game.board[notakto_cell(2, 8)] is Mark.X and game.turn is Mark.O


def test_the_listeners_hear_every_mark_its_seat_and_the_end_once() -> None:
    changes: list[Change] = []
    outcomes: list[Outcome] = []
    game = Game(changes.append, outcomes.append, rules=Rules.notakto(2), mode=Mode.TWO_PLAYER)
    for cell in (notakto_cell(1, 0), notakto_cell(1, 4)):
        game.play_cell(cell)
    game.undo()
    assert [(c.cell.index, c.mark, c.kind) for c in changes] == [
        (9, Mark.X, ChangeKind.PLACED),
        (13, Mark.O, ChangeKind.PLACED),  # O names the second seat: it drew an X too
        (13, Mark.O, ChangeKind.REMOVED),
    ]
    assert (changes[1].cell.row, changes[1].cell.column) == (1, 1)  # on its own board
    assert changes[-1].board == game.board == NotaktoBoard.parse(".../.../... X../.../...")
    for cell in (1, 2, 0, 10, 11):  # O kills board 1, then the last board: X wins
        game.play_cell(cell)
    assert changes[-1].board.is_over and outcomes == [
        Outcome(Mark.X, (9, 10, 11), Termination.LAST_BOARD)
    ]
    assert game.outcome == outcomes[0]


def test_undo_takes_back_the_persons_move_and_the_reply() -> None:
    game = Game(rules=Rules.notakto(2))
    game.play_cell(notakto_cell(1, 4))
    game.computer_move(notakto_cell(0, 4))
    taken = game.undo()
    assert [move.cell for move in taken] == [notakto_cell(0, 4), notakto_cell(1, 4)]
    assert game.board == NotaktoBoard.empty(2) and game.moves == ()
    with pytest.raises(NothingToUndo):
        game.undo()


def test_resigning_gives_the_game_to_the_other_side_and_is_saved_so() -> None:
    match, kept = kept_match(3)
    match.game.play_cell(notakto_cell(2, 8))
    match.game.resign()
    [finished] = kept
    assert finished.result is GameResult.LOST
    assert format_game(finished.saved).endswith("result=X-resigns : 3c3")


def test_the_computer_starts_and_plays_every_seat_it_is_given() -> None:
    game = seeded(Game(rules=Rules.notakto(2), level=Level.IDIOT), random.Random(4))
    game.computer_starts()
    assert game.first is Mark.O and game.is_computer_turn
    computer_move(game)
    assert game.is_human_turn and game.moves[0].by_computer and game.moves[0].mark is Mark.O
    match, kept = kept_match(2, mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.IDIOT))
    watched = seeded(match.game, random.Random(9))
    while not watched.is_over:
        computer_move(watched)
    [finished] = kept
    assert finished.outcome.winner is not None  # no draws in Notakto
    assert finished.kind.key == "watch/genius-vs-idiot+notakto2"
    assert all(move.by_computer for move in watched.moves)


def test_the_match_alternates_the_starter_and_changes_the_rules() -> None:
    match = Match(Game(rules=Rules.notakto(1)), Starter.ALTERNATE)
    assert match.game.first is Mark.X
    match.new_game(rules=Rules.notakto(3))
    game = match.game
    assert game.rules.boards == 3 and game.first is Mark.O and game.is_computer_turn
    assert game.board == NotaktoBoard.empty(3, first=Mark.O)
    with pytest.raises(ValueError, match="notakto is played on boards 1, 2, 3, not 4"):
        match.new_game(rules=Rules.notakto(4))
    assert game.rules.boards == 3
    match.new_game(rules=NORMAL)
    again = match.game
    assert again.rules == NORMAL and again.board.rules == NORMAL and again.first is Mark.X


def test_notakto_is_played_online_and_saved_with_the_opponents_name() -> None:
    match, kept = kept_match(2, Starter.ALTERNATE, mode=Mode.ONLINE, human=Mark.O)
    match.opponent = "Ana Lee"
    game = match.game
    assert not game.controlled_by_computer(Mark.X) and not game.controlled_by_computer(Mark.O)
    for cell in (0, 1, 9, 2, 10, 11):  # O kills board 1, then the last board: X wins
        game.play_cell(cell)
    with pytest.raises(IllegalMove, match="online"):
        Game(rules=Rules.notakto(1), mode=Mode.ONLINE).undo()
    [finished] = kept
    assert finished.result is GameResult.LOST and finished.outcome.winner is Mark.X
    line = format_game(finished.saved)
    assert line == (
        "nac1 2026-11-24T10:00:00Z online 3x3 variant=notakto boards=2 X=@Ana%20Lee O=person "
        "first=X result=X-wins : 1a1 1b1 2a1 1c1 2b1 2c1"
    )
    assert parse_game(line) == finished.saved
    assert finished.kind == GameKind(Mode.ONLINE, Rules.notakto(2), ("Ana Lee",))


def test_a_notakto_line_reads_back_as_the_same_game() -> None:
    line = (
        "nac1 2026-11-24T10:00:00Z two-player 3x3 variant=notakto boards=2 X=person O=person "
        "first=X result=unfinished : 1b2 2b2 1a1"
    )
    game = parse_game(line)
    assert game.rules == Rules.notakto(2) and format_game(game) == line
    assert game.board == NotaktoBoard.parse("X../.X./... .../.X./...")
    assert game.kind == GameKind.parse("two-player+notakto2")


@pytest.mark.parametrize(
    ("board", "boards", "end", "says"),
    [
        ("3x3", 4, "unfinished :", "boards=1"),
        ("4x4", 1, "unfinished :", "3x3"),
        ("3x3", 2, "unfinished : 3a1", "1 to 2"),
        ("3x3", 1, "draw : 1a1", "lead to"),
        ("3x3", 1, "unfinished : a1", "board"),
        ("3x3", 1, "unfinished : 1a1 1a1", "holds"),
        ("3x3", 1, "X-wins : 1a1 1b1 1c1 1a2", "move 4, 1a2, comes after the game ended"),
    ],
)
def test_a_bad_notakto_line_is_refused_with_the_reason(
    board: str, boards: int, end: str, says: str
) -> None:
    line = f"{board} variant=notakto boards={boards} X=person O=genius first=X result={end}"
    with pytest.raises(NotationError, match=says):
        parse_game(f"nac1 2026-11-24T10:00:00Z computer {line}")


def test_each_level_plays_as_it_says() -> None:
    rng = random.Random(5)
    position = NotaktoBoard.parse("XX./X../... .../.X./...")
    for _ in range(50):
        assert not kills(position, choose_move(position, Level.AVERAGE, rng))
        assert choose_move(position, Level.GENIUS, rng) in genius_moves(position)
    idiot = {choose_move(position, Level.IDIOT, rng) for _ in range(300)}
    assert any(kills(position, move) for move in idiot)
    clever = [choose_move(position, Level.CLEVER, rng) for _ in range(400)]
    slips = sum(move not in genius_moves(position) for move in clever)
    assert 0 < slips < 200  # one in four are Average's moves, some of them Genius's too
    assert set(safe_moves(NotaktoBoard.parse("XX./X.X/.XX"))) == {2, 4, 6}
    with pytest.raises(ValueError, match="Adaptive"):
        choose_move(position, Level.ADAPTIVE, rng)
