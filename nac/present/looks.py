"""One look per rules family: what a player reads and sees that differs from one rules to
another, said once. Its label and names, its word on the rules, how a game its loser ended is
said (for the game and online alike, by why it ended), its analysis's words and legend, its
value strip's heading, its review's note, its prompt's squares, its panel's rows, and the
shape of its board (`Shape`: which drawing `nac.present.game` draws, and so the smallest
terminal it fits).

A leaf: it imports only the core. Everything else asks `look_of(rules)` and names no family;
a new rules adds a look here (and a drawing, where its board has a new shape).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from ..core import (
    BOARD_SIZES,
    CLASSIC_SIZE,
    Family,
    Game,
    Mark,
    Position,
    Rules,
    Termination,
    win_length_for,
)
from ..core.notakto import NotaktoBoard, kills
from ..core.ultimate import UltimateBoard


class Shape(Enum):
    """How a rules' board is drawn (the drawings are `nac.present.game`'s)."""

    BOARD = "one board"
    """One n×n board."""
    BOARDS = "boards side by side"
    """Small 3×3 boards side by side, each live or dead."""
    GRID = "grid"
    """Nine 3×3 boards in one 9×9 grid, heavy lines between them."""


def board_name(size: int) -> str:
    return f"{size}×{size}"


def board_description(size: int) -> str:
    return f"{win_length_for(size)} in a row on a {board_name(size)} board"


_NUMBERS = {3: "three", 4: "four", 5: "five"}


def in_a_row(size: int) -> str:
    """ "three in a row" on 3×3, "four in a row" on the bigger boards."""
    k = win_length_for(size)
    return f"{_NUMBERS.get(k, str(k))} in a row"


def boards_counted(count: int) -> str:
    """ "1 board", "3 boards"."""
    return f"{count} board{'s' if count > 1 else ''}"


ANALYSIS_ON = (
    "Analysis on: each empty square shows how the game ends with perfect play "
    "if the side to move plays there."
)
ANALYSIS_ON_5X5 = (
    "Analysis on: whether each empty square wins, draws or loses with perfect play (on 5×5 "
    "not how fast; a blank square is not proven within the search's budget)."
)
MAKES_A_LINE = "line: loses"
"""The analysis's word for a misère move that completes the mover's own line."""
KILLS_MARK = "†"
"""Before the analysis of a Notakto move that kills its board."""
ESTIMATE_BARS = "▁▂▃▄▅▆▇█"
"""An estimate in one letter's room: a bar as high as the share of playouts won (eighths)."""
ENDED_BY_THE_LOSER = {
    Termination.LOSING_LINE: "{loser} made {line}: misère, so {result}",
    Termination.LAST_BOARD: "{loser} killed the last board: {result}",
}
"""How a game is said that its loser ended, by why it ended."""
LEGEND = "W3: a win in 3 of the mover's moves; D: a draw; L1: a loss in 1"
"""What the analysis's short forms mean."""


class Look:
    """Noughts and crosses: one n×n board, a line wins.

    A look's words are said of its rules: `{board}` ("4×4"), `{boards}` ("2 boards"), `{line}`
    ("four in a row"), `{described}` ("four in a row on a 4×4 board")."""

    label = "Normal"
    """The family's name in a title or a list ("Rules: Misère")."""
    shape = Shape.BOARD
    help_section: str | None = None
    """The help's section shown first under these rules (None: the help as it is)."""
    one_board = ""
    """Said where the rules have no other board to switch to ("" where they have)."""
    short = "{board}"
    """The rules in fewest words, as the panel and the stats name them."""
    named = "the normal game on {board}"
    """The rules in a sentence."""
    board_named = "the {board} board"
    word = ""
    """A word on the rules before the welcome ("" where they go without saying)."""
    opening = "Noughts and crosses, {described}."
    """The rules as the plain console opens a game with them."""
    analysis = ""
    """Said when the analysis is switched on ("": what a board of this size can show)."""
    legend = f"{LEGEND}."
    heading = "Value for X after each move"
    """The value strip's heading."""
    typed = ""
    """The squares as the plain console's help says to type them ("": by the board's size)."""
    review = ""
    """The review's note on how its moves are rated ("": the engine's kind of values)."""
    rules_row = ""
    """The panel's row on the rules ("" where they go without saying)."""

    def said(self, words: str, rules: Rules, **more: str) -> str:
        """`words` (the look's) said of `rules`, and of `more`."""
        size = rules.size
        return words.format(
            board=board_name(size),
            boards=boards_counted(rules.boards),
            line=in_a_row(size),
            described=board_description(size),
            **more,
        )

    def the_board(self, rules: Rules) -> str:
        return self.said(self.board_named, rules)

    def ended(self, rules: Rules, why: Termination, loser: str, result: str) -> str:
        """The `result` of a game won, and how its `loser` ended it where that is said."""
        return self.said(ENDED_BY_THE_LOSER.get(why, "{result}"), rules, loser=loser, result=result)

    def analysis_on(self, rules: Rules) -> str:
        return self.analysis or (ANALYSIS_ON_5X5 if rules.size == BOARD_SIZES[-1] else ANALYSIS_ON)

    def typed_squares(self, game: Game) -> str:
        return self.typed or ("1-9 (or a1-c3)" if game.uses_keypad else "a square like b3")

    def rules_rows(self, game: Game) -> list[tuple[str, str]]:
        """The panel's rows on the rules, first of its details."""
        return [("Rules", self.rules_row)] if self.rules_row else []

    def board_rows(self, rules: Rules) -> list[tuple[str, str]]:
        """The panel's row on one board's size, after the mode's."""
        return [("Board", board_name(rules.size))] if self.shape is Shape.BOARD else []

    def longest_note(self, rules: Rules) -> int:
        """The longest note the analysis may write in a square ("loss in 5")."""
        return len(f"loss in {(rules.cell_count + 1) // 2}")

    def squares(self, rules: Rules) -> str:
        """The move prompt's example squares, short: the prompt fits a 40-column terminal."""
        return "1-9 or b2" if rules.size == CLASSIC_SIZE else "like b3"

    def square_example(self, rules: Rules) -> str:
        """How a square's name is typed: "5 or b2", "b3"."""
        return "5 or b2" if rules.size == CLASSIC_SIZE else "b3"

    def moves_title(self, game: Game) -> str:
        """The move list's heading: on 3×3 it says which keypad's numbers name the squares."""
        return f"Moves ({game.keypad.value} keys)" if game.uses_keypad else "Moves"

    def hint(self, game: Game, cell: int, reason: str) -> str:
        """ "Hint for X: square 5, blocks."."""
        return f"Hint for {game.turn}: square {game.square_name(cell)}, {reason}."

    def play_in(self, game: Game) -> str:
        """After whose move it is, where the move goes ("" where it goes anywhere)."""
        return ""

    def square_label(self, game: Game) -> Callable[[int], str]:
        """What an empty square shows: its name (`5`, `b3`)."""
        return game.square_name

    def open_cells(self, board: Position) -> set[int]:
        """The cells the board names where they are empty (every one)."""
        return set(range(board.cell_count))

    def closed(self, board: Position) -> tuple[bool, ...]:
        """Per small board, whether the next move may not go there (none: one board)."""
        return ()

    def won(self, board: Position) -> tuple[str, ...]:
        """Per small board, the mark that won it, drawn big ("X", "O", "") (none: one board)."""
        return ()

    def kills(self, board: Position, cell: int) -> bool:
        """Whether playing `cell` kills its board (its analysis marked †)."""
        return False


class MisereLook(Look):
    """Misère: the same boards, a line of your own loses."""

    label = "Misère"
    short = "{board} misère"
    named = "misère on {board} (a line loses)"
    word = "Misère: {line} of your own loses."
    opening = "Noughts and crosses, {described}, misère: {line} of your own loses."
    legend = f"{LEGEND}; L0 ({MAKES_A_LINE}): it makes a line of the mover's own."
    review = "Misère: every move rated against perfect play, where a line of your own loses."
    rules_row = "misère: a line loses"

    def longest_note(self, rules: Rules) -> int:
        return max(super().longest_note(rules), len(MAKES_A_LINE))


class NotaktoLook(Look):
    """Notakto: both put X's on small boards side by side; killing the last board loses."""

    label = "Notakto"
    shape = Shape.BOARDS
    help_section = "## Notakto"
    short = "Notakto {boards}"
    named = "Notakto on {boards} (killing the last board loses)"
    board_named = "{boards}"
    word = "Notakto on {boards}: both play X; killing the last board loses."
    opening = (
        "Notakto on {boards}: both players put X's; a board with three in a row is dead, and "
        "whoever kills the last board loses."
    )
    analysis = (
        "Analysis on: how each square ends with perfect play, in the mover's moves "
        f"({KILLS_MARK}: it kills its board)."
    )
    legend = "W3: a win in 3 of the mover's moves; L1: a loss in 1."  # no draws
    heading = "Value for player 1 after each move"
    typed = "a board and a key (2:5, 2 5, 25 or 2b2; on one board the key alone)"
    review = "Notakto: every move rated against perfect play, where killing the last board loses."
    rules_row = "Notakto: killing the last board loses"

    def rules_rows(self, game: Game) -> list[tuple[str, str]]:
        return [*super().rules_rows(game), ("Boards", str(game.rules.boards))]

    def longest_note(self, rules: Rules) -> int:
        return super().longest_note(rules) + len(KILLS_MARK)

    def squares(self, rules: Rules) -> str:
        return "like 2:5" if rules.boards > 1 else super().squares(rules)

    def square_example(self, rules: Rules) -> str:
        return "2:5 (board 2, key 5)" if rules.boards > 1 else super().square_example(rules)

    def moves_title(self, game: Game) -> str:
        return f"Moves (board:{game.keypad.value} key)"

    def hint(self, game: Game, cell: int, reason: str) -> str:
        board, key = game.square_name(cell).split(":")
        return f"Hint: board {board}, key {key}: {reason}."

    def square_label(self, game: Game) -> Callable[[int], str]:
        return lambda cell: str(game.key_for_cell(cell))  # the board is where it stands

    def closed(self, board: Position) -> tuple[bool, ...]:
        assert isinstance(board, NotaktoBoard)
        return board.dead

    def kills(self, board: Position, cell: int) -> bool:
        assert isinstance(board, NotaktoBoard)
        return kills(board, cell)


class UltimateLook(Look):
    """Ultimate: nine boards in one 9×9 grid, each move sending the other side to a board."""

    label = "Ultimate"
    shape = Shape.GRID
    one_board = "Ultimate is played on its one board of nine"
    short = "Ultimate"
    named = "Ultimate (nine boards in one, each move sending the other side to a board)"
    board_named = "Ultimate's board"
    opening = (
        "Ultimate noughts and crosses: nine 3×3 boards in a big one. Your move sends the other "
        "side to the board of its square (anywhere when that board is decided); three boards "
        "won in a line win."
    )
    analysis = (
        "Analysis on: Ultimate is not solved, so a square shows an estimate, how often the "
        "mover won Genius's playouts through it; W1 and L1 are proven."
    )
    legend = f"{ESTIMATE_BARS[0]} to {ESTIMATE_BARS[-1]}: from none of them won to all."
    heading = "Estimate for X after each move"
    typed = "a square like e5 (a-i, 1-9 from the top) or a board and a key (5:5 or 55)"
    rules_row = "Ultimate: nine boards in one"

    def rules_rows(self, game: Game) -> list[tuple[str, str]]:
        """The boards each side has won, by their keys ("X 1 5 · O 7"), and the rules."""
        board = game.board
        assert isinstance(board, UltimateBoard)
        sides = []
        for mark in Mark:
            won = (index for index in range(9) if board.board_winner(index) is mark)
            keys = sorted(str(game.key_for_cell(index)) for index in won)
            sides += [f"{mark} {' '.join(keys)}"] if keys else []
        won_rows = [("Boards won", " · ".join(sides))] if sides else []
        return [*won_rows, *super().rules_rows(game)]

    def squares(self, rules: Rules) -> str:
        return "e5 or 5:5"

    def moves_title(self, game: Game) -> str:
        return "Moves"  # its squares' names are the grid's

    def hint(self, game: Game, cell: int, reason: str) -> str:
        """The square and the keys that play it ("square c2 (key 6)", "(keys 1 6)"): one
        where the board is sent."""
        board = game.board
        assert isinstance(board, UltimateBoard)
        own = game.key_for_cell(cell)
        keys = (
            f"keys {game.key_for_cell(cell // 9)} {own}" if board.forced is None else f"key {own}"
        )
        return f"Hint for {game.turn}: square {game.square_name(cell)} ({keys}), {reason}."

    def play_in(self, game: Game) -> str:
        """Where the move goes (" · board 4", by the board's key; " · any board" when it is
        free); "" once the game is over."""
        board = game.board
        assert isinstance(board, UltimateBoard)
        if board.is_over:
            return ""
        if board.forced is None:  # a no-break space: the board and its key stay on one line
            return " · any\u00a0board"
        return f" · board\u00a0{game.key_for_cell(board.forced)}"

    def open_cells(self, board: Position) -> set[int]:
        """Only the cells the next move may take."""
        return set(board.legal_moves)

    def closed(self, board: Position) -> tuple[bool, ...]:
        """Decided boards, and every board but the one the move is sent to."""
        assert isinstance(board, UltimateBoard)
        playable = set(board.playable_boards)
        return tuple(index not in playable for index in range(9))

    def won(self, board: Position) -> tuple[str, ...]:
        assert isinstance(board, UltimateBoard)
        return tuple((winner.value if (winner := board.board_winner(b)) else "") for b in range(9))


LOOKS = {
    Family.NORMAL: Look(),
    Family.MISERE: MisereLook(),
    Family.NOTAKTO: NotaktoLook(),
    Family.ULTIMATE: UltimateLook(),
}
"""Each family's look, by the core's family."""


def look_of(rules: Rules) -> Look:
    """How the game under `rules` looks."""
    return LOOKS[rules.family]
