"""`nac engine`: the engines' door as a line protocol on standard input and output, as UCI and
GTP are, so other programs (a GUI, a tournament runner, a test) can use nac's engines.

One command a line; a reply only where the command asks for one; anything else is answered with
one line beginning `error`, and the engine goes on:

    rules normal 3|4|5 | misere 3|4|5 | notakto 1|2|3 | ultimate
                                                         the rules (a new game); default normal 3
    level idiot|average|clever|genius                    who plays `go` (default genius)
    moves SQ SQ ...                                      the game from the start (X first)
    go seconds S | go nodes N | go                       -> bestmove SQ
    stop                                 (during a go)   -> its bestmove at once
    isready                                              -> readyok
    quit                                                 (during a go: its bestmove first)

Squares are named as in a saved game's line: a column letter and a row number from the top
(`b3`), in Notakto with the board's number first (`2b3`), in Ultimate on the 9×9 grid (`e5`).
In Ultimate, Genius searches for `go seconds S` (one second by default) or `go nodes N`
simulations. S is at most 3600, N at most 10,000,000 (a clear error past them).

As in UCI, a search runs while the commands are still read: `stop` ends the search under way
(and any asked before it) at once, each still answered with its `bestmove` (from a quick
search of QUICK_NODES where the long one had none yet); `quit` does the same and ends the
engine. Every other command is done in order, after the `bestmove` of a `go` before it.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from ..core import (
    FIXED_LEVELS,
    NORMAL,
    IllegalMove,
    Level,
    NotationError,
    Position,
    Rules,
    SquareTaken,
    cell_of,
    find_rules,
    square_of,
    start_position,
)
from ..engine import Limit, SearchStopped, Unsolvable, play

LEVELS = {level.value: level for level in FIXED_LEVELS}
LONGEST_LINE = 4096
"""Characters a command line may take (the longest Ultimate `moves` line is under 300)."""
MOST_SECONDS = 3600.0
"""The longest `go seconds` (an hour)."""
MOST_NODES = 10_000_000
"""The most positions `go nodes` asks for (a minute or more on 5×5; Ultimate's search stops
sooner, when its tree is full)."""
QUICK_NODES = 1000
"""The search that answers a `stop` that came before the long search had a move."""
WAITING = 1000
"""Commands that may wait for a search to end; one more is refused (an error line), so the
lines keep being read (a `stop` among them) and held in bounded memory."""


class EngineProtocol:
    """The protocol's state: the rules, the level, the position after the moves given.
    `handle` does one command; `hear` is the reader's side, which acts on `stop` and `quit`
    at once and leaves the rest, in order, to a thread of their own (`finish` waits for it)."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.rules: Rules = NORMAL
        self.level = Level.GENIUS
        self.position: Position = start_position(NORMAL)
        self._heard: queue.Queue[tuple[int, str] | None] = queue.Queue(WAITING)
        self._lines = 0
        """Lines heard so far: the number of the last."""
        self._doing = 0
        """The number of the line being done."""
        self._stopped_up_to = 0
        """The number of the last `stop` or `quit`: a search begun for a line before it stops."""
        self._worker: threading.Thread | None = None

    def hear(self, line: str) -> bool:
        """A line as read: `stop` or `quit` stops the searches asked before it (each still says
        its `bestmove`); every other command is done in order. False for `quit`."""
        self._lines += 1
        command = line.split()[0].lower() if line.split() else ""
        if command in ("stop", "quit"):
            self._stopped_up_to = self._lines
            return command != "quit"
        if self._worker is None:
            self._worker = threading.Thread(target=self._work, daemon=True)
            self._worker.start()
        try:
            self._heard.put_nowait((self._lines, line))
        except queue.Full:
            self.say(f"error {WAITING} commands wait for the search already: stop it, or wait")
        return True

    def finish(self) -> None:
        """Wait until every command heard is done (the limits bound each search)."""
        if self._worker is not None:
            self._heard.put(None)
            self._worker.join()
            self._worker = None

    def _work(self) -> None:
        while (heard := self._heard.get()) is not None:
            self._doing, line = heard
            self.handle(line)

    def is_set(self) -> bool:
        """Whether the search under way is to stop (a `stop` or `quit` came after its `go`)."""
        return self._stopped_up_to > self._doing

    def handle(self, line: str) -> bool:
        """Do one command; False for `quit`."""
        words = line.split()
        if not words:
            return True
        command, arguments = words[0].lower(), words[1:]
        handler = {
            "rules": self._rules,
            "level": self._level,
            "moves": self._moves,
            "go": self._go,
            "isready": self._ready,
            "stop": self._nothing,  # heard while a search runs; here, it has answered already
        }.get(command)
        if command == "quit":
            return False
        if handler is None:
            known = "rules, level, moves, go, stop, isready, quit"
            self.say(f"error unknown command {command[:40]!r}: use {known}")
            return True
        try:
            handler(arguments)
        except (ValueError, IllegalMove, Unsolvable) as refusal:
            self.say(f"error {' '.join(str(refusal).split())}")
        return True

    def _rules(self, arguments: list[str]) -> None:
        self.rules = find_rules(" ".join(arguments))
        self.position = start_position(self.rules)

    def _level(self, arguments: list[str]) -> None:
        name = " ".join(arguments).lower()
        if name not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}, not {name[:20]!r}")
        self.level = LEVELS[name]

    def _moves(self, arguments: list[str]) -> None:
        position = start_position(self.rules)
        for number, name in enumerate(arguments, 1):
            try:
                cell = cell_of(self.rules, name)
            except NotationError as refusal:
                raise ValueError(str(refusal)) from None
            try:
                position = position.play(cell)
            except SquareTaken:
                raise ValueError(f"move {number}: {name} is taken") from None
            except IllegalMove as refusal:
                raise ValueError(f"move {number}, {name}: {refusal}") from None
        self.position = position

    def _go(self, arguments: list[str]) -> None:
        limit = Limit()
        if arguments:
            if len(arguments) != 2 or arguments[0] not in ("seconds", "nodes"):
                raise ValueError("go takes nothing, seconds S or nodes N")
            limit = _limit(*arguments)
        if self.position.is_over:
            raise ValueError("the game is over: no move to find (rules or moves start another)")
        try:
            cell = play(self.position, self.level, limit, stop=self)
        except SearchStopped:
            cell = play(self.position, self.level, Limit(nodes=QUICK_NODES))
        self.say(f"bestmove {square_of(self.rules, cell)}")

    def _ready(self, arguments: list[str]) -> None:
        self.say("readyok")

    def _nothing(self, arguments: list[str]) -> None:
        return


GO_TAKES = {
    "seconds": f"go seconds takes a number of seconds above 0, at most {MOST_SECONDS:g}",
    "nodes": f"go nodes takes a whole number of positions, 1 to {MOST_NODES:,}",
}


def _limit(kind: str, value: str) -> Limit:
    """The limit `go seconds S` or `go nodes N` names, or a ValueError saying what it takes."""
    try:
        if kind == "seconds":
            seconds = float(value)
            if seconds > MOST_SECONDS:  # inf and nan are refused by Limit
                raise ValueError(seconds)
            return Limit(seconds=seconds)
        nodes = int(value) if len(value) <= 20 else MOST_NODES + 1
        if nodes > MOST_NODES:
            raise ValueError(nodes)
        return Limit(nodes=nodes)
    except ValueError:
        raise ValueError(f"{GO_TAKES[kind]}, not {value[:20]!r}") from None


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Read commands until `quit` or the end of the input."""

    saying = threading.Lock()

    def say(text: str) -> None:
        with saying:  # a search's bestmove comes from its own thread
            print(text, file=stdout, flush=True)

    protocol = EngineProtocol(say)
    for line in lines_of(stdin, say):
        if not protocol.hear(line):
            break
    protocol.finish()
    return 0


def lines_of(stdin: TextIO, say: Callable[[str], None]) -> Iterator[str]:
    """The input's lines, each of at most LONGEST_LINE characters: a longer one is refused in
    one line and read to its end without being kept."""
    while line := stdin.readline(LONGEST_LINE + 1):
        if len(line) <= LONGEST_LINE or line.endswith("\n"):
            yield line
            continue
        while (rest := stdin.readline(LONGEST_LINE)) and not rest.endswith("\n"):
            pass
        say(f"error a line takes at most {LONGEST_LINE} characters: that one was not read")
