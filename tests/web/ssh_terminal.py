"""A player's terminal for the SSH door's tests and benchmark: a program (`ssh -t`) in a
pseudo-terminal of its own (`nac.web.pty_game`), what it shows kept, and bounded waits for
what it shows."""

from __future__ import annotations

import asyncio
import re

from nac.web.pty_game import PtyGame

from ..waiting import until

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
        await until(lambda: len(self.seen) > since, "a change shown", changed=self.changed)

    async def shows(self, *texts: str, since: int = 0) -> None:
        """Wait (bounded) until the terminal has shown every one of `texts` after `since`."""

        def shown() -> bool:
            text = ANSI.sub(b"", bytes(self.seen[since:])).decode("utf-8", "replace")
            return all(one in text for one in texts)

        await until(
            shown, lambda: f"{texts!r} shown; shown: {self.text[-2000:]!r}", changed=self.changed
        )
