"""The command palette's finder for a board's size typed as a person types it: `5x5` (or `5X5`,
`5*5`) finds the commands named `5×5`."""

from __future__ import annotations

import re

from textual.command import Hits
from textual.system_commands import SystemCommandsProvider

SIZE_TYPED = re.compile(r"(\d)\s*[xX*]\s*(\d)")
"""A size typed with a letter x (or a star) between its numbers."""


class SizeNamesProvider(SystemCommandsProvider):
    """The screen's commands found by a size typed with an x; a query without one is the app's
    own finder's (so no command is offered twice)."""

    async def search(self, query: str) -> Hits:
        spelled = SIZE_TYPED.sub(r"\1×\2", query)
        if spelled == query:
            return
        async for hit in super().search(spelled):
            yield hit
