"""The computer's side in the core's tests: each game gets its own engine (seeded, or with
scripted strategies), so `computer_move(game)` plays the computer's move as a front end does:
the engine finds it, the game plays it."""

from __future__ import annotations

import random
import weakref
from collections.abc import Mapping

from nac.core import Cell, Game, Level
from nac.engine import STRATEGIES, Engine, Strategy

_engines: weakref.WeakKeyDictionary[Game, Engine] = weakref.WeakKeyDictionary()


def seeded(
    game: Game,
    rng: random.Random | None = None,
    strategies: Mapping[Level, Strategy] = STRATEGIES,
) -> Game:
    """`game`, its computer's moves found by an engine of its own with this random source and
    these strategies."""
    _engines[game] = Engine(strategies, rng or random.Random(1))
    return game


def computer_move(game: Game) -> Cell:
    """The computer's move in `game`, found by its engine and played."""
    engine = _engines.get(game)
    if engine is None:
        engine = _engines[game] = Engine(rng=random.Random(1))
    return engine.reply(game)
