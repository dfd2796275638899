"""The command line: --help, --version, and clear refusals of bad values."""

import subprocess
import sys

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
    for option in ("--level", "--computer-starts", "--keypad", "--mark"):
        assert option in result.stdout


@pytest.mark.parametrize(
    "args", [["--level", "godlike"], ["--keypad", "qwerty"], ["--mark", "Z"], ["--nope"]]
)
def test_a_bad_value_exits_with_status_2_and_says_why(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "error:" in result.stderr
    assert result.stdout == ""
