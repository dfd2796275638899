"""Match: who starts each game, the session score, and the kind of game a result counts under."""

from __future__ import annotations

import random

import pytest

from nac.core import (
    MIXED,
    Game,
    GameKind,
    GameResult,
    Level,
    Mark,
    Match,
    Mode,
    Rules,
    Starter,
    Variant,
)

from .computer import computer_move, seeded


def play_out(match: Match) -> None:
    game = match.game
    while not game.is_over:
        if game.is_computer_turn:
            computer_move(game)
        else:
            game.play_cell(game.board.empty_cells[0])


@pytest.mark.parametrize(
    ("rule", "firsts"),
    [
        (Starter.YOU, [Mark.X, Mark.X, Mark.X]),
        (Starter.COMPUTER, [Mark.O, Mark.O, Mark.O]),
        (Starter.ALTERNATE, [Mark.X, Mark.O, Mark.X]),
    ],
)
def test_the_starter_rule_picks_who_moves_first(rule: Starter, firsts: list[Mark]) -> None:
    match = Match(Game(), rule)  # the first game begins as the match is made
    seen = [match.game.turn]
    for _ in firsts[1:]:
        match.new_game()
        seen.append(match.game.turn)
    assert seen == firsts


def test_a_finished_game_is_scored_under_the_board_and_level_it_was_played_on() -> None:
    match = Match(seeded(Game(size=4, level=Level.IDIOT), random.Random(2)))
    play_out(match)
    finished = match.last
    assert finished is not None and finished.outcome == match.game.outcome
    assert finished.kind == GameKind(Mode.COMPUTER, Rules.of(4), ("idiot",))
    assert finished.kind.key == "computer/idiot@4x4"
    assert match.score.games == 1


def test_a_level_changed_mid_game_counts_as_mixed_never_as_the_last_level() -> None:
    game = seeded(Game(level=Level.IDIOT), random.Random(5))
    match = Match(game)
    game.play_key(5)
    computer_move(game)
    game.level = Level.GENIUS  # just before the person's winning try
    game.play_cell(game.board.empty_cells[0])
    computer_move(game)
    play_out(match)
    assert match.last is not None and match.last.kind.levels == (MIXED,)


def test_a_game_where_only_one_level_moved_counts_under_it() -> None:
    game = seeded(Game(level=Level.AVERAGE), random.Random(5))
    match = Match(game)
    game.play_key(5)
    computer_move(game)
    game.level = Level.GENIUS  # a switch after the computer's last move changes nothing
    game.play_key(1)
    if not game.is_over:
        game.level = Level.AVERAGE
    play_out(match)
    assert match.last is not None
    assert match.last.kind.levels in (("average",), (MIXED,))


def test_a_side_that_has_not_moved_yet_counts_under_the_level_playing_it() -> None:
    game, rules = Game(level=Level.IDIOT), Rules.of(3)
    assert GameKind.of(game.mode, rules, game.moves, game.levels_playing()).levels == ("idiot",)
    game.play_key(5)  # the person's move alone: the computer has not played yet
    assert GameKind.of(game.mode, rules, game.moves, game.levels_playing()).levels == ("idiot",)
    watch = Game(mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.IDIOT))
    computer_move(watch)  # X moved, O not yet
    watch.set_watch_level(Mark.X, Level.AVERAGE)
    kind = GameKind.of(watch.mode, Rules.of(3), watch.moves, watch.levels_playing())
    assert kind.levels == ("genius", "idiot")  # X under the level it played with
    assert GameKind.of(Mode.TWO_PLAYER, Rules.of(3), (), ()).levels == ()


@pytest.mark.parametrize(
    "kind",
    [
        GameKind(Mode.COMPUTER, Rules.of(3), ("genius",)),
        GameKind(Mode.COMPUTER, Rules.of(5), (MIXED,)),
        GameKind(Mode.WATCH, Rules.of(4), ("genius", "idiot")),
        GameKind(Mode.TWO_PLAYER, Rules.of(3)),
        GameKind(Mode.TWO_PLAYER, Rules.of(5)),
        GameKind(Mode.COMPUTER, Rules.of(4, Variant.MISERE), ("genius",)),
        GameKind(Mode.WATCH, Rules.notakto(3), ("clever", "idiot")),
        GameKind(Mode.ONLINE, Rules.notakto(2), ("Ana Lee",)),
    ],
)
def test_kinds_of_game_survive_their_key(kind: GameKind) -> None:
    assert GameKind.parse(kind.key) == kind


@pytest.mark.parametrize(
    "key",
    [
        "",
        "computer",
        "computer/godlike",
        "watch/genius",
        "two-player/x",
        "computer/genius@4x5",
        "computer/genius@9x9",
        "chess/genius",
        "[red]x[/red]",
    ],
)
def test_a_key_that_names_no_kind_of_game_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        GameKind.parse(key)


def test_a_new_mode_starts_a_new_score() -> None:
    match = Match(Game(mode=Mode.TWO_PLAYER))
    play_out(match)
    assert match.last is not None
    assert match.last.result in GameResult and match.score.games == 1
    match.new_game()
    assert match.score.games == 1
    match.new_game(mode=Mode.WATCH)
    assert match.score.games == 0
