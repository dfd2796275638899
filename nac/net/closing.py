"""How a connection's session ends: `Closing`, raised with why and the WebSocket close code
(the referee's session and the quick match's seating both end one so)."""

from __future__ import annotations

POLICY = 1008
"""Close code: the client broke the protocol or a limit."""
TRY_AGAIN_LATER = 1013
INTERNAL_ERROR = 1011
GOING_AWAY = 1001


class Closing(Exception):
    """The session ends: tell the client why, close with this code."""

    def __init__(self, reason: str, code: int = POLICY) -> None:
        super().__init__(reason)
        self.code = code
