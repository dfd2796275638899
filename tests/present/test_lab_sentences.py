"""The lab's sentences: in Notakto (both play X) the step-by-step search, the tree and the
position name the players by turn, "player 1" for the side that moved first, whichever seat
that is; the move that kills the last board is a loss in 1 for its mover, as a move that
completes a line is a win in 1 in the normal game; no bound is said as "a loss in 0" (issue 36)."""

from __future__ import annotations

import re

from nac.core import Board, Mark, NotaktoBoard
from nac.engine import Step, analyse, trace
from nac.present.learning import lab_lines

GENIUS_BEGAN = NotaktoBoard.parse("XX./.../...", first=Mark.O)
"""One board, two marks: the seat O moved first, so the side to move is player 1."""


def sentences(board: Board | NotaktoBoard) -> list[str]:
    return [lab_lines.step_sentence(step, board, str) for step in trace(board)]


def test_notaktos_step_by_step_names_the_players_by_turn_not_by_mark() -> None:
    said = sentences(GENIUS_BEGAN)
    assert said[0].startswith("Tries player 1 on ")
    assert not any(re.search(r"\b[XO]\b", sentence) for sentence in said)
    assert any(sentence.startswith("Cuts ") and "player 2" in sentence for sentence in said)


def test_killing_the_last_board_is_a_loss_in_1_as_a_line_is_a_win_in_1() -> None:
    killed = Step("value", (2,), -(GENIUS_BEGAN.cell_count + 1 - 3))  # 0-1-2: three marks
    assert lab_lines.step_sentence(killed, GENIUS_BEGAN, str) == (
        "Player 1 on 2 is worth a loss in 1 for player 1."
    )
    assert str(analyse(GENIUS_BEGAN)[2]) == "loss in 1"
    normal = Board.parse("XX./OO./...")
    won = Step("value", (2,), normal.cell_count + 1 - 5)
    assert lab_lines.step_sentence(won, normal, str) == "X on 2 is worth a win in 1 for X."


def test_notaktos_tree_and_position_name_the_players_by_turn() -> None:
    value = analyse(GENIUS_BEGAN)[2]
    label = lab_lines.tree_label(
        mover=GENIUS_BEGAN.to_move, square="2", value=value, best=False, cut=False,
        board=GENIUS_BEGAN,
    )  # fmt: skip
    assert label == "player 1 on 2 · loss in 1"
    assert lab_lines.position_line(GENIUS_BEGAN).endswith("· player 1 to move")
    after = GENIUS_BEGAN.play(4)
    assert lab_lines.position_line(after).endswith("· player 2 to move")


def test_no_bound_is_said_as_a_loss_in_0_or_less() -> None:
    said = sentences(Board.empty(3))
    assert not any(re.search(r" in (0|-\d)", sentence) for sentence in said)
    assert any("hold O to a loss (the bound β)" in sentence for sentence in said)
