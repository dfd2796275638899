"""Glicko-2 against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from nac.ledger.glicko2 import Rating, Result, after_game, updated


def test_the_papers_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [
        Result(Rating(1400, 30), 1),
        Result(Rating(1550, 100), 0),
        Result(Rating(1700, 300), 0),
    ]
    after = updated(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_first_game_puts_the_winner_above_1500_and_the_loser_below_both_provisional() -> None:
    winner, loser = after_game(Rating(), Rating(), 1.0)
    assert winner.rating > 1500 > loser.rating
    assert winner.provisional and loser.provisional


def test_a_player_is_provisional_while_the_deviation_is_at_least_110() -> None:
    assert Rating(1500, 110).provisional
    assert not Rating(1500, 109.9).provisional


def test_a_period_without_games_only_makes_the_rating_less_sure() -> None:
    after = updated(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.deviation > 100
