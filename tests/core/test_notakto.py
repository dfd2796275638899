"""Notakto: the rules in the core, and a perfect Genius on one, two and three boards, checked
against a brute-force model written here (boards as strings, lines and symmetries listed by
hand, plain memoised minimax)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from nac.core.errors import GameAlreadyOver, IllegalMove
from nac.core.notakto import NotaktoMove, NotaktoPosition
from nac.engine.notakto import genius_moves, hint, kills, move_values, move_words

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


def as_text(position: NotaktoPosition) -> tuple[str, ...]:
    return tuple(board.replace("/", "") for board in str(position).split())


def reachable(count: int) -> list[NotaktoPosition]:
    """One position of every folded position a game on `count` boards can reach, not over."""
    seen: set[tuple[str, ...]] = set()
    found = []
    stack = [NotaktoPosition.empty(count)]
    while stack:
        position = stack.pop()
        folded = key(as_text(position))
        if folded in seen or not folded:
            continue
        seen.add(folded)
        found.append(position)
        stack.extend(position.play(*move) for move in position.legal_moves())
    return found


# -- the rules -------------------------------------------------------------------------------


def test_three_in_a_row_kills_a_board_and_killing_the_last_one_loses() -> None:
    position = NotaktoPosition.parse("XX./.../... XX./.../...")
    once = position.play(0, 2)
    assert once.dead == (True, False) and not once.is_over
    with pytest.raises(IllegalMove, match="board 1 is dead"):
        once.play(0, 5)
    last = once.play(1, 2)
    assert last.is_over and last.loser_was_first is False  # the second player moved last
    with pytest.raises(GameAlreadyOver):
        last.play(1, 5)


def test_both_players_play_x_and_take_turns() -> None:
    position = NotaktoPosition.empty(2).play(0, 4)
    assert not position.first_to_move
    assert str(position) == ".../.X./... .../.../..."
    with pytest.raises(IllegalMove, match="already holds an X"):
        position.play(0, 4)


def test_a_move_that_kills_a_board_is_said_to() -> None:
    position = NotaktoPosition.parse("XX./.../...")
    assert kills(position, NotaktoMove(0, 2)) and not kills(position, NotaktoMove(0, 4))


# -- Genius ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "first_wins"),
    [(1, True), (2, False), pytest.param(3, True, marks=pytest.mark.strength)],
)
def test_who_wins_with_perfect_play(count: int, first_wins: bool) -> None:
    result, _ = value(key(as_text(NotaktoPosition.empty(count))))
    assert (result > 0) is first_wins
    best = max(move_values(NotaktoPosition.empty(count)).values(), key=lambda v: v.score)
    assert (best.result.value == "win") is first_wins


def genius_agrees_with_the_model(positions: list[NotaktoPosition]) -> None:
    for position in positions:
        boards = as_text(position)
        best = preference(value(key(boards)))
        for move in genius_moves(position):
            assert preference(move_value(boards, *move)) == best, (str(position), move)
        for move, found in move_values(position).items():
            result, plies = move_value(boards, *move)
            assert (found.result.value, found.plies) == ("win" if result > 0 else "loss", plies)


@pytest.mark.parametrize("count", [1, 2])
def test_genius_and_the_analysis_match_the_model_on_every_position(count: int) -> None:
    genius_agrees_with_the_model(reachable(count))


def test_genius_matches_the_model_on_three_boards_sampled() -> None:
    rng = random.Random(23)
    positions: list[NotaktoPosition] = []
    while len(positions) < 60:
        position = NotaktoPosition.empty(3)
        for _ in range(rng.randrange(0, 12)):
            moves = list(position.legal_moves())
            if not moves:
                break
            position = position.play(*rng.choice(moves))
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
    genius_first = count != 2
    seen: set[tuple[str, ...]] = set()
    ends = 0
    stack = [NotaktoPosition.empty(count)]
    while stack:
        position = stack.pop()
        if position.is_over:
            assert position.loser_was_first is not genius_first, str(position)
            ends += 1
            continue
        folded = key(as_text(position))
        if folded in seen:
            continue
        seen.add(folded)
        if position.first_to_move is genius_first:
            stack.extend(position.play(*move) for move in genius_moves(position))
        else:
            stack.extend(position.play(*move) for move in position.legal_moves())
    assert ends > 0


def test_hints_and_the_analysis_say_what_a_move_does() -> None:
    position = NotaktoPosition.parse("XX./.../... X.X/.X./...")
    values = move_values(position)
    assert move_words(position, NotaktoMove(0, 2), values[NotaktoMove(0, 2)]).startswith(
        "kills board 1: you"
    )
    last = NotaktoPosition.parse("XX./.../...")
    assert move_words(last, NotaktoMove(0, 2), move_values(last)[NotaktoMove(0, 2)]) == (
        "kills the last board: you lose"
    )
    move, why = hint(NotaktoPosition.empty(1))
    assert move == NotaktoMove(0, 4) and why == "you win in 3"
