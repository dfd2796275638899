"""A game of Notakto that a front end drives, as it drives a `Game`: the same modes (against the
computer, two players, watching the computer), the same history of `Move`s, undo and
resigning, and the same listeners; `Match` runs its games one after another.

Both players put X's, so the two sides are told apart as the normal game's are, by a `Mark`
that names a seat, not what it draws: X and O take turns as ever, the person's seat is
`human`, and `first` moved first. A move's `cell` counts across the boards: `board * 9 +
square` (`notakto_cell`). There are no draws: whoever kills the last live board loses, so the
other side wins (`Outcome.winner`, with the killing line's cells as `line`).
"""

from __future__ import annotations

from typing import NamedTuple

from .checks import checked
from .errors import GameAlreadyOver, IllegalMove, NotYourTurn
from .geometry import CLASSIC_SIZE
from .levels import DEFAULT_LEVEL, DEFAULT_WATCH_LEVELS, Level
from .mark import Mark
from .modes import Mode
from .moves import Move, moves_to_undo, start_refusal
from .notakto import (
    BOARD_COUNTS,
    NotaktoMove,
    NotaktoPosition,
    last_line,
    notakto_cell,
    notakto_move,
    replay_notakto,
)
from .outcome import Outcome
from .seats import Seats
from .variants import Variant


class NotaktoChange(NamedTuple):
    """One X put on a board (or, with undo, taken off), by which seat, and the position after."""

    move: NotaktoMove
    mark: Mark
    by_computer: bool
    position: NotaktoPosition
    removed: bool = False


class NotaktoGame(Seats[NotaktoChange, NotaktoPosition]):
    """Notakto game after game on one to three boards (`boards`), against the computer (the
    person's seat `human`), two players, or watching the computer play both seats."""

    def __init__(
        self,
        *,
        boards: int = 1,
        level: Level = DEFAULT_LEVEL,
        human: Mark = Mark.X,
        mode: Mode = Mode.COMPUTER,
        watch_levels: tuple[Level, Level] = DEFAULT_WATCH_LEVELS,
    ) -> None:
        mode = _checked_mode(mode)
        super().__init__(level=level, human=human, mode=mode, watch_levels=watch_levels)
        self._boards = _checked_boards(boards)
        self._position = NotaktoPosition.empty(self._boards)
        self._first = self._human if self._mode is Mode.COMPUTER else Mark.X

    # -- what the front end reads --------------------------------------------------------------

    @property
    def position(self) -> NotaktoPosition:
        return self._position

    @property
    def boards(self) -> int:
        """How many boards this game is played on."""
        return self._boards

    @property
    def size(self) -> int:
        """Each board's size: 3×3."""
        return CLASSIC_SIZE

    @property
    def variant(self) -> Variant:
        """The line rule on each board, as the normal game's (a line is what kills a board)."""
        return Variant.NORMAL

    @property
    def first(self) -> Mark:
        return self._first

    @property
    def turn(self) -> Mark:
        """The seat to move (once over, the seat that would have)."""
        return self._first if self._position.first_to_move else self._first.other

    @property
    def outcome(self) -> Outcome | None:
        """The winner (the seat that did not kill the last board, or did not resign) and the
        killing lines' cells; None while the game goes on."""
        if self._resigned is not None:
            return Outcome(self._resigned.other)
        if not self._position.is_over:
            return None
        last = self._moves[-1]
        killed = notakto_move(last.cell).board
        return Outcome(last.mark.other, last_line(self._position, killed))

    # -- what the front end does ---------------------------------------------------------------

    def play(self, board: int, square: int) -> NotaktoMove:
        """A person puts an X on `square` (0..8) of `board` (0..boards-1)."""
        if self.is_over:
            raise GameAlreadyOver()
        if self.controlled_by_computer(self.turn):
            raise NotYourTurn(self.turn, "wait for the computer")
        return self._place(NotaktoMove(board, square), by_computer=False, level=None)

    def computer_turn(self) -> tuple[NotaktoPosition, Level]:
        """The position the computer moves in and the fixed level it plays like; NotYourTurn or
        GameAlreadyOver when it is not the computer's turn."""
        if self.is_over:
            raise GameAlreadyOver()
        if not self.controlled_by_computer(self.turn):
            raise NotYourTurn(self.turn, "the computer cannot move for you")
        level = self.plays_like(self.turn)
        assert level is not None
        return self._position, level

    def computer_move(self, move: NotaktoMove) -> NotaktoMove:
        self.computer_turn()
        level = self.level_of(self.turn)
        return self._place(NotaktoMove(*move), by_computer=True, level=level)

    def computer_starts(self) -> None:
        """Against the computer, before any move: the computer makes the first move."""
        started = self.is_over or bool(self._moves)
        refusal = start_refusal(
            self._mode, self.turn, started, self.controlled_by_computer(self.turn)
        )
        if refusal is not None:
            raise refusal
        self._first = self.computer

    def why_computer_cannot_start(self) -> IllegalMove | None:
        started = self.is_over or bool(self._moves)
        return start_refusal(self._mode, self.turn, started, self.controlled_by_computer(self.turn))

    def undo(self) -> tuple[Move, ...]:
        """Take back the person's last move with the computer's reply (two players: the last
        move); refused once the game is over. Returns the moves taken back, last first."""
        taken = moves_to_undo(self._moves, self._mode, self.is_over)
        if isinstance(taken, IllegalMove):
            raise taken
        del self._moves[len(self._moves) - len(taken) :]
        self._position = replay_notakto(self._boards, tuple(move.cell for move in self._moves))
        after = self._position
        changes = [
            NotaktoChange(notakto_move(move.cell), move.mark, move.by_computer, after, True)
            for move in taken
        ]
        self._announce(changes, None)
        return tuple(taken)

    def new_game(
        self,
        human: Mark | None = None,
        mode: Mode | None = None,
        first: Mark | None = None,
        size: int | None = None,
        variant: Variant | None = None,
        boards: int | None = None,
    ) -> None:
        """Clear the boards for a new game (`boards` of them, if given). `size` and `variant`
        are there for `Match`: Notakto is 3×3 boards under the normal line rule only."""
        if size not in (None, CLASSIC_SIZE) or variant not in (None, Variant.NORMAL):
            raise ValueError("Notakto is played on 3×3 boards, where a line kills the board")
        human = self._human if human is None else checked(human, Mark, "human", Mark)
        mode = self._mode if mode is None else _checked_mode(mode)
        boards = self._boards if boards is None else _checked_boards(boards)
        if first is None:
            first = human if mode is Mode.COMPUTER else Mark.X
        checked(first, Mark, "first", Mark)
        self._human, self._mode, self._boards, self._first = human, mode, boards, first
        self._position = NotaktoPosition.empty(boards)
        self._cleared(self._position)

    # -- inside --------------------------------------------------------------------------------

    def _place(self, move: NotaktoMove, *, by_computer: bool, level: Level | None) -> NotaktoMove:
        mark = self.turn
        self._position = self._position.play(move.board, move.cell)
        self._moves.append(Move(notakto_cell(move.board, move.cell), mark, by_computer, level))
        change = NotaktoChange(move, mark, by_computer, self._position)
        self._announce([change], self.outcome)
        return move


def _checked_boards(boards: object) -> int:
    if type(boards) is not int or boards not in BOARD_COUNTS:
        raise ValueError(f"Notakto is played on 1, 2 or 3 boards, not {boards!r}")
    return boards


def _checked_mode(mode: object) -> Mode:
    mode = checked(mode, Mode, "mode", Mode)
    if mode is Mode.ONLINE:
        raise ValueError(
            "Notakto is played on one machine: against the computer, two players or watching"
        )
    return mode
