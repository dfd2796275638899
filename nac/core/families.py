"""Each family's rulebook (`rules.Rulebook`), found from the rules (`rules.rulebook`), as
python-chess has a class per variant (`chess/variant.py`) and OpenSpiel a `GameType` per game:
its position class, how a game starts and a position is read, how a player and a game's line
name its squares, its tag, and what its rules can do, each said once. The modules that use the
rules ask the rulebook and never branch on a family: a new family is its position class, its
rulebook here and its name in `rules.Family`.
"""

from __future__ import annotations

from .board import Board
from .checks import checked_cell
from .coordinates import coordinate, parse_coordinate
from .errors import NotASquare, SquareTaken, shown
from .geometry import CLASSIC_SIZE
from .keypad import KeypadLayout
from .mark import Mark
from .notakto import NotaktoBoard, notakto_cell, notakto_move
from .notation_fields import BOARDS, NotationError, read_boards, read_size, square
from .rules import RULEBOOKS, TAG_FIELD, Family, Position, Rulebook, Rules
from .small_boards import SQUARES
from .ultimate import GRID, UltimateBoard, grid_cell, grid_place, ultimate_cell
from .variants import Variant


class BoardRulebook(Rulebook):
    """A family on one n×n board (3, 4 or 5), as the normal game and misère are."""

    position = Board

    def start(self, rules: Rules, first: Mark) -> Position:
        return Board.empty(rules.size, first=first, variant=self.variant)

    def parse(self, text: str, to_move: Mark) -> Position:
        return Board.parse(text, to_move, variant=self.variant)

    def square_name(self, rules: Rules, cell: int, keypad: KeypadLayout) -> str:
        return str(keypad.key_for_cell(cell)) if rules.uses_keypad else coordinate(cell, rules.size)

    def parse_square(self, rules: Rules, name: str, keypad: KeypadLayout) -> int:
        try:
            if rules.uses_keypad and isinstance(name, str) and name.strip().isdigit():
                return keypad.cell_for_key(name)
            return parse_coordinate(name, rules.size)
        except NotASquare:
            if rules.uses_keypad:
                raise NotASquare(name, "a key 1-9 or a square like b2: a-c then 1-3") from None
            raise

    def notation_square(self, rules: Rules, cell: int) -> str:
        """`b3` (the same on 3×3 whatever the keypad)."""
        return coordinate(cell, rules.size)

    def notation_cell(self, rules: Rules, name: str, move: int) -> int:
        return square(name, rules.size, move)

    def notation_rules(self, board: str, extra: tuple[str, ...]) -> Rules:
        return Rules(self.family, read_size(board))


class NormalRulebook(BoardRulebook):
    """Noughts and crosses on an n×n board: a line wins. A game's line and a stats key name it
    by its board alone."""

    family = Family.NORMAL

    def notation_fields(self, rules: Rules) -> tuple[str, ...]:
        return super().notation_fields(rules)[:1]

    def key_word(self, number: int) -> str:
        return ""


class MisereRulebook(BoardRulebook):
    """Misère: the normal game's boards, but a line of your own loses."""

    family = Family.MISERE
    variant = Variant.MISERE
    line_loses = True


class NotaktoRulebook(Rulebook):
    """Notakto: both sides put X's on 1 to 3 boards of 3×3; a board with a line is dead, and
    whoever kills the last live board loses."""

    family = Family.NOTAKTO
    position = NotaktoBoard
    numbered_by = "boards"
    played_on = "boards"
    draws = False
    line_loses = True
    shares_marks = True
    extra_fields = 1
    board_side = CLASSIC_SIZE

    def boards(self, number: int) -> int:
        return number

    def start(self, rules: Rules, first: Mark) -> Position:
        return NotaktoBoard.empty(rules.boards, first)

    def parse(self, text: str, to_move: Mark) -> Position:
        found = NotaktoBoard.parse(text)
        return found if found.to_move is to_move else NotaktoBoard(found.boards, found.first.other)

    def square_name(self, rules: Rules, cell: int, keypad: KeypadLayout) -> str:
        """Its board and its key: `2:5`."""
        board, square = notakto_move(cell)
        return f"{board + 1}:{keypad.key_for_cell(square)}"

    def parse_square(self, rules: Rules, name: str, keypad: KeypadLayout) -> int:
        """A board and a key or a square (`2:5`, `2 5`, `25`, `2b2`), or on one board the key
        or the square alone."""
        boards = rules.boards
        expected = "a board and a key (2:5, 2 5 or 25) or a board and a square (2b2)"
        if boards == 1:
            expected += ", or on one board the key alone"
        text = _joined(name)
        if boards == 1 and (len(text) == 1 or (len(text) == 2 and text[0].isalpha())):
            text = "1" + text
        board, rest = text[:1], text[1:]
        if not board.isdigit() or not 1 <= int(board) <= boards or not rest:
            raise NotASquare(name, expected)
        try:
            square = keypad.cell_for_key(rest) if rest.isdigit() else parse_coordinate(rest, 3)
        except NotASquare:
            raise NotASquare(name, expected) from None
        if not 0 <= square < SQUARES:
            raise NotASquare(name, expected)
        return notakto_cell(int(board) - 1, square)

    def notation_square(self, rules: Rules, cell: int) -> str:
        """With its board first: `2b3`."""
        board, square = notakto_move(cell)
        return f"{board + 1}{coordinate(square, CLASSIC_SIZE)}"

    def notation_cell(self, rules: Rules, name: str, move: int) -> int:
        board, boards = name[:1], rules.boards
        if not board.isdigit() or not 1 <= int(board) <= boards:
            raise NotationError(
                f"move {move}, {shown(name)}: a Notakto square starts with its board, 1 to "
                f"{boards} (like 2b3)"
            )
        return notakto_cell(int(board) - 1, square(name[1:], CLASSIC_SIZE, move))

    def notation_fields(self, rules: Rules) -> tuple[str, ...]:
        return ("3x3", f"{TAG_FIELD}={self.tag}", f"{BOARDS}={rules.boards}")

    def notation_rules(self, board: str, extra: tuple[str, ...]) -> Rules:
        boards = read_boards(extra[0])
        if read_size(board) != CLASSIC_SIZE:
            raise NotationError("Notakto is played on boards of 3x3")
        return Rules(self.family, boards)

    def key_word(self, number: int) -> str:
        return f"{self.tag}{number}"


class UltimateRulebook(Rulebook):
    """Ultimate: nine 3×3 boards in a 3×3 big board, each move sending the other side to a
    board; three won boards in a line win. Squares are named on the 9×9 grid (`e5`)."""

    family = Family.ULTIMATE
    position = UltimateBoard
    played_on = "a big board of"
    board_side = CLASSIC_SIZE

    def boards(self, number: int) -> int:
        return number * number

    def start(self, rules: Rules, first: Mark) -> Position:
        return UltimateBoard.empty(first)

    def parse(self, text: str, to_move: Mark) -> Position:
        return UltimateBoard.parse(text, to_move)

    def square_name(self, rules: Rules, cell: int, keypad: KeypadLayout) -> str:
        """Its place on the 9×9 grid: `e5`."""
        return self.notation_square(rules, cell)

    def parse_square(self, rules: Rules, name: str, keypad: KeypadLayout) -> int:
        """A square of the 9×9 grid (`e5`) or a board and a key (`5:5`, `5 5`, `55`)."""
        expected = "a square like e5 (a-i then 1-9) or a board and a key (5:5, 5 5 or 55)"
        text = _joined(name)
        if len(text) == 2 and text.isdigit() and "0" not in text:
            return ultimate_cell(keypad.cell_for_key(text[0]), keypad.cell_for_key(text[1]))
        try:
            row, column = divmod(parse_coordinate(text, GRID), GRID)
        except NotASquare:
            raise NotASquare(name, expected) from None
        return grid_cell(column, row)

    def notation_square(self, rules: Rules, cell: int) -> str:
        column, row = grid_place(checked_cell(cell, rules.cell_count))
        return coordinate(row * GRID + column, GRID)

    def notation_cell(self, rules: Rules, name: str, move: int) -> int:
        row, column = divmod(square(name, GRID, move), GRID)
        return grid_cell(column, row)

    def notation_fields(self, rules: Rules) -> tuple[str, ...]:
        return (f"{GRID}x{GRID}", f"{TAG_FIELD}={self.tag}")

    def notation_rules(self, board: str, extra: tuple[str, ...]) -> Rules:
        grid = f"{GRID}x{GRID}"
        if board.lower() != grid:
            raise NotationError(f"Ultimate is played on the {grid} grid, not {shown(board)}")
        return Rules(self.family, self.numbers[0])


def _joined(name: object) -> str:
    """A typed square without its `:` and spaces (`2:5`, `2 5`: `25`)."""
    return "".join(name.replace(":", " ").split()) if isinstance(name, str) else ""


for rulebook in (NormalRulebook(), MisereRulebook(), NotaktoRulebook(), UltimateRulebook()):
    RULEBOOKS[rulebook.family] = rulebook
NORMAL_RULEBOOK = RULEBOOKS[Family.NORMAL]
"""The rulebook of a game's line that names no family."""
POSITIONS = tuple(rulebook.position for rulebook in RULEBOOKS.values())
"""Every family's position class."""


def tagged(name: str) -> Rulebook:
    """The rulebook a game's line names by its tag (`misere`, `Misère`, `notakto`, ...);
    NotationError naming the tags otherwise."""
    folded = name.strip().lower().replace("è", "e")
    for rulebook in RULEBOOKS.values():
        if folded == rulebook.tag:
            return rulebook
    tags = ", ".join(rulebook.tag for rulebook in RULEBOOKS.values())
    raise NotationError(f"{name!r} is not a variant: use one of {tags}")


def square_name(cell: int, rules: Rules, keypad: KeypadLayout) -> str:
    """What the player calls a square: its key on 3×3, its coordinate (`b3`) on bigger boards,
    in Notakto its board and key (`2:5`), in Ultimate its place on the 9×9 grid (`e5`)."""
    return rules.rulebook.square_name(rules, cell, keypad)


def parse_square(name: str, rules: Rules, keypad: KeypadLayout) -> int:
    """The cell a player names (`square_name`'s forms, a coordinate on 3×3, and in Notakto and
    Ultimate a board and a key or a square: `2 5`, `25`, `2b2`); NotASquare otherwise."""
    return rules.rulebook.parse_square(rules, name, keypad)


def check_square(position: Position, cell: int, keypad: KeypadLayout) -> int:
    """`cell` if the side to move may play it, else the IllegalMove that says why, naming the
    square as the player does (`square 5`, `square b3`)."""
    index = position.cell_index(cell)
    owner = position[index]
    if owner is not None and not position.rules.shares_marks:
        name = square_name(index, position.rules, keypad)
        raise SquareTaken(index, owner, f"square {name}")
    return position.check_move(index)
