"""A plain-text front end: the board printed as text, moves typed as lines.

It drives `nac.core.Match` exactly as the Textual app does, which keeps the core honest about
being UI-agnostic, and it plays where a full-screen app cannot (a pipe, a dumb terminal): any
board, every mode, who starts, hints, undo, and the lifetime stats.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from . import learning_words, words
from .core import (
    Change,
    ChangeKind,
    IllegalMove,
    Match,
    Mode,
    Outcome,
    SavedGame,
    hint,
    review_game,
)
from .core.coordinates import COLUMN_LETTERS, coordinate
from .store import Settings, Stats, Storage

QUIT = ("q", "x", "quit", "exit")


class ConsoleGame:
    def __init__(
        self, match: Match, stdin: TextIO, stdout: TextIO, stats: Stats | None = None
    ) -> None:
        self.match = match
        self.game = match.game
        self.stdin = stdin
        self.stdout = stdout
        self.stats = stats
        self.game.on_change = self.on_change
        self.game.on_game_over = self.on_game_over

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    # -- what the game tells us ------------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.REMOVED:
            return
        game = self.game
        square = game.square_name(change.cell.index)
        self.say(words.console_move(game, change.mark, square))

    def on_game_over(self, outcome: Outcome) -> None:
        game = self.game
        finished = self.match.finish(outcome)
        if self.stats is not None:
            self.stats.record(finished.kind.key, finished.result)
            for notice in self.stats.notices:
                self.say(notice)
            self.stats.notices.clear()
        self.say(self.board_text())
        self.say(words.headline(game, outcome) + ".")
        self.say(words.score_line(game, self.match.score) + " " + words.CONSOLE_AFTER_GAME)

    def board_text(self) -> str:
        """The board as text: keys in the empty squares of 3×3, names along the edges of
        bigger boards."""
        game = self.game
        board = game.board
        n = board.size
        rule = "\n" + ("   " if n > 3 else "") + "+".join(["---"] * n) + "\n"
        rows = []
        for row in range(n):
            cells = []
            for column in range(n):
                cell = row * n + column
                mark = board[cell]
                empty = game.square_name(cell) if game.uses_keypad else "."
                cells.append(f" {mark.value if mark else empty} ")
            edge = f"{row + 1:>2} " if n > 3 else ""
            rows.append(edge + "|".join(cells))
        top = "    " + "   ".join(COLUMN_LETTERS[:n]) + "\n" if n > 3 else ""
        return "\n" + top + rule.join(rows) + "\n"

    # -- the loop ----------------------------------------------------------------------------------

    def run(self) -> None:
        game = self.game
        self.say(words.console_intro(self.match))
        self.say(words.console_help(game))
        self.begin_game()
        while True:
            if game.mode is Mode.WATCH and not game.is_over:
                self.watch()
                continue
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say()
                return
            command = line.strip().lower()
            if command in QUIT:
                return
            self.handle(command)

    def begin_game(self) -> None:
        self.say(words.welcome(self.match))
        self.computer_plays()
        if not self.game.is_over:
            self.say(self.board_text())

    def computer_plays(self) -> None:
        game = self.game
        while game.is_computer_turn and game.mode is not Mode.WATCH:
            game.computer_move()

    def watch(self) -> None:
        """Watch mode: the computer plays the whole game."""
        game = self.game
        while game.is_computer_turn:
            game.computer_move()

    def handle(self, command: str) -> None:
        game = self.game
        try:
            if command == "n" or (command == "" and game.is_over):
                self.match.new_game()
                self.begin_game()
            elif command == "":
                self.say(words.console_help(game))
            elif command == "s":
                game.computer_starts()
                self.computer_plays()
                self.say(self.board_text())
            elif command in ("?", "help"):
                self.say(words.console_help(game))
            elif command == "h":
                if not game.is_human_turn:
                    raise IllegalMove(words.NO_HINT_NOW)
                found = hint(game.board)
                self.say(words.hint_sentence(game, found))
            elif command == "u":
                taken = game.undo()
                self.say(words.took_back(len(taken)))
                self.say(self.board_text())
            else:
                game.play_cell(game.parse_square(command))
                self.computer_plays()
                if not game.is_over:
                    self.say(self.board_text())
        except IllegalMove as refusal:
            self.say(words.sentence(str(refusal)))


def review_text(game: SavedGame, width: int = 80) -> str:
    """`nac --plain --review`: the review the app shows beside the board, as plain lines."""
    from .ui.review_lines import ReviewView, review_lines

    review = review_game(game.moves, game.size, game.first)
    view = ReviewView(game, review, 0, lambda cell: coordinate(cell, game.size))
    lines = review_lines(view, width, height=len(game.moves) * 4 + 20)
    head = learning_words.review_heading(game)
    return "\n".join([head, "", *("".join(text for text, _ in line).rstrip() for line in lines)])


def play_plain(settings: Settings, storage: Storage, review: SavedGame | None = None) -> int:
    """`nac --plain`: the game in typed lines on standard input and output (or, given a
    game to review, its review)."""
    for notice in storage.notices:
        print(notice, file=sys.stderr)
    console = ConsoleGame(settings.match(), sys.stdin, sys.stdout, storage.stats)
    try:
        if review is not None:
            print(review_text(review))
        else:
            console.run()
    except OSError:  # the output went away (a closed pipe) or filled up (/dev/full)
        # Nothing more can be said on it; point it nowhere, so closing it fails quietly too.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
