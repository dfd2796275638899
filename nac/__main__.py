"""`python -m nac` and the `nac` command."""

from __future__ import annotations

import contextlib
import gc
import os
import sys

# Nothing is collected while nac starts: what loads now lives as long as the process, and the
# collector walked it again and again (a tenth of the time to the first frame). The full-screen
# game sets it aside and collects again from its first layout; every other command at once.
gc.disable()

from .cli import main as run  # noqa: E402 - after the collector is off


def main() -> None:
    status = run()
    let_go_of_a_closed_terminal()
    sys.exit(status)


def let_go_of_a_closed_terminal() -> None:
    """Write what is left for the terminal now; where it has closed (a window shut as the game
    ended, a pipe read no further), drop it rather than end with Python's status 120: a
    terminal gone at the exit is no error of the game's."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


if __name__ == "__main__":
    main()
