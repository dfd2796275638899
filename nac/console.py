"""A plain-text front end: the board printed as text, moves typed as keys 1-9.

It drives `nac.core.Game` exactly as the Textual app does, which keeps the core honest about
being UI-agnostic, and it plays where a full-screen app cannot (a pipe, a dumb terminal).
"""

from __future__ import annotations

from typing import TextIO

from .core import Change, Game, IllegalMove, Outcome

HELP = "Type 1-9 to play, s to let the computer start, n for a new game, q to quit."


class ConsoleGame:
    def __init__(self, game: Game, stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.stdin = stdin
        self.stdout = stdout
        self.score = {"you": 0, "computer": 0, "draws": 0}
        game.on_change = self.on_change
        game.on_game_over = self.on_game_over

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def on_change(self, change: Change) -> None:
        who = "The computer" if change.by_computer else "You"
        self.say(f"{who} ({change.mark}) played {self.game.key_for_cell(change.cell.index)}.")

    def on_game_over(self, outcome: Outcome) -> None:
        self.say(self.board_text())
        if outcome.winner is None:
            self.score["draws"] += 1
            self.say("Draw.")
        elif outcome.winner is self.game.human:
            self.score["you"] += 1
            self.say("You won!")
        else:
            self.score["computer"] += 1
            self.say("The computer won.")
        self.say(
            "Score: you {you}, computer {computer}, draws {draws}. ".format(**self.score)
            + "n for a new game, q to quit."
        )

    def board_text(self) -> str:
        board = self.game.board
        rows = []
        for row in range(3):
            cells = []
            for column in range(3):
                cell = row * 3 + column
                mark = board[cell]
                cells.append(f" {mark if mark else self.game.key_for_cell(cell)} ")
            rows.append("|".join(cells))
        return "\n" + "\n---+---+---\n".join(rows) + "\n"

    def run(self) -> None:
        game = self.game
        self.say(
            f"Noughts and crosses. You are {game.human}; the computer "
            f"({game.level.label}) is {game.computer}."
        )
        self.say(HELP)
        self.say(self.board_text())
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.say()
                return
            command = line.strip().lower()
            if command in ("q", "x", "quit"):
                return
            self.handle(command)

    def handle(self, command: str) -> None:
        game = self.game
        try:
            if command == "n":
                game.new_game()
                self.say("New game.")
                self.say(self.board_text())
            elif command == "s":
                if not game.board.is_empty:
                    self.say("The computer can only start on an empty board: press n first.")
                    return
                game.computer_move()
                self.say(self.board_text())
            elif command in ("?", "h", "help"):
                self.say(HELP)
            else:
                game.play_key(command)
                if game.is_computer_turn:
                    game.computer_move()
                if not game.is_over:
                    self.say(self.board_text())
        except IllegalMove as refusal:
            message = str(refusal)
            self.say(message[0].upper() + message[1:] + ".")
