"""A player's terminal for the SSH door's tests and benchmark: a program (`ssh -t`) in a
pseudo-terminal of its own (`nac.web.pty_game`), what it shows kept, and bounded waits for
what it shows."""

from __future__ import annotations

import asyncio
import contextlib
import re

from nac.web.pty_game import PtyGame
from tools.web_screenshot import POLLS

ANSI = re.compile(
    rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])"
)
"""A terminal's control sequences: what is left is the text it shows."""


class Terminal:
    """The player's terminal: `ssh -t` in a pseudo-terminal, what it shows kept as text."""

    def __init__(self) -> None:
        self.seen = bytearray()
        self.gone = asyncio.Event()
        self.changed = asyncio.Event()
        self.pty = PtyGame(self._shown, self.gone.set)

    def _shown(self, data: bytes) -> None:
        self.seen += data
        self.changed.set()

    @property
    def text(self) -> str:
        return ANSI.sub(b"", bytes(self.seen)).decode("utf-8", "replace")

    async def changes(self, since: int) -> None:
        """Wait (bounded) until the terminal shows something after `since`."""
        for _ in range(POLLS):
            if len(self.seen) > since:
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.2)
        raise AssertionError("the terminal never changed")

    async def shows(self, *texts: str, since: int = 0) -> None:
        """Wait (bounded) until the terminal has shown every one of `texts` after `since`."""
        for _ in range(POLLS):
            shown = ANSI.sub(b"", bytes(self.seen[since:])).decode("utf-8", "replace")
            if all(text in shown for text in texts):
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 0.2)
        raise AssertionError(f"never shown {texts!r}; shown: {self.text[-2000:]!r}")
