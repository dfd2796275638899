"""Typed squares, for every screen where a square is chosen (the game, online play, puzzles,
drills), a plain helper the screen owns: the `MovePrompt` mounted in the footer's place as soon
as the board's squares are typed (`follow`), opened empty (`:`) or with a column letter already
typed (`b` on 4×4 and 5×5), closed however it closes, and the footer and the board's focus given
back. A key for the open prompt that reaches the board instead (a click there took the focus)
is the prompt's: Enter never plays the cursor's square then. The squares are named as the game
names them, under the rules and the keypad the screen says (`squares`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.screen import Screen

from ..core import CLASSIC_SIZE, COLUMN_LETTERS, KeypadLayout, Rules, parse_square
from ..present.game import words
from .widgets.board import BoardWidget
from .widgets.keys_bar import KeysBar

if TYPE_CHECKING:
    from .widgets.move_prompt import MovePrompt


class SquarePrompt:
    def __init__(
        self,
        screen: Screen[None],
        say: Callable[[str], None],
        squares: Callable[[], tuple[Rules, KeypadLayout]],
        play: Callable[[int], object],
        moved: Callable[[str], str | None] = lambda _letter: None,
    ) -> None:
        """`say` shows a sentence on the screen; `squares`: the rules and the keypad the
        squares are named by now; `play`: a square named (its cell), played as the screen
        plays a square clicked; `moved`: where the command of a letter that begins a square's
        name went ("the board is")."""
        self._screen = screen
        self._say = say
        self._squares = squares
        self._play = play
        self._moved = moved
        self._widget: MovePrompt | None = None
        """Mounted the first time it is needed: most games on 3×3 never need it."""
        self.said_before = ""
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

            self._widget = MovePrompt(self._chosen, self._say, self._escaped)
            # In the footer's place, the whole width: the board stays where it is.
            await self._screen.mount(self._widget, before=self._screen.query_one(KeysBar))

    def follow(self) -> None:
        """The board to choose on is new: where its squares are typed (a board bigger than the
        keypad's), the prompt is mounted now, so that `:` or a letter opens it at once."""
        rules, _ = self._squares()
        if rules.size > CLASSIC_SIZE and self._widget is None:
            self._screen.call_next(self.mount)

    async def open(self, said: str, typed: str = "") -> None:
        await self.mount()
        self.open_now(said, typed)

    def open_now(self, said: str, typed: str = "") -> None:
        """Open it (it is `ready`), `typed` already in it."""
        assert self._widget is not None
        rules, keypad = self._squares()
        self.said_before = said
        self._widget.open(
            words.prompt_placeholder(rules),
            lambda name: parse_square(name, rules, keypad),
            words.empty_square(rules),
            typed,
        )
        self._prompting(True)
        if typed:
            self._say(words.square_begun(rules, typed, self._moved(typed)))

    def on_board(self, parameters: tuple[object, ...]) -> bool:
        """Whether a `type_square` letter (its parameter) names a column of the board now: the
        footer and the help show only the letters of this board (`a-d` on 4×4)."""
        rules, _ = self._squares()
        letter = parameters[0] if parameters else None
        return not isinstance(letter, str) or letter.lower() in COLUMN_LETTERS[: rules.size]

    def took(self, key: events.Key, said: str, letters: bool) -> bool:
        """Whether a key that reached the screen is the prompt's: a column letter that opens
        it (where `letters` begin a square's name), or a key for the open prompt that reached
        the screen instead (typed before the prompt had the focus, or after a click on the
        board took it): a character joins the name and Enter plays it, never the cursor's
        square."""
        if self.is_open and self._widget is not None:
            return self._widget.take(key)
        character = key.character if key.is_printable else None
        rules, _ = self._squares()
        column = character is not None and character.lower() in COLUMN_LETTERS[: rules.size]
        if letters and column and self.ready and not self.is_open:
            self.open_now(said, key.key.lower())
            return True
        return False

    def _chosen(self, cell: int) -> None:
        self.closed()
        self._screen.call_next(self._play, cell)

    def _escaped(self) -> None:
        self._say(self.said_before)
        self.closed()

    def close(self) -> None:
        if self._widget is not None and self._widget.is_open:
            self._widget.close()
            self.closed()

    def closed(self) -> None:
        """The prompt closed: the footer and the board's keys come back."""
        self._prompting(False)

    def _prompting(self, prompting: bool) -> None:
        screen = self._screen
        screen.set_class(prompting, "-prompting")
        screen.refresh_bindings()
        if not prompting:
            for board in screen.query(BoardWidget).results(BoardWidget):
                if board.display and board.region:
                    board.focus()
