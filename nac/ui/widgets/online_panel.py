"""The online screen's panel: the status, the host's invite, the players and their connection,
the rematch, the score and the moves, laid out by `online_lines` and drawn a line at a time
(only changed lines are sent)."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive

from ...present.online.lines import online_panel_lines
from ...present.online.view import OnlinePanelState
from .lines import LinesWidget


class OnlinePanel(LinesWidget):
    """Shows an `OnlinePanelState`, beside the board or under it."""

    STYLE_PREFIX = "online"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "online--status",
        "online--label",
        "online--message",
        "online--dim",
        "online--invite",
        "online--online",
        "online--away",
        "online--running",
    }
    DEFAULT_CSS = """
    OnlinePanel > .online--status { text-style: bold reverse; }
    OnlinePanel > .online--label { text-style: bold; }
    OnlinePanel > .online--message { text-style: italic; }
    OnlinePanel > .online--dim { color: $text-muted; }
    OnlinePanel > .online--invite { color: $text-accent; text-style: bold; }
    OnlinePanel > .online--online { color: $text-success; }
    OnlinePanel > .online--away { color: $text-warning; text-style: bold; }
    OnlinePanel > .online--running { text-style: bold reverse; }
    """

    state: reactive[OnlinePanelState] = reactive(OnlinePanelState(""), repaint=False)
    stacked: reactive[bool] = reactive(False, repaint=False)

    def relayout(self) -> None:
        self.show(online_panel_lines(self.state, *self.content_size, self.stacked))

    watch_state = watch_stacked = relayout
