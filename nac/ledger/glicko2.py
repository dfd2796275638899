"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a player's rating, its
deviation (how unsure it is) and its volatility (how much it swings), updated from the games of
one rating period. Pure arithmetic, no I/O: the ledger calls it inside the transaction that
records a game (one game a period, as lichess does).

TAU = 0.5, the middle of the paper's advice (0.3 to 1.2): smaller keeps volatility from
jumping after one upset, which suits short games decided by one slip."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

SCALE = 173.7178
"""Glicko's rating points per Glicko-2 unit."""
TAU = 0.5
EPSILON = 0.000001
"""When the volatility's iteration stops (the paper's value)."""
NEW_RATING = 1500.0
NEW_DEVIATION = 350.0
NEW_VOLATILITY = 0.06
PROVISIONAL_DEVIATION = 110.0
"""A player is provisional (not on the leaderboard, shown with a "?") while their deviation is at
least this."""
LONGEST_ITERATIONS = 100
"""Bound on the volatility's iteration (it converges in a handful; this only guards a loop)."""


class Rating(NamedTuple):
    rating: float = NEW_RATING
    deviation: float = NEW_DEVIATION
    volatility: float = NEW_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION


class Result(NamedTuple):
    """One game of the period: the opponent's rating then, and the score (1 won, 0.5 drawn,
    0 lost)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def updated(player: Rating, results: Iterable[Result], tau: float = TAU) -> Rating:
    """`player`'s rating after a period with these games (none: only the deviation grows)."""
    mu = (player.rating - NEW_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = list(results)
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(NEW_DEVIATION, phi_star * SCALE), sigma)
    inverse_v = 0.0
    sum_scores = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - NEW_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        e = _expected(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        sum_scores += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * sum_scores
    sigma_new = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * sum_scores
    return Rating(mu_new * SCALE + NEW_RATING, min(NEW_DEVIATION, phi_new * SCALE), sigma_new)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < LONGEST_ITERATIONS:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(LONGEST_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def after_game(x: Rating, o: Rating, x_score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game between them (`x_score`: 1, 0.5 or 0 for X)."""
    return updated(x, [Result(o, x_score)]), updated(o, [Result(x, 1.0 - x_score)])
