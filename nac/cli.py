"""The command line: parse the arguments, then start the game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .core import Game, KeypadLayout, Level, Mark, Mode

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


def watch_levels(text: str) -> tuple[Level, Level]:
    """Two levels, X's then O's: "genius,idiot"."""
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two levels: use X's and O's, e.g. genius,idiot"
        )
    try:
        return Level.parse(parts[0]), Level.parse(parts[1])
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nac",
        description="Noughts and crosses against the computer, with a friend, or to watch.",
        epilog="Options you leave out come from your saved settings (see --no-save).",
    )
    parser.add_argument("--version", action="version", version=f"nac {__version__}")
    parser.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        help="play the computer, two players on one keyboard, or watch the computer play itself",
    )
    parser.add_argument(
        "--size",
        type=int,
        choices=[3, 4, 5],
        help="the board: 3×3 with three in a row (default), 4×4 or 5×5 with four in a row",
    )
    parser.add_argument(
        "--level",
        choices=[level.value for level in Level],
        help="how well the computer plays (default: average)",
    )
    parser.add_argument(
        "--watch-levels",
        type=watch_levels,
        metavar="X,O",
        help="the two levels in watch mode, X's then O's (default: genius,average)",
    )
    parser.add_argument(
        "--computer-starts",
        action="store_true",
        help="let the computer make the first move of every game (same as --starter computer)",
    )
    parser.add_argument(
        "--starter",
        choices=["you", "computer", "alternate"],
        help="who starts each game: you, the computer, or each in turn (default: you)",
    )
    parser.add_argument(
        "--keypad",
        choices=[layout.value for layout in KeypadLayout],
        help="phone: 1 2 3 on the top row (default); numpad: 7 8 9 on top",
    )
    parser.add_argument(
        "--mark", choices=["X", "O"], type=str.upper, help="the mark you play (default: X)"
    )
    parser.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        help="the computer's pause before it moves, 0 to 10 (default: 0.3; 0.6 in watch mode)",
    )
    parser.add_argument(
        "--no-save", action="store_true", help="keep settings and stats of this session unsaved"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="play in plain text (typed lines) instead of the full-screen app",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    from .store import StarterRule, Storage

    storage = Storage.default(saving=not options.no_save)
    settings = storage.settings.load()
    changes: dict[str, object] = {}
    if options.mode:
        changes["mode"] = Mode(options.mode)
    if options.size:
        changes["size"] = options.size
    if options.level:
        changes["level"] = Level(options.level)
    if options.watch_levels:
        changes["watch_levels"] = options.watch_levels
    if options.keypad:
        changes["keypad"] = KeypadLayout(options.keypad)
    if options.mark:
        changes["mark"] = Mark(options.mark)
    if options.starter:
        changes["starter"] = StarterRule(options.starter)
    elif options.computer_starts:
        changes["starter"] = StarterRule.COMPUTER
    settings = settings.but(**changes)

    if options.plain:
        for notice in storage.notices:
            print(notice, file=sys.stderr)
        return play_plain(settings.level, settings.mark, settings.keypad, options)

    from .ui.app import NacApp

    NacApp(settings, storage=storage, think_seconds=options.think).run()
    return 0


def play_plain(level: Level, human: Mark, keypad: KeypadLayout, options: argparse.Namespace) -> int:
    from .console import ConsoleGame

    game = Game(level=level, human=human, keypad=keypad)
    console = ConsoleGame(game, sys.stdin, sys.stdout)
    if options.computer_starts or options.starter == "computer":
        game.computer_move()
    console.run()
    return 0
