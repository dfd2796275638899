"""The core (and the engines it is played with) import no UI library, so any front end can
reuse them."""

import ast
import subprocess
import sys
from pathlib import Path

import nac.core

UI_LIBRARIES = ("textual", "rich", "curses", "_curses", "prompt_toolkit", "urwid")


def test_importing_the_core_loads_no_ui_library() -> None:
    code = (
        "import sys, nac.core\n"
        "from nac.core import Board, Level, NotaktoBoard\n"
        "from nac.engine import choose_move\n"
        "choose_move(Board.empty(), Level.GENIUS)\n"
        "choose_move(NotaktoBoard.empty(2), Level.GENIUS)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {UI_LIBRARIES!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_core_module_names_a_ui_library() -> None:
    core = Path(nac.core.__file__).parent
    for path in core.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in UI_LIBRARIES, f"{path.name} imports {name}"
