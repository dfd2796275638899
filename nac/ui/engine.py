"""Searches that may take longer than a frame run here, on a worker thread, one at a time;
their results come back to the app's thread. A new game (or quitting) cancels them."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App

from ..core import SearchStopped

Result = TypeVar("Result")


class Engine:
    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._one_at_a_time = threading.Lock()
        self._stop = threading.Event()
        self.running = 0
        """Jobs started and not yet finished or cancelled (for tests and the curious)."""

    def run(self, job: Callable[[threading.Event], Result], done: Callable[[Result], None]) -> None:
        """Run `job(stop)` on a worker thread, then `done(result)` on the app's thread, unless
        `cancel()` is called first (the job sees `stop` set and raises SearchStopped)."""
        stop = self._stop
        self.running += 1

        def work() -> None:
            try:
                with self._one_at_a_time:
                    if stop.is_set():
                        return
                    result = job(stop)
            except SearchStopped:
                return
            finally:
                self._back_on_app_thread(self._finished)
            if not stop.is_set():
                self._back_on_app_thread(done, result)

        self.app.run_worker(work, thread=True, group="engine", description="search")

    def _back_on_app_thread(self, callback: Callable[..., None], *arguments: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the app has already closed
            self.app.call_from_thread(callback, *arguments)

    def _finished(self) -> None:
        self.running -= 1

    def cancel(self) -> None:
        """Cancel every job started so far: running searches stop at their next check."""
        self._stop.set()
        self._stop = threading.Event()
