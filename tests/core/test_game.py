"""Game: the controller front ends drive, and the callbacks they hear."""

import random
from collections.abc import Callable
from typing import Any

import pytest

from nac.core import (
    Board,
    Cell,
    Change,
    Game,
    GameAlreadyOver,
    KeypadLayout,
    Level,
    Mark,
    NotASquare,
    NotYourTurn,
    Outcome,
    SquareTaken,
)

from .computer import computer_move, seeded


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def change(self, change: Change) -> None:
        self.events.append(("change", change))

    def game_over(self, outcome: Outcome) -> None:
        self.events.append(("over", outcome))

    @property
    def changes(self) -> list[Change]:
        return [event for kind, event in self.events if isinstance(event, Change)]

    @property
    def outcomes(self) -> list[Outcome]:
        return [event for kind, event in self.events if isinstance(event, Outcome)]


def recorded_game(rng: random.Random | None = None, **options: Any) -> tuple[Game, Recorder]:
    recorder = Recorder()
    game = Game(on_change=recorder.change, on_game_over=recorder.game_over, **options)
    return seeded(game, rng or random.Random(1)), recorder


def test_a_new_game_waits_for_the_human_as_x() -> None:
    game, _ = recorded_game()
    assert game.human is Mark.X and game.computer is Mark.O
    assert game.is_human_turn and not game.is_over and game.board.is_empty


def test_each_mark_placed_is_reported_once_with_its_cell() -> None:
    game, recorder = recorded_game()
    game.play_key(1)
    computer_move(game)
    assert len(recorder.changes) == 2
    first, second = recorder.changes
    assert first.cell == Cell(0, 0, 0) and first.mark is Mark.X and not first.by_computer
    assert second.mark is Mark.O and second.by_computer
    assert second.board == game.board
    assert recorder.outcomes == []


def test_game_over_is_reported_once_after_the_last_change() -> None:
    game, recorder = recorded_game(level=Level.IDIOT)
    while not game.is_over:
        if game.is_human_turn:
            game.play_cell(game.board.empty_cells[0])
        else:
            computer_move(game)
    kinds = [kind for kind, _ in recorder.events]
    assert kinds.count("over") == 1 and kinds[-1] == "over"
    assert recorder.outcomes == [game.outcome]
    assert len(recorder.changes) == game.board.mark_count
    outcome = recorder.outcomes[0]
    if outcome.winner is not None:
        assert all(game.board[cell] is outcome.winner for cell in outcome.line)
        board = game.board
        assert isinstance(board, Board)
        assert tuple(outcome.line) in board.geometry.lines or len(outcome.line) > 3


def test_every_result_is_reported() -> None:
    seen = set()
    for seed in range(60):
        game, recorder = recorded_game(level=Level.IDIOT, rng=random.Random(seed))
        moves = random.Random(seed + 1000)
        while not game.is_over:
            if game.is_human_turn:
                game.play_cell(moves.choice(game.board.empty_cells))
            else:
                computer_move(game)
        (outcome,) = recorder.outcomes
        seen.add(outcome.winner)
    assert seen == {Mark.X, Mark.O, None}


def test_keys_follow_the_keypad_layout() -> None:
    game, recorder = recorded_game(keypad=KeypadLayout.NUMPAD)
    game.play_key(7)
    assert recorder.changes[0].cell.index == 0
    computer_move(game)
    game.keypad = KeypadLayout.PHONE
    free_key = next(key for key in range(1, 10) if game.board[key - 1] is None)
    game.play_key(free_key)
    assert recorder.changes[-1].cell.index == free_key - 1


def snapshot(game: Game, recorder: Recorder) -> tuple[object, ...]:
    return (game.board, game.turn, game.moves, len(recorder.events), game.is_over)


@pytest.mark.parametrize(
    ("move", "error", "message"),
    [
        (lambda g: g.play_key(5), SquareTaken, "square 5 is taken by X"),
        (lambda g: g.play_key(0), NotASquare, "0 is not a square"),
        (lambda g: g.play_key(10), NotASquare, "10 is not a square"),
        (lambda g: g.play_key(-1), NotASquare, "-1 is not a square"),
        (lambda g: g.play_key("five"), NotASquare, "'five' is not a square"),
        (lambda g: g.play_cell(4), SquareTaken, "square 5 is taken by X"),
        (lambda g: g.play_cell(9), NotASquare, "9 is not a square"),
    ],
)
def test_a_rejected_move_changes_nothing(
    move: Callable[[Game], object], error: type[Exception], message: str
) -> None:
    game, recorder = recorded_game()
    game.play_key(5)
    computer_move(game)
    before = snapshot(game, recorder)
    with pytest.raises(error, match=message):
        move(game)
    assert snapshot(game, recorder) == before


def test_the_human_cannot_move_on_the_computers_turn() -> None:
    game, recorder = recorded_game()
    game.play_key(5)
    before = snapshot(game, recorder)
    with pytest.raises(NotYourTurn, match="wait for the computer"):
        game.play_key(1)
    assert snapshot(game, recorder) == before


def test_the_computer_cannot_move_on_the_humans_turn_after_the_start() -> None:
    game, recorder = recorded_game()
    game.play_key(5)
    computer_move(game)
    before = snapshot(game, recorder)
    with pytest.raises(NotYourTurn):
        computer_move(game)
    assert snapshot(game, recorder) == before


def test_no_move_after_the_game_is_over() -> None:
    game, recorder = recorded_game(level=Level.IDIOT)
    while not game.is_over:
        if game.is_human_turn:
            game.play_cell(game.board.empty_cells[0])
        else:
            computer_move(game)
    before = snapshot(game, recorder)
    moves: list[Callable[[], object]] = [
        lambda: computer_move(game),
        lambda: game.computer_move(4),
        lambda: game.play_key(5),
        lambda: game.play_cell(4),
    ]
    for move in moves:
        with pytest.raises(GameAlreadyOver, match="the game is over"):
            move()
    assert snapshot(game, recorder) == before


def test_the_computer_may_start_on_an_empty_board_when_asked() -> None:
    game, recorder = recorded_game(level=Level.GENIUS)
    with pytest.raises(NotYourTurn, match="cannot move for you"):
        computer_move(game)
    game.computer_starts()
    assert game.is_computer_turn and recorder.changes == []
    computer_move(game)
    assert recorder.changes[0].mark is Mark.O and recorder.changes[0].by_computer
    assert game.board.mark_count == 1 and game.is_human_turn and game.turn is Mark.X


def test_a_level_switch_takes_effect_from_the_next_computer_move() -> None:
    """After a corner opening only the centre draws: Genius always takes it, Idiot does not."""
    replies: dict[Level, set[int]] = {Level.IDIOT: set(), Level.GENIUS: set()}
    for seed in range(40):
        for level in replies:
            game, _ = recorded_game(level=Level.AVERAGE, rng=random.Random(seed))
            game.play_key(1)
            game.level = level
            computer_move(game)
            assert game.level is level
            replies[level].add(game.moves[-1].cell)
    assert replies[Level.GENIUS] == {4}
    assert len(replies[Level.IDIOT]) > 1


def test_a_level_switch_mid_game_changes_who_replies() -> None:
    """The same position, three levels: Idiot strays from the block that Average makes."""
    strays = 0
    for seed in range(30):
        game, _ = recorded_game(level=Level.AVERAGE, rng=random.Random(seed))
        game.play_key(1)
        computer_move(game)  # Average takes the centre
        game.play_key(2)  # X threatens 3
        game.level = Level.IDIOT
        computer_move(game)
        strays += game.board[2] is not Mark.O
    assert strays > 0


def test_new_game_clears_the_board_and_says_so() -> None:
    cleared: list[Board] = []
    game, _ = recorded_game(on_new_game=cleared.append)
    game.play_key(5)
    computer_move(game)
    game.new_game()
    assert game.board.is_empty and game.moves == () and game.is_human_turn
    assert cleared == [game.board]
    game.new_game(human=Mark.O)
    assert game.human is Mark.O and game.turn is Mark.O and game.is_human_turn


def test_the_history_lists_every_move_in_order() -> None:
    game, _ = recorded_game()
    game.play_key(5)
    computer_move(game)
    game.play_key(1)
    assert [move.mark for move in game.moves] == [Mark.X, Mark.O, Mark.X]
    assert game.moves[0].cell == 4 and game.moves[2].cell == 0
    assert game.last_move == game.moves[-1]


def test_the_human_may_play_o() -> None:
    game, recorder = recorded_game(human=Mark.O)
    assert game.turn is Mark.O and game.is_human_turn
    game.play_key(5)
    assert recorder.changes[0].mark is Mark.O
    computer_move(game)
    assert recorder.changes[1].mark is Mark.X
