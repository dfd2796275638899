"""The saved games: the last games played, newest first (result, date, length). Enter reviews
the game under the cursor, `c` copies its line, and a game's line pasted here is reviewed."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...core import Mark, NotationError, SavedGame, coordinate, format_game, parse_game
from ...engine import Engine
from ...present import learning_words, words
from ...present.screen_commands import CLOSE, GAMES_COMMANDS
from ...store import GameLog
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar
from ..widgets.title_bar import TitleBar
from .review import ReviewScreen

COLUMNS = ("Played (UTC)", "Board", "Mode", "X", "O", "Result", "Moves")


def row(game: SavedGame) -> tuple[Text, ...]:
    board, mode, _ = words.describe_kind(game.kind)
    return tuple(
        Text(cell)
        for cell in (
            learning_words.played_at(game),
            board,
            mode,
            learning_words.side_name(game.mode, Mark.X, game.x_player).removesuffix(" (X)"),
            learning_words.side_name(game.mode, Mark.O, game.o_player).removesuffix(" (O)"),
            learning_words.saved_result(game),
            str(len(game.moves)),
        )
    )


def review_screen(game: SavedGame, engine: Engine) -> ReviewScreen:
    """A saved game's review: squares named like `b3` on every board, as its line does."""
    return ReviewScreen(game, lambda cell: coordinate(cell, game.size), engine)


class GamesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = list(bindings(GAMES_COMMANDS))

    def __init__(self, log: GameLog, engine: Engine) -> None:
        super().__init__()
        self.games = log.games()
        self.where = log.where
        self.engine = engine

    def compose(self) -> ComposeResult:
        yield TitleBar("Saved games")
        with Vertical():
            if self.games:
                table: DataTable[Text] = DataTable(cursor_type="row", zebra_stripes=True)
                table.add_columns(*COLUMNS)
                table.add_rows([row(game) for game in self.games])
                yield table
            else:
                yield Static(learning_words.NO_GAMES_YET, markup=False)
            yield Static(learning_words.games_note(self.where), id="games-note", markup=False)
        yield KeysBar(GAMES_COMMANDS if self.games else (CLOSE,))

    def _chosen(self) -> SavedGame | None:
        tables = self.query(DataTable)
        if not self.games or not tables:
            return None
        return self.games[tables.first().cursor_row]

    def action_open(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.push_screen(review_screen(game, self.engine))

    def on_data_table_row_selected(self) -> None:
        self.action_open()

    def action_copy(self) -> None:
        game = self._chosen()
        if game is not None:
            self.app.copy_to_clipboard(format_game(game))
            self.notify(learning_words.COPIED, markup=False, timeout=3)

    def on_paste(self, event: events.Paste) -> None:
        """A game's line pasted here is reviewed; anything else is refused, saying why."""
        try:
            game = parse_game(event.text.strip())
        except NotationError as error:
            self.notify(f"{learning_words.NOT_A_GAME}: {error}", severity="warning", markup=False)
            return
        self.app.push_screen(review_screen(game, self.engine))

    def action_close(self) -> None:
        self.dismiss(None)
