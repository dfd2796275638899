"""The game's drivers: Textual's, but they survive bytes that are not UTF-8 and take in no more
input than the game keeps up with.

- **Bytes that are not UTF-8.** Textual's Linux driver decodes the keyboard's bytes as strict
  UTF-8, in its input thread: one invalid byte (a Latin-1 terminal, a mouse report with high
  bytes) raises UnicodeDecodeError there and the app dies with the game in progress (an open
  upstream bug). This driver decodes with replacement instead: such a byte becomes U+FFFD, a
  key no binding knows, and play goes on.
- **Input the game has not handled yet is bounded.** Textual's drivers read their input in a
  thread as fast as it comes and post every key as an event, however many wait: a player typing
  flat out (a script over SSH, a browser's) grew a game by gigabytes. Here the input thread
  waits while more than MOST_WAITING events wait in the app's queues, so it reads no further:
  the terminal (or the pipe from the web server) fills and its writer is held back, as by a
  slow terminal (the SSH door and the web server then drop what they cannot pass on).
- **A resize is heard while the game waits.** The kernel gives a terminal's SIGWINCH to any
  thread of the game that takes it. Textual's handler is Python's, which only the main thread
  runs, at its next bytecode: where the signal went to the input or the output thread, the
  app's loop slept on until a key or a timer woke it, and a resized terminal (an SSH player's
  window) kept the old drawing. Here the handler runs from the loop, which the signal wakes.
- **A paste is bounded.** Textual keeps a bracketed paste whole until it ends; one that never
  ends grew without bound. Past MOST_PASTED characters the rest of a paste is dropped.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from textual import events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers import linux_driver
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

MOST_WAITING = 256
"""Input events (keys, mouse, pastes) waiting to be handled before the input thread stops
reading: far more than anyone types ahead of a game, a few screens' worth of keys."""
COUNT_EVERY = 32
"""The waiting messages are counted once in this many input events (counting walks every
widget)."""
RECOUNT_SECONDS = 0.01
"""While too many wait, they are counted again this often (the input thread reads nothing)."""


MOST_PASTED = 64 * 1024
"""Characters of one paste kept (a few pages of text); the rest of it is dropped."""
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def forgiving_decoder(encoding: str) -> Callable[..., codecs.IncrementalDecoder]:
    """What `codecs.getincrementaldecoder` returns, but replacing bytes it cannot decode."""
    return partial(codecs.getincrementaldecoder(encoding), errors="replace")


class InputBound:
    """How much input an app has been sent and not handled yet, and a wait for it to fall.

    Counted are the events sent and not yet in a queue (the driver's thread hands each to the
    app's loop) and every message waiting in any node's queue (a key waits in the app's, then in
    the focused widget's and its parents' as it bubbles)."""

    def __init__(self, app: App[Any], stopped: threading.Event, most: int = MOST_WAITING) -> None:
        self._app = app
        self._stopped = stopped
        self.most = most
        self.sent = 0
        """Events sent (counted by the input thread only)."""
        self.arrived = 0
        """... and put in the app's queue (counted by the app's loop only)."""
        self._since_count = 0

    def posted(self, _: Future[Any]) -> None:
        self.arrived += 1

    def waiting(self) -> int:
        """Messages waiting to be handled, the input on its way to the app's queue included."""
        app = self._app
        try:
            nodes = list(app._registry)
        except RuntimeError:  # the app's loop changed its widgets while they were listed
            return self.most + 1
        queued = app._message_queue.qsize() + sum(node._message_queue.qsize() for node in nodes)
        return self.sent - self.arrived + queued

    def wait_for_room(self) -> None:
        """In the input thread, before an input event is sent: wait while too many wait (or
        until the driver stops)."""
        self._since_count += 1
        if self._since_count < COUNT_EVERY:
            return
        self._since_count = 0
        while self.waiting() > self.most and not self._stopped.is_set():
            self._stopped.wait(RECOUNT_SECONDS)


class PasteLimit:
    """Cuts each bracketed paste in a terminal's input to `most` characters, its end kept.

    Called with each piece of the input in turn, it returns what the parser is given: all of it
    but a paste's characters past `most`. A marker split between pieces is found too: inside a
    paste, what may begin its end is held back until the next piece."""

    def __init__(self, most: int = MOST_PASTED) -> None:
        self.most = most
        self.pasting = False
        self.pasted = 0
        self._tail = ""
        """Outside a paste: the input's last characters given (a start may begin there)."""
        self._held = ""
        """Inside a paste: the last characters, if they may begin its end."""

    def __call__(self, data: str) -> str:
        text, self._held = self._held + data, ""
        given: list[str] = []
        position = 0
        while position < len(text):
            if not self.pasting:
                look = self._tail + text[position:]
                found = look.find(PASTE_START)
                if found < 0:
                    given.append(text[position:])
                    self._tail = look[-(len(PASTE_START) - 1) :]
                    break
                end = position + found + len(PASTE_START) - len(self._tail)
                given.append(text[position:end])
                position, self.pasting, self.pasted, self._tail = end, True, 0, ""
            else:
                found = text.find(PASTE_END, position)
                if found < 0:
                    held = _marker_begun(text, PASTE_END)
                    self._give(text[position : len(text) - held], given)
                    self._held = text[len(text) - held :]
                    break
                self._give(text[position:found], given)
                given.append(PASTE_END)
                position, self.pasting = found + len(PASTE_END), False
        return "".join(given)

    def _give(self, pasted: str, given: list[str]) -> None:
        given.append(pasted[: max(0, self.most - self.pasted)])
        self.pasted += len(pasted)


def _marker_begun(text: str, marker: str) -> int:
    """How many of `text`'s last characters begin `marker` (0 to all of it but one)."""
    for count in range(min(len(text), len(marker) - 1), 0, -1):
        if text.endswith(marker[:count]):
            return count
    return 0


class BoundedParser(XTermParser):
    """Textual's parser of a terminal's input, its pastes cut to MOST_PASTED characters."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._paste_limit = PasteLimit()

    def feed(self, data: str) -> Any:
        if not data:  # the end of the input
            return super().feed(data)
        given = self._paste_limit(data)
        return super().feed(given) if given else ()  # nothing given is not the end


def is_input(message: Message) -> bool:
    """Whether a message is one a player makes (the kind a flood is made of)."""
    return isinstance(message, events.Key | events.MouseEvent | events.Paste)


class BoundedInput:
    """A driver mixin: input events are sent to the app no faster than it handles them."""

    _app: App[Any]
    _loop: asyncio.AbstractEventLoop
    exit_event: threading.Event
    _bound: InputBound | None = None

    def send_message(self, message: Message) -> None:
        bound = self._bound
        if bound is None:
            bound = self._bound = InputBound(self._app, self.exit_event)
        if is_input(message):
            bound.wait_for_room()
        bound.sent += 1
        future = asyncio.run_coroutine_threadsafe(self._app._post_message(message), self._loop)
        future.add_done_callback(bound.posted)


class ForgivingDriver(BoundedInput, LinuxDriver):
    def start_application_mode(self) -> None:
        super().start_application_mode()  # type: ignore[no-untyped-call]
        heard = signal.getsignal(signal.SIGWINCH)  # the handler Textual has just set
        if callable(heard):
            # The loop's own handler writes to its wake-up pipe, from whichever thread.
            self._loop.add_signal_handler(signal.SIGWINCH, heard, signal.SIGWINCH, None)

    def stop_application_mode(self) -> None:
        with contextlib.suppress(RuntimeError, ValueError):  # not in the loop's thread
            self._loop.remove_signal_handler(signal.SIGWINCH)
        super().stop_application_mode()

    def run_input_thread(self) -> None:
        # The input loop makes its decoder from this module-level name when it starts.
        setattr(linux_driver, "getincrementaldecoder", forgiving_decoder)  # noqa: B010
        setattr(linux_driver, "XTermParser", BoundedParser)  # noqa: B010
        super().run_input_thread()


def bounded_web_driver() -> type[Any]:
    """Textual's web driver (textual-serve's games), its input bounded as above."""
    from textual.drivers import web_driver

    class BoundedWebDriver(BoundedInput, web_driver.WebDriver):
        def run_input_thread(self) -> None:
            setattr(web_driver, "XTermParser", BoundedParser)  # noqa: B010
            super().run_input_thread()

    return BoundedWebDriver
