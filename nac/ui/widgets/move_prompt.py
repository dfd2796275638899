"""The move prompt: `:` opens it in the footer's place; a square's name like `b3` and Enter
chooses that square, a name that is no square is refused, Escape closes it (each told to its
owner, `SquarePrompt`)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import Input

from ...core import IllegalMove
from ...present.game import words
from ...present.screen_commands import PROMPT_KEYS
from ..bindings import bindings

SQUARE_CHARACTERS = r"[A-Za-z0-9 ]*|[0-9]:[A-Za-z0-9]*"
"""What a square's name may hold: letters, digits, spaces, and a `:` after a board's number
(`5:5` in Ultimate and Notakto); another `:` (or any other character) is not typed."""
OWN_KEYS = {"enter": "submit", "escape": "close", "backspace": "delete_left"}
"""The prompt's keys that must never reach the board (Enter there plays the cursor's square)."""


class MovePrompt(Input):
    """A one-line input for a square's name."""

    DEFAULT_CSS = """
    MovePrompt {
        height: 1;
        border: none;
        padding: 0 1;
        display: none;
        background: $boost;
    }
    MovePrompt:focus {
        border: none;
    }
    MovePrompt.-open {
        display: block;
    }
    """

    BINDINGS = bindings([command for command in PROMPT_KEYS if command.action == "close"])

    def __init__(
        self,
        chosen: Callable[[int], object],
        refused: Callable[[str], object],
        closed: Callable[[], object],
    ) -> None:
        """`chosen` hears the cell of a square named, `refused` why what was typed names no
        square (or nothing), `closed` that Escape closed it without a move."""
        super().__init__(restrict=SQUARE_CHARACTERS, select_on_focus=False)
        self._on_chosen, self._on_refused, self._on_escape = chosen, refused, closed
        self.can_focus = False
        self._parse: Callable[[str], int] = int
        self._empty = ""

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open(
        self, placeholder: str, parse: Callable[[str], int], empty: str, typed: str = ""
    ) -> None:
        """Open, holding `typed`, for a square that `parse` turns into a cell (IllegalMove if
        none); `empty` is said when Enter comes with nothing typed."""
        self.placeholder = placeholder
        self._parse = parse
        self._empty = empty
        self.value = typed
        self.action_end()
        self.can_focus = True
        self.add_class("-open")
        # At once, not later as `focus()` does: keys typed with the `:` (fast typing, a paste)
        # are already queued, and must reach the prompt, not the board's commands.
        self.screen.set_focus(self)

    def take(self, key: events.Key) -> bool:
        """A key that reached the screen while the prompt is open, the focus elsewhere (a click
        on the board took it, or a focus asked for before the prompt opened): the focus comes
        back here, and a character or the prompt's own key does its work here. Whether it was
        the prompt's."""
        self.screen.set_focus(self)
        if key.is_printable and key.character:
            self.insert_text_at_cursor(key.character)
            return True
        action = OWN_KEYS.get(key.key)
        if action is not None:
            self.call_next(self.run_action, action)
        return action is not None

    def close(self) -> None:
        self.remove_class("-open")
        self.blur()
        self.can_focus = False

    def action_close(self) -> None:
        self.close()
        self._on_escape()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self._on_refused(self._empty)
            return
        try:
            cell = self._parse(text)
        except IllegalMove as refusal:
            self.value = ""
            self.app.bell()
            self._on_refused(words.sentence(str(refusal)))
            return
        self.close()
        self._on_chosen(cell)
