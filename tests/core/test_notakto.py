"""Notakto: the rules in the core (`NotaktoBoard`, cells counted across the boards), and a
perfect Genius on one, two and three boards behind the engines' door (`analyse`,
`genius_moves`, `choose_move`, `hint`, and Notakto's source `NOTAKTO`), checked against a
brute-force model written here (boards as strings, lines and symmetries listed by hand, plain
memoised minimax)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nac.core import Level, Mark, Outcome, Rules, Termination
from nac.core.errors import GameAlreadyOver, IllegalMove
from nac.core.notakto import (
    NotaktoBoard,
    NotaktoMove,
    dead_lines,
    kills,
    notakto_cell,
    notakto_move,
    replay_notakto,
)
from nac.engine import NO_LIMIT, Hint, Result, analyse, choose_move, genius_moves, hint
from nac.engine.notakto import NOTAKTO
from nac.present.game.hint_words import hint_reason

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # the cell that lands on each cell, turning a quarter
MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def dead(board: str) -> bool:
    return any(all(board[i] == "X" for i in line) for line in LINES)


def images(board: str) -> list[str]:
    found = []
    for mirrored in (board, "".join(board[i] for i in MIRROR)):
        turned = mirrored
        for _ in range(4):
            found.append(turned)
            turned = "".join(turned[i] for i in ROTATE)
    return found


@cache
def least_image(board: str) -> str:
    return min(images(board))


def key(boards: tuple[str, ...]) -> tuple[str, ...]:
    """Live boards only, each as its least image, sorted: positions that play the same."""
    return tuple(sorted(least_image(board) for board in boards if not dead(board)))


def after(boards: tuple[str, ...], board: int, cell: int) -> tuple[str, ...]:
    played = boards[board][:cell] + "X" + boards[board][cell + 1 :]
    return (*boards[:board], played, *boards[board + 1 :])


@cache
def value(live: tuple[str, ...]) -> tuple[int, int]:
    """(+1 win or -1 loss for the player to move, plies to the end), the winner as fast and
    the loser as slow as they can."""
    best: tuple[int, int] | None = None
    for board, text in enumerate(live):
        for cell in range(9):
            if text[cell] == ".":
                candidate = move_value(live, board, cell)
                if best is None or preference(candidate) > preference(best):
                    best = candidate
    assert best is not None
    return best


def move_value(boards: tuple[str, ...], board: int, cell: int) -> tuple[int, int]:
    rest = key(after(boards, board, cell))
    if not rest:
        return (-1, 1)
    result, plies = value(rest)
    return (-result, plies + 1)


def preference(result_plies: tuple[int, int]) -> tuple[int, int]:
    result, plies = result_plies
    return (1, -plies) if result > 0 else (0, plies)


def as_text(position: NotaktoBoard) -> tuple[str, ...]:
    return tuple(board.replace("/", "") for board in str(position).split())


def model_value(position: NotaktoBoard, cell: int) -> tuple[int, int]:
    """The model's value of playing `cell` (across the boards) in `position`."""
    return move_value(as_text(position), *notakto_move(cell))


def reachable(count: int) -> list[NotaktoBoard]:
    """One position of every folded position a game on `count` boards can reach, not over."""
    seen: set[tuple[str, ...]] = set()
    found = []
    stack = [NotaktoBoard.empty(count)]
    while stack:
        position = stack.pop()
        folded = key(as_text(position))
        if folded in seen or not folded:
            continue
        seen.add(folded)
        found.append(position)
        stack.extend(position.play(cell) for cell in position.legal_moves)
    return found


# -- the rules -------------------------------------------------------------------------------


def test_three_in_a_row_kills_a_board_and_killing_the_last_one_loses() -> None:
    position = NotaktoBoard.parse("XX./.../... XX./.../...")
    once = position.play(notakto_cell(0, 2))
    assert once.dead == (True, False) and not once.is_over
    with pytest.raises(IllegalMove, match="board 1 is dead"):
        once.play(notakto_cell(0, 5))
    last = once.play(notakto_cell(1, 2))
    # the second player moved last, killing the last board: the first player wins, and the
    # outcome shows the killing line, as a normal game's win shows its line
    assert last.is_over and last.outcome == Outcome(Mark.X, (9, 10, 11), Termination.LAST_BOARD)
    assert last.legal_moves == () and dead_lines(last) == (0, 1, 2, 9, 10, 11)
    with pytest.raises(GameAlreadyOver):
        last.play(notakto_cell(1, 5))


def test_both_players_play_x_and_take_turns() -> None:
    position = NotaktoBoard.empty(2).play(notakto_cell(0, 4))
    assert position.to_move is Mark.O  # the second player's turn
    assert str(position) == ".../.X./... .../.../..."
    assert position[4] is Mark.X and position[notakto_cell(1, 4)] is None
    with pytest.raises(IllegalMove, match="already holds an X"):
        position.play(notakto_cell(0, 4))
    assert NotaktoBoard.empty(1, first=Mark.O).to_move is Mark.O


def test_cells_count_across_the_boards() -> None:
    assert notakto_cell(2, 8) == 26 and notakto_move(26) == NotaktoMove(board=2, square=8)
    assert all(notakto_cell(*notakto_move(cell)) == cell for cell in range(27))
    position = replay_notakto(3, (0, 1, 2, 13))  # board 1 dead, the centre of board 2 taken
    assert position.rules == Rules.notakto(3) and position.cell_count == 27
    assert position.legal_moves == (*range(9, 13), *range(14, 27))
    assert position.empty_cells == (*range(3, 13), *range(14, 27))
    assert position.killing_lines(0) == (0, 1, 2) and position.killing_lines(1) == ()


def test_a_move_that_kills_a_board_is_said_to() -> None:
    position = NotaktoBoard.parse("XX./.../...")
    assert kills(position, 2) and not kills(position, 4)


# -- Genius ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "first_wins"),
    [(1, True), (2, False), pytest.param(3, True, marks=pytest.mark.strength)],
)
def test_who_wins_with_perfect_play(count: int, first_wins: bool) -> None:
    result, _ = value(key(as_text(NotaktoBoard.empty(count))))
    assert (result > 0) is first_wins
    best = max(analyse(NotaktoBoard.empty(count)).values(), key=lambda v: v.score)
    assert (best.result is Result.WIN) is first_wins


def genius_agrees_with_the_model(positions: list[NotaktoBoard]) -> None:
    rng = random.Random(11)
    for position in positions:
        best = preference(value(key(as_text(position))))
        chosen = genius_moves(position)
        assert chosen == NOTAKTO.genius_moves(position, None), str(position)
        for cell in chosen:
            assert preference(model_value(position, cell)) == best, (str(position), cell)
        assert choose_move(position, Level.GENIUS, rng) in chosen
        found = analyse(position)
        assert found == NOTAKTO.values(position, NO_LIMIT, None)
        assert sorted(found) == sorted(position.legal_moves)
        for cell, move in found.items():
            result, plies = model_value(position, cell)
            assert (move.result, move.plies) == (Result.WIN if result > 0 else Result.LOSS, plies)


@pytest.mark.parametrize("count", [1, 2])
def test_genius_and_the_analysis_match_the_model_on_every_position(count: int) -> None:
    genius_agrees_with_the_model(reachable(count))


def test_genius_matches_the_model_on_three_boards_sampled() -> None:
    rng = random.Random(23)
    positions: list[NotaktoBoard] = []
    while len(positions) < 60:
        position = NotaktoBoard.empty(3)
        for _ in range(rng.randrange(0, 12)):
            moves = position.legal_moves
            if not moves:
                break
            position = position.play(rng.choice(moves))
        if not position.is_over:
            positions.append(position)
    genius_agrees_with_the_model(positions)


@pytest.mark.strength
def test_genius_matches_the_model_on_every_position_of_three_boards() -> None:
    genius_agrees_with_the_model(reachable(3))


@pytest.mark.parametrize("count", [1, 2, 3])
def test_genius_on_the_winning_side_never_loses_against_any_reply(count: int) -> None:
    """From the empty boards, Genius plays the side that wins with perfect play; the other
    side tries every reply: every game ends with the other side killing the last board."""
    genius = Mark.X if count != 2 else Mark.O  # X moves first
    seen: set[tuple[str, ...]] = set()
    ends = 0
    stack = [NotaktoBoard.empty(count)]
    while stack:
        position = stack.pop()
        if position.outcome is not None:
            assert position.outcome.winner is genius, str(position)
            ends += 1
            continue
        folded = key(as_text(position))
        if folded in seen:
            continue
        seen.add(folded)
        if position.to_move is genius:
            stack.extend(position.play(cell) for cell in genius_moves(position))
        else:
            stack.extend(position.play(cell) for cell in position.legal_moves)
    assert ends > 0


def test_hints_say_what_a_move_does() -> None:
    last = NotaktoBoard.parse("XX./XX./...")  # every move kills the one board
    found = hint(last)
    assert (found.kills, found.last) == (0, True)
    assert hint_reason(last.rules, found) == "kills the last board: you lose"
    position = NotaktoBoard.parse("XX./.../... X.X/.X./...")
    killing = Hint(2, analyse(position)[2], kills=0)
    assert hint_reason(position.rules, killing).startswith("kills board 1: you")
    found = hint(NotaktoBoard.empty(1))
    assert found.cell == 4 and found.kills is None
    assert hint_reason(Rules.notakto(1), found) == "you win in 3"
    assert found.value is not None and found.value.result is Result.WIN
    assert NOTAKTO.hint(NotaktoBoard.empty(1), NO_LIMIT, None) == found
