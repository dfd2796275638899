"""One line of text per game, for saved games and for sharing a game with someone.

    nac1 2026-11-22T14:05:09Z computer 3x3 X=person O=idiot first=X result=X-wins : b2 b1 a1 a2 c3

Fields, in this order, separated by spaces (any run of spaces or tabs):

1. `nac1`: the notation and its version.
2. When the game was played, in UTC, to the second: `YYYY-MM-DDTHH:MM:SSZ`.
3. The mode: `computer`, `two-player`, `watch` or `online`.
4. The board: `3x3`, `4x4` or `5x5` (three in a row on 3×3, four on the others); then, in
   misère only, `variant=misere` (a line loses; a line without it is the normal game); in
   Notakto, `3x3 variant=notakto boards=N` (N from 1 to 3: both sides play X, and the side
   that kills the last live board with a line loses); in Ultimate, `9x9 variant=ultimate`
   (nine 3×3 boards in a big one, each move sending the other side to a board).
5. `X=<player>` and 6. `O=<player>`: who played each side: `person`, or the computer's level
   (`idiot`, `average`, `clever`, `genius`, `adaptive`, or `mixed` if it changed during the
   game), or online the
   other player: `@` and their name, escaped as in a URL (`O=@Ana%20Lee`). Against the
   computer one side is a person; two-player: both; watch mode: neither; online: the person
   is the one who saved the game, the other side has a name.
7. `first=X` or `first=O`: who moved first.
8. `result=X-wins`, `result=O-wins`, `result=draw`, or `result=unfinished` (a game shared
   before its end): what the moves lead to; or `result=X-resigns` or `result=O-resigns`
   (that side gave the game up before its end: the other side won).
9. `:` then the moves in order, as squares: a column letter and a row number, `a1` the top-left
   square, `b3` the second column of the third row (also on 3×3, so a line does not depend on
   the keypad layout). A game with no moves yet ends at the `:`. In Notakto each square
   has its board's number first, from the left: `2b3`. There, X and O name the two sides
   (both draw X's), and there are no draws. In Ultimate a square is named on the 9×9 grid,
   `a1` to `i9`.

Letters are read in any case and spaces around the line are ignored; anything else is refused
with a `NotationError` that says what is wrong. Lines longer than `LONGEST_LINE` are refused
before they are read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from .checks import checked, checked_cells
from .endings import Ending as Ending
from .errors import GameAlreadyOver, IllegalMove, SquareTaken, shown
from .families import NORMAL_RULEBOOK, tagged
from .kinds import MIXED, GameKind
from .levels import Level
from .mark import Mark
from .modes import Mode
from .notation_fields import (
    DATE_FORMAT,
    NotationError as NotationError,
    field,
    parsed,
    read_date,
    read_ending,
)
from .players import LONGEST_ESCAPED, REMOTE, name_of, named
from .positions import start_position
from .rules import TAG_FIELD, Position, Rules

TAG = "nac1"
PERSON = "person"
PLAYERS = (PERSON, *(level.value for level in Level), MIXED)
"""Who may play a side: a person, or the computer at a level (or at several: `mixed`)."""
MOVES_MARK = ":"
FIELD_COUNT = 8
"""The tag and the seven fields before the moves (eight with the variant, in misère)."""
VARIANT_FIELD = 4
"""Where `variant=misere` stands in a misère game's line: after the board."""
LONGEST_LINE = 300 + LONGEST_ESCAPED
"""Far more than a game can take (about 170 characters on 5×5, and an online player's name
escaped)."""


@dataclass(frozen=True)
class SavedGame:
    """A game as the notation holds it. Made only if the fields fit together: NotationError
    otherwise (a move the rules refuse, a result the moves do not lead to, ...)."""

    date: datetime
    """When it was played: an aware datetime, kept to the second."""
    mode: Mode
    rules: Rules
    x_player: str
    """`person`, a level's name or `mixed` (see PLAYERS), or online `@` and a name."""
    o_player: str
    first: Mark
    ending: Ending
    moves: tuple[int, ...]
    """The cells played, in order (0..n²-1, row-major from the top-left; in Notakto across
    the boards, `notakto_cell`)."""

    def __post_init__(self) -> None:
        _check(self)

    @classmethod
    def of(
        cls,
        kind: GameKind,
        moves: Sequence[int],
        first: Mark,
        *,
        human: Mark = Mark.X,
        date: datetime | None = None,
        resigned: Mark | None = None,
    ) -> SavedGame:
        """A game just played: its kind (from `Match.finish`), its cells in order, who moved first,
        the person's mark against the computer or online, when (an aware datetime; now by default),
        and the side that resigned, if one did. NotationError if the moves are not a legal game."""
        levels = kind.levels
        players: dict[Mark, str]
        if kind.mode is Mode.COMPUTER:
            players = {human: PERSON, human.other: levels[0]}
        elif kind.mode is Mode.ONLINE:
            players = {human: PERSON, human.other: named(levels[0])}
        elif kind.mode is Mode.WATCH:
            players = {Mark.X: levels[0], Mark.O: levels[1]}
        else:
            players = {Mark.X: PERSON, Mark.O: PERSON}
        when = (date or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
        cells = tuple(moves)
        ending = Ending.of(replay(kind.rules, first, cells), resigned)
        return cls(
            when, kind.mode, kind.rules, players[Mark.X], players[Mark.O], first, ending, cells
        )

    def player(self, mark: Mark) -> str:
        return self.x_player if mark is Mark.X else self.o_player

    @property
    def kind(self) -> GameKind:
        """The kind of game, as lifetime stats count it."""
        levels: tuple[str, ...] = ()
        if self.mode is Mode.COMPUTER:
            levels = (self.o_player if self.x_player == PERSON else self.x_player,)
        elif self.mode is Mode.WATCH:
            levels = (self.x_player, self.o_player)
        elif self.mode is Mode.ONLINE:
            levels = (self.opponent,)
        return GameKind(self.mode, self.rules, levels)

    @property
    def size(self) -> int:
        """A board's side (each board's, in Notakto)."""
        return self.rules.size

    @property
    def opponent(self) -> str:
        """Online: the other player's name ("" in any other mode)."""
        for player in (self.x_player, self.o_player):
            if player.startswith(REMOTE):
                return name_of(player)
        return ""

    @property
    def board(self) -> Position:
        """The position the moves lead to."""
        return replay(self.rules, self.first, self.moves)

    def square(self, cell: int) -> str:
        """A move's square as the line writes it: `b3`, or in Notakto with its board: `2b3`."""
        return square_of(self.rules, cell)


def square_of(rules: Rules, cell: int) -> str:
    """A cell as a game's line names it under `rules`: `b3`, `e5` on Ultimate's 9×9 grid, or in
    Notakto with its board first: `2b3` (the same on 3×3 whatever the keypad)."""
    return rules.rulebook.notation_square(rules, cell)


def cell_of(rules: Rules, name: str) -> int:
    """The cell a square's name (`square_of`'s form) names under `rules`; NotationError if it
    names none."""
    return rules.rulebook.notation_cell(rules, name, 1)


A_SAVED_GAME = ("from parse_game(line) or SavedGame.of(kind, moves, first)",)


def replay(rules: Rules, first: Mark, moves: tuple[int, ...]) -> Position:
    """The position after `moves` under `rules`; NotationError naming the first move the rules
    refuse, TypeError if `moves` are not cells."""
    board = start_position(checked(rules, Rules, "rules", ("a Rules, like Rules.of(4)",)), first)
    for number, cell in enumerate(checked_cells(moves), 1):
        try:
            board = board.play(cell)
        except SquareTaken as taken:
            square = square_of(rules, cell)
            raise NotationError(f"move {number}, {square}, is on {taken.mark}'s square") from None
        except GameAlreadyOver:
            square = square_of(rules, cell)
            raise NotationError(f"move {number}, {square}, comes after the game ended") from None
        except IllegalMove as refusal:
            raise NotationError(f"move {number}: {refusal}") from None
    return board


def format_game(game: SavedGame) -> str:
    """The game as one line of the notation (see the module's docstring); TypeError if `game`
    is not a SavedGame."""
    checked(game, SavedGame, "game", A_SAVED_GAME)
    squares = " ".join(game.square(cell) for cell in game.moves)
    return " ".join(
        [
            TAG,
            game.date.astimezone(UTC).strftime(DATE_FORMAT),
            game.mode.value,
            *game.rules.rulebook.notation_fields(game.rules),
            f"X={game.x_player}",
            f"O={game.o_player}",
            f"first={game.first.value}",
            f"result={game.ending.value}",
            MOVES_MARK,
            *([squares] if squares else []),
        ]
    )


def parse_game(line: str) -> SavedGame:
    """The game a line of the notation holds; NotationError (a ValueError) for anything else."""
    if not isinstance(line, str):
        raise NotationError(f"{shown(line)} is not a line of text")
    if len(line) > LONGEST_LINE:
        raise NotationError(
            f"a line of {len(line):,} characters is not a game: one takes at most {LONGEST_LINE}"
        )
    text = line.strip()
    if "\n" in text or "\r" in text:
        raise NotationError("the text holds more than one line: give one game's line")
    words = text.split()
    if MOVES_MARK not in words:
        raise NotationError(f"no {MOVES_MARK!r} before the moves: is it a nac game's line?")
    fields = words[: words.index(MOVES_MARK)]
    squares = words[words.index(MOVES_MARK) + 1 :]
    rulebook, extra = NORMAL_RULEBOOK, []
    if len(fields) > VARIANT_FIELD and fields[VARIANT_FIELD].lower().startswith(f"{TAG_FIELD}="):
        rulebook = tagged(field(TAG_FIELD, fields.pop(VARIANT_FIELD)))
        for _ in range(rulebook.extra_fields):
            extra.append(fields.pop(VARIANT_FIELD) if len(fields) > VARIANT_FIELD else "")
    if len(fields) != FIELD_COUNT or fields[0].lower() != TAG:
        raise NotationError(
            f"a game's line is {TAG!r} and 7 fields, then {MOVES_MARK!r} and the moves: "
            "date, mode, board, X=, O=, first=, result="
        )
    _, date, mode, board, x_player, o_player, first, result = fields
    when = read_date(date)
    played = parsed(Mode.parse, mode)
    rules = rulebook.notation_rules(board, tuple(extra))
    players = _player(field("X", x_player)), _player(field("O", o_player))
    first_mark = parsed(Mark.parse, field("first", first))
    ending = read_ending(field("result", result))
    moves = tuple(rulebook.notation_cell(rules, name, n) for n, name in enumerate(squares, 1))
    return SavedGame(when, played, rules, *players, first_mark, ending, moves)


def _check(game: SavedGame) -> None:
    """Refuse a game whose fields do not fit together."""
    if game.date.tzinfo is None:
        raise NotationError("the date needs a time zone (UTC)")
    if not isinstance(game.rules, Rules):
        raise NotationError(f"{shown(game.rules)} is not the rules: like Rules.notakto(2)")
    players = (game.x_player, game.o_player)
    for player in players:
        if player not in PLAYERS and not _is_named(player):
            raise NotationError(
                f"{shown(player)} is not a player: use {', '.join(PLAYERS)}, or online "
                f"{REMOTE} and a name"
            )
    people = players.count(PERSON)
    wanted = {Mode.COMPUTER: 1, Mode.TWO_PLAYER: 2, Mode.WATCH: 0, Mode.ONLINE: 1}[game.mode]
    if people != wanted:
        raise NotationError(
            f"a {game.mode.value} game has {wanted} {'person' if wanted == 1 else 'people'} "
            f"playing, not {people}"
        )
    others = sum(map(_is_named, players))
    if others != (game.mode is Mode.ONLINE):
        raise NotationError(
            "an online game names the other player (@ and a name), and only an online game does"
        )
    reached = Ending.of(replay(game.rules, game.first, game.moves))
    if game.ending.resigned is not None:
        if reached is not Ending.UNFINISHED:
            raise NotationError(
                f"the result says {game.ending.value} but the moves lead to {reached.value}: "
                "a side resigns only a game that has not ended"
            )
        if game.mode is Mode.WATCH or (
            game.mode is Mode.COMPUTER and game.player(game.ending.resigned) != PERSON
        ):
            raise NotationError(f"{game.ending.value}: only a person resigns")
    elif reached is not game.ending:
        raise NotationError(
            f"the result says {game.ending.value} but the moves lead to {reached.value}"
        )


def _is_named(player: str) -> bool:
    try:
        name_of(player)
    except ValueError:
        return False
    return True


def _player(text: str) -> str:
    """A side's player as the line gives it: a name kept as written, anything else in any case."""
    return text if text.startswith(REMOTE) else text.lower()
