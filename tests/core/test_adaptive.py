"""Adaptive: it plays like a fixed level chosen by its opponent's results this session (the
match's score), stronger after they win, weaker after they lose, and its games are counted,
saved and read back as Adaptive's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import (
    EVEN_SCORE_LEVEL,
    FIXED_LEVELS,
    Board,
    Game,
    GameKind,
    Level,
    Mark,
    Match,
    Mode,
    Position,
    adaptive_level,
    format_game,
    parse_game,
)
from nac.engine import STRATEGIES, choose_move

from .computer import computer_move, seeded


class FirstEmptySquare:
    """A computer that always loses to a row: it plays the first empty square."""

    def choose(self, board: Position, *_: object) -> int:
        return board.empty_cells[0]


def adaptive_match(mode: Mode = Mode.COMPUTER, human: Mark = Mark.X) -> Match:
    """A match against Adaptive whose every fixed level plays the first empty square, so the
    person (X, moving first) wins with the bottom row."""
    strategies = dict.fromkeys(FIXED_LEVELS, FirstEmptySquare())
    played = Game(level=Level.ADAPTIVE, mode=mode, human=human)
    return Match(seeded(played, random.Random(1), strategies))


def person_plays(match: Match, cells: tuple[int, ...]) -> Mark | None:
    """The person plays `cells`, the computer answering each; the winner (None: a draw)."""
    game = match.game
    for cell in cells:
        game.play_cell(cell)
        if not game.is_over:
            computer_move(game)
    outcome = game.outcome
    assert outcome is not None
    match.new_game()
    return outcome.winner


def person_wins(match: Match) -> None:
    human = match.game.human
    assert person_plays(match, (6, 7, 8)) is human  # the bottom row: the computer fills the top


def person_loses(match: Match) -> None:
    match.game.resign()
    match.new_game()


def plays_like(match: Match) -> Level:
    game = match.game
    level = game.plays_like(game.computer)
    assert level is not None
    return level


@pytest.mark.parametrize(
    ("lead", "level"),
    [
        (-5, Level.IDIOT),
        (-1, Level.IDIOT),
        (0, Level.AVERAGE),
        (1, Level.CLEVER),
        (2, Level.GENIUS),
        (9, Level.GENIUS),
    ],
)
def test_adaptive_is_average_at_an_even_score_a_level_a_game_either_side(
    lead: int, level: Level
) -> None:
    assert adaptive_level(lead) is level
    assert adaptive_level(0) is EVEN_SCORE_LEVEL


# No deadline: hypothesis's own (200 ms an example) is a timing assert, which a loaded machine
# (or a collection of the worker's garbage) can break; the other property tests have none either.
@settings(deadline=None)
@given(st.integers(-50, 50))
def test_a_bigger_lead_never_makes_adaptive_weaker(lead: int) -> None:
    order = FIXED_LEVELS.index
    assert order(adaptive_level(lead + 1)) >= order(adaptive_level(lead))
    assert adaptive_level(lead) in FIXED_LEVELS


def test_a_lead_is_a_whole_number_of_games() -> None:
    for lead in (0.5, True, "1"):
        with pytest.raises(TypeError, match="whole number of games"):
            adaptive_level(lead)  # type: ignore[arg-type]


def test_adaptive_moves_up_after_the_player_wins_and_down_after_the_player_loses() -> None:
    match = adaptive_match()
    assert plays_like(match) is Level.AVERAGE
    person_wins(match)
    assert plays_like(match) is Level.CLEVER
    person_wins(match)
    assert plays_like(match) is Level.GENIUS
    person_loses(match)
    assert plays_like(match) is Level.CLEVER
    person_loses(match)
    person_loses(match)
    assert plays_like(match) is Level.IDIOT


def test_the_computers_turn_names_the_level_it_plays_like_and_its_moves_are_adaptives() -> None:
    match = adaptive_match()
    person_wins(match)
    game = match.game
    game.play_key(5)
    assert game.computer_turn().level is Level.CLEVER
    computer_move(game)
    assert game.moves[-1].level is Level.ADAPTIVE and game.level is Level.ADAPTIVE


def test_a_draw_leaves_adaptive_where_it_was() -> None:
    match = adaptive_match()
    person_wins(match)
    assert person_plays(match, (1, 3, 4, 6, 8)) is None
    assert match.score.draws == 1 and plays_like(match) is Level.CLEVER


def test_a_new_mode_starts_a_new_score_and_adaptive_starts_again_at_average() -> None:
    match = adaptive_match()
    person_wins(match)
    match.new_game(mode=Mode.TWO_PLAYER)
    match.new_game(mode=Mode.COMPUTER)
    assert plays_like(match) is Level.AVERAGE


def test_adaptive_follows_the_person_whichever_mark_they_play() -> None:
    match = adaptive_match(human=Mark.O)
    assert match.game.computer is Mark.X
    person_loses(match)
    assert plays_like(match) is Level.IDIOT


def test_in_watch_mode_adaptive_follows_its_opponents_results() -> None:
    game = Game(mode=Mode.WATCH, watch_levels=(Level.ADAPTIVE, Level.ADAPTIVE))
    match = Match(game)
    game.session_lead = 1  # X is a game ahead: O plays stronger, X weaker
    assert (game.plays_like(Mark.X), game.plays_like(Mark.O)) == (Level.IDIOT, Level.CLEVER)
    assert match.score.lead == 0


def test_adaptive_has_no_strategy_of_its_own_and_says_what_to_ask_instead() -> None:
    assert Level.ADAPTIVE not in STRATEGIES
    with pytest.raises(ValueError, match="computer_turn"):
        choose_move(Board.empty(), Level.ADAPTIVE)


def test_a_game_against_adaptive_is_counted_and_saved_as_adaptives() -> None:
    match = adaptive_match()
    person_wins(match)
    finished = match.last
    assert finished is not None and finished.kind.key == "computer/adaptive"
    line = format_game(finished.saved)
    assert "O=adaptive" in line and parse_game(line) == finished.saved
    assert GameKind.parse("watch/clever-vs-adaptive").levels == ("clever", "adaptive")


@pytest.mark.parametrize("level", list(Level))
def test_every_level_reads_back_from_its_name(level: Level) -> None:
    assert Level.parse(level.value.upper()) is level
