"""The command line: --help, --version, and clear refusals of bad values."""

import subprocess
import sys
from pathlib import Path

import pytest

from nac import __version__, cli
from nac.core import (
    NORMAL,
    KeypadLayout,
    Level,
    Mark,
    Mode,
    Rules,
    Starter,
    Variant,
    parse_game,
)
from nac.engine import NO_LIMIT, Limit
from nac.store import Settings, Storage
from nac.ui.app import NacApp


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nac", *args], input=stdin, capture_output=True, text=True
    )


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"nac {__version__}"


def test_help_lists_the_options() -> None:
    result = run("--help")
    assert result.returncode == 0
    for option in (
        "--level",
        "--computer-starts",
        "--keypad",
        "--mark",
        "--think",
        "--plain",
        "--mode",
        "--starter",
        "--watch-levels",
        "--no-save",
        "--genius-seconds",
    ):
        assert option in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--level", "godlike"],
        ["--keypad", "qwerty"],
        ["--mark", "Z"],
        ["--think", "-1"],
        ["--think", "soon"],
        ["--think", "nan"],
        ["--think", "11"],
        ["--genius-seconds", "0"],
        ["--genius-seconds", "61"],
        ["--genius-seconds", "soon"],
        ["--size", "6"],
        ["--size", "4.0"],
        ["--mode", "solo"],
        ["--starter", "nobody"],
        ["--watch-levels", "genius"],
        ["--watch-levels", "genius,godlike"],
        ["--nope"],
    ],
)
def test_a_bad_value_exits_with_status_2_and_says_why(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "error:" in result.stderr
    assert result.stdout == ""


def test_plain_mode_plays_from_typed_lines() -> None:
    result = run("--plain", "--level", "genius", stdin="5\nq\n")
    assert result.returncode == 0
    assert "You (X) played 5." in result.stdout
    assert "The computer (O) played" in result.stdout


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[NacApp]:
    """Apps the command line would run (in a terminal), captured instead of run."""
    apps: list[NacApp] = []

    def captured(app: NacApp) -> int:
        apps.append(app)
        return 0

    monkeypatch.setattr(NacApp, "run_in_terminal", captured)
    monkeypatch.setattr(cli, "terminal_problem", lambda: None)
    return apps


def test_options_reach_the_app(started: list[NacApp]) -> None:
    argv = ["--level", "genius", "--keypad", "numpad", "--mark", "o", "--think", "0.5"]
    assert cli.main([*argv, "--computer-starts", "--mode", "two-player", "--size", "4"]) == 0
    (app,) = started
    assert app.game.level is Level.GENIUS and app.game.keypad is KeypadLayout.NUMPAD
    assert app.game.human is Mark.O and app.pace.think_seconds(Mode.COMPUTER) == 0.5
    assert app.match.starter is Starter.COMPUTER and app.game.mode is Mode.TWO_PLAYER
    assert app.game.size == 4


def test_genius_seconds_is_the_engines_own_limit(started: list[NacApp]) -> None:
    cli.main(["--variant", "ultimate", "--genius-seconds", "2.5"])
    cli.main([])
    timed, default = started
    assert timed.engine.limit == Limit(seconds=2.5) and default.engine.limit == NO_LIMIT
    for app in started:
        app.engine.close()


def test_the_levels_between_and_adaptive_are_options(started: list[NacApp]) -> None:
    cli.main(["--level", "Clever"])
    cli.main(["--level", "adaptive", "--mode", "watch", "--watch-levels", "adaptive,clever"])
    clever, adaptive = started
    assert clever.game.level is Level.CLEVER and adaptive.game.level is Level.ADAPTIVE
    assert adaptive.game.watch_levels == (Level.ADAPTIVE, Level.CLEVER)


def test_choices_are_read_in_any_case(started: list[NacApp]) -> None:
    cli.main(["--level", "Genius", "--mode", "Watch", "--keypad", "NUMPAD", "--starter", "You"])
    (app,) = started
    assert app.game.mode is Mode.WATCH and app.settings.level is Level.GENIUS


def test_saved_settings_apply_unless_the_command_line_says_otherwise(
    started: list[NacApp],
) -> None:
    Storage.default().settings.save(Settings(level=Level.IDIOT, mode=Mode.WATCH))
    cli.main(["--level", "genius"])
    cli.main([])
    assert [app.game.level for app in started] == [Level.GENIUS, Level.IDIOT]
    assert all(app.game.mode is Mode.WATCH for app in started)
    assert started[1].pace.think_seconds(Mode.WATCH) == 0.6  # watch mode's pace


def test_options_given_for_a_run_are_not_saved(started: list[NacApp]) -> None:
    cli.main(["--level", "genius", "--size", "4", "--mode", "two-player"])
    (app,) = started
    app.session.change(keypad=KeypadLayout.NUMPAD)  # a change made while playing is saved
    saved = Storage.default().settings.load()
    assert saved == Settings(keypad=KeypadLayout.NUMPAD)


def test_no_save_leaves_the_disk_alone(nac_home: Path) -> None:
    result = run("--plain", "--no-save", stdin="5\nq\n")
    assert result.returncode == 0
    assert list(nac_home.iterdir()) == []


def test_plain_honours_the_board_size_and_mode() -> None:
    result = run("--plain", "--size", "4", "--mode", "two-player", stdin="b2\nc3\nq\n")
    assert result.returncode == 0
    assert "X played b2." in result.stdout and "O played c3." in result.stdout


def test_the_full_screen_game_needs_a_terminal() -> None:
    result = run(stdin="q\n")  # standard input is a pipe here
    assert result.returncode == 2
    assert "terminal" in result.stderr and "--plain" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_dumb_terminal_is_told_to_use_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(cli, "_is_terminal", lambda stream: True)
    problem = cli.terminal_problem()
    assert problem is not None and "TERM=dumb" in problem


@pytest.mark.parametrize("target", ["closed pipe", "/dev/full"])
@pytest.mark.parametrize(
    "options",
    [[], ["--lab", "XX./OO./..."], ["--review", "last"]],
    ids=["a game", "the lab", "a review"],
)
def test_plain_exits_quietly_when_its_output_goes_away(
    target: str, options: list[str], nac_home: Path
) -> None:
    if options[:1] == ["--review"]:
        Storage.default().games.add(parse_game(f"{LOST_TO_GENIUS} : b1 a1 a2 b2 c2 c3"))
    command = [sys.executable, "-m", "nac", "--plain", "--no-save", *options]
    if target == "/dev/full":
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                command, input="5\n", stdout=full, stderr=subprocess.PIPE, text=True
            )
    else:
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert process.stdout is not None and process.stdin is not None
        process.stdout.close()  # nobody reads: the first line written meets a closed pipe
        _, error = process.communicate("5\n5\n")
        result = subprocess.CompletedProcess(command, process.returncode, "", error)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "Error" not in result.stderr


LOST_TO_GENIUS = "nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=genius first=X result=O-wins"


def test_review_last_opens_the_last_saved_game(started: list[NacApp]) -> None:
    game = parse_game(f"{LOST_TO_GENIUS} : b1 a1 a2 b2 c2 c3")
    Storage.default().games.add(game)
    assert cli.main(["--review", "last"]) == 0
    (app,) = started
    assert app.review_at_start == game


def test_review_of_a_file_that_is_no_game_exits_with_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "game.txt"
    bad.write_text("not a game\n", encoding="utf-8")
    for where in (str(bad), str(tmp_path / "missing.txt"), "last"):
        result = run("--review", where)
        assert result.returncode == 2 and result.stderr.startswith("nac: "), where
        assert "Traceback" not in result.stderr


def test_plain_review_prints_every_move_rated(tmp_path: Path) -> None:
    line = tmp_path / "game.txt"
    line.write_text(f"{LOST_TO_GENIUS} : b1 a1 a2 b2 c2 c3\n", encoding="utf-8")
    result = run("--plain", "--review", str(line))
    assert result.returncode == 0
    assert result.stdout.startswith("Review · 3×3 · Vs computer · Genius · ")
    assert "You lost" in result.stdout.splitlines()[0]
    assert "5. X 6  blunder: 9 draws" in result.stdout  # named by the keys, as 3×3 is played
    assert "You (X): 2 best, 1 blunder (move 5)" in result.stdout


def test_a_finished_plain_game_is_saved_and_reviewed_after() -> None:
    # Against Idiot, typing every key in order fills the board whatever it plays.
    keys = "".join(f"{key}\n" for key in range(1, 10))
    played = run("--plain", "--level", "idiot", "--starter", "computer", stdin=keys + "q\n")
    assert played.returncode == 0
    review = run("--review", "last", "--plain")
    assert review.returncode == 0, review.stderr
    assert review.stdout.startswith("Review · 3×3 · Vs computer · Idiot")
    first = next(line for line in played.stdout.splitlines() if "played" in line)
    assert first.startswith("The computer (O) played")  # the computer opened, as asked


def test_a_review_path_in_the_home_of_no_such_user_is_refused_clearly() -> None:
    result = run("--review", "~nosuchuser/x", "--plain")
    assert result.returncode == 2 and result.stderr.startswith("nac: cannot review")
    assert "no home directory for the user nosuchuser" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_nac_home_in_the_home_of_no_such_user_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NAC_HOME", "~nosuchuser/d")
    result = run("--plain", stdin="q\n")
    assert result.returncode == 2 and result.stderr.startswith("nac: NAC_HOME=~nosuchuser/d")
    assert "Traceback" not in result.stderr


def test_review_last_with_a_corrupt_games_file_says_what_became_of_it(nac_home: Path) -> None:
    (nac_home / "games.json").write_text("{not json")
    result = run("--review", "last", "--plain")
    assert result.returncode == 2
    assert "is not valid JSON" in result.stderr and "games.json.corrupt-" in result.stderr
    assert "no saved game to review" in result.stderr


async def test_the_lab_option_opens_the_app_on_the_lab_of_that_position() -> None:
    from nac.core import Board
    from nac.ui.screens.lab import LabScreen

    board = Board.parse("X.O/.X./...")
    app = NacApp(lab=board, think_seconds=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LabScreen) and app.screen.board == board


def test_a_lab_position_that_is_not_a_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--plain", "--lab", "X.O/.Z./..."])
    assert stopped.value.code == 2
    assert "'Z' in 'X.O/.Z./...' is not a mark" in capsys.readouterr().err


def test_misere_is_played_from_the_command_line_on_every_board() -> None:
    result = run("--plain", "--variant", "misere", "--level", "genius", stdin="5\nq\n")
    assert result.returncode == 0
    assert "Misère: three in a row of your own loses." in result.stdout
    five = run("--plain", "--variant", "misere", "--size", "5", stdin="q\n")
    assert five.returncode == 0, five.stderr
    assert "Misère: four in a row of your own loses." in five.stdout


@pytest.mark.parametrize(
    ("saved", "argv", "played"),
    [
        (Rules.of(3, Variant.MISERE), ["--size", "4"], Rules.of(4, Variant.MISERE)),
        (Rules.of(5), ["--variant", "misere"], Rules.of(5, Variant.MISERE)),
        (Rules.notakto(2), ["--size", "4"], Rules.of(4)),
        (Rules.notakto(2), ["--variant", "notakto"], Rules.notakto(2)),
        (Rules.of(4), ["--boards", "2"], Rules.notakto(2)),
        (Rules.of(4, Variant.MISERE), [], Rules.of(4, Variant.MISERE)),
    ],
)
def test_the_rules_options_change_only_what_they_name(
    started: list[NacApp], saved: Rules, argv: list[str], played: Rules
) -> None:
    Storage.default().settings.save(Settings(rules=saved))
    cli.main(argv)
    (app,) = started
    assert app.game.rules == played


def test_notakto_is_played_from_the_command_line_and_its_boards_are_checked(
    started: list[NacApp],
) -> None:
    cli.main(["--variant", "notakto", "--boards", "2"])
    cli.main(["--boards", "3"])
    cli.main(["--variant", "normal"])
    two, three, normal = started
    assert two.settings.rules == two.game.rules == Rules.notakto(2)
    assert three.settings.rules == three.game.rules == Rules.notakto(3)
    assert normal.settings.rules == normal.game.rules == NORMAL
    refused = run("--boards", "4")
    assert refused.returncode == 2 and "'4' is not 1, 2 or 3 boards" in refused.stderr
    square = run("--variant", "notakto", "--size", "4")
    assert square.returncode == 2 and "Notakto is played on 3×3 boards" in square.stderr


def test_a_plain_notakto_game_is_saved_and_its_review_judges_every_move() -> None:
    played = run("--plain", "--variant", "notakto", "--mode", "two-player", stdin="1\n2\n5\n9\nq\n")
    assert played.returncode == 0, played.stderr
    assert "Player 2 killed the last board: Player 1 won." in played.stdout
    review = run("--review", "last", "--plain")
    assert review.returncode == 0, review.stderr
    assert review.stdout.startswith("Review · Notakto 1 board · Two players")
    # the one review: a win thrown to a loss is a blunder (Notakto has no draws)
    assert "Player 2: 2 blunders (moves 2, 4)" in review.stdout
    assert "4. 2 1:9  blunder: 1:4 wins in 1 (kills the last board: loses)" in review.stdout


@pytest.mark.parametrize(
    ("command", "line", "says"),
    [
        ("watch", "nac join", "that is a join line, to play with: use nac join"),
        ("join", "nac watch", "that is a watch line, to watch with: use nac watch"),
    ],
)
def test_the_other_commands_invite_line_says_which_command_takes_it(
    command: str, line: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main([command, f"{line} 192.168.1.5:7878/k3Jx9qLm2Rt8vW4z"])
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err


def test_a_notakto_lab_position_without_boards_has_the_positions_count_of_boards(
    capsys: pytest.CaptureFixture[str], nac_home: Path
) -> None:
    cli.main(["--plain", "--variant", "notakto", "--lab", "XXX/.../... .../.X./..."])
    said = capsys.readouterr().out
    assert "Notakto on 2 boards" in said
