"""The game a player has in progress, in `unfinished.json` beside the stats: one line of the
notation, written (atomically, not fsynced: a move waits for no disk) after every move, undo
and new game, and cleared once the game is finished and kept; brought back at the next start.
So quitting mid-game loses nothing and asks nothing, and a crash or a kill of nac loses at most
the move being made."""

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
            directory,
            FILE_NAME,
            SCHEMA,
            check=_check,
            saving=saving,
            what="unfinished game file",
            durable=False,  # written after every move: see `files`
        )

    def keep(self, game: SavedGame) -> None:
        """Keep `game` for the next start (over any kept before)."""
        line = format_game(game)

        def kept(data: Data) -> Data:
            data[GAME] = line
            return data

        self.file.update(kept)

    def clear(self) -> None:
        """No game is in progress any more: none is brought back."""

        def cleared(data: Data) -> Data:
            data.pop(GAME, None)
            return data

        self.file.update(cleared)

    def kept(self) -> SavedGame | None:
        """The game kept, left in the file (None if none; a line that is no game's is cleared
        with a notice)."""
        line = self.file.read().get(GAME, "")
        if not line:
            return None
        try:
            return parse_game(line)
        except NotationError as error:
            self.file.notice(f"The game left unfinished could not be brought back: {error}.")
            self.clear()
            return None

    @property
    def notices(self) -> list[str]:
        return self.file.notices
