"""The platforms nac runs on: Linux and macOS (POSIX). Windows is not supported, but nothing
POSIX-only is read when a module loads: without `fcntl`, `resource`, `readline`, `SIGHUP` and
`O_NONBLOCK` (as on Windows) the app, the console, the files and the server still load, and
a plain game plays through to its end with its result saved (simulated here, in a fresh
process, by taking those away before nac is imported)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WITHOUT_POSIX = """
import os, signal, sys
for name in ("fcntl", "resource", "readline"):
    sys.modules[name] = None  # an import of it raises ImportError, as on Windows
del signal.SIGHUP
del os.O_NONBLOCK
import io
import nac.ui.app, nac.web.server, nac.net.gate, nac.plain.console
from nac.net.gate import descriptor_room
from nac.plain.console import ConsoleGame
from nac.play import Session
from nac.store import Settings, Storage, storage_dirs
from nac.core import Level
print("descriptors", descriptor_room() > 0)
session = Session(Storage.at(storage_dirs()), Settings(level=Level.IDIOT))
typed = io.StringIO("".join(f"{key}\\n" for key in "513792468") + "q\\n")
ConsoleGame(session, typed, io.StringIO()).run()
records = Storage.at(storage_dirs()).stats.records().values()
print("saved", sum(record.played for record in records))
"""


def test_nac_loads_and_plays_without_what_only_posix_has(nac_home: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_POSIX], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:2] == ["descriptors True", "saved 1"]
