"""The solvers themselves: the alpha-beta search on its own, and the whole-game table of 3×3."""

from array import array
from pathlib import Path

import pytest

from nac.core import Board, geometry
from nac.engine import whole_game
from nac.engine.bounds import EXACT, KIND_MASK, LOWER, UPPER
from nac.engine.packaged import packaged
from nac.engine.solver import Solver
from nac.engine.whole_game import WholeGame

from . import reference


def test_alpha_beta_search_alone_scores_every_move_of_every_position_right() -> None:
    from nac.engine.values import value_of

    solver = Solver(geometry(3))
    for first in ("X", "O"):
        for cells in reference.non_terminal_positions(first):
            mark = reference.to_move(cells, first)
            board = Board.parse(reference.as_text(cells), to_move=mark)
            mine, theirs = board.sides
            scores = solver.move_scores(mine, theirs)
            for cell, score in scores.items():
                value = value_of(board.geometry.cell_count, score, board.mark_count)
                result, plies = reference.move_value(cells, cell, mark)
                assert (value.result.value, value.plies) == (
                    {1: "win", 0: "draw", -1: "loss"}[result],
                    plies,
                ), f"{reference.as_text(cells)} cell {cell}"
            best_score, best_cells = solver.best_moves(mine, theirs)
            assert best_score == max(scores.values())
            assert best_cells == tuple(c for c in sorted(scores) if scores[c] == best_score)


def test_the_table_keeps_bounds_as_well_as_exact_scores() -> None:
    solver = Solver(geometry(3))
    solver.score(0, 0)
    kinds = {entry & KIND_MASK for entry in solver.table.entries()}
    assert kinds == {EXACT, LOWER, UPPER}


def test_pruning_and_symmetry_visit_far_fewer_positions_than_the_game_has() -> None:
    solver = Solver(geometry(3))
    solver.score(0, 0)
    assert solver.nodes < 1000 < 5478  # the empty board's value without visiting everything
    assert solver.score(0, 0) == 0


def test_the_table_holds_a_fixed_number_of_slots_and_stays_exact() -> None:
    """A tiny table forgets most positions and still gives the exact score."""
    small, large = Solver(geometry(4), table_slots_log2=6), Solver(geometry(4))
    mine, theirs = 1 << 5 | 1 << 6, 1 << 10 | 1 << 9
    assert small.score(mine, theirs) == large.score(mine, theirs)
    assert 0 < len(small.table) <= 64 < len(large.table)


def test_the_shipped_3x3_table_is_what_the_whole_game_solver_finds() -> None:
    shipped = WholeGame(geometry(3))
    solved = WholeGame(geometry(3), read_table=False)
    assert shipped.scores == solved.scores and shipped.genius == solved.genius
    table = Path(whole_game.__file__).with_name(whole_game.TABLE_FILE)
    assert table.read_bytes() == solved.table_bytes()  # `make openings` writes the same file


def damaged_tables(good: bytes) -> list[bytes]:
    entries = array("I", good)
    zero_mask = array("I", entries)
    zero_mask[10] &= ~511  # no move for Genius
    taken = array("I", entries)
    key = taken[1] >> 14  # a position with a mark on it (the first, key 0, is the empty board)
    marks = (key | key >> 9) & 511
    taken[1] |= marks & -marks  # Genius's move on a square already taken
    return [good[:-4], good + good[:4], zero_mask.tobytes(), taken.tobytes(), good[4:] + good[:4]]


def test_a_damaged_3x3_table_is_not_read_and_the_game_is_solved_instead(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = packaged(whole_game.TABLE_FILE)
    table = tmp_path / whole_game.TABLE_FILE
    monkeypatch.setattr(whole_game, "packaged", lambda name: table.read_bytes())  # reads here
    solved: list[bool] = []
    solve = WholeGame._solve_everything

    def spied(self: WholeGame) -> None:
        solved.append(True)
        solve(self)

    monkeypatch.setattr(WholeGame, "_solve_everything", spied)
    reference = WholeGame(geometry(3), read_table=False)
    table.write_bytes(good)
    solved.clear()
    assert WholeGame(geometry(3)).genius == reference.genius and not solved  # read, not solved
    for damaged in damaged_tables(good):
        table.write_bytes(damaged)
        solved.clear()
        whole = WholeGame(geometry(3))
        assert solved and whole.genius == reference.genius and whole.scores == reference.scores


def test_the_whole_game_table_holds_every_position_and_agrees_with_the_search() -> None:
    whole = WholeGame(geometry(3))
    assert len(whole.scores) == 4520  # every position that is not over, X or O to move
    solver = Solver(geometry(3))
    n = 9
    for key, score in whole.scores.items():
        mine, theirs = key >> n, key & (1 << n) - 1
        assert score == solver.score(mine, theirs)
        assert whole.move_scores(mine, theirs) == solver.move_scores(mine, theirs)
