"""No game process outlives the server that started it, whatever ends the server.

Each game (a browser's, an SSH player's) runs in a session of its own: ctrl+c in the server's
terminal reaches the server only, and the server ends its games itself (`end_group`: SIGHUP,
then SIGKILL). Should the server die without ending them (`kill -9`, a crash), Linux kills them
for it: `in_child` sets the game's parent-death signal (`PR_SET_PDEATHSIG`) before it runs.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal a process gets when the thread that started it ends."""
ON_SERVER_DEATH = signal.SIGKILL
"""A served game keeps no file (`Storage.in_memory`): nothing is lost by killing it at once."""


def _prctl() -> Callable[..., int] | None:
    """libc's prctl, loaded in the server (a child between fork and exec loads nothing)."""
    if not sys.platform.startswith("linux"):
        return None
    with contextlib.suppress(OSError, AttributeError):
        return ctypes.CDLL(None, use_errno=True).prctl
    return None


def in_child(then: Callable[[], object] | None = None) -> Callable[[], None]:
    """What a game's process runs between fork and exec (`preexec_fn`): it is killed when the
    server dies, and kills itself if the server died before that could be set; then `then`."""
    prctl = _prctl()
    server = os.getpid()

    def bound_to_the_server() -> None:
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, int(ON_SERVER_DEATH), 0, 0, 0)
            if os.getppid() != server:  # the server died before the signal was set
                os.kill(os.getpid(), ON_SERVER_DEATH)
        if then is not None:
            then()

    return bound_to_the_server


def end_group(leader: int, number: signal.Signals) -> None:
    """Send `number` to a game's process group (the game and whatever it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, number)
