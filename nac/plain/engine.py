"""`nac engine`: the engines' door as a line protocol on standard input and output, as UCI and
GTP are, so other programs (a GUI, a tournament runner, a test) can use nac's engines.

One command a line; a reply only where the command asks for one; anything else is answered with
one line beginning `error`, and the engine goes on:

    rules normal 3|4|5 | misere 3|4|5 | notakto 1|2|3 | ultimate
                                                         the rules (a new game); default normal 3
    level idiot|average|clever|genius                    who plays `go` (default genius)
    moves SQ SQ ...                                      the game from the start (X first)
    go seconds S | go nodes N | go                       -> bestmove SQ
    isready                                              -> readyok
    quit

Squares are named as in a saved game's line: a column letter and a row number from the top
(`b3`), in Notakto with the board's number first (`2b3`), in Ultimate on the 9×9 grid (`e5`).
In Ultimate, Genius searches for `go seconds S` (one second by default) or `go nodes N`
simulations.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
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
from ..engine import Limit, Unsolvable, play

LEVELS = {level.value: level for level in FIXED_LEVELS}


class EngineProtocol:
    """The protocol's state: the rules, the level, the position after the moves given."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.rules: Rules = NORMAL
        self.level = Level.GENIUS
        self.position: Position = start_position(NORMAL)

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
        }.get(command)
        if command == "quit":
            return False
        if handler is None:
            known = "rules, level, moves, go, isready, quit"
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
        cell = play(self.position, self.level, limit)
        self.say(f"bestmove {square_of(self.rules, cell)}")

    def _ready(self, arguments: list[str]) -> None:
        self.say("readyok")


GO_TAKES = {
    "seconds": "go seconds takes a number of seconds above 0",
    "nodes": "go nodes takes a whole number of positions, 1 or more",
}


def _limit(kind: str, value: str) -> Limit:
    """The limit `go seconds S` or `go nodes N` names, or a ValueError saying what it takes."""
    try:
        return Limit(seconds=float(value)) if kind == "seconds" else Limit(nodes=int(value))
    except ValueError:
        raise ValueError(f"{GO_TAKES[kind]}, not {value[:20]!r}") from None


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Read commands until `quit` or the end of the input."""

    def say(text: str) -> None:
        print(text, file=stdout, flush=True)

    protocol = EngineProtocol(say)
    for line in stdin:
        if not protocol.handle(line):
            break
    return 0
