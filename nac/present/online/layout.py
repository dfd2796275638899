"""Where the online screen puts the board and the panel in a terminal: pure arithmetic, no
Textual.

In a game the panel sits beside the board (30 columns, or 24 when that is what lets a board
fit) or under it, whichever shows the bigger board, as on the game screen. While the host waits
for an opponent the invite lines matter more than the empty board: the panel takes the width
they need to show each whole on one line, and the board only the room left; where none is
left, the panel has the screen to itself.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core import Rules
from ..game.metrics import (
    MIN_TERMINAL,
    NARROW_PANEL_WIDTH,
    SIDE_MARGIN,
    SIDE_PANEL_WIDTH,
    Drawn,
    board_drawn,
)

CHROME_ROWS = 2
"""The title and the footer."""
UNDER_ROWS = 6
"""The panel's rows under the board."""
PANEL_CHROME = 4
"""Columns of the panel's divider and padding around its text (kept equal to app.tcss)."""


class OnlineLayout(NamedTuple):
    board: Drawn | None
    """The board that fits, or None when the panel has the screen to itself."""
    side_panel: bool
    """The panel beside the board (or alone), or under it."""

    @property
    def board_columns(self) -> int:
        """The columns of the board's area beside the panel (the board and its margins)."""
        return 0 if self.board is None else self.board.width + 2 * SIDE_MARGIN


def online_layout(
    rules: Rules, columns: int, rows: int, invite_width: int = 0
) -> OnlineLayout | None:
    """The layout of the board of `rules` in columns×rows, with the invite's longest line
    `invite_width` long (0: no invite shown); None when the terminal is too small."""
    if columns < MIN_TERMINAL[0] or rows < MIN_TERMINAL[1]:
        return None
    body = rows - CHROME_ROWS
    if invite_width:
        panel = max(SIDE_PANEL_WIDTH, invite_width + PANEL_CHROME)
        drawn = board_drawn(rules, columns - panel, body)
        return OnlineLayout(None if drawn is None else drawn[0], True)
    choices = [
        (board_drawn(rules, columns - SIDE_PANEL_WIDTH, body), True),
        (board_drawn(rules, columns - NARROW_PANEL_WIDTH, body), True),
        (board_drawn(rules, columns, body - UNDER_ROWS), False),
    ]
    fitting = [(drawn, beside) for drawn, beside in choices if drawn is not None]
    if not fitting:
        return None
    (board, _), beside = max(fitting, key=lambda choice: choice[0][1])
    return OnlineLayout(board, beside)
