"""The board's typed keys, for every screen where a square is chosen (the game, online play,
puzzles, drills), a plain helper the screen owns: a digit on the 3×3 keypad (`digit`), and the
`MovePrompt` mounted in the footer's place as soon as the board's squares are typed (`follow`),
opened empty (`:`) or with a column letter already typed (`b` on 4×4 and 5×5), closed however it
closes, and the footer and the board's focus given back. A key for the open prompt that reaches
the board instead (a click there took the focus) is the prompt's: Enter never plays the cursor's
square then. The squares are named as the game names them, under the rules and the keypad the
screen says (`squares`)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual import events
from textual.screen import Screen

from ..core import CLASSIC_SIZE, COLUMN_LETTERS, KeypadLayout, Rules, parse_square
from ..present.game import words
from .widgets.board import BoardWidget
from .widgets.keys_bar import KeysBar

if TYPE_CHECKING:
    from .widgets.move_prompt import MovePrompt


@dataclass(eq=False)
class SquarePrompt:
    """The square prompt of `screen`. `say` shows a sentence on the screen, `said` the one
    shown now; `squares`: the rules and the keypad the squares are named by now; `play`: a
    square named (its cell), played as the screen plays a square clicked; `moved`: where the
    command of a letter that begins a square's name went ("the board is"); `picks`: whether a
    first digit picks a board of Ultimate's grid (not on the learning screens: the cursor's
    board)."""

    screen: Screen[None]
    say: Callable[[str], None]
    said: Callable[[], str]
    squares: Callable[[], tuple[Rules, KeypadLayout]]
    play: Callable[[int], object]
    moved: Callable[[str], str | None] = lambda _letter: None
    picks: bool = True
    _widget: MovePrompt | None = field(default=None, init=False)
    """Mounted the first time it is needed: most games on 3×3 never need it."""
    said_before: str = field(default="", init=False)
    """What the panel said when the prompt opened: Escape puts it back."""

    @property
    def is_open(self) -> bool:
        return self._widget is not None and self._widget.is_open

    @property
    def ready(self) -> bool:
        """Whether it can open at once (mounted)."""
        return self._widget is not None and self._widget.is_mounted

    async def mount(self) -> None:
        if self._widget is None:
            from .widgets.move_prompt import MovePrompt  # only when first needed

            self._widget = MovePrompt(self._chosen, self.say, self._escaped)
            # In the footer's place, the whole width: the board stays where it is.
            await self.screen.mount(self._widget, before=self.screen.query_one(KeysBar))

    def follow(self) -> None:
        """The board to choose on is new: where its squares are typed (a board bigger than the
        keypad's), the prompt is mounted now, so that `:` or a letter opens it at once."""
        rules, _ = self.squares()
        if rules.size > CLASSIC_SIZE and self._widget is None:
            self.screen.call_next(self.mount)

    async def digit(self, key: int) -> None:
        """A digit of the keypad: the square it plays (`BoardWidget.digit`) played as a square
        clicked, or what it did said (a board picked first in Ultimate)."""
        board = self.screen.query_one(BoardWidget)
        found = board.digit(key, self.squares()[1], self.picks)
        if isinstance(found, str):
            self.say(found)
        elif inspect.isawaitable(played := self.play(found)):
            await played

    async def open(self, typed: str = "") -> None:
        """`:` (or a column letter's command): open it, `typed` already in it."""
        await self.mount()
        self.open_now(typed)

    def open_now(self, typed: str = "") -> None:
        """Open it (it is `ready`), `typed` already in it."""
        assert self._widget is not None
        rules, keypad = self.squares()
        typed = typed.lower()
        self.said_before = self.said()
        self._widget.open(
            words.prompt_placeholder(rules),
            lambda name: parse_square(name, rules, keypad),
            words.empty_square(rules),
            typed,
        )
        self._prompting(True)
        if typed:
            self.say(words.square_begun(rules, typed, self.moved(typed)))

    def allows(self, action: str, parameters: tuple[object, ...], playing: bool) -> bool | None:
        """For a learning screen's `check_action`: whether a key of the board runs `action` now
        (`playing`: a square may be chosen, on a board drawn whole), or None if `action` is
        not the board's."""
        rules, _ = self.squares()
        screen = self.screen
        playing = playing and (not screen.is_mounted or screen.query_one(BoardWidget).fits)
        if action == "play_key":
            return playing and rules.size == CLASSIC_SIZE
        if action in ("cursor", "cursor_to", "cursor_centre", "play_cursor"):
            return playing
        if action in ("move_prompt", "type_square"):
            letter = rules.size > CLASSIC_SIZE and self.on_board(parameters)
            return playing and not self.is_open and (action == "move_prompt" or letter)
        return None

    def on_board(self, parameters: tuple[object, ...]) -> bool:
        """Whether a `type_square` letter (its parameter) names a column of the board now: the
        footer and the help show only the letters of this board (`a-d` on 4×4)."""
        rules, _ = self.squares()
        letter = parameters[0] if parameters else None
        return not isinstance(letter, str) or letter.lower() in COLUMN_LETTERS[: rules.size]

    def took(self, key: events.Key) -> bool:
        """Whether a key that reached the screen is the prompt's: a column letter that opens
        it (where the screen lets letters begin a square's name), or a key for the open prompt
        that reached the screen instead (typed before the prompt had the focus, or after a
        click on the board took it): a character joins the name and Enter plays it, never the
        cursor's square."""
        if self.is_open and self._widget is not None:
            return self._widget.take(key)
        character = key.character if key.is_printable else None
        column = character is not None and self.on_board((character,))
        letters = column and self.ready and not self.is_open
        if letters and self.screen.check_action("type_square", ("a",)):
            self.open_now(key.key)
            return True
        return False

    def _chosen(self, cell: int) -> None:
        self._prompting(False)
        self.screen.call_next(self.play, cell)

    def _escaped(self) -> None:
        self.say(self.said_before)
        self._prompting(False)

    def close(self) -> None:
        if self._widget is not None and self._widget.is_open:
            self._widget.close()
            self._prompting(False)

    def _prompting(self, prompting: bool) -> None:
        """The prompt opened, or closed: then the footer and the board's keys come back."""
        screen = self.screen
        screen.set_class(prompting, "-prompting")
        screen.refresh_bindings()
        if not prompting:
            for board in screen.query(BoardWidget).results(BoardWidget):
                if board.display and board.region:
                    board.focus()
