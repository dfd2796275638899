"""Why a game ended (`Termination`), said by the outcome itself."""

from __future__ import annotations

import pickle

from nac.core import Board, Game, Mark, Mode, Outcome, Termination


def test_an_outcome_says_a_line_for_a_win_and_a_filled_board_for_a_draw_unless_told() -> None:
    assert Outcome(Mark.X, (0, 1, 2)).reason is Termination.LINE
    assert Outcome(None).reason is Termination.FILLED
    lost = Outcome(Mark.O, (0, 1, 2), Termination.LOSING_LINE)
    assert lost != Outcome(Mark.O, (0, 1, 2)) and str(lost) == "O wins"
    assert pickle.loads(pickle.dumps(lost)) == lost


def test_a_resigned_game_ends_by_resignation() -> None:
    game = Game(mode=Mode.TWO_PLAYER)
    game.play_key(5)
    outcome = game.resign()
    assert outcome == game.outcome == Outcome(Mark.X, (), Termination.RESIGNATION)
    assert Board.parse("XXX/OO./...").outcome == Outcome(Mark.X, (0, 1, 2), Termination.LINE)
