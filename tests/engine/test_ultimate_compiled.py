"""Genius's compiled Ultimate search (`nac/engine/ultimate/_ultimate.c`) and the Python one it
stands in for: the compiled rules agree with nac.core's on random games (hypothesis); the compiled
playouts follow the Python playouts' policy; both searches decide alike (legal moves, the
proven wins and losses, the tree kept between moves and capped, stopped by the stop signal or
the clock, the same answer from the same seed); and the compiled one is loaded only when
Genius first searches Ultimate, never with `NAC_PURE_PYTHON=1` nor from a zip."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings, strategies as st

import nac
from nac.core import Mark, UltimateBoard
from nac.engine.ultimate import fast as ultimate_fast, search as ultimate_search
from nac.engine.ultimate.fast import CompiledSearch
from nac.engine.ultimate.search import Search
from nac.engine.ultimate.state import (
    DECIDED,
    FORCED,
    TURN,
    WINS,
    WON_X,
    State,
    is_over,
    legal,
    play,
    playout,
    result_for,
    state_of,
    winner,
    winning_moves,
)
from tests.engine.ultimate_searches import KINDS, NOT_BUILT, built, make_search, random_positions

FEW = 300
"""Simulations for the searches that need only try every move once or so."""


needs_compiled = pytest.mark.skipif(built() is None, reason=NOT_BUILT)


def compiled() -> ModuleType:
    module = built()
    assert module is not None
    return module


def side(mark: Mark | None) -> int | None:
    return None if mark is None else (0 if mark is Mark.X else 1)


# -- the compiled rules -----------------------------------------------------------------------


@needs_compiled
@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 80), max_size=81))
def test_the_compiled_rules_agree_with_the_cores_on_random_games(picks: list[int]) -> None:
    """A random game (each pick a legal move by its index; then the first legal move to the
    end): at every position the compiled legal moves, winner and next state are the core's."""
    core = compiled()
    position = UltimateBoard.empty()
    state = state_of(position)
    plies = 0
    while True:
        assert core.legal(state) == sorted(position.legal_moves)
        expected = side(position.outcome.winner) if position.outcome else None
        assert core.winner(state) == expected
        if position.is_over:
            assert core.legal(state) == []
            break
        moves = position.legal_moves
        cell = sorted(moves)[picks[plies] % len(moves)] if plies < len(picks) else min(moves)
        position = position.play(cell)
        state = core.play(state, cell)
        assert state == state_of(position)
        plies += 1


@needs_compiled
def test_a_state_that_is_no_state_is_refused() -> None:
    core = compiled()
    with pytest.raises(ValueError):
        core.legal([0] * 22)
    with pytest.raises(ValueError):
        core.legal([0] * 21 + [9, 0])
    with pytest.raises(ValueError):
        core.play(state_of(UltimateBoard.empty()), 81)


# -- the playouts ------------------------------------------------------------------------------


@needs_compiled
def test_a_compiled_playout_plays_on_to_the_end_of_the_game() -> None:
    core = compiled()
    for seed, position in enumerate(random_positions(300, seed=4)):
        start = state_of(position)
        end = core.playout(start, seed)
        assert is_over(end)
        for board in range(9):
            xs, os = end[board], end[9 + board]
            assert not xs & os and xs & start[board] == start[board]
            assert os & start[9 + board] == start[9 + board]
            assert bool(end[18] >> board & 1) == WINS[xs]
            assert bool(end[19] >> board & 1) == WINS[os]


@needs_compiled
def test_both_playouts_win_the_game_in_one_move_where_one_does() -> None:
    core = compiled()
    found = 0
    for position in random_positions(2000, seed=6):
        state = state_of(position)
        if not winning_moves(state, legal(state)):
            continue
        found += 1
        for seed in range(5):
            assert core.winner(core.playout(state, seed)) == state[TURN]
            after = state[:]
            playout(after, random.Random(seed))
            assert winner(after) == state[TURN]
    assert found > 20


def _played_out(kind: str, state: State, seed: int) -> State:
    """The state at the end of one playout from `state` by the compiled or the Python policy."""
    if kind == "compiled":
        end: State = compiled().playout(state, seed)
        return end
    after = state[:]
    playout(after, random.Random(seed))
    return after


def _marks(state: State) -> int:
    return sum(mask.bit_count() for mask in state[:18])


def _sends_to_a_win(state: State, cell: int) -> bool:
    """Whether the other side, sent where `cell` sends it (a move anywhere if that board is
    decided), would win the game at once there, the boards as they stand before the move."""
    sent = state[:]
    square = cell % 9
    sent[TURN] = 1 - state[TURN]
    sent[FORCED] = -1 if state[DECIDED] >> square & 1 else square
    return bool(winning_moves(sent, legal(sent)))


@pytest.mark.parametrize("kind", ["python", pytest.param("compiled", marks=needs_compiled)])
def test_a_playout_never_hands_the_other_side_a_win_at_once_where_a_move_does_not(
    kind: str,
) -> None:
    """Where no move wins the game, some moves send the other side to a win of the game at
    once and some do not: the playout's move is never one of the first, so the other side
    never wins with its first reply. The playout judges by the boards as they stand before its
    move; positions where the move itself changes the answer (it blocks the other side's
    threat on its own board, or decides the board it sends it back to) are left out, each move
    told apart here by playing it and asking the rules."""
    found = 0
    for position in random_positions(3000, seed=9):
        state = state_of(position)
        moves = legal(state)
        if winning_moves(state, moves):
            continue
        losing = [move for move in moves if _hands_a_win(state, move)]
        if not losing or len(losing) == len(moves):
            continue
        if losing != [move for move in moves if _sends_to_a_win(state, move)]:
            continue
        found += 1
        for seed in range(8):
            end = _played_out(kind, state, seed)
            lost_at_once = _marks(end) == _marks(state) + 2 and winner(end) == 1 - state[TURN]
            assert not lost_at_once, (str(position), seed)
    assert found > 20


@needs_compiled
def test_both_playouts_move_at_random_where_no_move_wins_the_game() -> None:
    """X to move on board 0, where one of its two free squares wins the board (not the game):
    a playout takes it about half the time, not always (as rules of thumb would), so X ends
    up with board 0 in some three playouts of four (the other square is played later)."""
    core = compiled()
    state = [0] * 23
    state[0] = 0b010000011  # X on squares 0, 1 and 7 of board 0: square 2 wins it
    state[9] = 0b101011000  # O on 3, 4, 6 and 8: squares 2 and 5 free
    state[FORCED] = 0
    count, rng = 1000, random.Random(2)
    fast = sum(core.playout(state, seed)[WON_X] & 1 for seed in range(count)) / count
    slow = 0.0
    for _ in range(count):
        after = state[:]
        playout(after, rng)
        slow += after[WON_X] & 1
    slow /= count
    assert 0.5 < fast < 0.95
    assert 0.5 < slow < 0.95


@needs_compiled
def test_the_compiled_and_python_playouts_end_alike_on_average() -> None:
    """X's score over 2,000 playouts from the same positions: the two policies agree within
    four standard errors of the difference (each score is 1, a half or 0)."""
    core = compiled()
    count = 2000
    starts = [UltimateBoard.empty(), *random_positions(400, seed=8)[100::100]]
    for position in starts:
        state = state_of(position)
        fast = sum(result_for(core.playout(state, seed), 0) for seed in range(count)) / count
        rng, slow = random.Random(1), 0.0
        for _ in range(count):
            after = state[:]
            playout(after, rng)
            slow += result_for(after, 0)
        slow /= count
        assert abs(fast - slow) <= 4 * math.sqrt(2 * 0.25 / count), (str(position), fast, slow)


# -- the searches, compiled and Python ---------------------------------------------------------


def _hands_a_win(state: State, cell: int) -> bool:
    after = state[:]
    play(after, cell)
    return not is_over(after) and bool(winning_moves(after, legal(after)))


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_plays_legal_moves_and_proves_the_losses_in_one(kind: str) -> None:
    checked = 0
    for seed, position in enumerate(random_positions(80, seed=12)):
        state = state_of(position)
        moves = legal(state)
        if winning_moves(state, moves):
            continue
        search = make_search(kind, random.Random(seed))
        search.run(state, None, FEW)
        found = search.estimates()
        assert {e.cell for e in found} == set(moves)  # every move tried
        assert sum(e.simulations for e in found) == search.visits <= FEW
        for estimate in found:
            assert (estimate.proven == -1) >= _hands_a_win(state, estimate.cell)
        chosen = search.best_move()
        assert chosen in moves
        if any(not _hands_a_win(state, cell) for cell in moves):
            assert not _hands_a_win(state, chosen), (str(position), chosen)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_sees_a_win_in_one_at_its_root_and_simulates_nothing(kind: str) -> None:
    for position in random_positions(400, seed=14):
        state = state_of(position)
        if winning_moves(state, legal(state)):
            search = make_search(kind, random.Random(1))
            search.run(state, 5.0)
            assert search.simulations == 0 and search.estimates() == []


def wins_in_two(state: State) -> list[int]:
    """The moves (none winning at once) after which every reply lets the mover win at once."""
    found = []
    for cell in legal(state):
        after = state[:]
        play(after, cell)
        replies = legal(after)
        if (
            replies
            and not winning_moves(after, replies)
            and all(_hands_a_win(after, reply) for reply in replies)
        ):
            found.append(cell)
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_proves_a_win_in_two_and_plays_it(kind: str) -> None:
    proved = 0
    for position in random_positions(1500, seed=1):
        state = state_of(position)
        if winning_moves(state, legal(state)):
            continue
        winning = wins_in_two(state)
        if not winning:
            continue
        search = make_search(kind, random.Random(proved))
        search.run(state, None, 1000)
        chosen = search.best_move()
        assert chosen in winning, str(position)
        assert next(e for e in search.estimates() if e.cell == chosen).proven == 1
        proved += 1
    assert proved >= 10


def exact_values(state: State) -> dict[int, int]:
    """Every legal move's value for the side to move by plain minimax to the end: 1 a win, 0
    a draw, -1 a loss (for positions near the end only)."""

    def value(after: State) -> int:  # for the side that just moved
        if is_over(after):
            return round(2 * result_for(after, 1 - after[TURN])) - 1
        return -max(value(_played(after, cell)) for cell in legal(after))

    return {cell: value(_played(state, cell)) for cell in legal(state)}


def _played(state: State, cell: int) -> State:
    after = state[:]
    play(after, cell)
    return after


def _free_cells(state: State) -> int:
    return sum(
        9 - bin(state[b] | state[9 + b]).count("1") for b in range(9) if not state[20] >> b & 1
    )


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_proves_a_drawn_endgame_and_keeps_the_draw(kind: str) -> None:
    """Near the end, where the exact value is a draw: the search proves it (it stops long
    before its budget) and plays a move that keeps the draw, not one that loses."""
    proved = 0
    for position in random_positions(6000, seed=21):
        state = state_of(position)
        if _free_cells(state) > 8 or winning_moves(state, legal(state)):
            continue
        values = exact_values(state)
        if max(values.values()) != 0 or min(values.values()) == 0:
            continue  # not a draw, or no move that loses it
        search = make_search(kind, random.Random(proved))
        search.run(state, None, 500_000)
        assert search.simulations < 500_000, str(position)
        assert values[search.best_move()] == 0, str(position)
        proved += 1
        if proved == 8:
            break
    assert proved == 8


@pytest.mark.parametrize("kind", KINDS)
def test_a_seeded_search_repeats(kind: str) -> None:
    position = random_positions(30, seed=2)[-1]
    answers = []
    for _ in range(2):
        search = make_search(kind, random.Random(7))
        search.run(state_of(position), None, 1500)
        answers.append((search.best_move(), search.estimates()))
    assert answers[0] == answers[1]
    other = make_search(kind, random.Random(8))
    other.run(state_of(position), None, 1500)
    assert other.estimates() != answers[0][1]


@pytest.mark.parametrize("kind", KINDS)
def test_the_stop_signal_stops_a_search_at_its_next_look(kind: str) -> None:
    looks = 0

    def stopped() -> bool:
        nonlocal looks
        looks += 1
        return looks == 3

    search = make_search(kind, random.Random(1))
    search.run(state_of(UltimateBoard.empty()), 30.0, None, stopped)
    assert looks == 3 and search.simulations == 3 * ultimate_search.CHECK_EVERY


@pytest.mark.parametrize("kind", KINDS)
def test_an_error_in_the_stop_signal_comes_out_of_the_search(kind: str) -> None:
    def stopped() -> bool:
        raise KeyError("the signal")

    search = make_search(kind, random.Random(1))
    with pytest.raises(KeyError, match="the signal"):
        search.run(state_of(UltimateBoard.empty()), 30.0, None, stopped)


@pytest.mark.parametrize("kind", KINDS)
def test_an_event_set_from_another_thread_stops_a_long_search(kind: str) -> None:
    """The compiled search lets go of the interpreter while it simulates, so the thread that
    sets the event runs."""
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    answers: list[bool] = []

    def stopped() -> bool:
        answers.append(stop.is_set())
        return answers[-1]

    search = make_search(kind, random.Random(1))
    timer.start()
    search.run(state_of(UltimateBoard.empty()), 3600.0, None, stopped)
    timer.join()
    # it ended at the first look that found the event set: not for its hour, nor a full tree
    assert answers.count(True) == 1 and answers[-1] and search.simulations > 0


@pytest.mark.parametrize("kind", KINDS)
def test_a_timed_search_ends_at_the_first_look_past_its_time(kind: str) -> None:
    looks = 0

    def stopped() -> bool:
        nonlocal looks
        looks += 1
        return False

    search = make_search(kind, random.Random(1))
    started = time.perf_counter()
    search.run(state_of(UltimateBoard.empty()), 0.3, None, stopped)
    assert time.perf_counter() - started >= 0.3
    # Each look reads the clock, then asks the stop signal: the search ended at a look whose
    # clock said its time was up (no wall clock's upper bound here: a loaded machine may be
    # slow to come back, but never takes a look past the time without ending).
    every = ultimate_search.CHECK_EVERY
    assert search.simulations % every == 0 and looks == search.simulations // every - 1


@needs_compiled
def test_the_compiled_tree_stays_under_its_cap_from_move_to_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cap is memory: TREE_MEMORY holds TREE_MEMORY // NODE_BYTES compiled nodes."""
    core = compiled()
    monkeypatch.setattr(ultimate_search, "TREE_MEMORY", 2000 * core.NODE_BYTES)
    search = CompiledSearch(random.Random(3), core)
    tree = search._tree
    rng = random.Random(5)
    position, searched = UltimateBoard.empty(), 0
    while not position.is_over:
        state = state_of(position)
        if winning_moves(state, legal(state)):
            break
        search.run(state, 5.0)
        searched += search.simulations > 0  # none where the kept tree is already full
        assert tree.nodes <= 2000
        position = position.play(search.best_move())
        if position.is_over:
            break
        position = position.play(rng.choice(position.legal_moves))
    assert searched > 10


# -- where it is loaded ------------------------------------------------------------------------


@needs_compiled
def test_genius_searches_with_the_compiled_search_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = compiled()
    ultimate_fast.compiled.cache_clear()
    monkeypatch.delenv(ultimate_fast.PURE_PYTHON, raising=False)
    try:
        assert ultimate_fast.compiled() is module
        assert isinstance(ultimate_fast.new_search(random.Random()), CompiledSearch)
        ultimate_fast.compiled.cache_clear()
        monkeypatch.setenv(ultimate_fast.PURE_PYTHON, "1")
        assert ultimate_fast.compiled() is None
        assert isinstance(ultimate_fast.new_search(random.Random()), Search)
    finally:
        ultimate_fast.compiled.cache_clear()


LOADED = (
    "import sys\n"
    "from nac.core import UltimateBoard, Level\n"
    "from nac.engine import Limit, choose_move\n"
    "from nac.engine.ultimate import ULTIMATE_SOURCE\n"
    "print('nac.engine.ultimate._ultimate' in sys.modules)\n"
    "board = UltimateBoard.empty()\n"
    "print(choose_move(board, Level.GENIUS, limit=Limit(nodes=200)) in board.legal_moves)\n"
    "print('nac.engine.ultimate._ultimate' in sys.modules)\n"
)


@pytest.mark.parametrize("pure", [False, True])
def test_the_compiled_search_loads_on_geniuss_first_ultimate_search(pure: bool) -> None:
    loaded = built() is not None and not pure
    environment = {"NAC_PURE_PYTHON": "1"} if pure else {"NAC_PURE_PYTHON": ""}
    out = subprocess.run(
        [sys.executable, "-c", LOADED],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **environment},
    )
    assert out.stdout.split() == ["False", "True", str(loaded)]


def test_genius_plays_ultimate_from_a_zip_with_the_python_search(tmp_path: Path) -> None:
    """An extension module cannot load from a zip: the import fails and the Python search
    answers (the zip holds the compiled module where it is built, as a wheel would)."""
    package = Path(nac.__file__).parent
    archive = tmp_path / "nac.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in package.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(package.parent))
    script = (
        "import sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from nac.engine.ultimate import fast\n"
        "print(fast.compiled())\n" + LOADED.replace("import sys\n", "")
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(archive)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert out.stdout.split() == ["None", "False", "True", "False"], out.stderr
