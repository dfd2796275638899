"""`nac engine`, the engines' line protocol, as another program drives it: a subprocess fed
commands on its standard input, its answers read from its standard output."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from nac.core import RULES, ULTIMATE, find_rules
from nac.core.notation import cell_of
from nac.core.positions import start_position
from nac.plain.engine import LONGEST_LINE, WAITING

from ..waiting import LONGEST_WAIT


def engine(*commands: str, env: dict[str, str] | None = None) -> list[str]:
    """What `nac engine` answers to these commands, one line each (`env`: variables added)."""
    done = subprocess.run(
        [sys.executable, "-m", "nac", "engine"],
        input="\n".join(commands) + "\n",
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=LONGEST_WAIT,
        check=True,
    )
    assert "Traceback" not in done.stderr
    return done.stdout.splitlines()


def test_isready_is_answered_readyok_and_quit_ends_it() -> None:
    assert engine("isready", "quit", "isready") == ["readyok"]


@pytest.mark.parametrize("rules", [rules.name for rules in (*RULES, ULTIMATE)], ids=str)
def test_every_rules_gets_a_legal_best_move_after_some_moves(rules: str) -> None:
    openings = {"normal": "b2 a1", "misere": "b2 a1", "notakto": "1b2 1a1", "ultimate": "e5 d4"}
    opening = openings[rules.split()[0]]
    answers = engine(f"rules {rules}", f"moves {opening}", "go nodes 2000")
    assert len(answers) == 1 and answers[0].startswith("bestmove ")
    found = find_rules(rules)
    position = start_position(found)
    for name in opening.split():
        position = position.play(cell_of(found, name))
    assert cell_of(found, answers[0].split()[1]) in position.legal_moves


def test_genius_takes_the_win_and_in_misere_avoids_the_line() -> None:
    # X: a1 b1, O: a2 b2; X to move: c1 wins the normal game, and loses misère
    moves = "moves a1 a2 b1 b2"
    assert engine("rules normal 3", moves, "go") == ["bestmove c1"]
    [misere] = engine("rules misere 3", moves, "go")
    assert misere.startswith("bestmove ") and misere != "bestmove c1"


def test_genius_in_ultimate_takes_the_game_and_searches_for_the_time_it_is_given() -> None:
    # a random game's first 26 moves, after which one move of X's (h3) wins the game
    moves = "a1 a3 c7 g2 b5 e6 f7 h1 d1 c2 h5 e4 e2 f4 g3 a7 b1 f1 i3 h7 e3 e7 f3 g7 c1 i1"
    [answer] = engine("rules ultimate", f"moves {moves}", "go seconds 0.2")
    assert answer == "bestmove h3"
    [timed] = engine("rules ultimate", "moves e5", "go seconds 0.2")
    position = start_position(ULTIMATE).play(cell_of(ULTIMATE, "e5"))
    assert cell_of(ULTIMATE, timed.split()[1]) in position.legal_moves


def test_genius_in_notakto_never_kills_the_last_board_while_it_can_help_it() -> None:
    # one board, X's on a1 and b1: c1 would kill it (and lose); every other move is safe
    [answer] = engine("rules notakto 1", "moves 1a1 1b1", "go")
    assert answer != "bestmove 1c1"


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("rules chess 8", "names no rules"),
        ("rules notakto 4", "notakto is played on boards 1, 2, 3"),
        ("level adaptive", "level is one of idiot, average, clever, genius"),
        ("moves z9", "z9"),
        ("moves b2 b2", "move 2: b2 is taken"),
        ("go seconds soon", "go seconds"),
        ("go fast", "go takes nothing, seconds S or nodes N"),
        ("teleport", "unknown command 'teleport'"),
    ],
)
def test_anything_else_is_one_error_line_and_the_engine_goes_on(command: str, says: str) -> None:
    [error, ready] = engine(command, "isready")
    assert error.startswith("error ") and says in error
    assert ready == "readyok"


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (
            "go seconds abc",
            "error go seconds takes a number of seconds above 0, at most 3600, not 'abc'",
        ),
        ("go seconds -1", "error go seconds takes a number of seconds above 0, at most 3600, not"),
        ("go nodes 1.5", "error go nodes takes a whole number of positions, 1 to 10,000,000, not"),
    ],
)
def test_a_go_limit_that_is_no_number_is_said_in_the_protocols_words(
    command: str, says: str
) -> None:
    [error, ready] = engine(command, "isready")
    assert error.startswith(says)
    assert "convert" not in error and "literal" not in error  # not Python's own words
    assert ready == "readyok"


def test_a_finished_game_has_no_best_move() -> None:
    [error] = engine("moves a1 a2 b1 b2 c1", "go")
    assert error.startswith("error the game is over")


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("go seconds 1e300", "error go seconds takes a number of seconds above 0, at most 3600"),
        ("go seconds 3601", "error go seconds takes a number of seconds above 0, at most 3600"),
        ("go nodes 10**12", "error go nodes takes a whole number of positions, 1 to 10,000,000"),
        ("go nodes 1000000000000", "error go nodes takes a whole number of positions, 1 to"),
        ("go nodes " + "9" * 4000, "error go nodes takes a whole number of positions, 1 to"),
    ],
)
def test_a_go_limit_past_its_bound_is_refused(command: str, says: str) -> None:
    [error, ready] = engine("rules ultimate", command, "isready")
    assert error.startswith(says)
    assert ready == "readyok"


def test_stop_ends_a_long_search_with_its_bestmove_and_the_commands_after_go_wait_for_it() -> None:
    # before stop was read during a search, this hour's search held the engine past the timeout
    answers = engine("rules ultimate", "moves e5", "go seconds 3600", "isready", "stop", "isready")
    assert answers[0].startswith("bestmove ") and answers[1:] == ["readyok", "readyok"]
    position = start_position(ULTIMATE).play(cell_of(ULTIMATE, "e5"))
    assert cell_of(ULTIMATE, answers[0].split()[1]) in position.legal_moves


def test_quit_ends_a_long_search_which_still_answers() -> None:
    answers = engine("rules ultimate", "go seconds 3600", "moves e5", "go seconds 3600", "quit")
    assert len(answers) == 2 and all(line.startswith("bestmove ") for line in answers)


def test_commands_after_a_quick_go_are_done_in_order_and_a_late_stop_is_no_error() -> None:
    answers = engine("stop", "go", "stop", "rules misere 3", "moves b2", "go", "isready")
    assert [line.split()[0] for line in answers] == ["bestmove", "bestmove", "readyok"]


def test_commands_past_the_waiting_ones_are_refused_and_stop_is_still_read() -> None:
    waiting = ["isready"] * (WAITING + 5)
    # the search must outlast the reading of the lines: the Python search, which its tree's
    # cap stops after tens of seconds (the compiled one reaches the cap within a second or two,
    # and on a loaded machine the lines were not all read by then)
    answers = engine(
        "rules ultimate", "go seconds 3600", *waiting, "stop", env={"NAC_PURE_PYTHON": "1"}
    )
    refused = [line for line in answers if line.startswith("error ")]
    # 5 past the waiting ones, and one more for each of `rules` and `go` that the search's
    # thread had not yet taken from the queue when it filled (on a loaded machine the thread
    # may not have run at all by then); nothing else leaves the queue before the stop
    assert 5 <= len(refused) <= 7 and "commands wait for the search" in refused[0]
    assert answers.count("readyok") == len(waiting) - len(refused) and answers[-1] == "readyok"
    assert sum(line.startswith("bestmove ") for line in answers) == 1


def test_a_line_past_the_longest_is_refused_whole_and_the_next_is_read() -> None:
    """A 20 MB line is said to be too long in one line, kept nowhere (read in pieces of the
    longest line), and the engine goes on with the next."""
    answers = engine("moves " + "a1 " * 7_000_000, "isready", "quit")
    assert answers == [
        f"error a line takes at most {LONGEST_LINE} characters: that one was not read",
        "readyok",
    ]


def test_the_longest_line_is_read() -> None:
    padded = "isready" + " " * (LONGEST_LINE - len("isready"))
    assert engine(padded, "quit") == ["readyok"]
