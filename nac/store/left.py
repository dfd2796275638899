"""The game a player left in progress when nac quit, in `unfinished.json` beside the stats: one
line of the notation, brought back at the next start (and taken out of the file then), so
quitting mid-game loses nothing and asks nothing."""

from __future__ import annotations

from pathlib import Path

from ..core import NotationError, SavedGame, format_game, parse_game
from ..core.errors import shown
from .files import BadFile, Data, JsonFile

SCHEMA = 1
FILE_NAME = "unfinished.json"
GAME = "game"
LONGEST_LINE = 4000


def _check(data: Data) -> None:
    line = data.get(GAME, "")
    if not isinstance(line, str) or len(line) > LONGEST_LINE:
        raise BadFile(f"its game is {shown(line)}, not a game's line")


class LeftGame:
    def __init__(self, directory: Path | None, *, saving: bool = True) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="unfinished game file"
        )

    def keep(self, game: SavedGame) -> None:
        """Keep `game` for the next start (over any kept before)."""
        line = format_game(game)

        def kept(data: Data) -> Data:
            data[GAME] = line
            return data

        self.file.update(kept)

    def take(self) -> SavedGame | None:
        """The game kept, taken out of the file (None if none; a line that is no game's is
        dropped with a notice)."""
        line = self.file.read().get(GAME, "")
        if not line:
            return None

        def taken(data: Data) -> Data:
            data.pop(GAME, None)
            return data

        self.file.update(taken)
        try:
            return parse_game(line)
        except NotationError as error:
            self.file.notice(f"The game left unfinished could not be brought back: {error}.")
            return None

    @property
    def notices(self) -> list[str]:
        return self.file.notices
