"""The lab's searches: the textbook figures of the empty 3×3 board from an independent count
written here, every technique finding the exact value Genius's solver finds, the node limit
said and the stop obeyed, and the step-by-step search cutting only what alpha-beta may cut."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings, strategies as st

from nac.core import Board, NotaktoBoard, notakto_cell
from nac.engine import Technique, agree, census, compare, position_value, search, trace
from nac.engine.stop import SearchStopped

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
TURNS = (
    lambda r, c: (r, c), lambda r, c: (c, 2 - r), lambda r, c: (2 - r, 2 - c),
    lambda r, c: (2 - c, r), lambda r, c: (r, 2 - c), lambda r, c: (2 - r, c),
    lambda r, c: (c, r), lambda r, c: (2 - c, 2 - r),
)  # fmt: skip


def independent_count() -> tuple[int, int, int, int]:
    """Nodes, games, positions and positions up to symmetry of 3×3 noughts and crosses, by a
    walk over lists of "X", "O" and "" that shares nothing with the engine."""
    nodes = games = 0
    positions: set[tuple[str, ...]] = set()

    def won(cells: list[str]) -> bool:
        return any(cells[a] and cells[a] == cells[b] == cells[c] for a, b, c in LINES)

    def walk(cells: list[str], mark: str) -> None:
        nonlocal nodes, games
        nodes += 1
        positions.add(tuple(cells))
        if won(cells) or all(cells):
            games += 1
            return
        for cell in range(9):
            if not cells[cell]:
                cells[cell] = mark
                walk(cells, "O" if mark == "X" else "X")
                cells[cell] = ""

    walk([""] * 9, "X")

    def turned(position: tuple[str, ...], turn: object) -> tuple[str, ...]:
        moved = [""] * 9
        for cell, mark in enumerate(position):
            row, column = turn(*divmod(cell, 3))  # type: ignore[operator]
            moved[row * 3 + column] = mark
        return tuple(moved)

    shapes = {min(turned(position, turn) for turn in TURNS) for position in positions}
    return nodes, games, len(positions), len(shapes)


def test_the_empty_board_has_the_textbook_figures_counted_two_ways() -> None:
    counted = independent_count()
    assert counted == (549_946, 255_168, 5_478, 765)
    whole = census(Board.empty(3))
    assert (whole.nodes, whole.games, whole.positions, whole.symmetric) == counted
    assert not whole.stopped


def test_plain_minimax_visits_the_whole_tree_and_each_technique_visits_fewer() -> None:
    results = compare(Board.empty(3))
    assert [result.technique for result in results] == list(Technique)
    assert results[0].nodes == 549_946 and results[0].stored == 0 and results[0].cuts == 0
    nodes = [result.nodes for result in results]
    assert nodes == sorted(nodes, reverse=True) and len(set(nodes)) == len(nodes)
    assert results[3].stored > results[4].stored > 0
    assert agree(results) and {str(result.value) for result in results} == {"draw"}


BOARDS_3 = st.lists(st.integers(0, 8), unique=True, max_size=8)


@settings(max_examples=60, deadline=None)
@given(BOARDS_3)
def test_every_technique_finds_the_value_genius_finds(cells: list[int]) -> None:
    board = Board.empty(3)
    for cell in cells:
        if board.is_over:
            break
        board = board.play(cell)
    results = compare(board)
    if board.is_over:
        assert all(result.move is None and result.nodes == 1 for result in results)
        return
    exact = position_value(board)
    assert exact is not None
    assert agree(results)
    for result in results:
        assert result.value == exact and result.move is not None
        assert str(position_value(board.play(result.move))) != "" and not result.stopped


def test_on_4x4_mid_game_the_fast_techniques_finish_and_agree_with_the_solver() -> None:
    board = Board.parse("XO../.X../..O./....")
    fast = [search(board, technique) for technique in (Technique.TABLE, Technique.SYMMETRY)]
    exact = position_value(board)
    assert all(not result.stopped and result.value == exact for result in fast)


def notakto_positions() -> list[NotaktoBoard]:
    """The empty board and every first move on one board; on two boards, the empty boards, a
    killed board beside an empty one, and a middle game."""
    one = NotaktoBoard.empty(1)
    return [
        one,
        *(one.play(cell) for cell in one.legal_moves),
        NotaktoBoard.empty(2),
        NotaktoBoard.parse("XX./.../... .../.../..."),
        NotaktoBoard.parse("XXX/.../... .../.../...").play(notakto_cell(1, 4)),
        NotaktoBoard.parse(".X./..X/... X../.X./..."),
    ]


@pytest.mark.parametrize("position", notakto_positions(), ids=str)
def test_on_notakto_the_fast_techniques_find_the_value_the_solver_finds(
    position: NotaktoBoard,
) -> None:
    exact = position_value(position)
    assert exact is not None
    fast = [search(position, technique) for technique in (Technique.TABLE, Technique.SYMMETRY)]
    for result in fast:
        assert not result.stopped and result.value is not None and result.move is not None
        assert (result.value.result, result.value.plies) == (exact.result, exact.plies), (
            result.technique
        )


def test_on_one_notakto_board_every_technique_finishes_and_agrees() -> None:
    for position in notakto_positions()[:10]:
        results = compare(position)
        assert agree(results) and not any(result.stopped for result in results)


def test_a_slow_technique_stops_at_its_node_limit_and_says_so() -> None:
    result = search(Board.empty(4), Technique.MINIMAX, node_limit=10_000)
    assert result.stopped and result.nodes == 10_000
    assert result.score is None and result.move is None and result.value is None
    assert not agree((result,))


def test_a_search_obeys_its_stop_signal() -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchStopped):
        search(Board.empty(4), Technique.MINIMAX, stop=stop)


def test_the_step_by_step_search_backs_up_the_exact_value_and_cuts_only_past_the_bound() -> None:
    board = Board.parse("XO./.X./O..")
    steps = list(trace(board))
    root_values = [step.score for step in steps if step.kind == "value" and len(step.line) == 1]
    exact = position_value(board)
    assert exact is not None and max(v for v in root_values if v is not None) == exact.score
    cuts = [step for step in steps if step.kind == "cut"]
    assert cuts, "alpha-beta cuts something here"
    for step in cuts:
        assert step.score is not None and step.bound is not None and step.score >= step.bound
        assert step.cut and not set(step.cut) & set(step.line)
    tried = [step.line for step in steps if step.kind == "try"]
    for step in cuts:
        assert all((*step.line, cell) not in tried for cell in step.cut)
