"""Notakto in plain text (`nac --plain --variant notakto`): the boards printed side by side,
moves typed as a board and a key (`2:5`, `2 5`, `25` or `2b2`; one digit on one board). It plays
through the session's `NotaktoMatch`, as the app does, so every game is counted and saved the
same way; the typed commands are the app's keys."""

from __future__ import annotations

import random
import re
from typing import TextIO

from .core import (
    IllegalMove,
    KeypadLayout,
    Mode,
    NotaktoMove,
    NotaktoPosition,
    NotASquare,
    SavedGame,
    notakto_move,
    parse_coordinate,
)
from .engine import choose_notakto, notakto_genius_moves, notakto_values, review_notakto
from .plain_lines import Reader, TypedLines, typed_action
from .present import learning_words, notakto_words, words
from .store import Session

_MOVE = re.compile(r"([1-3])\s*[:\s]?\s*([1-9]|[a-c][1-3])")


def parse_move(text: str, boards: int, keys: tuple[int, ...]) -> NotaktoMove:
    """A typed move: a board and a key or a square (`2:5`, `2 5`, `25`, `2b2`); on one board
    the key alone. NotASquare (an IllegalMove) otherwise, saying how to type one."""
    typed = text.strip().lower()
    how = f"a board from 1 to {boards} and a key, like 2:5 (or 2b2)"
    one = boards == 1 and (re.fullmatch(r"[1-9]", typed) or re.fullmatch(r"[a-c][1-3]", typed))
    found = _MOVE.fullmatch(f"1{typed}" if one else typed)
    if found is None:
        raise NotASquare(typed, how if boards > 1 else "a key 1-9 or a square like b2")
    board = int(found[1]) - 1
    if board >= boards:
        raise NotASquare(typed, how)
    square = found[2]
    if square.isdigit():
        return NotaktoMove(board, keys.index(int(square)))
    return NotaktoMove(board, parse_coordinate(square, 3))


def boards_text(session: Session) -> str:
    """The boards side by side: each empty square's key, X's, a dead board's squares as `#`."""
    game = session.notakto.game
    keys = session.settings.keypad.keys
    rows = ["  ".join(f"  board {board + 1}  " for board in range(game.boards))]
    for row in range(3):
        if row:
            rows.append("  ".join("---+---+---" for _ in range(game.boards)))
        parts = []
        for board, bits in enumerate(game.position.boards):
            dead = game.position.dead[board]
            cells = []
            for column in range(3):
                cell = row * 3 + column
                mark = "X" if bits >> cell & 1 else "#" if dead else str(keys[cell])
                cells.append(f" {mark} ")
            parts.append("|".join(cells))
        rows.append("  ".join(parts))
    gone = [str(board + 1) for board, is_dead in enumerate(game.position.dead) if is_dead]
    tail = f"\n(dead: board{'s' * (len(gone) > 1)} {', '.join(gone)})" if gone else ""
    return "\n" + "\n".join(rows) + tail + "\n"


class NotaktoConsole(TypedLines):
    def __init__(
        self,
        session: Session,
        stdin: TextIO,
        stdout: TextIO,
        read: Reader | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(session, stdin, stdout, read)
        self.match = session.notakto
        self.game = self.match.game
        self.rng = rng or random.Random()

    @property
    def watching(self) -> bool:
        return self.game.mode is Mode.WATCH and not self.game.is_over

    def opening(self) -> list[str]:
        return [notakto_words.plain_help()]

    def begin_game(self) -> None:
        self.say(notakto_words.welcome(self.game))
        self.computer_plays()
        if not self.game.is_over:
            self.say(boards_text(self.session))

    def computer_plays(self) -> None:
        game = self.game
        moved = False
        while game.is_computer_turn:
            position, level = game.computer_turn()
            move = choose_notakto(position, level, self.rng)
            game.computer_move(move)
            self.say(notakto_words.played(game, move, self.session.settings.keypad.keys))
            moved = True
        if moved:
            self.after_end()

    def after_end(self) -> None:
        if self.game.is_over:
            self.say(boards_text(self.session))
            self.say_notices()
            self.say(notakto_words.result(self.game, plain=True))
            self.say(notakto_words.score_line(self.game, self.match.score))

    def handle(self, command: str) -> bool:
        """Do what a typed line says; False when it says to quit."""
        game = self.game
        action = typed_action(command)
        try:
            if action == "quit":
                return False
            if action == "new_game" or (command == "" and game.is_over):
                self.match.new_game()
                self.begin_game()
            elif action == "help" or command == "":
                self.say(notakto_words.plain_help())
            elif action == "computer_starts":
                game.computer_starts()
                self.computer_plays()
                self.say(boards_text(self.session))
            elif action == "hint":
                if not game.is_human_turn:
                    raise IllegalMove(notakto_words.not_your_turn(game))
                move = notakto_genius_moves(game.position)[0]
                value = notakto_values(game.position)[move]
                self.say(
                    notakto_words.hint_line(
                        game.position, move, value, self.session.settings.keypad.keys
                    )
                )
            elif action == "undo":
                self.say(words.took_back(len(game.undo())))
                self.say(boards_text(self.session))
            else:
                move = parse_move(command, game.boards, self.session.settings.keypad.keys)
                if not game.is_human_turn:
                    raise IllegalMove(notakto_words.not_your_turn(game))
                game.play(*move)
                if game.is_over:
                    self.after_end()
                    return True
                self.computer_plays()
                if not game.is_over:
                    self.say(boards_text(self.session))
                    if game.mode is Mode.TWO_PLAYER:
                        self.say(notakto_words.status(game))
        except IllegalMove as refusal:
            self.say(notakto_words.refused(str(refusal)))
        return True


def notakto_review_text(game: SavedGame, keypad: KeypadLayout) -> str:
    """`nac --plain --review` of a Notakto game: its heading, every move judged, the end."""
    keys = keypad.keys
    moves = tuple(notakto_move(cell) for cell in game.moves)
    reviewed = review_notakto(NotaktoPosition.empty(game.notakto), moves)
    lines = notakto_words.review_lines(game, reviewed, 0, keys)
    return "\n".join([learning_words.review_heading(game), "", *(line.rstrip() for line in lines)])
