"""The command line: parse the arguments, then start the game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .core import Game, KeypadLayout, Level, Mark


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nac",
        description="Noughts and crosses against the computer.",
    )
    parser.add_argument("--version", action="version", version=f"nac {__version__}")
    parser.add_argument(
        "--level",
        choices=[level.value for level in Level],
        default=Level.AVERAGE.value,
        help="how well the computer plays (default: %(default)s)",
    )
    parser.add_argument(
        "--computer-starts", action="store_true", help="let the computer make the first move"
    )
    parser.add_argument(
        "--keypad",
        choices=[layout.value for layout in KeypadLayout],
        default=KeypadLayout.PHONE.value,
        help="phone: 1 2 3 on the top row; numpad: 7 8 9 on top (default: %(default)s)",
    )
    parser.add_argument(
        "--think",
        type=think_seconds,
        default=None,
        metavar="SECONDS",
        help="how long the computer pauses before it moves, 0 to 10 (default: 0.3)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="play in plain text (typed lines) instead of the full-screen app",
    )
    parser.add_argument(
        "--mark",
        choices=["X", "O"],
        type=str.upper,
        default="X",
        help="the mark you play (default: %(default)s)",
    )
    return parser


MAX_THINK_SECONDS = 10.0


def think_seconds(text: str) -> float:
    """A pause in seconds from 0 to 10; anything else is refused with a clear message."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= seconds <= MAX_THINK_SECONDS:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"{text} is not between 0 and {MAX_THINK_SECONDS:g} seconds"
        )
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    level = Level(options.level)
    human = Mark(options.mark)
    keypad = KeypadLayout(options.keypad)
    if options.plain:
        return play_plain(level, human, keypad, options.computer_starts)

    from .ui.app import DEFAULT_THINK_SECONDS, NacApp

    app = NacApp(
        level=level,
        keypad=keypad,
        human=human,
        computer_starts=options.computer_starts,
        think_seconds=DEFAULT_THINK_SECONDS if options.think is None else options.think,
    )
    app.run()
    return 0


def play_plain(level: Level, human: Mark, keypad: KeypadLayout, computer_starts: bool) -> int:
    from .console import ConsoleGame

    game = Game(level=level, human=human, keypad=keypad)
    console = ConsoleGame(game, sys.stdin, sys.stdout)
    if computer_starts:
        game.computer_move()
    console.run()
    return 0
