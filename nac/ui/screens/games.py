"""The saved games: the last games played, newest first, the result first of all (on a narrow
terminal the columns on the right give way). `f` shows your games, the watched ones or all;
Enter reviews the game under the cursor, `c` copies its line, and a game's line pasted here is
reviewed. What it says goes in its note, never in a toast that would outlive the screen."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...core import (
    KeypadLayout,
    NotationError,
    SavedGame,
    format_game,
    parse_game,
    square_name as named,
)
from ...engine import Engine
from ...present.game import words
from ...present.learning import words as learning_words
from ...present.learning.words import GAME_FILTERS
from ...present.screen_commands import GAMES_COMMANDS
from ...store import GameLog
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.title_bar import TitleBar
from .review import ReviewScreen

COLUMNS = ("Result", "Board", *learning_words.PLAYER_COLUMNS, "Moves", "Played (UTC)", "Mode")
KEPT = 4
"""Where the terminal is narrow the columns go from the last, but never these first four."""
CELL_PADDING = 2


def columns_that_fit(rows: list[tuple[Text, ...]], width: int) -> list[int]:
    """The widths of the columns (the first of COLUMNS) that fit `width` whole, KEPT at
    least: a column is cut nowhere, and no scrollbar hides the rest."""
    widths = [
        max(cell_len(text) for text in (label, *(str(cells[index]) for cells in rows)))
        for index, label in enumerate(COLUMNS)
    ]
    count = len(COLUMNS)
    while count > KEPT and sum(widths[:count]) + CELL_PADDING * count > width:
        count -= 1
    return widths[:count]


def row(game: SavedGame) -> tuple[Text, ...]:
    board, mode, _ = words.describe_kind(game.kind)
    return tuple(
        Text(cell)
        for cell in (
            learning_words.saved_result(game),
            board,
            *learning_words.players_by_turn(game),
            str(len(game.moves)),
            learning_words.played_at(game),
            mode,
        )
    )


def review_screen(game: SavedGame, engine: Engine, keypad: KeypadLayout) -> ReviewScreen:
    """A saved game's review, its squares named as the game names them now: the keys 1-9 of
    `keypad` on 3×3, like `b3` on the bigger boards, board and key on small boards (`2:5`)."""
    return ReviewScreen(game, lambda cell: named(cell, game.rules, keypad), engine)


class GamesScreen(Screen[None]):
    COMMAND_TABLE = GAMES_COMMANDS
    HELP_TITLE = "Saved games"
    BINDINGS = bindings(GAMES_COMMANDS)

    shown: var[str] = var(next(iter(GAME_FILTERS)), init=False)
    """Which games the list shows (a key of GAME_FILTERS)."""
    said: var[str] = var("", init=False)

    def __init__(self, log: GameLog, engine: Engine, keypad: KeypadLayout) -> None:
        super().__init__()
        self.all_games = log.games()
        self.games = self.all_games
        self.where = log.where
        self.engine = engine
        self.keypad = keypad

    def compose(self) -> ComposeResult:
        yield TitleBar("Saved games")
        with Vertical():
            if self.all_games:
                yield DataTable(cursor_type="row", zebra_stripes=True)
            else:
                yield Static(learning_words.NO_GAMES_YET, markup=False)
            yield Static(id="games-note", markup=False)
        yield KeysBar(GAMES_COMMANDS)  # with no game, check_action leaves out what needs one

    def on_mount(self) -> None:
        self.watch_shown()

    def watch_shown(self) -> None:
        self.games = [game for game in self.all_games if GAME_FILTERS[self.shown](game)]
        self._lay_out(self.size.width)
        self.said = ""
        self.watch_said()

    def on_resize(self, event: events.Resize) -> None:
        self._lay_out(event.size.width)

    def _lay_out(self, width: int) -> None:
        """The table with the columns that fit the width whole (the first ones kept)."""
        rows = [row(game) for game in self.games]
        widths = columns_that_fit(rows, width - 2 if width else 1000)
        for table in self.query(DataTable).results(DataTable):
            cursor = table.cursor_row
            table.clear(columns=True)
            for label, wide in zip(COLUMNS, widths, strict=False):
                table.add_column(label, width=wide)
            table.add_rows([cells[: len(widths)] for cells in rows])
            if rows:
                table.move_cursor(row=min(cursor, len(rows) - 1))

    def watch_said(self) -> None:
        note = learning_words.games_note(
            self.where, self.shown, len(self.games), len(self.all_games)
        )
        self.query_one("#games-note", Static).update(f"{self.said}\n{note}" if self.said else note)

    def _chosen(self) -> SavedGame | None:
        tables = self.query(DataTable)
        if not self.games or not tables:
            return None
        return self.games[tables.first().cursor_row]

    def action_open(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.push_screen(review_screen(game, self.engine, self.keypad))

    def on_data_table_row_selected(self) -> None:
        self.action_open()

    def action_copy(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.copy_to_clipboard(format_game(game))
            self.said = learning_words.COPIED

    def action_filter(self) -> None:
        filters = list(GAME_FILTERS)
        self.shown = filters[(filters.index(self.shown) + 1) % len(filters)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.all_games) or action not in ("filter", "copy", "open")

    def on_paste(self, event: events.Paste) -> None:
        """A game's line pasted here is reviewed; anything else is refused, saying why."""
        try:
            game = parse_game(event.text.strip())
        except NotationError as error:
            self.said = learning_words.not_a_game(str(error))
            return
        self.app.push_screen(review_screen(game, self.engine, self.keypad))

    def action_close(self) -> None:
        self.dismiss(None)
