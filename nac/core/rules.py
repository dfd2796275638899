"""The rules a game is played by: one value that names them, found by name as python-chess finds
a variant (`find_rules("misere 4")`); its family's `rulebook` (`nac.core.families`) knows the
position class that plays them and what they can do.

- `normal N`: noughts and crosses on an N×N board (3, 4 or 5), three in a row on 3×3, four on
  the bigger boards; a line wins (`Board`).
- `misere N`: the same boards, but a line of your own loses (`Board` with `Variant.MISERE`).
- `notakto N`: both players put X's on N boards of 3×3 (1, 2 or 3); a board with three in a
  row is dead, and whoever kills the last live board loses (`NotaktoBoard`).
- `ultimate 3`: nine 3×3 boards in a 3×3 big board, each move sending the other side to a
  board; three won boards in a line win (`UltimateBoard`).

Every rules' position has the same face (`Position`): the side to move, the moves (cells
numbered from 0, across the boards in Notakto), `play`, `outcome`, its text. One `Game` and one
`Match` play any of them; the engines (`nac.engine`) answer for any of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from .checks import checked_cell
from .errors import InvalidPosition, NotASquare
from .geometry import BOARD_SIZES, CLASSIC_SIZE, win_length_for
from .keypad import KeypadLayout
from .mark import Mark
from .outcome import Outcome
from .variants import Variant

NOTAKTO_BOARDS = (1, 2, 3)
"""How many boards a game of Notakto may have."""
ULTIMATE_SIZES = (3,)
"""Ultimate's big board: 3×3 small boards of 3×3."""


class Family(Enum):
    """The kind of rules, whatever the board."""

    NORMAL = "normal"
    MISERE = "misere"
    NOTAKTO = "notakto"
    ULTIMATE = "ultimate"


NUMBERS = {
    Family.NORMAL: BOARD_SIZES,
    Family.MISERE: BOARD_SIZES,
    Family.NOTAKTO: NOTAKTO_BOARDS,
    Family.ULTIMATE: ULTIMATE_SIZES,
}
"""The numbers each family is played with."""


@dataclass(frozen=True)
class Rules:
    """The rules of a game: a family and a number (the board's size, or Notakto's boards).
    Made only for rules nac offers: ValueError otherwise. What the family's rules are and can do
    is its `rulebook`'s (`nac.core.families`)."""

    family: Family = Family.NORMAL
    number: int = CLASSIC_SIZE
    """The board's size (3, 4, 5), in Notakto how many 3×3 boards (1, 2, 3), in Ultimate the
    big board's side (3)."""

    def __post_init__(self) -> None:
        if not isinstance(self.family, Family):
            raise TypeError(f"family must be a Family, not {self.family!r}")
        offered = NUMBERS[self.family]
        number = self.number
        if isinstance(number, bool) or not isinstance(number, int) or number not in offered:
            raise ValueError(
                f"{self.family.value} is played on {self.rulebook.played_on} "
                f"{', '.join(map(str, offered))}, not {number!r}"
            )

    @classmethod
    def of(cls, size: int = CLASSIC_SIZE, variant: Variant = Variant.NORMAL) -> Rules:
        """Noughts and crosses on a size×size board, normal or misère (the family a variant
        names)."""
        return cls(Family(variant.value), size)

    @classmethod
    def notakto(cls, boards: int = 1) -> Rules:
        return cls(Family.NOTAKTO, boards)

    @property
    def name(self) -> str:
        """How the rules are named (the command line, the protocol, `nac engine`): `normal 3`,
        `misere 4`, `notakto 2`."""
        return f"{self.family.value} {self.number}"

    def __str__(self) -> str:
        return self.name

    @property
    def rulebook(self) -> Rulebook:
        return RULEBOOKS[self.family]

    # What the family's rulebook says of these rules:

    @property
    def size(self) -> int:
        """The side of each board: N for noughts and crosses, 3 in Notakto and Ultimate."""
        return self.rulebook.size(self.number)

    @property
    def boards(self) -> int:
        """How many boards: Notakto's, Ultimate's nine, else 1."""
        return self.rulebook.boards(self.number)

    @property
    def cell_count(self) -> int:
        return self.size * self.size * self.boards

    @property
    def variant(self) -> Variant:
        return self.rulebook.variant

    @property
    def line_loses(self) -> bool:
        return self.rulebook.line_loses

    @property
    def draws(self) -> bool:
        return self.rulebook.draws

    @property
    def shares_marks(self) -> bool:
        return self.rulebook.shares_marks

    @property
    def uses_keypad(self) -> bool:
        return self.rulebook.uses_keypad(self.number)

    @property
    def line_length(self) -> int:
        return self.rulebook.line_length(self.number)

    def with_number(self, number: int) -> Rules:
        """The same family on another board (or number of boards)."""
        return Rules(self.family, number)


class Position:
    """The face every rules' position shows (`Board`, `NotaktoBoard`, `UltimateBoard`), and what
    they do alike: what `Game`, `Match`, the notation and the engines' door need, so that a new
    rules plugs in as one more position class. A position is immutable: `play(cell)` returns the
    next one; it is equal to another, hashed and pickled by its `_state`. Cells are numbered from
    0, row by row from the top left, across the boards where there are several."""

    __slots__ = ()

    @property
    @abstractmethod
    def rules(self) -> Rules: ...

    @property
    @abstractmethod
    def to_move(self) -> Mark:
        """The side to move (once over, the side that would have)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @property
    @abstractmethod
    def size(self) -> int:
        """A board's side (each board's, where there are several)."""

    @property
    @abstractmethod
    def cell_count(self) -> int: ...

    @property
    @abstractmethod
    def mark_count(self) -> int: ...

    @property
    @abstractmethod
    def empty_cells(self) -> tuple[int, ...]: ...

    @property
    @abstractmethod
    def legal_moves(self) -> tuple[int, ...]:
        """The cells the side to move may play (none once the game is over)."""

    @abstractmethod
    def __getitem__(self, cell: int) -> Mark | None: ...

    @abstractmethod
    def __iter__(self) -> Iterator[Mark | None]: ...

    @abstractmethod
    def check_move(self, cell: object) -> int:
        """`cell` if the side to move may play there, else an IllegalMove saying why."""

    @abstractmethod
    def play(self, cell: int) -> Position:
        """The position after the side to move plays `cell`."""

    @abstractmethod
    def _state(self) -> tuple[object, ...]:
        """What tells the position from another (its class's arguments, unless it says how it
        is pickled)."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> Mark | None:
        return self.outcome.winner if self.outcome else None

    @property
    def is_empty(self) -> bool:
        return not self.mark_count

    def cell_index(self, cell: object) -> int:
        """`cell` if it is a cell of this position, else NotASquare."""
        return checked_cell(cell, self.cell_count)

    def _square(self, cell: int) -> int:
        """`cell` if it is a cell of the position, else IndexError (as a sequence refuses)."""
        try:
            return checked_cell(cell, self.cell_count)
        except NotASquare as refusal:
            raise IndexError(str(refusal)) from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), self._state()


class Rulebook(ABC):
    """A family of rules, said once: each family's is in `nac.core.families`."""

    family: Family
    position: type[Position]
    variant = Variant.NORMAL
    """What a line does on a board: wins (or kills it, in Notakto) or loses (misère)."""
    numbered_by = "size"
    """What the rules' number gives, as the command line's option names it: `size` (a board's
    side; Ultimate's big board's) or `boards` (how many)."""
    played_on = "a board of"
    """Before the numbers, where the rules refuse one: `normal is played on a board of 3, 4, 5`."""
    draws = True
    """Whether a game can end in a draw (not in Notakto: a full board has a line)."""
    line_loses = False
    """Whether the side that makes the ending line loses (misère; Notakto, where it kills the last
    board), not wins."""
    shares_marks = False
    """Whether both sides put the same mark (Notakto's X): X and O then name the seats."""
    extra_fields = 0
    """The fields of a game's line after the tag (Notakto's `boards=N`)."""
    board_side: int | None = None
    """Each board's side where the number does not give it (3: Notakto's, Ultimate's small ones)."""

    @property
    def tag(self) -> str:
        """The family's name in a game's line (`variant=misere`) and a stats key (`+misere`)."""
        return self.family.value

    @property
    def numbers(self) -> tuple[int, ...]:
        return NUMBERS[self.family]

    def size(self, number: int) -> int:
        """Each board's side."""
        return number if self.board_side is None else self.board_side

    def boards(self, number: int) -> int:
        return 1

    def line_length(self, number: int) -> int:
        """How many in a row make a line (on each small board, where there are several)."""
        return win_length_for(self.size(number))

    def uses_keypad(self, number: int) -> bool:
        """Whether keys 1-9 play (a 3×3 board); bigger boards name squares like `b3`."""
        return self.size(number) == CLASSIC_SIZE

    @abstractmethod
    def start(self, rules: Rules, first: Mark) -> Position:
        """The position a game under `rules` begins from, `first` to move."""

    def read(self, text: str, number: int | None = None, to_move: Mark | None = None) -> Position:
        """The position `text` shows (a position's `str`) under this family's `number` (None:
        the number the text shows), `to_move` to move (None: as when X moved first, X to move
        on an even number of marks). InvalidPosition (a ValueError) if it is not one; ValueError
        if nac offers no rules for it."""
        if to_move is None:
            marks = sum(map(text.upper().count, "XO")) if isinstance(text, str) else 0
            to_move = Mark.X if marks % 2 == 0 else Mark.O
        position = self.parse(text, to_move)
        if number not in (None, position.rules.number):
            raise InvalidPosition(f"{text!r} is not a position of {self.family.value} {number}")
        return position

    @abstractmethod
    def parse(self, text: str, to_move: Mark) -> Position:
        """The position `text` shows, `to_move` to move; InvalidPosition if none."""

    @abstractmethod
    def square_name(self, rules: Rules, cell: int, keypad: KeypadLayout) -> str:
        """What the player calls a square."""

    @abstractmethod
    def parse_square(self, rules: Rules, name: str, keypad: KeypadLayout) -> int:
        """The cell a player names (`square_name`'s forms and others); NotASquare if none."""

    @abstractmethod
    def notation_square(self, rules: Rules, cell: int) -> str:
        """A cell as a game's line names it (the same whatever the keypad)."""

    @abstractmethod
    def notation_cell(self, rules: Rules, name: str, move: int) -> int:
        """The cell a game's line names as its `move`th; NotationError if it names none."""

    def notation_fields(self, rules: Rules) -> tuple[str, ...]:
        """The fields of a game's line that name the rules: the board's, then the tag's."""
        return (f"{rules.size}x{rules.size}", f"{TAG_FIELD}={self.tag}")

    @abstractmethod
    def notation_rules(self, board: str, extra: tuple[str, ...]) -> Rules:
        """The rules a game's line names by its board's field and the fields after the tag;
        NotationError if they name none."""

    def key_word(self, number: int) -> str:
        """The rules' word in a stats key, after `+`."""
        return self.tag


RULEBOOKS: dict[Family, Rulebook] = {}
"""Every family's rulebook, by family: filled by `nac.core.families` (which `nac.core` loads)."""
TAG_FIELD = "variant"
"""The field of a game's line that names the family: `variant=misere`."""


NORMAL = Rules()
ULTIMATE = Rules(Family.ULTIMATE, 3)
OFFERED = (Family.NORMAL, Family.MISERE, Family.NOTAKTO, Family.ULTIMATE)
"""The families the front ends offer."""
RULES = tuple(Rules(family, number) for family in OFFERED for number in NUMBERS[family])
"""Every rules the front ends offer."""


def find_rules(name: object) -> Rules:
    """The rules `name` names: `misere 4`, `notakto 2`, or a family alone (`misere`: on 3×3;
    `notakto`: one board); in any case, `misère` too, `-` or `=` for the space. ValueError,
    naming the choices, for anything else."""
    choices = (
        "normal, misere, notakto or ultimate, and a number: normal 3, misere 4, notakto 2, "
        "ultimate 3"
    )
    if not isinstance(name, str):
        raise ValueError(f"{name!r} names no rules: give {choices}")
    words = name.strip().lower().replace("è", "e").replace("-", " ").replace("=", " ").split()
    if not 1 <= len(words) <= 2 or words[0] not in {family.value for family in Family}:
        raise ValueError(f"{name!r} names no rules: give {choices}")
    family = Family(words[0])
    if len(words) == 1:
        return Rules(family, NUMBERS[family][0])
    number = words[1].removesuffix("x" + words[1][:1]) if "x" in words[1] else words[1]
    if not number.isdigit():
        raise ValueError(f"{name!r}: {words[1]!r} is not a number of boards or a board's size")
    return Rules(family, int(number))
