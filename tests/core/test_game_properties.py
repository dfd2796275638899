"""Property tests: random sequences of legal and illegal calls keep the Game's invariants."""

import itertools
import random
from typing import Any

from hypothesis import given, settings, strategies as st

from nac.core import (
    Board,
    Change,
    ChangeKind,
    Game,
    IllegalMove,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    Outcome,
)

from .computer import computer_move, seeded

calls = st.one_of(
    st.tuples(st.just("key"), st.one_of(st.integers(-2, 11), st.sampled_from(["5", "x", ""]))),
    st.tuples(st.just("cell"), st.one_of(st.integers(-2, 10), st.none())),
    st.tuples(st.just("computer"), st.none()),
    st.tuples(st.just("new"), st.sampled_from([None, Mark.X, Mark.O, "O", 1])),
    st.tuples(st.just("mode"), st.sampled_from([*Mode, "watch", None])),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("starts"), st.none()),
    st.tuples(st.just("level"), st.sampled_from([*Level, "genius", 3])),
    st.tuples(st.just("keypad"), st.sampled_from([*KeypadLayout, "numpad"])),
)
REFUSALS = (IllegalMove, TypeError, ValueError)


@settings(max_examples=300, deadline=None)
@given(st.lists(calls, max_size=40), st.integers(0, 2**32))
def test_random_calls_keep_the_invariants(sequence: list[tuple[str, Any]], seed: int) -> None:
    changes: list[Change] = []
    outcomes: list[Outcome] = []
    game = seeded(Game(on_change=changes.append, on_game_over=outcomes.append), random.Random(seed))
    for name, argument in sequence:
        before = state(game, changes, outcomes)
        try:
            if name == "key":
                game.play_key(argument)
            elif name == "cell":
                game.play_cell(argument)
            elif name == "computer":
                computer_move(game)
            elif name == "new":
                game.new_game(human=argument)
                changes.clear()
                outcomes.clear()
            elif name == "mode":
                game.new_game(mode=argument)
                changes.clear()
                outcomes.clear()
            elif name == "undo":
                game.undo()
            elif name == "starts":
                game.computer_starts()
            elif name == "level":
                game.level = argument
            else:
                game.keypad = argument
        except REFUSALS:
            assert state(game, changes, outcomes) == before
        check_invariants(game, changes, outcomes)


def state(game: Game, changes: list[Change], outcomes: list[Outcome]) -> tuple[object, ...]:
    return (
        game.board,
        game.moves,
        len(changes),
        len(outcomes),
        game.human,
        game.mode,
        game.level,
        game.keypad,
    )


def check_invariants(game: Game, changes: list[Change], outcomes: list[Outcome]) -> None:
    board = game.board
    assert isinstance(board, Board)  # the normal game's position
    # The callbacks since the new game rebuild exactly the board.
    rebuilt: dict[int, Mark] = {}
    for change in changes:
        if change.kind is ChangeKind.PLACED:
            assert change.cell.index not in rebuilt
            rebuilt[change.cell.index] = change.mark
        else:
            assert rebuilt.pop(change.cell.index) is change.mark
    assert len(rebuilt) == board.mark_count == len(game.moves)
    assert all(board[cell] is mark for cell, mark in rebuilt.items())
    for change in changes:
        assert divmod(change.cell.index, 3) == (change.cell.row, change.cell.column)
    # Marks alternate, and the counts differ by at most one in the starter's favour.
    marks = [move.mark for move in game.moves]
    assert all(a is not b for a, b in itertools.pairwise(marks))
    if marks:
        starter = marks[0]
        difference = len(board.cells_of(starter)) - len(board.cells_of(starter.other))
        assert difference in (0, 1)
    # Every move was made by whoever controls its mark in this mode.
    assert all(move.by_computer == game.controlled_by_computer(move.mark) for move in game.moves)
    # Exactly one game-over per finished game, matching the board.
    assert len(outcomes) == (1 if game.is_over else 0)
    if outcomes:
        assert outcomes[0] == board.outcome
    assert game.is_human_turn + game.is_computer_turn == (0 if game.is_over else 1)
