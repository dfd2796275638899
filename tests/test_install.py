"""The package as a player installs it: the sdist, a wheel built from that sdist, the wheel
installed into a fresh virtual environment (its dependencies from PyPI, at the versions in
tests/constraints.txt), and from there `nac --version`, a plain game and Genius's 4×4 reply from
its opening table, with the source tree out of sight."""

from __future__ import annotations

import email.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

import pytest

import nac
from tests.building import one_build_at_a_time
from tests.engine.ultimate_searches import NOT_BUILT, built as built_here
from tests.test_structure import data_files

pytestmark = pytest.mark.long

ROOT = Path(nac.__file__).resolve().parent.parent
DISTRIBUTION = "nac-game"
"""The name on PyPI: `nac` is another project's there."""
OPENINGS = 1669
"""Positions in the 4×4 opening table (up to symmetry), as the README says."""
INSTALL_SECONDS = 600
"""The most the install may take (a bound on a wait, not a measurement)."""


@dataclass(frozen=True)
class Built:
    sdist: Path
    source: Path
    """The sdist unpacked."""
    wheel: Path


def build_hook(hook: str, source: Path, out: Path, env: dict[str, str] | None = None) -> Path:
    """Run setuptools' PEP 517 `hook` on `source` (no isolation: the venv's setuptools), in
    `env` where given."""
    script = f"import sys; from setuptools import build_meta; print(build_meta.{hook}(sys.argv[1]))"
    with one_build_at_a_time(source):
        result = subprocess.run(
            [sys.executable, "-c", script, str(out)],
            cwd=source,
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    assert result.returncode == 0, result.stderr
    return out / result.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The sdist from the source tree, then the wheel from the unpacked sdist (as `python -m
    build` does): a file missing from the sdist is missing from the wheel too."""
    out = tmp_path_factory.mktemp("dist")
    sdist = build_hook("build_sdist", ROOT, out)
    unpacked = tmp_path_factory.mktemp("sdist")
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):
            archive.extractall(unpacked, filter="data")
        else:  # Python before 3.11.4 (our own archive: nothing to filter out)
            archive.extractall(unpacked)
    (source,) = unpacked.iterdir()
    return Built(sdist, source, build_hook("build_wheel", source, out))


def outside_the_source_tree() -> dict[str, str]:
    """The environment for the installed game: nothing points back at the source tree."""
    return {
        name: value
        for name, value in os.environ.items()
        if name not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONSAFEPATH"}
    }


@pytest.fixture(scope="module")
def installed(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed: its bin directory."""
    return install(built.wheel, tmp_path_factory.mktemp("venv"))


def install(wheel: Path, venv: Path) -> Path:
    """A fresh virtual environment at `venv` with `wheel` installed: its bin directory."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"),
            *("--disable-pip-version-check", "-c", str(ROOT / "tests" / "constraints.txt")),
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=INSTALL_SECONDS,
        env=outside_the_source_tree(),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return venv / "bin"


def run_installed(
    bin_directory: Path, *command: str, stdin: str = "", cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bin_directory / command[0]), *command[1:]],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=outside_the_source_tree(),
        timeout=120,
        check=False,
    )


def metadata(wheel: Path) -> Message:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


def test_the_distribution_is_named_nac_game_and_the_command_nac() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION
    # `nac-game` too, so that `uvx nac-game` and `pipx run nac-game` find a command to run.
    assert project["scripts"] == {"nac": "nac.__main__:main", DISTRIBUTION: "nac.__main__:main"}


def test_the_sdist_carries_the_licence_the_readme_the_manual_and_every_data_file(
    built: Built,
) -> None:
    with tarfile.open(built.sdist) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
        texts = [
            archive.extractfile(member).read()  # type: ignore[union-attr]
            for member in archive.getmembers()
            if member.isfile() and member.name.endswith((".log", ".md", ".txt", ".json"))
        ]
    assert {"LICENSE", "README.md", "pyproject.toml", "nac/engine/book_4x4.txt"} <= names
    assert {"docs/play.md", "docs/library.md"} <= names
    missing = [name for name in data_files() if name not in names]
    assert not missing, f"the sdist lacks {missing}"
    stray = [name for name in names if name.endswith((".whl", ".log")) or "/logs/" in name]
    assert not stray, f"the sdist carries {stray}"
    assert not [text for text in texts if str(ROOT).encode() in text]  # no machine's paths


def test_every_picture_the_manual_shows_is_in_the_sdist(built: Built) -> None:
    with tarfile.open(built.sdist) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    shown = {
        f"screenshots/{found}"
        for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
        for found in re.findall(
            r"\.\./screenshots/([\w.-]+)|\(screenshots/([\w.-]+)", page.read_text()
        )
        for found in found
        if found
    }
    assert shown and not shown - names, f"the sdist lacks {sorted(shown - names)}"


def test_the_project_names_no_page_that_does_not_exist() -> None:
    """No public repository, manual site or PyPI page yet: the package names no address that
    does not answer (the manual ships in the sdist)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "pypi.org" not in str(project.get("urls", {}))


def test_the_tests_run_from_the_sdist(built: Built) -> None:
    """The sdist carries its tests and what they read (snapshots, tools, the README): a few of
    them run from the unpacked sdist alone, the source tree out of sight."""
    for needed in ("tests/conftest.py", "tests/ui/__snapshots__", "tools/readme_keys.py"):
        assert (built.source / needed).exists(), needed
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0"),
            "tests/core/test_board.py",
            "tests/test_structure.py::test_the_readmes_key_list_is_the_command_table",
        ],
        cwd=built.source,
        capture_output=True,
        text=True,
        env=outside_the_source_tree(),
        timeout=INSTALL_SECONDS,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    where = subprocess.run(
        [sys.executable, "-c", "import nac; print(nac.__file__)"],
        cwd=built.source,
        capture_output=True,
        text=True,
        env=outside_the_source_tree(),
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(built.source)  # what the tests ran on


def test_the_wheel_says_what_it_is(built: Built) -> None:
    about = metadata(built.wheel)
    assert about["Name"] == DISTRIBUTION and about["Version"] == nac.__version__
    assert about["License-Expression"] == "MIT" and about["License-File"] == "LICENSE"
    classifiers = about.get_all("Classifier") or []
    assert "Environment :: Console" in classifiers
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert not about.get_all("Project-URL")  # none that does not answer (see below)
    assert 'extra == "web"' in " ".join(about.get_all("Requires-Dist") or [])
    with zipfile.ZipFile(built.wheel) as archive:
        names = archive.namelist()
    assert {"nac/engine/book_4x4.txt", "nac/engine/five/book.bin"} <= set(names)
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)


@pytest.mark.parametrize("command", ["nac", DISTRIBUTION])
def test_the_installed_command_says_its_version(
    installed: Path, tmp_path: Path, command: str
) -> None:
    result = run_installed(installed, command, "--version", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == f"nac {nac.__version__}"


def test_the_installed_game_plays_in_plain_text(installed: Path, tmp_path: Path) -> None:
    result = run_installed(installed, "nac", "--plain", "--no-save", stdin="5\nq\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "You (X) played 5." in result.stdout
    assert "The computer (O) played" in result.stdout


def test_the_installed_genius_answers_on_4x4_from_its_opening_table(
    installed: Path, tmp_path: Path
) -> None:
    script = (
        "import nac\n"
        "from nac.core import Board, Level\n"
        "from nac.engine import play as choose_move\n"
        "from nac.engine.book import genius_moves, table\n"
        "board = Board.empty(4).play(5)\n"
        "print(nac.__file__)\n"
        "print(len(table()))\n"
        "print(choose_move(board, Level.GENIUS) in genius_moves(board))\n"
    )
    # -I: isolated, so neither the working directory nor PYTHONPATH can lend it the source.
    result = run_installed(installed, "python", "-I", "-c", script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    where, openings, from_the_table = result.stdout.split()
    assert Path(where).is_relative_to(installed.parent) and not Path(where).is_relative_to(ROOT)
    assert int(openings) == OPENINGS and from_the_table == "True"
    game = run_installed(
        installed,
        *("nac", "--plain", "--no-save", "--size", "4", "--level", "genius"),
        stdin="b2\nq\n",
        cwd=tmp_path,
    )
    assert game.returncode == 0, game.stderr
    assert "You (X) played b2." in game.stdout and "The computer (O) played" in game.stdout


def test_the_installed_genius_answers_on_5x5_from_its_book(installed: Path, tmp_path: Path) -> None:
    script = (
        "from nac.core import Board\n"
        "from nac.engine.five import genius\n"
        "print(len(genius.book()), genius.decide(Board.empty(5).play(12)).source)\n"
    )
    result = run_installed(installed, "python", "-I", "-c", script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    entries, source = result.stdout.split()
    assert int(entries) > 1000 and source == "book"


COMPILED_SEARCH = re.compile(r"nac/engine/ultimate/_ultimate\.[^/]*\.(so|pyd)$")
"""Genius's compiled Ultimate search in a wheel (`setup.py` builds it where a C compiler is
found)."""


@pytest.mark.skipif(built_here() is None, reason=NOT_BUILT)
def test_the_wheel_carries_the_compiled_ultimate_search(built: Built) -> None:
    """Where a C compiler built the compiled search here, the wheel is built with it too."""
    with zipfile.ZipFile(built.wheel) as archive:
        assert [name for name in archive.namelist() if COMPILED_SEARCH.search(name)]


def test_an_install_without_a_c_compiler_plays_ultimate_on_the_python_search(
    built: Built, tmp_path: Path
) -> None:
    """Where no C compiler is found (CC names none), the wheel still builds, without the
    compiled search (its extension is optional), installs, and Genius plays Ultimate on the
    Python search, silently."""
    out = tmp_path / "dist"
    out.mkdir()
    source = tmp_path / "source"  # the sdist as unpacked, without what the first wheel built
    shutil.copytree(built.source, source, ignore=shutil.ignore_patterns("build", "*.so"))
    nowhere = str(tmp_path / "no-compiler")
    no_compiler = {**outside_the_source_tree(), "CC": nowhere, "LDSHARED": f"{nowhere} -shared"}
    wheel = build_hook("build_wheel", source, out, env=no_compiler)
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if COMPILED_SEARCH.search(name)]
    bin_directory = install(wheel, tmp_path / "venv")
    script = (
        "from nac.core import Level, UltimateBoard\n"
        "from nac.engine import Limit, play\n"
        "from nac.engine.ultimate import fast\n"
        "print(fast.compiled() is None)\n"
        "board = UltimateBoard.empty()\n"
        "print(play(board, Level.GENIUS, Limit(nodes=300)) in board.legal_moves)\n"
    )
    result = run_installed(bin_directory, "python", "-I", "-c", script, cwd=tmp_path)
    assert result.returncode == 0 and not result.stderr, result.stderr
    assert result.stdout.split() == ["True", "True"]


def test_the_engines_run_from_the_wheel_as_a_zip(built: Built, tmp_path: Path) -> None:
    """Only the wheel on the path, read as a zip (no folder of it anywhere, no site-packages):
    the package data comes through importlib.resources, so the puzzles load and Genius answers
    on 4×4 from its table and on 5×5 from its book."""
    script = (
        "import sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import nac\n"
        "from nac.core import Board, Level\n"
        "from nac.engine import Limit, all_puzzles, play\n"
        "from nac.engine.five import genius\n"
        "print(nac.__file__)\n"
        "print(len(all_puzzles()))\n"
        "print(play(Board.empty(4).play(5), Level.GENIUS, Limit(seconds=1)))\n"
        "print(genius.decide(Board.empty(5).play(12)).source)\n"
    )
    base = Path(sys.base_prefix) / "bin"  # an interpreter with no nac installed
    result = run_installed(
        base, "python3", "-I", "-S", "-c", script, str(built.wheel), cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    where, puzzles, reply, source = result.stdout.split()
    assert where.startswith(str(built.wheel)) and int(puzzles) > 200
    assert 0 <= int(reply) < 16 and int(reply) != 5 and source == "book"


def make_the_environment(
    venv: Path, pythonpath: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`make` setting up `venv` as `make play` does before it installs anything, with the base
    interpreter (and `pythonpath` first on its path, where given)."""
    env = outside_the_source_tree()
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    python = Path(sys.base_prefix) / "bin" / "python3"
    return subprocess.run(
        ["make", "-s", "-C", str(ROOT), f"{venv}/.ready", f"VENV={venv}", f"PYTHON={python}"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=INSTALL_SECONDS,
    )


def test_make_without_venvs_pip_names_the_package_to_install_and_leaves_nothing(
    tmp_path: Path,
) -> None:
    """Debian and Ubuntu ship venv's pip (ensurepip) apart, in python3-venv: without it `make
    play` says the one command that fixes it and leaves no half-made environment behind."""
    without = tmp_path / "without-ensurepip" / "ensurepip"
    without.mkdir(parents=True)
    (without / "__init__.py").write_text("raise ModuleNotFoundError('as on Debian')\n")
    venv = tmp_path / "venv"
    result = make_the_environment(venv, pythonpath=without.parent)
    assert result.returncode != 0
    assert "sudo apt install python3-venv" in result.stdout + result.stderr
    assert not venv.exists()


def test_make_makes_again_an_environment_a_failed_first_try_left_without_pip(
    tmp_path: Path,
) -> None:
    """What a first try without python3-venv left (an environment with no pip) is made again
    once the package is there, not used broken by every later `make play`."""
    venv = tmp_path / "venv"
    base = Path(sys.base_prefix) / "bin" / "python3"
    subprocess.run([str(base), "-m", "venv", "--without-pip", str(venv)], check=True)
    result = make_the_environment(venv)
    assert result.returncode == 0, result.stdout + result.stderr
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "--version"], check=False)
    assert pip.returncode == 0 and (venv / ".ready").exists()
