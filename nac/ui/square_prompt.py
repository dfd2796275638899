"""The move prompt on the game screen, a plain helper the screen owns: the `MovePrompt` mounted
in the footer's place when first needed (at once on the boards whose squares are typed), opened
empty (`:`) or with a column letter already typed (`b` on 4×4 and 5×5), closed however it
closes, and the footer and the board's focus given back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.screen import Screen

from ..core import Game
from ..present.game import words
from ..present.game.board_keys import SQUARE_LETTER_KEYS
from .widgets.board import BoardWidget
from .widgets.keys_bar import KeysBar

if TYPE_CHECKING:
    from .widgets.move_prompt import MovePrompt


class SquarePrompt:
    def __init__(self, screen: Screen[None], say: Callable[[str], None]) -> None:
        self._screen = screen
        self._say = say
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

            self._widget = MovePrompt()
            # In the footer's place, the whole width: the board stays where it is.
            await self._screen.mount(self._widget, before=self._screen.query_one(KeysBar))

    async def open(self, game: Game, said: str, typed: str = "") -> None:
        await self.mount()
        self.open_now(game, said, typed)

    def open_now(self, game: Game, said: str, typed: str = "") -> None:
        """Open it (it is `ready`) for a square of `game`, `typed` already in it."""
        assert self._widget is not None
        self.said_before = said
        self._widget.open(
            words.prompt_placeholder(game), game.parse_square, words.empty_square(game), typed
        )
        self._prompting(True)
        if typed:
            self._say(words.square_begun(game, typed))

    def took(self, key: events.Key, game: Game, said: str, letters: bool) -> bool:
        """Whether a key that reached the screen is the prompt's: a column letter that opens
        it (where `letters` begin a square's name), or what was typed before the prompt had
        the focus (the open prompt keeps its own keys: any other reaching the screen was on
        its way before the prompt opened)."""
        character = key.character if key.is_printable else None
        if self.is_open and character and self._widget is not None:
            self._widget.insert_text_at_cursor(character)
            return True
        if letters and character in SQUARE_LETTER_KEYS and self.ready and not self.is_open:
            self.open_now(game, said, key.key.lower())
            return True
        return False

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
