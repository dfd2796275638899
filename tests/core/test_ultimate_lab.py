"""Ultimate's lab (`nac.engine.ultimate.lab`): the depth-limited searches take a win in one and
avoid a loss in one; alpha-beta finds minimax's score at the same depth for fewer nodes, and
move ordering for fewer still; the Monte Carlo row counts its simulations and is the same for
the same seed; a stop ends every technique early with what it had found."""

from __future__ import annotations

import random
import threading

from hypothesis import given, settings, strategies as st

from nac.core import Mark, UltimateBoard
from nac.engine import (
    Estimated,
    MoveValue,
    Result,
    UnsolvedTechnique,
    estimate,
)
from nac.engine.ultimate.lab import deepen, evaluate
from nac.engine.ultimate.state import legal, play, state_of

DEPTH_LIMITED = (
    UnsolvedTechnique.MINIMAX,
    UnsolvedTechnique.ALPHA_BETA,
    UnsolvedTechnique.ORDERING,
)
FEW_NODES = 20_000
FEW_SIMULATIONS = 300


def fixed_clock() -> float:
    return 0.0


def small_boards(boards: dict[int, str], to_move: Mark, forced: int | None) -> UltimateBoard:
    """A position from its small boards' rows (`"XXX/OO./..."`, board 0 at the top left), the
    others empty."""
    xs = os = 0
    for board, rows in boards.items():
        for square, char in enumerate(rows.replace("/", "")):
            bit = 1 << (board * 9 + square)
            if char == "X":
                xs |= bit
            elif char == "O":
                os |= bit
    return UltimateBoard(xs, os, to_move, forced)


def estimated(board: UltimateBoard, technique: UnsolvedTechnique) -> Estimated:
    return estimate(
        board,
        technique,
        node_budget=FEW_NODES,
        simulations=FEW_SIMULATIONS,
        timer=fixed_clock,
    )


# X has won boards 1 and 2 (the top row's left and middle); sent to board 3, it wins the game
# on its top right square
WIN_IN_ONE = small_boards(
    {0: "XXX/OO./...", 1: "XXX/.OO/...", 2: "XX./O../.O.", 4: "O../.../..O", 8: "O../.../..."},
    Mark.X,
    2,
)
WINNING_MOVE = 2 * 9 + 2

# O has won boards 1 and 2 and has two in a row on board 3: X, sent to the centre board, loses
# at once if its square sends O to board 3 (its top right) or to a decided board (anywhere)
LOSS_IN_ONE = small_boards(
    {0: "OOO/XX./...", 1: "OOO/.XX/...", 2: "OO./X../.X.", 8: "XX./.../..."},
    Mark.X,
    4,
)
LOSING_MOVES = {4 * 9 + square for square in (0, 1, 2)}


def test_every_technique_takes_a_win_in_one() -> None:
    for technique in UnsolvedTechnique:
        found = estimated(WIN_IN_ONE, technique)
        assert found.move == WINNING_MOVE, technique
        assert found.value == MoveValue(Result.WIN, 1, found.value.score if found.value else 0)
        assert str(found.value) == "win in 1"


def test_the_depth_limited_searches_avoid_a_loss_in_one() -> None:
    for technique in DEPTH_LIMITED:
        found = estimated(LOSS_IN_ONE, technique)
        assert found.move is not None and found.move not in LOSING_MOVES, technique
        assert found.value is None or found.value.result is not Result.LOSS
        assert found.depth is not None and found.depth >= 2


def test_a_move_that_loses_at_once_scores_as_a_loss_for_its_side() -> None:
    state = state_of(LOSS_IN_ONE)
    for move in LOSING_MOVES:
        after = state[:]
        play(after, move)
        found = deepen(after, max_depth=1, node_budget=10**6)
        assert found.exact and found.score is not None and found.score > 0  # O wins at once


def random_position(seed: int, *, forced: bool) -> UltimateBoard:
    """A position from a random game, a move sent to a board (`forced`) or free."""
    rng = random.Random(seed)
    while True:
        position = UltimateBoard.empty()
        stop_at = rng.randrange(4, 40)
        while not position.is_over and position.mark_count < stop_at:
            position = position.play(rng.choice(position.legal_moves))
        if not position.is_over and (position.forced is not None) == forced:
            return position


def test_alpha_beta_finds_minimaxs_score_for_fewer_nodes_and_ordering_for_fewer_still() -> None:
    nodes = {"cut": 0, "ordered": 0}
    for seed in range(8):
        state = state_of(random_position(seed, forced=True))
        plain = deepen(state, pruning=False, max_depth=3, node_budget=10**7)
        cut = deepen(state, pruning=True, max_depth=3, node_budget=10**7)
        ordered = deepen(state, pruning=True, ordering=True, max_depth=3, node_budget=10**7)
        assert plain.depth == cut.depth == ordered.depth
        assert plain.score == cut.score == ordered.score, seed
        assert plain.move == cut.move  # the same order: the same first best move
        assert cut.nodes < plain.nodes and cut.cuts > 0
        assert plain.cuts == 0
        nodes["cut"] += cut.nodes
        nodes["ordered"] += ordered.nodes
    assert nodes["ordered"] < nodes["cut"]  # on the whole: a rule of thumb, not on every one


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), forced=st.booleans())
def test_alpha_beta_and_minimax_agree_at_depth_two(seed: int, forced: bool) -> None:
    state = state_of(random_position(seed, forced=forced))
    plain = deepen(state, pruning=False, max_depth=2, node_budget=10**7)
    cut = deepen(state, pruning=True, max_depth=2, node_budget=10**7)
    ordered = deepen(state, pruning=True, ordering=True, max_depth=2, node_budget=10**7)
    assert plain.score == cut.score == ordered.score
    assert cut.nodes <= plain.nodes
    assert plain.move in legal(state) and ordered.move in legal(state)


def test_the_same_nodes_take_alpha_beta_deeper_than_minimax() -> None:
    board = random_position(3, forced=False)
    depths = [estimated(board, technique).depth or 0 for technique in DEPTH_LIMITED]
    assert depths[0] < depths[1] <= depths[2]
    assert all(estimated(board, t).work == FEW_NODES for t in DEPTH_LIMITED)


def test_the_monte_carlo_row_counts_its_simulations_and_repeats_with_its_seed() -> None:
    board = random_position(5, forced=True)
    found = estimated(board, UnsolvedTechnique.TREE_SEARCH)
    assert found.work == FEW_SIMULATIONS and found.is_share
    assert found.depth is None and found.value is None
    assert found.move in board.legal_moves
    assert found.score is not None and 0 <= found.score <= 1
    assert estimated(board, UnsolvedTechnique.TREE_SEARCH) == found


def test_a_stop_ends_every_technique_early_and_says_so() -> None:
    board = random_position(1, forced=False)
    stop = threading.Event()
    stop.set()
    for technique in UnsolvedTechnique:
        found = estimate(
            board, technique, node_budget=10**7, simulations=10**6, stop=stop, timer=fixed_clock
        )
        assert found.stopped, technique
        budget = 10**6 if technique is UnsolvedTechnique.TREE_SEARCH else 10**7
        assert found.work < budget


def test_a_finished_game_has_nothing_to_search() -> None:
    rng = random.Random(2)
    position = UltimateBoard.empty()
    while not position.is_over:
        position = position.play(rng.choice(position.legal_moves))
    for technique in UnsolvedTechnique:
        found = estimated(position, technique)
        assert found.move is None and found.score is None and not found.stopped


def test_the_rule_of_thumb_scores_the_same_for_either_side() -> None:
    board = random_position(9, forced=True)
    swapped = UltimateBoard(board.os, board.xs, board.to_move.other, board.forced)
    assert evaluate(state_of(board)) == evaluate(state_of(swapped))
    assert evaluate(state_of(UltimateBoard.empty())) == 0
