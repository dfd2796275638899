"""The command line: parse the arguments (the game's, `nac engine`'s, `nac serve`'s from
`nac.web`, and online play's: `nac host`, `join`, `watch`, `lobby`, `match`), then start the
game."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from .core import GENIUS_SECONDS, NORMAL, SavedGame, Starter, parse_time_control, player_name
from .net.address import DEFAULT_PORT, Address, parse_address, parse_server
from .net.start import DEFAULT_BIND, MATCH_CLOCK, OnlineStart, default_name
from .options import (
    CHOICES,
    DEFAULTS,
    GENIUS_SECONDS_RANGE,
    RULES_CHOICES,
    argument_type,
    chosen_rules,
    genius_seconds,
    think_seconds,
    watch_levels,
)
from .present.game import words
from .present.game.pace import THINK_SECONDS, WATCH_THINK_SECONDS
from .web import (
    RELAY_OPTION,
    SSH_PLAYER_OPTION,
    WEB_PLAYER_OPTION,
    add_serve_command,
    served_by_textual,
    web_player_problem,
)

if TYPE_CHECKING:
    from .store import Storage

WANTS = ("host", "join", "watch", "lobby", "match")
"""The commands of online play."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nac",
        description="Noughts and crosses against the computer, with a friend, or to watch.",
        epilog="Options you leave out come from your saved settings; options you give are for "
        "this run only and are not saved.",
    )
    parser.add_argument("--version", action="version", version=f"nac {__version__}")
    for flag, parse, choices, text in CHOICES:
        parser.add_argument(flag, type=argument_type(parse), metavar=choices, help=text)
    parser.add_argument(
        "--watch-levels",
        type=watch_levels,
        metavar="X,O",
        help="the two levels in watch mode, X's then O's "
        f"(default: {','.join(level.value for level in DEFAULTS.watch_levels)})",
    )
    parser.add_argument(
        "--computer-starts",
        action="store_true",
        help="let the computer make the first move of every game (same as --starter computer)",
    )
    parser.add_argument(
        "--think",
        type=think_seconds,
        metavar="SECONDS",
        help="the computer's pause before it moves, 0 to 10 "
        f"(default: {THINK_SECONDS:g}; {WATCH_THINK_SECONDS:g} in watch mode)",
    )
    parser.add_argument(
        "--genius-seconds",
        type=genius_seconds,
        metavar="SECONDS",
        help="how long Genius searches a move (and a hint, an analysis) where the game is not "
        "solved, Ultimate: {:g} to {:g} (default: {:g})".format(
            *GENIUS_SECONDS_RANGE, GENIUS_SECONDS
        ),
    )
    parser.add_argument(
        "--no-save", action="store_true", help="keep settings and stats of this session unsaved"
    )
    parser.add_argument(
        "--review",
        metavar="FILE|last",
        help="open a game's review: the last game played, or the last game in FILE "
        "(a saved games file, or a text file holding a game's line); with --plain, print it",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="play in plain text (typed lines) instead of the full-screen app",
    )
    parser.add_argument(
        "--lab",
        metavar="POSITION",
        help="the lab: how each search technique does on a position given as rows of X, O and "
        "'.' split by '/' (like X.O/.X./...; in Notakto, boards split by spaces), under the "
        "rules --variant and --size or --boards say; with --plain, print its table",
    )
    # One browser's game under `nac serve`: no terminal needed, nothing read or written.
    parser.add_argument(WEB_PLAYER_OPTION, action="store_true", help=argparse.SUPPRESS)
    # One SSH player's game under `nac serve --ssh`: in its own terminal, nothing written.
    parser.add_argument(SSH_PLAYER_OPTION, type=player_name, metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument(RELAY_OPTION, dest="relay_server", help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", title="commands")
    commands.add_parser(
        "engine",
        help="the engines as a line protocol on standard input and output (like UCI or GTP)",
        description="The engines as a line protocol: rules NAME N, level LEVEL, moves SQ ..., "
        "go [seconds S | nodes N] (answers bestmove SQ), isready (readyok), quit.",
    )
    add_serve_command(commands)
    add_online_commands(commands)
    return parser


def add_online_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    host = commands.add_parser(
        "host",
        help="host an online game: a friend joins with the line shown",
        description="Host an online game: the screen shows one line for your opponent "
        "(nac join ADDRESS) and one for watchers (nac watch ADDRESS).",
    )
    for flag, parse, choices, text in RULES_CHOICES:
        host.add_argument(flag, type=argument_type(parse), metavar=choices, help=text)
    host.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"the port to listen on (default: {DEFAULT_PORT}; 0: any free one)",
    )
    host.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="ADDRESS",
        help="the address to listen on (default: every address of this machine, so others "
        "can reach it; 127.0.0.1: this machine only)",
    )
    host.add_argument(
        "--public-url",
        type=_public_url,
        metavar="URL",
        help="the address the invites give, behind a reverse proxy (wss://example.org/nac)",
    )
    host.add_argument(
        "--trust-proxy",
        action="store_true",
        help="a reverse proxy in front forwards each player's address (X-Forwarded-For): the "
        "limits per address count those; only behind such a proxy",
    )
    host.add_argument(
        "--relay",
        type=argument_type(parse_server),
        metavar="SERVER",
        help="host on a relay (nac serve's address) instead of on this machine",
    )
    host.add_argument(
        "--unlisted",
        action="store_true",
        help="with --relay: only your invite reaches the game, the relay's lobby does not show it",
    )
    for want, text in (
        ("join", "join an online game with its invite's ADDRESS (or the whole line)"),
        ("watch", "watch an online game with its watch line's ADDRESS"),
    ):
        command = commands.add_parser(want, help=text, description=text.capitalize() + ".")
        command.add_argument("address", type=_address_for(want), metavar="ADDRESS")
    lobby = commands.add_parser(
        "lobby",
        help="the open games on a relay (nac serve's address), to join or watch",
        description="A relay's lobby: the open games, to join or watch, or host your own.",
    )
    lobby.add_argument("server", type=argument_type(parse_server), metavar="SERVER")
    match = commands.add_parser(
        "match",
        help="quick match on a relay (nac serve's address): an opponent of your rating",
        description="Quick match: the relay pairs you with someone searching for the same rules "
        f"and clock, of a rating close to yours (the normal 3×3 game and {MATCH_CLOCK} unless "
        "you say otherwise); the game is rated where the relay keeps ratings and both players "
        "have keys.",
    )
    match.add_argument("server", type=argument_type(parse_server), metavar="SERVER")
    for flag, parse, choices, text in RULES_CHOICES:
        match.add_argument(flag, type=argument_type(parse), metavar=choices, help=text)
    clock = argument_type(parse_time_control)
    hosted = "the games hosted have a clock: M minutes each, S seconds added a move (like 3+2"
    for command, default, text in (
        (host, None, f"{hosted}; default: none)"),
        (lobby, None, f"{hosted}; default: none)"),
        (match, MATCH_CLOCK, f"M minutes each, S seconds added a move (default: {MATCH_CLOCK})"),
    ):
        command.add_argument("--clock", type=clock, default=default, metavar="M+S", help=text)
    for command in (host, *(commands.choices[want] for want in ("join", "watch")), lobby, match):
        command.add_argument(
            "--name",
            type=argument_type(player_name),
            metavar="NAME",
            help="the name others see (default: yours)",
        )
        command.add_argument(
            "--plain",
            action="store_true",
            default=argparse.SUPPRESS,
            help="in plain text (typed lines) instead of the full-screen app",
        )
        keys = command.add_mutually_exclusive_group()
        keys.add_argument(
            "--key",
            type=Path,
            metavar="FILE",
            help="play by your own SSH key (an Ed25519 private key without a passphrase, like "
            "~/.ssh/id_ed25519) instead of the one nac makes for you",
        )
        keys.add_argument(
            "--guest",
            action="store_true",
            help="play without a key: as a guest, unrated, your name not kept",
        )


def online_start(options: argparse.Namespace) -> OnlineStart:
    """The start an online command's options ask for."""
    name = options.name or default_name()
    keys = {"key_file": options.key, "guest": options.guest}
    if options.command == "host":
        return OnlineStart(
            "host",
            name,
            server=options.relay or "",
            rules=chosen_rules(options, NORMAL) or NORMAL,
            bind=options.bind,
            port=options.port,
            public_url=options.public_url,
            trust_proxy=options.trust_proxy,
            listed=not options.unlisted,
            clock=options.clock,
            **keys,
        )
    if options.command == "match":
        rules = chosen_rules(options, NORMAL) or NORMAL
        return OnlineStart(
            "match", name, server=options.server, rules=rules, clock=options.clock, **keys
        )
    if options.command == "lobby":
        return OnlineStart("lobby", name, server=options.server, clock=options.clock, **keys)
    return OnlineStart(options.command, name, address=options.address, **keys)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give 0 to 65535")
    return int(text)


OTHER_LINE = {
    "watch": "that is a join line, to play with: use nac join, or ask the host for the watch line",
    "join": "that is a watch line, to watch with: use nac watch, or ask the host for the join line",
}
"""What `nac watch` says of a join line given to it, and `nac join` of a watch line."""


def _address_for(want: str) -> Callable[[str], Address]:
    """The address `nac join` or `nac watch` (`want`) is given: the other's line is refused."""

    def address(text: str) -> Address:
        typed = text.split()
        if len(typed) > 1 and typed[0] == "nac" and typed[1] in OTHER_LINE and typed[1] != want:
            raise argparse.ArgumentTypeError(OTHER_LINE[want])
        return argument_type(parse_address)(text)

    return address


def _public_url(text: str) -> str:
    server = argument_type(parse_server)(text)
    if text.strip().lower().startswith(("http://", "https://", "ws://", "wss://")):
        return server
    raise argparse.ArgumentTypeError(f"{text!r} is not a URL: give one like wss://example.org/nac")


def run_options(options: argparse.Namespace) -> dict[str, object]:
    """The settings the command line gives for this run (the rules aside: `chosen_rules`)."""
    given = {
        "mode": options.mode,
        "level": options.level,
        "watch_levels": options.watch_levels,
        "keypad": options.keypad,
        "mark": options.mark,
        "starter": options.starter or (Starter.COMPUTER if options.computer_starts else None),
    }
    return {name: value for name, value in given.items() if value is not None}


def terminal_problem() -> str | None:
    """Why the full-screen game cannot run here, or None if it can."""
    if not _is_terminal(sys.stdin) or not _is_terminal(sys.stdout):
        return "standard input and output must be a terminal for the full-screen game"
    if not _is_terminal(sys.__stderr__):
        return "standard error must be the terminal: the full-screen game draws there"
    if os.environ.get("TERM", "") in ("dumb", "unknown"):
        return f"the terminal (TERM={os.environ['TERM']}) cannot show the full-screen game"
    return None


def game_to_review(where: str, storage: Storage) -> SavedGame | str:
    """The game `--review` names (the last saved one, or the last in a file), or why not."""
    from .store import GameFileError, NoSuchHome, expanded, read_game_file

    if where == "last":
        last = storage.games.last()
        if last is not None:
            return last
        if storage.games.notices:  # the file was bad: say what became of it, and so no game
            return " ".join(storage.games.notices) + " So there is no saved game to review."
        return "no saved game to review yet: play one first"
    try:
        return read_game_file(expanded(where))
    except (GameFileError, NoSuchHome) as error:
        return f"cannot review {where}: {error}"


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    options = parser.parse_args(argv)
    if options.command in ("serve", "engine") or options.plain:
        gc.enable()  # off while nac starts (__main__.py): only the full-screen game starts on
    if options.command == "serve":
        from .web import serve_from_options

        return serve_from_options(options)
    if options.command == "engine":
        from .plain.engine import run

        return run()
    from .store import NoSuchHome, Storage

    served = options.web_player or options.ssh_player is not None or served_by_textual()
    if options.web_player and (problem := web_player_problem(plain=options.plain)) is not None:
        print(f"nac: {problem}", file=sys.stderr)
        return 2
    if served and not options.plain:  # a visitor's game keeps no file of the server's
        storage = Storage.in_memory()
    else:
        try:
            storage = Storage.default(saving=not options.no_save)
        except NoSuchHome as error:
            print(f"nac: {error}: set it to a directory nac may use", file=sys.stderr)
            return 2
    asked = run_options(options)
    given = set(asked)  # a game left unfinished under other settings than these comes back
    settings = storage.settings.load().but(**asked)
    try:
        rules = chosen_rules(options, settings.rules)
        if rules is not None:
            settings, given = settings.but(rules=rules), given | {"rules"}
        # the lab's position: its text's board under the rules' family (--boards's, if given)
        rulebook = settings.rules.rulebook
        lab = None if options.lab is None else rulebook.read(options.lab, options.boards)
        start = online_start(options) if options.command in WANTS else None
    except ValueError as refusal:
        parser.error(str(refusal))
    if start is not None:
        from dataclasses import replace

        from .net.identity import BadKey
        from .net.start import player_identity
        from .present.online.words import keyless

        home = None if served else storage.key_home
        said = print if options.plain else lambda _line: None  # the app says it itself
        try:
            identity = player_identity(
                start.key_file, start.guest, home, lambda why: said(keyless(why))
            )
            start = replace(start, identity=identity)
        except BadKey as refusal:
            print(f"nac: {refusal}", file=sys.stderr)
            return 2
    if start is not None and options.plain:
        from .plain.online import play_online_plain

        return play_online_plain(start, storage)
    if lab is not None and options.plain:
        from .plain.console import print_lab

        return print_lab(lab, settings.keypad)

    review: SavedGame | None = None
    if options.review is not None:
        found = game_to_review(options.review, storage)
        if isinstance(found, str):
            print(f"nac: {found}", file=sys.stderr)
            return 2
        review = found

    limit = None
    if options.genius_seconds is not None:
        from .engine import Limit, ProcessEngine  # the engine loads at start only so

        limit = Limit(seconds=options.genius_seconds)
    if options.plain:
        from .plain.console import play_plain

        return play_plain(settings, storage, review, limit, given=given)

    if not served and (problem := terminal_problem()) is not None:
        print(f"nac: {problem}; try nac --plain", file=sys.stderr)
        return 2

    from .ui.app import NacApp

    app = NacApp(
        settings,
        storage=storage,
        given=given,
        think_seconds=options.think,
        engine=None if limit is None else ProcessEngine(limit=limit),
        review=review,
        lab=lab,
        online=start,
        relay=options.relay_server,
        name=options.ssh_player,
    )
    status = app.run_in_terminal()
    for file in (storage.stats.file, storage.games.file):
        if file.has_unsaved:  # another copy held the file until the end
            file.save_pending()
            if file.has_unsaved:
                print(f"nac: {words.not_saved(file.what)}", file=sys.stderr)
    return status
