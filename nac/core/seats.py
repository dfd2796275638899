"""What a game of two seats has whatever its rules: who plays each seat (the mode, the person's
mark, the computer's levels), the history of moves, resigning, the listeners and how they are
told. `Game` builds on it with the position."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

from .checks import checked, checked_listener
from .errors import IllegalMove
from .levels import Level, checked_pair
from .listeners import tell
from .mark import Mark
from .modes import Mode
from .moves import Change, Move, moves_to_undo, resigner
from .outcome import Outcome, resignation

if TYPE_CHECKING:
    from .rules import Position

GameOverListener = Callable[[Outcome], object]
ChangeListener = Callable[[Change], object]
NewGameListener = Callable[["Position"], object]


class Seats(ABC):
    """Two seats, X and O: the person's (`human`) against the computer, two people, or the
    computer on both (watch mode), each computer seat at its level."""

    def __init__(
        self, *, level: Level, human: Mark, mode: Mode, watch_levels: tuple[Level, Level]
    ) -> None:
        self._human = checked(human, Mark, "human", Mark)
        self._mode = checked(mode, Mode, "mode", Mode)
        self._level = checked(level, Level, "level", Level)
        self._watch_levels = checked_pair(watch_levels)
        self._on_change: list[ChangeListener] = []
        self._on_game_over: list[GameOverListener] = []
        self._on_new_game: list[NewGameListener] = []
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
        """Add listeners (see the game's module docstring)."""
        if on_change is not None:
            self._on_change.append(checked_listener(on_change, "on_change"))
        if on_game_over is not None:
            self._on_game_over.append(checked_listener(on_game_over, "on_game_over"))
        if on_new_game is not None:
            self._on_new_game.append(checked_listener(on_new_game, "on_new_game"))

    # -- settings, changeable at any time (from the computer's next move) ------------------------

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

    # -- who plays -------------------------------------------------------------------------------

    @property
    @abstractmethod
    def turn(self) -> Mark:
        """The seat to move next (still the loser's turn-to-be once the game is over)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended (a resignation: the other side won, with no line), or None."""

    @property
    def mode(self) -> Mode:
        return self._mode

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
    def resigned(self) -> Mark | None:
        """The side that resigned this game, if one did."""
        return self._resigned

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        return self._moves[-1] if self._moves else None

    # -- resigning and taking back ---------------------------------------------------------------

    def resign(self, mark: Mark | None = None) -> Outcome:
        """`mark` resigns the game in progress (who may: `moves.resigner`) and the other side
        wins; the game's end is reported as any other."""
        found = self._resigner(mark)
        if isinstance(found, IllegalMove):
            raise found
        self._resigned = found
        outcome = resignation(found)
        self._announce([], outcome)
        return outcome

    def why_no_resign(self, mark: Mark | None = None) -> IllegalMove | None:
        """What `resign` would raise now, or None if `mark` may resign."""
        found = self._resigner(mark)
        return found if isinstance(found, IllegalMove) else None

    def _resigner(self, mark: Mark | None) -> Mark | IllegalMove:
        mark = None if mark is None else checked(mark, Mark, "mark", Mark)
        return resigner(self._mode, self._human, self.turn, self.is_over, mark)

    def why_no_undo(self) -> IllegalMove | None:
        """What `undo` would raise now, or None if there is a move to take back."""
        taken = moves_to_undo(self._moves, self._mode, self.is_over)
        return taken if isinstance(taken, IllegalMove) else None

    def _cleared(self, cleared: Position) -> None:
        """A new game: no moves, nobody resigned, and the listeners told."""
        self._moves.clear()
        self._resigned = None
        self._game_number += 1
        tell(self._on_new_game, cleared)

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
