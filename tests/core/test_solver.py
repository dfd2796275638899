"""The alpha-beta search itself, without the whole-game table that 3×3 normally gets."""

from nac.core import Board, geometry
from nac.core.solver import EXACT, LOWER, UPPER, Solver

from . import reference


def test_alpha_beta_search_alone_scores_every_move_of_every_position_right() -> None:
    solver = Solver(geometry(3), solve_whole_game=False)
    for first in ("X", "O"):
        for cells in reference.non_terminal_positions(first):
            mark = reference.to_move(cells, first)
            board = Board.parse(reference.as_text(cells), to_move=mark)
            mine, theirs = board.sides
            scores = solver.move_scores(mine, theirs)
            for cell, score in scores.items():
                value = solver.value_of(score, board.mark_count)
                result, plies = reference.move_value(cells, cell, mark)
                assert (value.result.value, value.plies) == (
                    {1: "win", 0: "draw", -1: "loss"}[result],
                    plies,
                ), f"{reference.as_text(cells)} cell {cell}"
            best_score, best_cells = solver.best_moves(mine, theirs)
            assert best_score == max(scores.values())
            assert best_cells == tuple(c for c in sorted(scores) if scores[c] == best_score)


def test_the_table_keeps_bounds_as_well_as_exact_scores() -> None:
    solver = Solver(geometry(3), solve_whole_game=False)
    solver.score(0, 0)
    kinds = {kind for kind, _ in solver.table.values()}
    assert kinds == {EXACT, LOWER, UPPER}


def test_pruning_and_symmetry_visit_far_fewer_positions_than_the_game_has() -> None:
    solver = Solver(geometry(3), solve_whole_game=False)
    solver.score(0, 0)
    assert solver.nodes < 1000 < 5478  # the empty board's value without visiting everything
    assert solver.score(0, 0) == 0


def test_the_whole_game_table_is_exact_and_complete() -> None:
    solver = Solver(geometry(3))
    solver.score(0, 0)
    assert len(solver.table) == 627  # non-terminal positions up to symmetry, with X or O to move
    assert all(kind == EXACT for kind, _ in solver.table.values())
