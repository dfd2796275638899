"""A plain-text front end, under any rules: the board printed as text (Notakto's boards side by
side), moves typed as lines.

It plays through a `Session` and `Turns` exactly as the Textual app does (the match starts each
game by the starter rule; the person's move and the computer's reply go through the one turn
driver; every finished game is counted and saved), and it plays where a full-screen app cannot
(a pipe, a dumb terminal): any rules and board, every mode, who starts, hints, undo, and the
lifetime stats. The typed commands are the app's keys, from the same command table; the engine
answers here, at once, with no pause.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
from collections.abc import Collection
from typing import TextIO

from ..core import (
    Change,
    ChangeKind,
    ComputerTurn,
    FinishedGame,
    IllegalMove,
    KeypadLayout,
    Mode,
    NotASquare,
    Position,
    SavedGame,
    square_name,
)
from ..engine import NO_LIMIT, Engine, Limit, is_estimated, review_game
from ..play import Session, Turns
from ..present.game import console_words, words
from ..present.game.pace import Pace
from ..present.game.text_boards import board_text as board_text
from ..present.learning import words as learning_words
from ..present.learning.review_lines import ReviewView, review_lines
from ..present.plain_text import encodable
from ..store import Settings, Storage
from .lines import Reader, app_only_command, line_reader, say_to, typed_action


class ConsoleGame:
    """The game's loop: its opening lines, then a game, then typed lines until the player quits
    or the input ends; the computer plays on by itself while watched. Each problem with the
    saved files is said once."""

    def __init__(
        self,
        session: Session,
        stdin: TextIO,
        stdout: TextIO,
        engine: Engine | None = None,
        read: Reader | None = None,
    ) -> None:
        self.session = session
        self.stdout = stdout
        self.read = read or line_reader(stdin, stdout)
        self._said = set(session.storage.notices)
        """Notices said already (those of the start go to standard error)."""
        self.match = session.match
        self.game = session.match.game
        self.engine = engine or Engine()
        self.turns = Turns(self.game, Pace(think=0.0), self)
        self.game.listen(on_change=self.on_change)
        self.match.listen(self.on_finished)

    # -- what the game tells us ------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.REMOVED:
            return
        game = self.game
        square = game.square_name(change.cell.index)
        self.say(console_words.move(game, change.mark, square))

    def on_finished(self, finished: FinishedGame) -> None:
        self.say_notices()
        self.say(board_text(self.game))
        self.say(words.game_result(self.game, finished.outcome))
        score = console_words.score_line(self.game, self.match.score)
        self.say(f"{score} {console_words.AFTER_GAME}")

    def say(self, text: str = "") -> None:
        say_to(self.stdout, text)

    def say_notices(self) -> None:
        """Problems with the saved files, each said once."""
        for notice in self.session.storage.notices:
            if notice not in self._said:
                self._said.add(notice)
                self.say(notice)

    # -- the loop ----------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the player quits or the input ends; a game in progress is kept then,
        for the next start (as the app keeps it)."""
        try:
            self.say(console_words.intro(self.match))
            self.say(console_words.help_line(self.game))
            self.begin_game()
            while True:
                if self.game.mode is Mode.WATCH and not self.game.is_over:
                    self.computer_plays()
                    continue
                line = self.read("> ")
                if line is None:
                    self.say()
                    return
                if not self.handle(line.strip().lower()):
                    return
        finally:
            self.session.keep_unfinished()

    def begin_game(self) -> None:
        """Say the new game and its board (after the computer's first move, if it starts)."""
        if self.session.resumed and self.game.moves and not self.game.is_over:
            self.session.resumed = False
            self.say(words.resumed(self.match))
            self.say(board_text(self.game))
            return
        self.say(words.welcome(self.match))
        self.computer_plays()
        if not self.game.is_over:
            self.say(board_text(self.game))

    def computer_plays(self) -> None:
        """The computer's moves until it is a person's turn or the game is over."""
        self.turns.start()

    def find_move(self, turn: ComputerTurn) -> None:
        """The engine's move, found here and at once (`Turns`'s move finder)."""
        self.turns.found(turn.board, self.engine.play(turn.board, turn.level))

    def cancel_moves(self) -> None:
        """Nothing to cancel: every search is over before the next line is read."""

    def handle(self, command: str) -> bool:
        """Do what a typed line says; False when it says to quit."""
        game = self.game
        command = command.removeprefix(":").strip()  # the app's key for a typed square
        action = typed_action(command)
        try:
            if action == "quit":
                return False
            if action == "new_game" or (command == "" and game.is_over):
                self.match.new_game()
                self.begin_game()
            elif action == "help" or command == "":
                self.say(console_words.help_line(game))
            elif action == "computer_starts":
                game.computer_starts()
                self.computer_plays()
                self.say(board_text(self.game))
            elif action == "hint":
                if not game.is_human_turn:
                    raise IllegalMove(console_words.NO_HINT_NOW)
                self.say(words.hint_sentence(game, self.engine.hint(game.board)))
            elif action == "undo":
                taken = game.undo()
                self.say(words.took_back(len(taken)))
                self.say(board_text(self.game))
            elif action == "review":
                if not game.moves:
                    raise IllegalMove(console_words.NO_MOVES_TO_REVIEW)
                self.say(review_text(self.match.saved_game(), game.keypad))
            else:
                try:
                    cell = game.parse_square(command)
                except NotASquare:
                    label = app_only_command(command)
                    if label is None:
                        raise
                    self.say(console_words.app_only(command, label))
                    over = game.is_over
                    self.say(console_words.AFTER_GAME if over else console_words.help_line(game))
                    return True
                refusal = self.turns.person_plays(cell)
                if refusal is not None:
                    self.say(refusal)
                elif not game.is_over:
                    self.say(board_text(self.game))
        except IllegalMove as refusal:
            self.say(words.sentence(str(refusal)))
        return True


def review_text(game: SavedGame, keypad: KeypadLayout = KeypadLayout.PHONE, width: int = 80) -> str:
    """`nac --plain --review`: the review the app shows beside the board, as plain lines, its
    squares named as the game names them (the keys of `keypad` where its rules take them)."""
    review = review_game(game.moves, game.rules, game.first)
    view = ReviewView(game, review, 0, lambda cell: square_name(cell, game.rules, keypad))
    lines = review_lines(view, width, height=len(game.moves) * 4 + 20)
    head = learning_words.review_heading(game)
    return "\n".join([head, "", *("".join(text for text, _ in line).rstrip() for line in lines)])


def print_lab(board: Position, keypad: KeypadLayout) -> int:
    """`nac --plain --lab POSITION`: the lab's table for the position, searched here (where
    the game is not solved, the estimates of an unsolved game's techniques)."""
    from ..engine import UNSOLVED_NODES, UnsolvedTechnique, census, compare, estimate
    from ..present.learning import lab_lines, unsolved_lab_lines

    square = functools.partial(square_name, rules=board.rules, keypad=keypad)
    try:
        if is_estimated(board.rules):
            found = tuple(estimate(board, technique) for technique in UnsolvedTechnique)
            text = unsolved_lab_lines.plain_lab(board, found, UNSOLVED_NODES, square)
        else:
            text = lab_lines.plain_lab(board, compare(board), census(board), square)
    except KeyboardInterrupt:
        return INTERRUPTED
    return printed(text)


def printed(text: str) -> int:
    """`text` on standard output, and the exit status: 0, or 1 where the output went away (a
    closed pipe, `| head`) or filled up, which ends it quietly, with no traceback."""
    try:
        print(encodable(text, sys.stdout.encoding), flush=True)
    except OSError:
        output_gone()
        return 1
    return 0


def output_gone() -> None:
    """Nothing more can be said on standard output: point it nowhere, so that closing it at
    exit fails quietly too."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


INTERRUPTED = 130
"""The exit status after ctrl+c, as shells report it (128 + SIGINT)."""


def play_plain(
    settings: Settings,
    storage: Storage,
    review: SavedGame | None = None,
    limit: Limit | None = None,
    *,
    given: Collection[str] | None = None,
) -> int:
    """`nac --plain`: the game in typed lines on standard input and output (or, given a
    game to review, its review); `limit`: Genius's own (`--genius-seconds`); `given`: the
    settings the command line asked for (see `Session`). ctrl+c ends it quietly; so does an
    output that went away."""
    for notice in storage.notices:
        print(encodable(notice, sys.stderr.encoding), file=sys.stderr)
    if review is None and sys.stdin is None:
        print("nac: standard input is closed: there is nothing to read moves from", file=sys.stderr)
        return 2
    try:
        if review is not None:
            return printed(review_text(review, settings.keypad))
        engine = Engine(limit=limit or NO_LIMIT)
        ConsoleGame(Session(storage, settings, given=given), sys.stdin, sys.stdout, engine).run()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second ctrl+c while it ends: no trace
        with contextlib.suppress(OSError, ValueError):
            print(file=sys.stdout, flush=True)  # the prompt's line ended
        return INTERRUPTED
    except OSError:  # the output went away (a closed pipe) or filled up (/dev/full)
        output_gone()
        return 1
    return 0
