"""Two players, watching the computer play itself, and taking moves back."""

import random
from typing import Any

import pytest

from nac.core import (
    Board,
    Change,
    ChangeKind,
    Game,
    GameAlreadyOver,
    Level,
    Mark,
    Mode,
    NothingToUndo,
    NotYourTurn,
)
from nac.engine import analyse

from .computer import computer_move, seeded


def game_with_changes(**options: Any) -> tuple[Game, list[Change]]:
    changes: list[Change] = []
    return seeded(Game(on_change=changes.append, **options), random.Random(3)), changes


def test_two_players_share_the_keys() -> None:
    game, changes = game_with_changes(mode=Mode.TWO_PLAYER)
    for key in (5, 1, 9):
        assert game.is_human_turn and not game.is_computer_turn
        game.play_key(key)
    assert [change.mark for change in changes] == [Mark.X, Mark.O, Mark.X]
    assert not any(change.by_computer for change in changes)
    with pytest.raises(NotYourTurn, match="two people are playing"):
        computer_move(game)


def test_watch_mode_plays_both_sides_at_their_own_levels() -> None:
    game, changes = game_with_changes(mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.GENIUS))
    with pytest.raises(NotYourTurn):
        game.play_key(5)
    while not game.is_over:
        assert game.is_computer_turn and not game.is_human_turn
        computer_move(game)
    assert game.outcome is not None and game.outcome.is_draw  # Genius against Genius
    assert all(change.by_computer for change in changes)


def test_watch_levels_can_change_mid_game() -> None:
    game, _ = game_with_changes(mode=Mode.WATCH, watch_levels=(Level.IDIOT, Level.IDIOT))
    computer_move(game)  # X, at random
    game.set_watch_level(Mark.O, Level.GENIUS)
    assert game.level_of(Mark.O) is Level.GENIUS and game.level_of(Mark.X) is Level.IDIOT
    # Genius answers X's first move with a drawing move whatever it was.
    before = game.board
    computer_move(game)
    assert analyse(before)[game.moves[-1].cell].result.value == "draw"


def test_new_game_can_change_the_mode_and_who_starts() -> None:
    game, _ = game_with_changes()
    game.new_game(mode=Mode.TWO_PLAYER, first=Mark.O)
    assert game.mode is Mode.TWO_PLAYER and game.turn is Mark.O and game.first is Mark.O
    game.new_game(mode=Mode.COMPUTER, first=Mark.O)  # the human is X: the computer starts
    assert game.is_computer_turn
    computer_move(game)
    assert game.moves[0].by_computer and game.is_human_turn


def test_undo_takes_back_the_human_move_and_the_reply() -> None:
    game, changes = game_with_changes()
    game.play_key(5)
    computer_move(game)
    before_second = (game.board, game.turn, game.moves)
    game.play_key(game.board.empty_cells[0] + 1)
    computer_move(game)
    changes.clear()
    taken = game.undo()
    assert len(taken) == 2 and taken[0].by_computer and not taken[1].by_computer
    assert (game.board, game.turn, game.moves) == before_second
    assert [change.kind for change in changes] == [ChangeKind.REMOVED] * 2
    assert [change.cell.index for change in changes] == [move.cell for move in taken]
    assert changes[-1].board == game.board


def test_undo_goes_back_to_the_start_and_then_refuses() -> None:
    game, _ = game_with_changes()
    for _ in range(2):  # four marks cannot end a game
        game.play_cell(game.board.empty_cells[0])
        computer_move(game)
    while game.moves:
        game.undo()
    assert game.board == Board.empty() and game.is_human_turn
    with pytest.raises(NothingToUndo):
        game.undo()


def test_undo_before_the_reply_takes_back_only_the_human_move() -> None:
    game, _ = game_with_changes()
    game.play_key(5)
    assert game.undo()[0].cell == 4
    assert game.board.is_empty and game.is_human_turn


def test_undo_keeps_the_computers_opening() -> None:
    game, _ = game_with_changes()
    game.computer_starts()
    computer_move(game)
    with pytest.raises(NothingToUndo):
        game.undo()
    opening = game.board
    game.play_cell(game.board.empty_cells[0])
    computer_move(game)
    game.undo()
    assert game.board == opening and game.is_human_turn


def test_undo_is_refused_after_the_game_is_over() -> None:
    game, changes = game_with_changes(mode=Mode.TWO_PLAYER)
    for key in (1, 4, 2, 5, 3):
        game.play_key(key)
    assert game.outcome is not None
    before = (game.board, game.moves, len(changes))
    with pytest.raises(GameAlreadyOver, match="result counted"):
        game.undo()
    assert (game.board, game.moves, len(changes)) == before


def test_two_player_undo_takes_back_one_move() -> None:
    game, _ = game_with_changes(mode=Mode.TWO_PLAYER)
    game.play_key(5)
    game.play_key(1)
    game.undo()
    assert game.board == Board.parse(".../.X./...") and game.turn is Mark.O


def test_nothing_to_undo_while_watching() -> None:
    game, _ = game_with_changes(mode=Mode.WATCH)
    computer_move(game)
    with pytest.raises(NothingToUndo, match="watch"):
        game.undo()
