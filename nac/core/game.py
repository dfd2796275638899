"""The stateful, UI-agnostic game controller that any front end can drive, under any rules
(`Rules`: noughts and crosses on 3×3 to 5×5, misère, Notakto on 1 to 3 boards, Ultimate).

A front end calls `Game` methods for what the player does and hears back through listeners
(`listen`; any number of each): `on_change` once per mark placed (or taken back),
`on_game_over` once per finished game, and `on_new_game` when the board is cleared for another
game. A refused call raises and changes nothing.

The game applies the rules only (the position's: `game.board`, any rules' position):
the computer's move is found by an engine (`nac.engine`) and played with `computer_move(cell)`.

Listeners run after the game's state is complete, in the order they were added. `on_game_over`
follows the `on_change` of the game's last move, exactly once per finished game, even if a listener
raised (the first exception then propagates once every listener has heard) or itself played on.
"""

from __future__ import annotations

from .checks import checked, checked_size
from .errors import GameAlreadyOver, IllegalMove, NotASquare, NotYourTurn
from .families import check_square, parse_square, square_name
from .geometry import CLASSIC_SIZE
from .keypad import KeypadLayout
from .levels import DEFAULT_LEVEL, DEFAULT_WATCH_LEVELS, ComputerTurn, Level
from .mark import Mark
from .modes import Mode
from .moves import Cell, Change, ChangeKind, Move, moves_to_undo, start_refusal
from .outcome import Outcome, resignation
from .positions import start_position
from .rules import Position, Rules
from .seats import ChangeListener, GameOverListener, NewGameListener, Seats
from .variants import Variant, checked_variant


class Game(Seats):
    """Game after game, under one rules at a time, in one of four modes.

    - `Mode.COMPUTER` (the default): the human plays X and the computer O unless told
      otherwise; the human starts each new game unless `first` says otherwise, or the human
      hands the first move to the computer with `computer_starts()`.
    - `Mode.TWO_PLAYER`: two people take turns at the same keys.
    - `Mode.WATCH`: the computer plays both sides, each at its own level (`watch_levels`).
    - `Mode.ONLINE`: two people on two machines (`human` is this one's); both sides' moves
      come through `play_cell`, as the game's server referees them, and none is taken back.

    `rules` says what is played (by default the normal game on `size`×`size`, misère if `variant`
    says so). The game keeps its history, so moves can be taken back (`undo`); a player may resign.
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
        rules: Rules | None = None,
        size: int = CLASSIC_SIZE,
        variant: Variant = Variant.NORMAL,
    ) -> None:
        super().__init__(level=level, human=human, mode=mode, watch_levels=watch_levels)
        self._rules = _rules(rules, size, variant)
        self._keypad = checked(keypad, KeypadLayout, "keypad", KeypadLayout)
        self.listen(on_change=on_change, on_game_over=on_game_over, on_new_game=on_new_game)
        first = self._human if self._mode is Mode.COMPUTER else Mark.X
        self._board: Position = start_position(self._rules, first)

    # -- settings, changeable at any time (from the computer's next move) --------------------------

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
    def board(self) -> Position:
        """The position: a `Board`, a `NotaktoBoard` or an `UltimateBoard`, as the rules say."""
        return self._board

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def size(self) -> int:
        """A board's side (each board's, in Notakto)."""
        return self._rules.size

    @property
    def variant(self) -> Variant:
        """What a line does: wins (the normal game; in Notakto, kills its board) or loses."""
        return self._rules.variant

    @property
    def uses_keypad(self) -> bool:
        """Keys 1-9 play a 3×3 board (in Notakto, the one the player is on); bigger boards
        name squares like `b3`."""
        return self._rules.uses_keypad

    def square_name(self, cell: int) -> str:
        """What the player calls a square (`families.square_name`: `5`, `b3`, `2:5`, `e5`)."""
        return square_name(cell, self._rules, self._keypad)

    def parse_square(self, name: str) -> int:
        """The cell a player names (`families.parse_square`); NotASquare otherwise."""
        return parse_square(name, self._rules, self._keypad)

    @property
    def turn(self) -> Mark:
        return self._board.to_move

    @property
    def first(self) -> Mark:
        """The mark that moved (or moves) first in this game."""
        return self._moves[0].mark if self._moves else self._board.to_move

    @property
    def outcome(self) -> Outcome | None:
        resigned = self._resigned
        return self._board.outcome if resigned is None else resignation(resigned)

    def key_for_cell(self, cell: int) -> int:
        """The key that plays `cell` (of its board) under the active keypad layout."""
        return self._keypad.key_for_cell(cell % (CLASSIC_SIZE * CLASSIC_SIZE))

    # -- what the front end does -------------------------------------------------------------------

    def play_key(self, key: int | str, board: int = 0) -> Cell:
        """A person plays the square of keypad key 1-9 (under the active layout) on a 3×3
        board (in Notakto, board number `board`, from 0)."""
        if not self.uses_keypad:
            raise NotASquare(key, "a square like b3: keys 1-9 play the 3×3 board only")
        square = self._keypad.cell_for_key(key)
        return self._human_move(self._board.cell_index(board * CLASSIC_SIZE**2 + square))

    def play_cell(self, cell: int) -> Cell:
        """A person plays the cell with this index (0..n²-1, row-major from the top-left;
        across the boards in Notakto)."""
        return self._human_move(self._board.cell_index(cell))

    def play_coordinate(self, name: str) -> Cell:
        """A person plays the square named like `b3` (column letter, row number from the top;
        in Notakto with its board, `2b3`; in Ultimate on the 9×9 grid, `e5`)."""
        return self._human_move(self.parse_square(name))

    def computer_starts(self) -> None:
        """Against the computer, on an empty board: the computer makes the first move (call
        `computer_move` next, or search `computer_turn()` in the background)."""
        refusal = self.why_computer_cannot_start()
        if refusal is not None:
            raise refusal
        self._board = start_position(self._rules, self.computer)

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
        rules: Rules | None = None,
    ) -> None:
        """Clear the board for a new game, optionally with another mark for the person, another
        mode or other rules.

        Against the computer the person starts unless `first` says otherwise; otherwise X
        starts unless `first` says otherwise.
        """
        human = self._human if human is None else checked(human, Mark, "human", Mark)
        mode = self._mode if mode is None else checked(mode, Mode, "mode", Mode)
        rules = self._rules if rules is None else checked(rules, Rules, "rules", ("a Rules",))
        if first is None:
            first = human if mode is Mode.COMPUTER else Mark.X
        checked(first, Mark, "first", Mark)
        self._human, self._mode, self._rules = human, mode, rules
        self._board = start_position(rules, first)
        self._cleared(self._board)

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
        board = start_position(self._rules, first)
        for move in self._moves:
            board = board.play(move.cell)
        self._board, size, removed = board, self.size, ChangeKind.REMOVED
        changes = [
            Change(Cell.of(move.cell, size), move.mark, move.by_computer, board, removed)
            for move in taken
        ]
        self._announce(changes, None)
        return tuple(taken)

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
        placed = Cell.of(cell, self.size)
        self._announce([Change(placed, mark, by_computer, board)], board.outcome)
        return placed


def _rules(rules: Rules | None, size: int, variant: Variant) -> Rules:
    """The rules asked for: `rules`, or the normal game (or misère) on `size`×`size`."""
    if rules is not None:
        return checked(rules, Rules, "rules", ("a Rules, like Rules.notakto(2)",))
    return Rules.of(checked_size(size), checked_variant(variant))
