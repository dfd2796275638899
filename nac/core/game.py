"""The stateful, UI-agnostic game controller that any front end can drive.

A front end calls `Game` methods for what the player does and hears back through listeners
(`listen`; any number of each): `on_change` once per mark placed (or taken back),
`on_game_over` once per finished game, and `on_new_game` when the board is cleared for another
game. A refused call raises and changes nothing.

The game applies the rules only: the computer's move is found by an engine (`nac.engine`) and
played with `computer_move(cell)`.

Listeners run after the game's state is complete, in the order they were added.
`on_game_over` follows the `on_change` of the game's last move, exactly once per finished
game, even if a listener raised (the first exception then propagates once every listener has
heard) or itself played on.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Board
from .checks import checked, checked_listener, checked_size
from .coordinates import parse_coordinate
from .errors import GameAlreadyOver, IllegalMove, NotASquare, NotYourTurn
from .geometry import CLASSIC_SIZE
from .keypad import KeypadLayout, check_square, parse_square, square_name
from .levels import DEFAULT_LEVEL, DEFAULT_WATCH_LEVELS, ComputerTurn, Level, checked_pair
from .listeners import tell
from .mark import Mark
from .modes import Mode
from .moves import Cell, Change, ChangeKind, Move, moves_to_undo, resigner, start_refusal
from .outcome import Outcome
from .variants import Variant, checked_variant

ChangeListener = Callable[[Change], object]
GameOverListener = Callable[[Outcome], object]
NewGameListener = Callable[[Board], object]


class Game:
    """Game after game, in one of four modes.

    - `Mode.COMPUTER` (the default): the human plays X and the computer O unless told
      otherwise; the human starts each new game unless `first` says otherwise, or the human
      hands the first move to the computer with `computer_starts()`.
    - `Mode.TWO_PLAYER`: two people take turns at the same keys.
    - `Mode.WATCH`: the computer plays both sides, each at its own level (`watch_levels`).
    - `Mode.ONLINE`: two people on two machines (`human` is this one's); both sides' moves
      come through `play_cell`, as the game's server referees them, and none is taken back.

    The game keeps its history, so moves can be taken back (`undo`); a player may resign.
    """

    def __init__(
        self,
        on_change: ChangeListener | None = None,
        on_game_over: GameOverListener | None = None,
        *,
        on_new_game: NewGameListener | None = None,
        level: Level = DEFAULT_LEVEL,
        human: Mark = Mark.X,
        mode: Mode = Mode.COMPUTER,
        watch_levels: tuple[Level, Level] = DEFAULT_WATCH_LEVELS,
        keypad: KeypadLayout = KeypadLayout.PHONE,
        size: int = CLASSIC_SIZE,
        variant: Variant = Variant.NORMAL,
    ) -> None:
        self._human = checked(human, Mark, "human", Mark)
        self._mode = checked(mode, Mode, "mode", Mode)
        self._size = checked_size(size)
        self._variant = checked_variant(variant)
        self._level = checked(level, Level, "level", Level)
        self._watch_levels = checked_pair(watch_levels)
        self._keypad = checked(keypad, KeypadLayout, "keypad", KeypadLayout)
        self._on_change: list[ChangeListener] = []
        self._on_game_over: list[GameOverListener] = []
        self._on_new_game: list[NewGameListener] = []
        self.listen(on_change=on_change, on_game_over=on_game_over, on_new_game=on_new_game)
        first = self._human if self._mode is Mode.COMPUTER else Mark.X
        self._board = Board.empty(self._size, first=first, variant=self._variant)
        self._moves: list[Move] = []
        self._game_number = 0
        self._reported_game = -1
        self._resigned: Mark | None = None
        self.session_lead = 0
        """The first side's wins less the other's this session, as the match keeps it."""

    def listen(
        self,
        *,
        on_change: ChangeListener | None = None,
        on_game_over: GameOverListener | None = None,
        on_new_game: NewGameListener | None = None,
    ) -> None:
        """Add listeners (see the module's docstring)."""
        if on_change is not None:
            self._on_change.append(checked_listener(on_change, "on_change"))
        if on_game_over is not None:
            self._on_game_over.append(checked_listener(on_game_over, "on_game_over"))
        if on_new_game is not None:
            self._on_new_game.append(checked_listener(on_new_game, "on_new_game"))

    # -- settings, changeable at any time (from the computer's next move) --------------------------

    @property
    def level(self) -> Level:
        """The computer's level against a person."""
        return self._level

    @level.setter
    def level(self, level: Level) -> None:
        self._level = checked(level, Level, "level", Level)

    @property
    def watch_levels(self) -> tuple[Level, Level]:
        """X's and O's levels in watch mode."""
        return self._watch_levels

    @watch_levels.setter
    def watch_levels(self, levels: tuple[Level, Level]) -> None:
        self._watch_levels = checked_pair(levels)

    def set_watch_level(self, mark: Mark, level: Level) -> None:
        checked(mark, Mark, "mark", Mark)
        x, o = self._watch_levels
        self.watch_levels = (level, o) if mark is Mark.X else (x, level)

    @property
    def keypad(self) -> KeypadLayout:
        return self._keypad

    @keypad.setter
    def keypad(self, layout: KeypadLayout) -> None:
        self._keypad = checked(layout, KeypadLayout, "keypad", KeypadLayout)

    # -- what the front end reads ------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def size(self) -> int:
        return self._size

    @property
    def variant(self) -> Variant:
        """The rules played: the normal game, or misère (a line loses)."""
        return self._variant

    @property
    def uses_keypad(self) -> bool:
        """Keys 1-9 play the 3×3 board; bigger boards name squares like `b3`."""
        return self._size == CLASSIC_SIZE

    def square_name(self, cell: int) -> str:
        """What the player calls a square: its key on 3×3, its coordinate (`b3`) otherwise."""
        return square_name(cell, self._size, self._keypad)

    def parse_square(self, name: str) -> int:
        """The cell a player names: a key 1-9 or a coordinate like `b2` on 3×3, a coordinate on
        bigger boards. NotASquare otherwise."""
        return parse_square(name, self._size, self._keypad)

    @property
    def mode(self) -> Mode:
        return self._mode

    @property
    def turn(self) -> Mark:
        """The mark to move next (still the loser's turn-to-be once the game is over)."""
        return self._board.to_move

    @property
    def first(self) -> Mark:
        """The mark that moved (or moves) first in this game."""
        return self._moves[0].mark if self._moves else self._board.to_move

    @property
    def human(self) -> Mark:
        """The person's mark against the computer."""
        return self._human

    @property
    def computer(self) -> Mark:
        """The computer's mark against a person."""
        return self._human.other

    def controlled_by_computer(self, mark: Mark) -> bool:
        if self._mode is Mode.COMPUTER:
            return mark is not self._human
        return self._mode is Mode.WATCH

    def levels_playing(self) -> tuple[Level, ...]:
        """The levels the computer plays now: against a person its level, in watch mode X's
        and O's, none in a two-player game."""
        if self._mode is Mode.COMPUTER:
            return (self._level,)
        if self._mode is Mode.WATCH:
            return self._watch_levels
        return ()

    def level_of(self, mark: Mark) -> Level | None:
        """The level playing `mark`, or None for a person."""
        if not self.controlled_by_computer(mark):
            return None
        if self._mode is Mode.WATCH:
            return self._watch_levels[0 if mark is Mark.X else 1]
        return self._level

    def plays_like(self, mark: Mark) -> Level | None:
        """The fixed level that finds `mark`'s moves now (Adaptive's from its opponent's lead)."""
        level = self.level_of(mark)
        lead = -self.session_lead if mark is self.first_side else self.session_lead
        return None if level is None else level.plays_like(lead)

    @property
    def first_side(self) -> Mark:
        """The side the score counts first: the person (against the computer, online), else X."""
        return self._human if self._mode in (Mode.COMPUTER, Mode.ONLINE) else Mark.X

    @property
    def is_human_turn(self) -> bool:
        return not self.is_over and not self.controlled_by_computer(self.turn)

    @property
    def is_computer_turn(self) -> bool:
        return not self.is_over and self.controlled_by_computer(self.turn)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (a resignation: the other side won, with no line), or None."""
        resigned = self._resigned
        return self._board.outcome if resigned is None else Outcome(resigned.other)

    @property
    def resigned(self) -> Mark | None:
        """The side that resigned this game, if one did."""
        return self._resigned

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        return self._moves[-1] if self._moves else None

    def key_for_cell(self, cell: int) -> int:
        """The key that plays `cell` under the active keypad layout."""
        return self._keypad.key_for_cell(cell)

    # -- what the front end does -------------------------------------------------------------------

    def play_key(self, key: int | str) -> Cell:
        """A person plays the square of keypad key 1-9 (under the active layout; 3×3 only)."""
        if not self.uses_keypad:
            raise NotASquare(key, "a square like b3: keys 1-9 play the 3×3 board only")
        return self._human_move(self._keypad.cell_for_key(key))

    def play_cell(self, cell: int) -> Cell:
        """A person plays the cell with this index (0..n²-1, row-major from the top-left)."""
        return self._human_move(self._board.cell_index(cell))

    def play_coordinate(self, name: str) -> Cell:
        """A person plays the square named like `b3` (column letter, row number from the top)."""
        return self._human_move(parse_coordinate(name, self._size))

    def resign(self, mark: Mark | None = None) -> Outcome:
        """`mark` resigns the game in progress (who may: `moves.resigner`) and the other side
        wins; the game's end is reported as any other."""
        found = self._resigner(mark)
        if isinstance(found, IllegalMove):
            raise found
        self._resigned = found
        outcome = Outcome(found.other)
        self._announce([], outcome)
        return outcome

    def why_no_resign(self, mark: Mark | None = None) -> IllegalMove | None:
        """What `resign` would raise now, or None if `mark` may resign."""
        found = self._resigner(mark)
        return found if isinstance(found, IllegalMove) else None

    def _resigner(self, mark: Mark | None) -> Mark | IllegalMove:
        mark = None if mark is None else checked(mark, Mark, "mark", Mark)
        return resigner(self._mode, self._human, self.turn, self.is_over, mark)

    def computer_starts(self) -> None:
        """Against the computer, on an empty board: the computer makes the first move (call
        `computer_move` next, or search `computer_turn()` in the background)."""
        refusal = self.why_computer_cannot_start()
        if refusal is not None:
            raise refusal
        self._board = Board.empty(self._size, first=self.computer, variant=self._variant)

    def why_computer_cannot_start(self) -> IllegalMove | None:
        """What `computer_starts` would raise now, or None if the computer may start."""
        started = self.is_over or not self._board.is_empty
        return start_refusal(self._mode, self.turn, started, self.controlled_by_computer(self.turn))

    def computer_turn(self) -> ComputerTurn:
        """The position the computer moves in now, and the level it plays like (an engine
        finds the move: `nac.engine.play(turn.board, turn.level)`); NotYourTurn or
        GameAlreadyOver when it is not the computer's turn."""
        if self.is_over:
            raise GameAlreadyOver()
        if not self.controlled_by_computer(self.turn):
            if self._mode in (Mode.TWO_PLAYER, Mode.ONLINE):
                raise NotYourTurn(self.turn, "two people are playing, not the computer")
            raise NotYourTurn(self.turn, "the computer cannot move for you")
        level = self.plays_like(self.turn)
        assert level is not None
        return ComputerTurn(self._board, level)

    def computer_move(self, cell: int) -> Cell:
        """The computer plays `cell`, found by an engine for `computer_turn()` (the move is
        its level's: Adaptive's, whatever it plays like)."""
        self.computer_turn()
        level = self.level_of(self.turn)
        return self._place(self._board.check_move(cell), by_computer=True, level=level)

    def new_game(
        self,
        human: Mark | None = None,
        mode: Mode | None = None,
        first: Mark | None = None,
        size: int | None = None,
        variant: Variant | None = None,
    ) -> None:
        """Clear the board for a new game, optionally with another mark for the person, another
        mode, another board size (3×3 has three in a row, bigger boards four) or another
        variant of the rules (misère: 3×3 and 4×4 only).

        Against the computer the person starts unless `first` says otherwise; otherwise X
        starts unless `first` says otherwise.
        """
        human = self._human if human is None else checked(human, Mark, "human", Mark)
        mode = self._mode if mode is None else checked(mode, Mode, "mode", Mode)
        size = self._size if size is None else checked_size(size)
        variant = checked_variant(self._variant if variant is None else variant)
        if first is None:
            first = human if mode is Mode.COMPUTER else Mark.X
        checked(first, Mark, "first", Mark)
        self._human, self._mode, self._size, self._variant = human, mode, size, variant
        self._board = Board.empty(size, first=first, variant=variant)
        self._moves.clear()
        self._resigned = None
        self._game_number += 1
        tell(self._on_new_game, self._board)

    def undo(self) -> tuple[Move, ...]:
        """Take back the person's last move, with the computer's reply if it has made one (in
        two-player mode, the last move). Repeatable back to the start; refused once the game is
        over, because its result has been counted. Each mark taken off is reported through
        `on_change`; returns the moves taken back, last first."""
        taken = moves_to_undo(self._moves, self._mode, self.is_over)
        if isinstance(taken, IllegalMove):
            raise taken
        first = self.first
        del self._moves[len(self._moves) - len(taken) :]
        board = Board.empty(self._size, first=first, variant=self._variant)
        for move in self._moves:
            board = board.play(move.cell)
        self._board, size, removed = board, self._size, ChangeKind.REMOVED
        changes = [
            Change(Cell.of(move.cell, size), move.mark, move.by_computer, board, removed)
            for move in taken
        ]
        self._announce(changes, None)
        return tuple(taken)

    def why_no_undo(self) -> IllegalMove | None:
        """What `undo` would raise now, or None if there is a move to take back."""
        taken = moves_to_undo(self._moves, self._mode, self.is_over)
        return taken if isinstance(taken, IllegalMove) else None

    # -- inside ------------------------------------------------------------------------------------

    def _human_move(self, cell: int) -> Cell:
        if self.is_over:
            raise GameAlreadyOver()
        if self.controlled_by_computer(self.turn):
            raise NotYourTurn(self.turn, "wait for the computer")
        check_square(self._board, cell, self._keypad)
        return self._place(cell, by_computer=False, level=None)

    def _place(self, cell: int, *, by_computer: bool, level: Level | None) -> Cell:
        mark = self._board.to_move
        board = self._board.play(cell)
        self._board = board
        self._moves.append(Move(cell, mark, by_computer, level))
        placed = Cell.of(cell, self._size)
        self._announce([Change(placed, mark, by_computer, board)], board.outcome)
        return placed

    def _announce(self, changes: list[Change], outcome: Outcome | None) -> None:
        """Report changes, then the game's end if they ended it: once, whatever the listeners
        do (a listener that raises has its exception propagate once the end is reported)."""
        game_number = self._game_number
        try:
            for change in changes:
                tell(self._on_change, change)
        finally:
            if outcome is not None and self._reported_game != game_number:
                self._reported_game = game_number
                tell(self._on_game_over, outcome)
