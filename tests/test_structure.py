"""The shape of the package: imports run one way, modules stay small, the built wheel carries
every file the code reads, and the README's examples run."""

from __future__ import annotations

import ast
import builtins
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import nac
from tests.building import one_build_at_a_time

PACKAGE = Path(nac.__file__).parent
ROOT = PACKAGE.parent
LONGEST_MODULE = 600
"""Lines past which a module has grown more than one job (a ceiling, not a cap to cut to:
modules are cut by what belongs together, never to a count)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every nac module `name` imports, at the top, inside functions or for type checking."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {module for module in found if module in known and module != name}


def test_imports_run_one_way_with_no_cycle() -> None:
    known = modules()
    graph = {name: imports_of(name, path, set(known)) for name, path in known.items()}
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in done:
            return
        assert name not in visiting, "import cycle: " + " -> ".join([*visiting, name])
        visiting.append(name)
        for imported in sorted(graph[name]):
            visit(imported)
        visiting.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_the_core_never_imports_the_front_ends() -> None:
    known = modules()
    for name, path in known.items():
        if name.startswith("nac.core"):
            outside = {
                module
                for module in imports_of(name, path, set(known))
                if not module.startswith("nac.core")
            }
            assert not outside, f"{name} imports {outside}"


def test_no_module_sprawls_past_one_job() -> None:
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LONGEST_MODULE:
            long.append(f"{path.relative_to(ROOT)} has {lines} lines")
    assert not long, long


def data_files() -> list[str]:
    """The files in the package that are not Python: what the code reads at run time."""
    listed = subprocess.run(
        ["git", "ls-files", "nac"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in listed.stdout.split() if not name.endswith(".py")]


def test_the_wheel_carries_every_data_file(tmp_path: Path) -> None:
    with one_build_at_a_time(ROOT):
        built = build_wheel(tmp_path)
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = data_files()
    assert "nac/engine/book_4x4.txt" in expected and "nac/core/py.typed" in expected
    missing = [name for name in expected if name not in names]
    assert not missing, f"the wheel lacks {missing}"


def build_wheel(out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


MANUAL = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
"""The front page and the manual's pages."""


def readme_examples() -> list[str]:
    text = "".join(page.read_text(encoding="utf-8") for page in MANUAL)
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def test_the_readme_examples_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    examples = readme_examples()
    assert len(examples) >= 2
    typed = iter(["5", "5", "1", "9", "3", "7", "2", "4", "6", "8"] * 2)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    for example in examples:
        exec(compile(example, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "square 5 is taken" in printed and ("wins" in printed or "draw" in printed)


def test_the_readmes_key_list_is_the_command_table() -> None:
    from tools.readme_keys import README, with_keys

    text = README.read_text(encoding="utf-8")
    assert with_keys(text) == text, "run `python -m tools.readme_keys` to refresh docs/play.md"


FACES = ("nac.core", "nac.engine")


def listed_names(package: str) -> list[str]:
    """The names a package's face imports from its modules, in order (each `name as name`)."""
    import importlib

    face = importlib.import_module(package)
    assert face.__file__ is not None
    names = []
    for node in ast.parse(Path(face.__file__).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            assert node.level == 1, f"{package} imports {node.module} from outside"
            for alias in node.names:
                assert alias.asname == alias.name, f"{package}: {alias.name} is not re-exported"
                names.append(alias.name)
        else:
            assert not isinstance(node, ast.If | ast.FunctionDef), f"{package}: {ast.dump(node)}"
    return names


@pytest.mark.parametrize("package", FACES)
def test_a_face_lists_each_public_name_once_and_imports_it_at_once(package: str) -> None:
    import __future__

    import importlib
    from collections import Counter
    from types import ModuleType

    face = importlib.import_module(package)
    listed = listed_names(package)
    twice = [name for name, count in Counter(listed).items() if count > 1]
    assert not twice, f"{package} lists {twice} more than once"
    assert "__getattr__" not in vars(face) and "__all__" not in vars(face)  # no lazy face
    public = {
        name
        for name, value in vars(face).items()
        if not name.startswith("_") and not isinstance(value, ModuleType | __future__._Feature)
    }
    assert public == set(listed)  # every name there is listed, and each listed one is there


def test_the_core_and_the_engines_list_no_name_twice() -> None:
    core, engine = set(listed_names("nac.core")), set(listed_names("nac.engine"))
    assert not core & engine
    assert {"Board", "NotaktoBoard", "Rules", "find_rules", "Game", "Match"} <= core
    assert {"choose_move", "analyse", "hint", "genius_moves", "review_game"} <= engine


def test_every_public_name_of_the_faces_is_found_where_it_is_said_to_be() -> None:
    listed = {package: listed_names(package) for package in FACES}
    script = (
        "import types, nac.core, nac.engine\n"
        f"listed = {listed!r}\n"
        "faces = {'nac.core': nac.core, 'nac.engine': nac.engine}\n"
        "print([f'{package}.{name}' for package, names in listed.items() for name in names\n"
        "       if isinstance(getattr(faces[package], name), types.ModuleType)])\n"
        "print([name for name in ('choose_move', 'analyse', 'hint', 'review_game')\n"
        "       if hasattr(nac.core, name)])\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    # no public name is shadowed by a module of the same name (with every module loaded), and
    # the engines' names are found in nac.engine only
    assert out.stdout.split("\n")[:2] == ["[]", "[]"]


RULES = ("Board", "NotaktoBoard", "Rules", "Game", "Move", "Match", "Level", "SavedGame", "Mark")


def test_importing_the_rules_loads_no_engine() -> None:
    script = (
        "import sys\n"
        "import nac.core\n"
        "print(sorted(m for m in sys.modules if m.startswith('nac.engine')))\n"
        f"from nac.core import {', '.join(RULES)}, format_game, parse_game\n"
        "match = Match(Game(), keep=lambda finished: format_game(finished.saved))\n"
        "match.game.play_key(5)\n"
        "match.new_game(rules=Rules.notakto(2))\n"
        "match.game.play_cell(13)\n"
        "match.game.resign()\n"
        "parse_game(format_game(match.last.saved))\n"
        "print(sorted(m for m in sys.modules if m.startswith('nac.engine')))\n"
        "from nac.engine import choose_move  # the engines: loaded when asked for\n"
        "print('nac.engine.opponents' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:3] == ["[]", "[]", "True"]


LOADED_WHEN_ASKED = ("nac.net", "nac.ui.online_doors", "websockets", "argparse")


def test_the_app_starts_without_online_play() -> None:
    """Online play loads when first asked for (`o`, or `nac host` and the others), so the
    first frame comes sooner."""
    script = (
        "import sys\n"
        "import nac.ui.app\n"
        f"print(sorted(m for m in sys.modules if m.startswith({LOADED_WHEN_ASKED!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[0] == "[]"


LOADED_AFTER_THE_FIRST_FRAME = (
    "nac.engine",
    "nac.present.learning.review_lines",
    "nac.present.learning.lab_lines",
    "nac.ui.screens.drills",
    "nac.ui.screens.games",
    "nac.ui.screens.help",
    "nac.ui.screens.lab",
    "nac.ui.screens.puzzle",
    "nac.ui.screens.review",
    "nac.ui.screens.stats",
    "nac.ui.screens.online",
    "nac.net.play",
    "websockets",
    "secrets",
    "hashlib",
    "getpass",
)
"""What the `nac` command does not load before its first frame: the engines (the computer's
first move and the search process come after it), the learning screens, online play, and the
standard library's parts only these need."""


def test_the_command_draws_its_first_frame_without_the_engines_or_the_learning_screens() -> None:
    script = (
        "import sys\n"
        "import nac.__main__, nac.ui.app\n"
        f"print(sorted(m for m in sys.modules if m.startswith({LOADED_AFTER_THE_FIRST_FRAME!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[0] == "[]"


def test_nothing_is_collected_while_the_command_starts_and_the_app_collects_again() -> None:
    script = (
        "import gc\n"
        "import nac.__main__\n"
        "from nac.ui.app import NacApp\n"
        "print(gc.isenabled())\n"
        "class Started(NacApp):\n"
        "    def on_ready(self) -> None:\n"
        "        self.exit()\n"
        "Started().run_in_terminal(headless=True, size=(80, 24))\n"
        "print(gc.isenabled())  # from its first frame on\n"
        "import nac.cli\n"
        "gc.disable()\n"
        "nac.cli.main(['engine'])  # every other command collects from its start\n"
        "print(gc.isenabled())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], input="quit\n", capture_output=True, text=True, check=True
    )
    assert out.stdout.split("\n")[:3] == ["False", "True", "True"], out.stdout


FRONT_ENDS = ("nac/ui", "nac/plain", "nac/cli.py", "nac/web")
ROOT_MODULES = {"nac", "nac.__main__", "nac.cli", "nac.options"}
"""The package's root: its face, the command line and its options (online play's start is
`nac.net.start`). Every front end is a package of its own."""
FRONT_END_PACKAGES = ("nac.ui", "nac.plain", "nac.web")


def test_no_module_at_the_package_root_but_the_cli_is_a_front_end() -> None:
    known = modules()
    root = {name for name, path in known.items() if path.parent == PACKAGE}
    assert root == ROOT_MODULES
    for name in root - {"nac.cli", "nac.__main__"}:
        reached = imports_of(name, known[name], set(known))
        fronts = {module for module in reached if module.startswith(FRONT_END_PACKAGES)}
        assert not fronts, f"{name} imports the front ends {fronts}"


@pytest.mark.parametrize("package", ["nac.plain", "nac.play"])
def test_the_plain_front_end_and_the_play_import_no_textual(package: str) -> None:
    known = modules()
    for name, path in known.items():
        if name == package or name.startswith(package + "."):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            named = {
                alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names
            } | {
                node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            }  # fmt: skip
            assert not {m for m in named if m.split(".")[0] in ("textual", "rich")}, name
            assert not imports_of(name, path, set(known)) & {
                m for m in known if m.startswith("nac.ui")
            }, name
    script = (
        "import sys\n"
        "import nac.plain.console, nac.plain.online, nac.plain.engine, nac.play\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_front_ends_use_the_rules_and_the_engines_by_their_faces_only() -> None:
    known = modules()
    deep = []
    for name, path in known.items():
        if not str(path.relative_to(ROOT)).startswith(FRONT_ENDS):
            continue
        for imported in imports_of(name, path, set(known)):
            if imported.startswith(tuple(f"{face}." for face in FACES)):
                deep.append(f"{name} imports {imported}")
    assert not deep, deep


def test_no_screen_builds_on_another_screen_of_ours() -> None:
    """Composition over inheritance: every screen class derives from Textual's screens only."""
    from textual.screen import Screen

    import nac.ui.app  # noqa: F401 - loads the screens it opens
    from nac.ui.screens import game, games, help, puzzle, review, stats

    ours = [
        value
        for module in (game, games, help, puzzle, review, stats)
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Screen)
        and value.__module__.startswith("nac")
    ]
    assert len(ours) >= 6
    for screen in ours:
        parents = [base for base in screen.__mro__[1:] if base.__module__.startswith("nac.")]
        assert not parents, f"{screen.__name__} builds on {parents}"


FAMILY_WORDS = ("misere", "notakto", "ultimate")
"""The families named by a word of their own (the normal game is every rules' default)."""
FAMILY_FLAGS = ("is_misere", "is_notakto", "is_ultimate")
POSITION_CLASSES = ("Board", "NotaktoBoard", "UltimateBoard")
IFS_ON_A_FAMILY = 0
MODULES_NAMING = {"misere": 8, "notakto": 8, "ultimate": 8}
"""Today's counts, a ceiling (the issue's goal: at most 20 `if`s and 8 modules naming each
family, in its homes: its position, its entry in the core's registry, its engine sources, its
look, its drawing). A family's own package (`nac/engine/ultimate/`: each rules' own modules,
which the issue leaves to it) counts as one module, its home."""


def names_a_family(node: ast.AST) -> bool:
    """`family`, `x.family`, `Family.X`, `Variant.X`, or a name holding a family's word."""
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    owner = getattr(getattr(node, "value", None), "id", "")
    worded = any(word in name.lower() for word in FAMILY_WORDS)
    return name == "family" or owner in ("Family", "Variant") or worded


def asks_a_family(test: ast.expr, owner: str) -> bool:
    """Whether a condition asks a family: a family flag, a comparison with a family (or one
    among several), `isinstance` with a position class (but its own class's, in an `__eq__`),
    or a name holding a family's word as the condition."""
    for node in ast.walk(test):
        if getattr(node, "attr", getattr(node, "id", "")) in FAMILY_FLAGS:
            return True
        if isinstance(node, ast.Compare):
            lefts = [node.left, *node.comparators[:-1]]
            for op, left, right in zip(node.ops, lefts, node.comparators, strict=True):
                sides = [left, *(right.elts if isinstance(right, ast.Tuple | ast.Set) else [])]
                sides += [] if isinstance(op, ast.In | ast.NotIn) else [right]
                if any(names_a_family(side) for side in sides):
                    return True
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
            classes = {getattr(n, "id", "") for n in ast.walk(node.args[-1])}
            if classes & (set(POSITION_CLASSES) - {owner}):
                return True
    plain = [test]
    while plain:
        node = plain.pop()
        plain += getattr(node, "values", [])
        plain += [node.operand] if isinstance(node, ast.UnaryOp) else []
        if isinstance(node, ast.Name) and any(word in node.id.lower() for word in FAMILY_WORDS):
            return True
    return False


def conditions(node: ast.AST, owner: str = "") -> Iterator[tuple[ast.expr, str]]:
    """Every `if`'s, conditional expression's, `while`'s and comprehension filter's condition,
    with the class it is written in."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If | ast.IfExp | ast.While):
            yield child.test, owner
        elif isinstance(child, ast.comprehension):
            yield from ((test, owner) for test in child.ifs)
        yield from conditions(child, child.name if isinstance(child, ast.ClassDef) else owner)


def identifiers(tree: ast.AST) -> set[str]:
    """Every name the code says, each part of a dotted module's path too."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.alias):
            found |= {*node.name.split("."), node.asname or ""}
        for field in ("id", "attr", "name", "arg", "module"):
            value = getattr(node, field, None)
            found |= set(value.split(".")) if isinstance(value, str) else set()
    return {name.lower() for name in found}


def home(path: Path, word: str) -> str:
    """Where a module naming a family is counted: in the family's own package, the package."""
    where = path.relative_to(ROOT)
    return str(next((folder for folder in where.parents if word in folder.name), where))


def test_rules_families_are_asked_in_ever_fewer_places() -> None:
    """Issue 40: a family's differences live in its own objects; the code that uses the rules
    asks a capability. Counted: the `if`s on a family, a family flag or a position class in
    all of nac/, and the modules whose code names each family."""
    ifs: dict[str, int] = {}
    naming: dict[str, list[str]] = {word: [] for word in FAMILY_WORDS}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        count = sum(asks_a_family(test, owner) for test, owner in conditions(tree))
        ifs |= {where: count} if count else {}
        names = identifiers(tree)
        for word in FAMILY_WORDS:
            counted = home(path, word)
            named = any(word in name for name in names) and counted not in naming[word]
            naming[word] += [counted] if named else []
    said = "\n".join(
        [
            f"{sum(ifs.values())} ifs on a family (at most {IFS_ON_A_FAMILY}):",
            *(f"  {n:3} {where}" for where, n in sorted(ifs.items(), key=lambda item: -item[1])),
            *(f"{len(found)} modules name {word} (at most {MODULES_NAMING[word]}): "
              + " ".join(found) for word, found in naming.items()),
        ]
    )  # fmt: skip
    assert sum(ifs.values()) <= IFS_ON_A_FAMILY, said
    assert all(len(naming[word]) <= MODULES_NAMING[word] for word in FAMILY_WORDS), said


def test_what_is_drawn_and_said_reads_no_storage() -> None:
    """Issue 40: nac/present is drawn and said from values; reading and writing what is kept
    (nac/store) is its callers' (the front ends, the play)."""
    known = modules()
    for name, path in known.items():
        if name.startswith("nac.present"):
            stored = {m for m in imports_of(name, path, set(known)) if m.startswith("nac.store")}
            assert not stored, f"{name} imports {stored}"
