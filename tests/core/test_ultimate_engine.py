"""Ultimate's computer: the search's own state agrees with the rules' position on random games;
Average keeps its rules of thumb; Genius takes a win in one and never hands the other side one
while it can help it; the search keeps its tree between moves; values are claimed only where
they are proven (wins in one), the rest are estimates. The search's tests run on both searches,
the compiled one and the Python one (`ultimate_searches.KINDS`)."""

from __future__ import annotations

import random

import pytest

from nac.core import ULTIMATE, Level, Mark, UltimateBoard, grid_cell, start_position
from nac.engine import Limit, analyse, choose_move, ultimate
from nac.engine.limits import NO_LIMIT
from nac.engine.ultimate import ULTIMATE_SOURCE, average_candidates, search as ultimate_search
from nac.engine.ultimate.state import (
    FINISHERS,
    TURN,
    legal,
    play,
    safe_sends,
    state_of,
    winner,
    winning_moves,
)
from tests.benchmarks.bench_ultimate import reference_agrees
from tests.engine.ultimate_searches import KINDS, make_search, random_positions

FEW = Limit(nodes=300)


@pytest.fixture(params=KINDS)
def genius_search(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Genius's tree for this test: the compiled search's, then the Python one's."""
    kind: str = request.param
    monkeypatch.setattr(ULTIMATE_SOURCE, "_search", make_search(kind, random.Random()))
    return kind


def test_the_searchs_state_plays_as_the_rules_do() -> None:
    rng = random.Random(7)
    for _ in range(300):
        position = UltimateBoard.empty()
        state = state_of(position)
        while not position.is_over:
            assert sorted(legal(state)) == sorted(position.legal_moves)
            cell = rng.choice(position.legal_moves)
            position = position.play(cell)
            play(state, cell)
            assert state == state_of(position)
        assert legal(state) == []
        expected = position.outcome.winner if position.outcome else None
        assert winner(state) == (None if expected is None else (0 if expected is Mark.X else 1))


def test_the_benchmarks_reference_plays_by_the_same_rules() -> None:
    # bench_ultimate's UCT reference has its own rules code (bit sets, its own playout loop)
    assert reference_agrees(200, seed=3)


@pytest.mark.usefixtures("genius_search")
def test_genius_takes_a_win_in_one_and_hands_none_while_it_can_help_it() -> None:
    rng = random.Random(11)
    checked = 0
    for position in random_positions(120, seed=3):
        state = state_of(position)
        moves = legal(state)
        winning = winning_moves(state, moves)
        cell = choose_move(position, Level.GENIUS, rng, limit=FEW)
        if winning:
            assert cell in winning
            continue
        after = position.play(cell)
        if after.is_over:
            continue
        safe = [m for m in moves if not _hands_a_win(position, m)]
        if safe:
            assert not _hands_a_win(position, cell), (str(position), cell)
            checked += 1
    assert checked > 15


def _hands_a_win(position: UltimateBoard, cell: int) -> bool:
    after = state_of(position.play(cell))
    return bool(winning_moves(after, legal(after)))


def test_average_wins_a_board_blocks_and_sends_nowhere_the_other_side_wins() -> None:
    for position in random_positions(600, seed=5):
        state = state_of(position)
        moves = legal(state)
        chosen = average_candidates(position)
        assert chosen and set(chosen) <= set(moves)
        turn = 9 * state[TURN]
        board_winning = [c for c in moves if FINISHERS[state[c // 9 + turn]] >> (c % 9) & 1]
        if winning_moves(state, moves):
            assert set(chosen) == set(winning_moves(state, moves))
        elif board_winning:
            assert set(chosen) == set(board_winning)
        elif safe_sends(state, moves) and not _blocking(state, moves):
            assert set(chosen) <= set(safe_sends(state, moves))


def _blocking(state: list[int], moves: list[int]) -> list[int]:
    them = 9 * (1 - state[TURN])
    return [c for c in moves if FINISHERS[state[c // 9 + them]] >> (c % 9) & 1]


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_keeps_its_tree_from_one_move_to_the_next(kind: str) -> None:
    search = make_search(kind, random.Random(1))
    start = UltimateBoard.empty()
    search.run(state_of(start), None, simulations=2000)
    mine = search.best_move()
    reply = search.estimates([mine])[0]  # the most simulated reply
    assert reply.simulations > 0
    kept = {e.cell: e.simulations for e in search.estimates([mine, reply.cell])}
    later = start.play(mine).play(reply.cell)
    search.run(state_of(later), None, simulations=10)
    assert search.simulations == 10 and search.visits == reply.simulations + 10
    found = search.estimates()
    assert found and all(0.0 <= e.share <= 1.0 and e.simulations > 0 for e in found)
    assert all(e.simulations >= kept.get(e.cell, 0) for e in found) and kept


@pytest.mark.parametrize("kind", KINDS)
def test_a_search_stops_when_its_tree_is_full_however_long_it_was_given(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap is memory: the Python search's nodes are some 400 bytes, the compiled one's
    24 (it holds more of them)."""
    monkeypatch.setattr(ultimate_search, "TREE_MEMORY", 3000 * ultimate_search.NODE_BYTES)
    search = make_search(kind, random.Random(1))
    search.run(state_of(UltimateBoard.empty()), seconds=30.0)
    full = search.visits
    assert full == 3000 if kind == "python" else full > 3000
    search.run(state_of(UltimateBoard.empty()), seconds=30.0)  # the same tree: full
    assert search.visits == full and search.simulations == 0


@pytest.mark.usefixtures("genius_search")
def test_values_are_claimed_only_where_proven() -> None:
    # X to move with a win in one (h3, as the engine protocol's test): the win is a value
    position = start_position(ULTIMATE)
    from nac.core.notation import cell_of

    moves = "a1 a3 c7 g2 b5 e6 f7 h1 d1 c2 h5 e4 e2 f4 g3 a7 b1 f1 i3 h7 e3 e7 f3 g7 c1 i1"
    for name in moves.split():
        position = position.play(cell_of(ULTIMATE, name))
    values = analyse(position, FEW)
    assert list(values) == [cell_of(ULTIMATE, "h3")] and str(values[cell_of(ULTIMATE, "h3")]) == (
        "win in 1"
    )
    opening = analyse(UltimateBoard.empty().play(grid_cell(4, 4)), FEW)
    assert all(str(value) in ("win in 1", "loss in 1") for value in opening.values())
    assert len(ULTIMATE_SOURCE.estimates(UltimateBoard.empty(), FEW, None)) > 1


@pytest.mark.parametrize("kind", KINDS)
def test_a_hint_and_an_analysis_answer_the_same_every_time(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no limit is named, a hint and an analysis search a budget of simulations in a
    tree of their own seeded by the position: the same answer every time, whatever Genius
    searched in between."""
    monkeypatch.setattr(ultimate, "new_search", lambda rng: make_search(kind, rng))
    monkeypatch.setattr(ultimate, "advice_simulations", lambda: 3000)
    position = next(
        p for p in random_positions(60, seed=3)[30:] if not winning_moves(*_state_and_moves(p))
    )
    hint = ULTIMATE_SOURCE.hint(position, NO_LIMIT, None)
    found = ULTIMATE_SOURCE.estimates(position, NO_LIMIT, None)
    assert sum(e.simulations for e in found) == 3000 and hint.cell in position.legal_moves
    choose_move(position, Level.GENIUS, random.Random(1), limit=FEW)  # Genius's own tree
    assert ULTIMATE_SOURCE.hint(position, NO_LIMIT, None) == hint
    assert ULTIMATE_SOURCE.estimates(position, NO_LIMIT, None) == found
    assert ULTIMATE_SOURCE.estimates(position, FEW, None) != found  # a limit named: kept


def _state_and_moves(position: UltimateBoard) -> tuple[list[int], list[int]]:
    state = state_of(position)
    return state, legal(state)
