"""The Game's contract with front ends: typed refusals that change nothing, callbacks that
report each finished game exactly once whatever the listeners do, strategies put in by the
caller, and Cells that are values."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from nac.core import (
    NORMAL,
    Board,
    Cell,
    Change,
    Game,
    GameAlreadyOver,
    IllegalMove,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    Outcome,
    Position,
    Rules,
    format_game,
    replay,
)
from nac.engine import Engine, Strategy, choose_move, review_game
from nac.engine.opponents import STRATEGIES

from .computer import computer_move, seeded


def state(game: Game) -> tuple[object, ...]:
    return (
        game.board,
        game.moves,
        game.human,
        game.mode,
        game.level,
        game.watch_levels,
        game.keypad,
        game.size,
        game.rules,
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda game: game.new_game(human="O"),
        lambda game: game.new_game(mode="watch"),
        lambda game: game.new_game(first="X"),
        lambda game: game.new_game(rules=6),
        lambda game: game.new_game(rules="misere 4"),
        lambda game: game.new_game(rules=True),
        lambda game: game.new_game(human=Mark.O, rules="notakto 2"),
        lambda game: game.new_game(rules=Rules.of(7)),
        lambda game: setattr(game, "level", "genius"),
        lambda game: setattr(game, "keypad", "numpad"),
        lambda game: setattr(game, "watch_levels", (Level.GENIUS,)),
        lambda game: setattr(game, "watch_levels", ("genius", "idiot")),
        lambda game: game.set_watch_level("X", Level.IDIOT),
    ],
)
def test_a_refused_call_raises_at_once_and_changes_nothing(call: Any) -> None:
    game = seeded(Game(), random.Random(1))
    game.play_key(5)
    before = state(game)
    with pytest.raises((TypeError, ValueError)):
        call(game)
    assert state(game) == before
    computer_move(game)  # and the game still plays
    assert game.board.mark_count == 2


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "watch"},
        {"human": "O"},
        {"level": "genius"},
        {"keypad": "numpad"},
        {"size": 6},
        {"size": 4.0},
        {"rules": 4},
        {"rules": "notakto 2"},
        {"watch_levels": ("genius", "idiot")},
        {"on_change": 5},
        {"on_game_over": "print"},
    ],
)
def test_a_game_is_not_made_of_junk(options: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        Game(**options)


def finishing_game() -> Game:
    """X to play 3 and win on the top row (moves 1, 2 by X; 4, 5 by O)."""
    game = Game(mode=Mode.TWO_PLAYER)
    for key in (1, 4, 2, 5):
        game.play_key(key)
    return game


def test_game_over_is_reported_once_when_the_change_listener_plays_on() -> None:
    """A listener that answers every move with another (two players, O's reply from a script)."""
    game = Game(mode=Mode.TWO_PLAYER)
    outcomes: list[Outcome] = []
    replies = iter([4, 5])

    def reply(change: Change) -> None:
        if change.mark is Mark.X and not game.is_over:
            game.play_key(next(replies, 9))

    game.listen(on_change=reply, on_game_over=outcomes.append)
    for key in (1, 2, 3):
        game.play_key(key)
    assert outcomes == [Outcome(Mark.X, (0, 1, 2))]


def test_game_over_is_reported_even_when_the_change_listener_raises() -> None:
    game = finishing_game()
    outcomes: list[Outcome] = []

    def broken(change: Change) -> None:
        raise RuntimeError("a front end's bug")

    game.listen(on_change=broken, on_game_over=outcomes.append)
    with pytest.raises(RuntimeError, match="front end"):
        game.play_key(3)
    assert game.is_over and outcomes == [Outcome(Mark.X, (0, 1, 2))]
    assert game.moves[-1].cell == 2  # the state was complete before the listener ran


def test_a_listener_that_starts_a_new_game_still_hears_the_end_once() -> None:
    game = finishing_game()
    outcomes: list[Outcome] = []

    def restart(change: Change) -> None:
        if change.board.is_over:
            game.new_game()

    game.listen(on_change=restart, on_game_over=outcomes.append)
    game.play_key(3)
    assert len(outcomes) == 1 and game.board.is_empty


class Corner:
    """A strategy of the caller's own: the first free corner, else the first free cell."""

    def choose(
        self, board: Position, rng: random.Random, stop: object = None, limit: object = None
    ) -> int:
        free = board.empty_cells
        return next((cell for cell in (0, 2, 6, 8) if cell in free), free[0])


def test_a_caller_puts_in_its_own_strategies() -> None:
    corner: Strategy = Corner()
    strategies = {**STRATEGIES, Level.IDIOT: corner}
    game = seeded(Game(level=Level.IDIOT), strategies=strategies)
    game.play_key(5)
    computer_move(game)
    assert game.moves[-1] == (0, Mark.O, True, Level.IDIOT)


def test_every_computer_move_records_the_level_that_chose_it() -> None:
    game = seeded(Game(level=Level.AVERAGE), random.Random(3))
    game.play_key(5)
    computer_move(game)
    game.level = Level.GENIUS
    game.play_cell(game.board.empty_cells[0])
    computer_move(game)
    assert [move.level for move in game.moves] == [None, Level.AVERAGE, None, Level.GENIUS]


def test_cells_are_frozen_values() -> None:
    cell = Cell.of(7, 3)
    assert cell == Cell(7, 2, 1) and hash(cell) == hash(Cell(7, 2, 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(cell, "index", 1)  # noqa: B010 - as a careless caller would


def test_squares_are_named_by_key_or_coordinate_on_3x3() -> None:
    game = Game(keypad=KeypadLayout.NUMPAD)
    assert game.parse_square("7") == 0 and game.parse_square("a1") == 0
    assert game.parse_square(" C3 ") == 8
    for junk in ("0", "d1", "a4", "", "55"):
        with pytest.raises(IllegalMove, match="a key 1-9 or a square like b2"):
            game.parse_square(junk)


def test_the_computer_starts_only_on_an_empty_board_against_a_person() -> None:
    game = Game()
    game.play_key(5)
    with pytest.raises(IllegalMove, match="empty board"):
        game.computer_starts()
    two = Game(mode=Mode.TWO_PLAYER)
    with pytest.raises(IllegalMove, match=r"^the computer starts only in a game against it"):
        two.computer_starts()  # a sentence, not "it is X's turn: two players: ..."
    watched = Game(mode=Mode.WATCH)
    with pytest.raises(IllegalMove, match=r"^the computer already plays both sides"):
        watched.computer_starts()
    over = finishing_game()
    over.play_key(3)
    with pytest.raises(IllegalMove):
        over.computer_starts()
    with pytest.raises(GameAlreadyOver):
        over.undo()


BAD_CALLS = [
    ("Game(rng=5)", lambda: Game(rng=5), TypeError, "rng"),  # type: ignore[call-arg]
    ("Game(on_change=5)", lambda: Game(on_change=5), TypeError, "on_change must be a function"),  # type: ignore[arg-type]
    (
        "Engine(strategies={...: None})",
        lambda: Engine({level: None for level in Level}),  # type: ignore[misc]
        TypeError,
        "must be a Strategy",
    ),
    ("Engine(strategies=5)", lambda: Engine(5), TypeError, "map each fixed Level"),  # type: ignore[arg-type]
    ("Engine(rng=5)", lambda: Engine(rng=5), TypeError, "random.Random"),  # type: ignore[arg-type]
    (
        "choose_move(None, ...)",
        lambda: choose_move(None, Level.GENIUS),  # type: ignore[arg-type]
        TypeError,
        "board must be a position, like Board.parse(",
    ),
    (
        "choose_move('X../...', ...)",
        lambda: choose_move("X../...", Level.GENIUS),  # type: ignore[arg-type]
        TypeError,
        "board must be a position, like Board.parse(",
    ),
    (
        "choose_move(rng=5)",
        lambda: choose_move(Board.empty(), Level.IDIOT, rng=5),  # type: ignore[arg-type]
        TypeError,
        "rng must be a random.Random",
    ),
    (
        "choose_move(strategies={GENIUS: None})",
        lambda: choose_move(Board.empty(), Level.GENIUS, strategies={Level.GENIUS: None}),  # type: ignore[dict-item]
        (TypeError, ValueError),
        "strategies",
    ),
    ("format_game(None)", lambda: format_game(None), TypeError, "game must be a SavedGame"),  # type: ignore[arg-type]
    ("Engine().review(None)", lambda: Engine().review(None), TypeError, "game must be a SavedGame"),  # type: ignore[arg-type]
    ("Engine().reply(None)", lambda: Engine().reply(None), TypeError, "game must be a Game"),  # type: ignore[arg-type]
    (
        "review_game(None)",
        lambda: review_game(None, NORMAL),  # type: ignore[arg-type]
        TypeError,
        "moves must be the cells played",
    ),
    (
        "review_game('01')",
        lambda: review_game("01", NORMAL),  # type: ignore[arg-type]
        TypeError,
        "moves must be the cells played",
    ),
    (
        "review_game([0], 3)",
        lambda: review_game([0], 3),  # type: ignore[arg-type]
        TypeError,
        "rules must be a Rules",
    ),
    (
        "replay(NORMAL, X, None)",
        lambda: replay(NORMAL, Mark.X, None),  # type: ignore[arg-type]
        TypeError,
        "moves must be the cells",
    ),
    (
        "replay(3, X, ())",
        lambda: replay(3, Mark.X, ()),  # type: ignore[arg-type]
        TypeError,
        "rules must be a Rules",
    ),
]


@pytest.mark.parametrize(
    ("call", "expected", "says"),
    [(call, expected, says) for _, call, expected, says in BAD_CALLS],
    ids=[name for name, *_ in BAD_CALLS],
)
def test_a_bad_argument_is_refused_at_once_saying_what_to_pass(
    call: Callable[[], object], expected: type[Exception] | tuple[type[Exception], ...], says: str
) -> None:
    with pytest.raises(expected, match=re.escape(says)):
        call()


def test_a_review_of_any_iterable_of_cells_is_the_same() -> None:
    assert review_game(iter([0, 1]), NORMAL) == review_game([0, 1], NORMAL)
