"""Searches in a child process, so a long search never holds the app's interpreter lock: the
screen answers every key within a frame while the computer thinks on a big board.

One child (a Python importing this module and the engines only), started on first need (or ahead,
when a big board comes up) and kept, so its tables stay warm from move to move. It runs one request
at a time: a move, a hint, an analysis, a review or a puzzle's judgement. Requests and answers go
over pipes, numbered; a request is cancelled by sending its number on a third pipe, which the
child's stop signal reads now and then (the searches check it every thousand positions), and the
child then answers "stopped". An answer to an older request is never taken for a newer.

A plain subprocess rather than `multiprocessing`: no semaphores, no resource tracker (which
cannot start while Textual holds the standard streams), nothing inherited but the pipes. Where
there are no inheritable pipes (Windows), searches stay on the app's worker threads.
"""

from __future__ import annotations

import os
import random
import sys
import threading
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..core.board import Board
from ..core.positions import start_position
from ..core.rules import Position
from .door import Engine
from .limits import NO_LIMIT, Limit
from .stop import SearchStopped, StopSignal

if TYPE_CHECKING:  # imported when the child first starts, or when first asked for
    import subprocess
    from multiprocessing.connection import Connection

    from ..core.levels import Level
    from ..core.notation import SavedGame
    from .hints import Hint
    from .puzzles import Judgement
    from .review import GameReview
    from .values import Estimate, MoveValue

CHILD = "import sys; from nac.engine.process import main; main(sys.argv[1:])"
"""The child's program: this module imported by name, so what it sends back unpickles here."""
POLL_SECONDS = 0.02
"""How often a waiting thread looks whether its search was cancelled or the child died."""
AVAILABLE = os.name == "posix"
ASKED = frozenset({"play", "analyse", "estimates", "hint", "review", "judge", "defend"})
"""The engine's methods the child answers."""


class Request(NamedTuple):
    """A question for the child's engine: one of its methods, its arguments, and the seed of
    its random source (so a game replays the same from the same seed)."""

    method: str
    arguments: tuple[Any, ...]
    seed: int

    def run(self, engine: Engine, stop: StopSignal) -> Any:
        if self.method not in ASKED:
            raise ValueError(f"the search process answers {sorted(ASKED)}, not {self.method!r}")
        engine.rng.seed(self.seed)
        return getattr(engine, self.method)(*self.arguments, stop=stop)


class Stopped:
    """The child's answer to a cancelled request."""


class ChildFailed(RuntimeError):
    """The search process died or raised: the app treats it as a bug."""


class SearchProcess:
    """The child process and the one request it is running."""

    def __init__(self) -> None:
        self._one_at_a_time = threading.Lock()
        self._child: subprocess.Popen[bytes] | None = None
        self._requests: Connection | None = None
        self._answers: Connection | None = None
        self._stops: Connection | None = None
        self._number = 0

    def start(self) -> None:
        """Start the child now (it takes a moment), if it is not running."""
        with self._one_at_a_time:
            self._started()

    def _started(self) -> tuple[Connection, Connection, Connection]:
        if self._child is None or self._child.poll() is not None:
            import subprocess
            from multiprocessing.connection import Connection

            self._close_pipes()
            request_read, request_write = os.pipe()
            answer_read, answer_write = os.pipe()
            stop_read, stop_write = os.pipe()
            theirs = (request_read, answer_write, stop_read)
            self._child = subprocess.Popen(
                [sys.executable, "-c", CHILD, *map(str, theirs)],
                pass_fds=theirs,
                env=_child_environment(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,  # the terminal is the app's: the child says nothing
            )
            for descriptor in theirs:
                os.close(descriptor)
            self._requests = Connection(request_write, readable=False)
            self._answers = Connection(answer_read, writable=False)
            self._stops = Connection(stop_write, readable=False)
        assert self._requests and self._answers and self._stops
        return self._requests, self._answers, self._stops

    def run(self, request: Request, cancelled: StopSignal) -> Any:
        """The answer to `request`; SearchStopped if `cancelled` is set first."""
        with self._one_at_a_time:
            requests, answers, stops = self._started()
            self._number += 1
            number = self._number
            requests.send((number, request))
            stop_sent = False
            while True:
                if answers.poll(POLL_SECONDS):
                    answered, answer = answers.recv()
                    if answered == number:
                        break
                    continue  # the answer to a request given up before: not ours
                if cancelled.is_set() and not stop_sent:
                    stops.send(number)
                    stop_sent = True
                if self._child is None or self._child.poll() is not None:
                    if cancelled.is_set():  # closed while it stopped: the app is closing
                        raise SearchStopped()
                    raise ChildFailed("the search process ended")
        if isinstance(answer, ChildFailed):
            raise answer
        if isinstance(answer, Stopped) or cancelled.is_set():
            raise SearchStopped()
        return answer

    def close(self) -> None:
        """End the child (the app is closing)."""
        import subprocess

        if self._child is not None and self._child.poll() is None:
            self._child.terminate()
            try:
                self._child.wait(1)
            except subprocess.TimeoutExpired:
                self._child.kill()
        self._child = None
        self._close_pipes()

    def _close_pipes(self) -> None:
        for connection in (self._requests, self._answers, self._stops):
            if connection is not None:
                connection.close()
        self._requests = self._answers = self._stops = None


class PipeStop:
    """The child's stop signal: set once the app has sent the running request's number."""

    def __init__(self, stops: Connection) -> None:
        self._stops = stops
        self._stopped: set[int] = set()
        self.running = 0

    def is_set(self) -> bool:
        while self._stops.poll():
            self._stopped.add(self._stops.recv())
        return self.running in self._stopped

    def begin(self, number: int) -> None:
        self.running = number
        self._stopped = {stopped for stopped in self._stopped if stopped >= number}


def serve(requests: Connection, answers: Connection, stops: Connection) -> None:
    """The child's loop: answer requests until the app goes away."""
    stop = PipeStop(stops)
    engine = Engine()
    while True:
        try:
            number, request = requests.recv()
        except (EOFError, OSError):
            return
        stop.begin(number)
        try:
            answer: Any = request.run(engine, stop)
        except SearchStopped:
            answer = Stopped()
        except Exception as error:  # sent back: the app raises it where it asked
            answer = ChildFailed(f"{type(error).__name__}: {error}")
        answers.send((number, answer))


def main(arguments: list[str]) -> None:
    """The child: its three pipes are given by number."""
    from multiprocessing.connection import Connection

    request_fd, answer_fd, stop_fd = map(int, arguments[:3])
    serve(
        Connection(request_fd, writable=False),
        Connection(answer_fd, readable=False),
        Connection(stop_fd, writable=False),
    )


def _child_environment() -> dict[str, str]:
    """The app's environment, with this copy of nac first on the child's path (it may run from
    a wheel or a zip that is on the app's `sys.path` only)."""
    import nac

    root = os.path.dirname(os.path.dirname(os.path.abspath(nac.__file__)))
    paths = [root, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


class ProcessEngine(Engine):
    """The standard engines in a child process, so a long search never holds this
    interpreter's lock (a screen keeps answering every key while the computer thinks). A
    question whose answer is a lookup (3×3) is answered here at once; where the child cannot
    run (no inheritable pipes: Windows) every answer is found here, on the caller's thread.

    Each method blocks its caller until the answer comes, so call it from a worker thread;
    `stop` (the worker's cancelled event) cancels the search in the child: SearchStopped.
    """

    def __init__(self, rng: random.Random | None = None, limit: Limit = NO_LIMIT) -> None:
        super().__init__(rng=rng, limit=limit)
        self._process = SearchProcess()

    def _ask(
        self, board: Position, method: str, arguments: tuple[Any, ...], stop: StopSignal | None
    ) -> Any:
        if not AVAILABLE or self.is_instant(board):
            return getattr(super(), method)(*arguments, stop=stop)
        request = Request(method, arguments, self.rng.getrandbits(64))
        return self._process.run(request, stop or threading.Event())

    def play(
        self,
        board: Position,
        level: Level,
        limit: Limit = NO_LIMIT,
        *,
        stop: StopSignal | None = None,
    ) -> int:
        return cast(int, self._ask(board, "play", (board, level, self._limited(limit)), stop))

    def analyse(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> dict[int, MoveValue]:
        answer = self._ask(board, "analyse", (board, self._limited(limit)), stop)
        return cast("dict[int, MoveValue]", answer)

    def estimates(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> list[Estimate]:
        answer = self._ask(board, "estimates", (board, self._limited(limit)), stop)
        return cast("list[Estimate]", answer)

    def hint(
        self, board: Position, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> Hint:
        return cast("Hint", self._ask(board, "hint", (board, self._limited(limit)), stop))

    def review(
        self, game: SavedGame, limit: Limit = NO_LIMIT, *, stop: StopSignal | None = None
    ) -> GameReview:
        start = start_position(game.rules)
        return cast("GameReview", self._ask(start, "review", (game, limit), stop))

    def judge(self, board: Board, cell: int, *, stop: StopSignal | None = None) -> Judgement:
        return cast("Judgement", self._ask(board, "judge", (board, cell), stop))

    def defend(self, board: Board, *, stop: StopSignal | None = None) -> int:
        return cast(int, self._ask(board, "defend", (board,), stop))

    def start(self) -> None:
        """Start the child now (it takes a moment), so the first search does not wait for it."""
        if AVAILABLE:
            self._process.start()

    def close(self) -> None:
        self._process.close()
