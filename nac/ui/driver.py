"""A terminal driver that survives bytes that are not UTF-8.

Textual's Linux driver decodes the keyboard's bytes as strict UTF-8, in its input thread: one
invalid byte (a Latin-1 terminal, a mouse report with high bytes) raises UnicodeDecodeError
there and the app dies with the game in progress (an open upstream bug). This driver decodes
with replacement instead: such a byte becomes U+FFFD, a key no binding knows, and play goes on.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from functools import partial

from textual.drivers import linux_driver
from textual.drivers.linux_driver import LinuxDriver


def forgiving_decoder(encoding: str) -> Callable[..., codecs.IncrementalDecoder]:
    """What `codecs.getincrementaldecoder` returns, but replacing bytes it cannot decode."""
    return partial(codecs.getincrementaldecoder(encoding), errors="replace")


class ForgivingDriver(LinuxDriver):
    def run_input_thread(self) -> None:
        # The input loop makes its decoder from this module-level name when it starts.
        setattr(linux_driver, "getincrementaldecoder", forgiving_decoder)  # noqa: B010
        super().run_input_thread()
