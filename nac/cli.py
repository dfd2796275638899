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
        "--mark",
        choices=["X", "O"],
        type=str.upper,
        default="X",
        help="the mark you play (default: %(default)s)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    from .console import ConsoleGame

    game = Game(
        level=Level(options.level),
        human=Mark(options.mark),
        keypad=KeypadLayout(options.keypad),
    )
    console = ConsoleGame(game, sys.stdin, sys.stdout)
    if options.computer_starts:
        game.computer_move()
    console.run()
    return 0
