"""The engine's one table (`nac/engine/sources.py`): every family of rules has a row (a source,
a lab space or none where the lab estimates, Average's rules of thumb); an exact source answers
with proven values, with their distance; an estimating one says so (`is_estimated`, `Estimating`)
and its values are only the few it proves; a board the game does not offer is still played by
its family's rules of thumb, and has no source."""

from __future__ import annotations

import pytest

from nac.core import RULES, Board, Family, Position, Rules, Variant
from nac.core.positions import start_position
from nac.engine import Limit, Unsolvable, is_estimated
from nac.engine.drills import scanned
from nac.engine.sources import (
    TABLE,
    Estimating,
    exact_source,
    row_of,
    rules_source,
    source_for,
    space_of,
)

QUICK = Limit(nodes=200)
"""A search's budget small enough for a test."""
OPENED = {"notakto 3": (0, 9)}
"""Moves played first where the empty position takes long to solve (a second, cold)."""


def opened(rules: Rules) -> Position:
    board = start_position(rules)
    for cell in OPENED.get(rules.name, ()):
        board = board.play(cell)
    return board


def test_every_family_has_a_row() -> None:
    assert set(TABLE) == set(Family)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_every_rules_has_a_source_and_rules_of_thumb(rules: Rules) -> None:
    board = start_position(rules)
    row = row_of(board)
    assert row is TABLE[rules.family]
    source = source_for(board)
    assert source is rules_source(rules)
    assert isinstance(source.exact, bool) and isinstance(source.instant, bool)
    thumbs = row.rules_of_thumb(board)
    assert thumbs and set(thumbs) <= set(board.legal_moves)
    assert set(row.urgent(board)) <= set(board.legal_moves)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_lab_searches_every_rules_but_those_it_estimates(rules: Rules) -> None:
    board = start_position(rules)
    if is_estimated(rules):
        assert row_of(board).space is None
        with pytest.raises(ValueError, match="the lab estimates"):
            space_of(board)
        return
    space, state = space_of(board)
    order = tuple(range(space.cells))
    assert space.cells == board.cell_count
    assert [cell for cell, _, _ in space.moves(state, order)] == list(board.legal_moves)
    assert not space.over(state)


@pytest.mark.parametrize("rules", [r for r in RULES if rules_source(r).exact], ids=str)
def test_an_exact_source_answers_every_move_with_a_proven_value(rules: Rules) -> None:
    board = opened(rules)
    source = exact_source(board)
    values = source.values(board, Limit(), None)
    assert set(values) == set(board.legal_moves)
    assert all(value.plies is not None for value in values.values())
    best = max(value.score for value in values.values())
    assert {values[cell].score for cell in source.genius_moves(board, None)} == {best}
    assert not is_estimated(rules)


@pytest.mark.parametrize("rules", [r for r in RULES if is_estimated(r)], ids=str)
def test_an_estimating_source_says_so(rules: Rules) -> None:
    board = start_position(rules)
    source = source_for(board)
    assert isinstance(source, Estimating)
    assert not source.exact
    assert source.values(board, QUICK, None) == {}  # nothing proven from the empty board
    found = source.estimates(board, QUICK, None, seed=1)
    assert {estimate.cell for estimate in found} <= set(board.legal_moves)
    assert all(0 <= estimate.share <= 1 for estimate in found)
    with pytest.raises(Unsolvable):
        exact_source(board)


def test_the_5x5_sources_prove_results_but_are_neither_exact_nor_estimating() -> None:
    for rules in (Rules.of(5), Rules.of(5, Variant.MISERE)):
        source = rules_source(rules)
        assert not source.exact
        assert not isinstance(source, Estimating)
        assert not is_estimated(rules)


def test_drills_scan_the_games_every_move_of_which_is_rated() -> None:
    assert {rules.name for rules in RULES if not scanned(rules)} == {"normal 5", "misere 5"}


@pytest.mark.parametrize("variant", Variant)
def test_a_board_the_game_does_not_offer_has_its_familys_rules_of_thumb_and_no_source(
    variant: Variant,
) -> None:
    board = Board.empty(6, 4, variant=variant)
    assert row_of(board) is TABLE[Rules.of(variant=variant).family]
    assert set(row_of(board).rules_of_thumb(board)) <= set(board.legal_moves)
    with pytest.raises(Unsolvable):
        source_for(board)
