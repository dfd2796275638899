"""The command line: --help, --version, and clear refusals of bad values."""

import subprocess
import sys
from pathlib import Path

import pytest

from nac import __version__


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


def test_options_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from nac.cli import main
    from nac.core import KeypadLayout, Level, Mark, Mode
    from nac.store import StarterRule
    from nac.ui.app import NacApp

    started: list[NacApp] = []
    monkeypatch.setattr(NacApp, "run", lambda app: started.append(app))
    argv = ["--level", "genius", "--keypad", "numpad", "--mark", "o", "--think", "0.5"]
    assert main([*argv, "--computer-starts", "--mode", "two-player"]) == 0
    (app,) = started
    assert app.game.level is Level.GENIUS and app.game.keypad is KeypadLayout.NUMPAD
    assert app.game.human is Mark.O and app.think_seconds == 0.5
    assert app.settings.starter is StarterRule.COMPUTER and app.game.mode is Mode.TWO_PLAYER


def test_saved_settings_apply_unless_the_command_line_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from nac.cli import main
    from nac.core import Level, Mode
    from nac.store import Settings, Storage
    from nac.ui.app import NacApp

    Storage.default().settings.save(Settings(level=Level.IDIOT, mode=Mode.WATCH))
    started: list[NacApp] = []
    monkeypatch.setattr(NacApp, "run", lambda app: started.append(app))
    main(["--level", "genius"])
    main([])
    assert [app.game.level for app in started] == [Level.GENIUS, Level.IDIOT]
    assert all(app.game.mode is Mode.WATCH for app in started)
    assert started[1].think_seconds == 0.6  # watch mode's pace


def test_no_save_leaves_the_disk_alone(monkeypatch: pytest.MonkeyPatch, nac_home: Path) -> None:
    result = run("--plain", "--no-save", stdin="5\nq\n")
    assert result.returncode == 0
    assert list(nac_home.iterdir()) == []
