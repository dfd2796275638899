"""The help screen: the keys (from the command table), the modes, the levels and the rules,
from `help.md` beside this file. It scrolls with the keys and says which keypad is in use."""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib import resources

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, TableElement
from rich.table import Table
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core import Game
from ...present.commands import COMMANDS, Command, key_for
from ...present.key_tables import ONLINE_HELP, help_rows, key_table, rows_table
from ...present.names import KEYPAD_DESCRIPTIONS
from ...present.screen_commands import (
    GAMES_COMMANDS,
    HELP_COMMANDS,
    LOBBY_COMMANDS,
    ONLINE_COMMANDS,
    REVIEW_COMMANDS,
)
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar

TABLES: dict[str, Sequence[Command]] = {
    "key": COMMANDS,
    "review": REVIEW_COMMANDS,
    "games": GAMES_COMMANDS,
    "help": HELP_COMMANDS,
    "online": ONLINE_COMMANDS,
    "lobby": LOBBY_COMMANDS,
}
"""The command tables the help's text names keys from: `{key:review}` is the key of the game's
`review`, `{key:level('adaptive')}` the key of one of its actions, `{help:close:or}` the help's
closing keys as "`Escape`, `?` or `q`"."""
KEY_NAME = re.compile(rf"\{{({'|'.join(TABLES)}):([a-z_.]+(?:\('[a-z-]+'\))?)(:or)?\}}")
ONLINE_SECTION = "## Online play"
LEARNING_SECTION = "## Learning"
GAME_SECTION = "## Noughts and crosses"
"""The heading over the help's opening words where another section comes first."""


def help_text(
    game: Game,
    *,
    online: bool = False,
    first: str | None = None,
    here: tuple[str, Sequence[Command]] | None = None,
) -> str:
    """The help as Markdown, with the key tables, the keypad in use and every key named in the
    text filled in from the command tables; `online`: its section on online play first (or
    the section `first`); `here`: a screen's name and table, its keys before everything."""
    template = resources.files(__package__ or "nac.ui.screens").joinpath("help.md")
    online_rows = [(f"`{key_for('app.online')}`", ONLINE_HELP), *help_rows(ONLINE_COMMANDS)]
    text = (
        template.read_text(encoding="utf-8")
        .replace("{keys}", key_table())
        .replace("{online_keys}", rows_table(online_rows))
        .replace("{lobby_keys}", rows_table(help_rows(LOBBY_COMMANDS)))
        .replace("{keypad}", KEYPAD_DESCRIPTIONS[game.keypad])
    )
    text, _, closing = text.rstrip("\n").rpartition("\n\n")  # said last, whatever comes first
    first = ONLINE_SECTION if online else first
    if first is not None:
        title, _, rest = text.partition("\n\n")
        before, _, section = rest.partition(first)
        section, heading, after = section.partition("\n## ")
        text = f"{title}\n\n{first}{section}\n{GAME_SECTION}\n\n{before}{heading}{after}"
    if here is not None:
        name, table = here
        title, _, rest = text.partition("\n\n")
        text = f"{title}\n\n## {name}: its keys\n\n{rows_table(help_rows(table))}\n\n{rest}"
    return KEY_NAME.sub(_keys, f"{text.rstrip()}\n\n{closing}\n")


def _keys(found: re.Match[str]) -> str:
    keys = [f"`{key}`" for key in key_for(found[2], TABLES[found[1]]).split(" ")]
    if found[3] and len(keys) > 1:
        return f"{', '.join(keys[:-1])} or {keys[-1]}"
    return " ".join(keys)


class EdgelessTable(TableElement):
    """A Markdown table without the blank lines Rich draws above and below it (the help's
    headings and paragraphs are one blank line apart; the key list's were two)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in super().__rich_console__(console, options):
            if isinstance(part, Table):
                part.show_edge = False
            yield part


class HelpMarkdown(Markdown):
    elements = {**Markdown.elements, "table_open": EdgelessTable}  # noqa: RUF012


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 88;
        max-width: 100%;
        height: 1fr;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
        scrollbar-gutter: stable;
    }
    """

    AUTO_FOCUS = "VerticalScroll"
    COMMAND_TABLE = HELP_COMMANDS
    HELP_TITLE = "Help"
    BINDINGS = bindings(HELP_COMMANDS)

    def __init__(self, text: str) -> None:
        """`text`: the help's Markdown (`help_text`: the sections and keys of the screen it is
        opened from first)."""
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "Help"
            yield Static(HelpMarkdown(self.text), id="help-text")
        yield KeysBar(HELP_COMMANDS)

    async def action_scroll(self, how: str) -> None:
        """The help's box scrolls as it does by its own keys (`scroll_up`, `page_down`, ...)."""
        await self.query_one(VerticalScroll).run_action(how)

    def action_close(self) -> None:
        self.dismiss(None)
