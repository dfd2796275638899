"""The rules a game is played by: one value that names them, found by name as python-chess finds
a variant (`find_rules("misere 4")`); `positions` knows the position class that plays them.

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

from dataclasses import dataclass
from enum import Enum

from .geometry import BOARD_SIZES, CLASSIC_SIZE
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
    Made only for rules nac offers: ValueError otherwise."""

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
            what = "boards" if self.family is Family.NOTAKTO else "a board of"
            what = "a big board of" if self.family is Family.ULTIMATE else what
            raise ValueError(
                f"{self.family.value} is played on {what} {', '.join(map(str, offered))}, "
                f"not {number!r}"
            )

    @classmethod
    def of(cls, size: int = CLASSIC_SIZE, variant: Variant = Variant.NORMAL) -> Rules:
        """Noughts and crosses on a size×size board, normal or misère."""
        family = Family.MISERE if variant is Variant.MISERE else Family.NORMAL
        return cls(family, size)

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
    def is_notakto(self) -> bool:
        return self.family is Family.NOTAKTO

    @property
    def is_ultimate(self) -> bool:
        return self.family is Family.ULTIMATE

    @property
    def size(self) -> int:
        """The side of each board: N for noughts and crosses, 3 in Notakto and Ultimate."""
        return self.number if self.family in (Family.NORMAL, Family.MISERE) else CLASSIC_SIZE

    @property
    def boards(self) -> int:
        """How many boards: Notakto's, Ultimate's nine, else 1."""
        if self.is_ultimate:
            return self.number * self.number
        return self.number if self.is_notakto else 1

    @property
    def variant(self) -> Variant:
        """What a line does on a board: wins (normal; in Notakto, kills the board) or loses."""
        return Variant.MISERE if self.family is Family.MISERE else Variant.NORMAL

    @property
    def cell_count(self) -> int:
        """The cells of every board together."""
        return self.size * self.size * self.boards

    @property
    def line_loses(self) -> bool:
        """Whether the side that makes the ending line loses (misère; Notakto, where it kills
        the last board), not wins."""
        return self.family in (Family.MISERE, Family.NOTAKTO)

    @property
    def draws(self) -> bool:
        """Whether a game can end in a draw (not in Notakto: a full board has a line)."""
        return not self.is_notakto

    @property
    def shares_marks(self) -> bool:
        """Whether both sides put the same mark (Notakto's X): X and O then name the seats."""
        return self.is_notakto

    def with_number(self, number: int) -> Rules:
        """The same family on another board (or number of boards)."""
        return Rules(self.family, number)


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
        return Rules(family, NUMBERS[family][0] if family is Family.NOTAKTO else CLASSIC_SIZE)
    number = words[1].removesuffix("x" + words[1][:1]) if "x" in words[1] else words[1]
    if not number.isdigit():
        raise ValueError(f"{name!r}: {words[1]!r} is not a number of boards or a board's size")
    return Rules(family, int(number))
