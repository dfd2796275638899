"""Notakto's review and saved games name the players by turn, not by mark (both play X): when
Genius begins, Genius is player 1, the value strip is from its side, and the saved games list
names it first (issue 36)."""

from __future__ import annotations

from datetime import UTC, datetime

from nac.core import Ending, Mark, Mode, Rules, SavedGame, replay
from nac.core.notation import PERSON
from nac.engine import review_game
from nac.present.learning.review_lines import ReviewView, review_lines
from nac.present.learning.value_strip import x_values
from nac.present.learning.words import PLAYER_COLUMNS, players_by_turn
from nac.ui.screens.games import COLUMNS, row

NOTAKTO = Rules.notakto(1)
WHEN = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
MOVES = (4, 0, 8)  # the first mover kills the board (0-4-8) with its second move: it loses


def genius_began() -> SavedGame:
    """A Notakto game against Genius, Genius first (in the O seat), the person in the X seat."""
    ending = Ending.of(replay(NOTAKTO, Mark.O, MOVES))
    return SavedGame(WHEN, Mode.COMPUTER, NOTAKTO, PERSON, "genius", Mark.O, ending, MOVES)


def text_of(view: ReviewView) -> str:
    return "\n".join("".join(text for text, _ in line) for line in review_lines(view, 80, 60))


def test_the_review_calls_the_side_that_began_player_1() -> None:
    game = genius_began()
    said = text_of(ReviewView(game, review_game(game.moves, game.rules, game.first), 0, str))
    assert "Genius (1): " in said and "You (2): " in said
    assert "1. 1 4" in said and "2. 2 0" in said  # the first move is player 1's


def test_the_value_strip_is_from_the_side_that_began() -> None:
    game = genius_began()
    values = x_values(review_game(game.moves, game.rules, game.first))
    assert values[-1] == "lost"  # player 1, Genius, killed the last board
    assert len(values) == len(MOVES)


def test_the_saved_games_list_names_who_began_first() -> None:
    game = genius_began()
    assert players_by_turn(game) == ("Genius", "You")
    assert COLUMNS[2:4] == PLAYER_COLUMNS == ("First", "Second")
    assert [str(cell) for cell in row(game)[2:4]] == ["Genius", "You"]
