"""Resigning and the online mode, as the rules have them: a resignation ends the game for the
other side, is reported and saved like any end, and is refused where nobody may resign; an
online game is two people, takes no move back, and is never a switch's next mode."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import (
    LOCAL_MODES,
    FinishedGame,
    Game,
    GameAlreadyOver,
    GameKind,
    GameResult,
    IllegalMove,
    Level,
    Mark,
    Match,
    Mode,
    NotYourTurn,
    Rules,
    Starter,
    format_game,
    parse_game,
)
from nac.core.notation import Ending, NotationError
from nac.core.players import LONGEST_NAME, name_of, named, player_name

WHEN = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


def online_match(you: Mark = Mark.O, opponent: str = "Ana Lee") -> tuple[Match, list[FinishedGame]]:
    match = Match(Game(mode=Mode.ONLINE, human=you), Starter.ALTERNATE, clock=lambda: WHEN)
    match.opponent = opponent
    finished: list[FinishedGame] = []
    match.listen(finished.append)
    return match, finished


def test_a_resignation_ends_the_game_for_the_other_side_once() -> None:
    match, finished = online_match(you=Mark.O)
    game = match.game
    game.play_cell(4)
    game.play_cell(0)
    outcome = game.resign(Mark.X)
    assert game.is_over and game.resigned is Mark.X
    assert outcome.winner is Mark.O and outcome.line == ()
    assert game.board.outcome is None  # the position itself is unfinished
    assert len(finished) == 1 and finished[0].result is GameResult.WON
    assert match.score.first == 1
    with pytest.raises(GameAlreadyOver):
        game.resign(Mark.O)
    with pytest.raises(GameAlreadyOver):
        game.play_cell(8)
    assert len(finished) == 1


def test_an_online_game_is_saved_with_the_opponents_name_and_the_resignation() -> None:
    match, finished = online_match(you=Mark.O, opponent="Ana Lee")
    match.game.play_cell(4)
    match.game.resign(Mark.O)
    line = format_game(finished[0].saved)
    assert line == (
        "nac1 2026-11-24T09:00:00Z online 3x3 X=@Ana%20Lee O=person first=X result=O-resigns : b2"
    )
    saved = parse_game(line)
    assert saved == finished[0].saved
    assert saved.opponent == "Ana Lee" and saved.ending.winner is Mark.X
    assert saved.kind == finished[0].kind == GameKind(Mode.ONLINE, Rules.of(3), ("Ana Lee",))
    assert finished[0].result is GameResult.LOST


def test_a_new_game_forgets_the_resignation() -> None:
    match, _ = online_match()
    match.game.resign(Mark.X)
    match.new_game(first=Mark.O)
    assert match.game.resigned is None and not match.game.is_over
    assert match.game.turn is Mark.O


def test_against_the_computer_only_the_person_resigns() -> None:
    game = Game(mode=Mode.COMPUTER, human=Mark.X, level=Level.GENIUS)
    assert isinstance(game.why_no_resign(Mark.O), NotYourTurn)
    with pytest.raises(NotYourTurn):
        game.resign(Mark.O)
    assert not game.is_over
    assert game.resign().winner is Mark.O


def test_nobody_resigns_in_watch_mode() -> None:
    game = Game(mode=Mode.WATCH)
    with pytest.raises(IllegalMove):
        game.resign()
    assert not game.is_over and game.why_no_resign() is not None


def test_online_moves_are_not_taken_back_and_no_computer_plays() -> None:
    game = Game(mode=Mode.ONLINE)
    game.play_cell(0)
    assert game.why_no_undo() is not None
    with pytest.raises(IllegalMove, match="online"):
        game.undo()
    assert [move.cell for move in game.moves] == [0]
    assert not game.controlled_by_computer(Mark.X) and not game.controlled_by_computer(Mark.O)
    assert game.why_computer_cannot_start() is not None


def test_the_mode_switch_and_the_settings_know_only_the_local_modes() -> None:
    assert [mode.next for mode in LOCAL_MODES] == [*LOCAL_MODES[1:], LOCAL_MODES[0]]
    assert Mode.ONLINE.next is LOCAL_MODES[0]
    assert Mode.parse("Online") is Mode.ONLINE  # a saved game's line names it
    with pytest.raises(ValueError, match="nac host"):
        Mode.parse_local("online")
    assert Mode.parse_local("Watch") is Mode.WATCH


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("nac1 2026-11-24T09:00:00Z online 3x3 X=person O=person first=X result=draw :",
         "1 person"),
        ("nac1 2026-11-24T09:00:00Z two-player 3x3 X=person O=@Ana first=X result=unfinished :",
         "2 people"),
        ("nac1 2026-11-24T09:00:00Z computer 3x3 X=person O=@Ana first=X result=unfinished :",
         "only an online game"),
        ("nac1 2026-11-24T09:00:00Z online 3x3 X=person O=@Ana first=X result=X-resigns : "
         "a1 b1 a2 b2 a3", "has not ended"),
        ("nac1 2026-11-24T09:00:00Z computer 3x3 X=person O=genius first=X result=O-resigns :",
         "only a person resigns"),
        ("nac1 2026-11-24T09:00:00Z watch 3x3 X=genius O=genius first=X result=X-resigns :",
         "only a person resigns"),
        ("nac1 2026-11-24T09:00:00Z online 3x3 X=person O=@Ana%2 first=X result=draw :",
         "not a player"),
        ("nac1 2026-11-24T09:00:00Z online 3x3 X=person O=@%20Ana first=X result=unfinished :",
         "not a player"),
    ],
)  # fmt: skip
def test_a_line_whose_players_or_resignation_do_not_fit_is_refused(line: str, why: str) -> None:
    with pytest.raises(NotationError) as refusal:
        parse_game(line)
    assert why in str(refusal.value)


def test_a_resignation_ending_names_its_winner() -> None:
    assert Ending.X_RESIGNS.winner is Mark.O and Ending.X_RESIGNS.resigned is Mark.X
    assert Ending.O_WINS.winner is Mark.O and Ending.O_WINS.resigned is None
    assert Ending.DRAW.winner is None and Ending.UNFINISHED.resigned is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=LONGEST_NAME + 5))
def test_any_name_is_shown_tidy_or_refused_and_kept_as_one_word(text: str) -> None:
    try:
        name = player_name(text)
    except ValueError:
        return
    assert name.isprintable() and 0 < len(name) <= LONGEST_NAME and name == name.strip()
    word = named(name)
    assert len(word.split()) == 1 and "=" not in word and name_of(word) == name
    kind = GameKind(Mode.ONLINE, Rules.of(4), (name,))
    assert GameKind.parse(kind.key) == kind
