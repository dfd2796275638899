"""The saved games: the last KEEP finished games, one notation line each (see
`nac.core`'s notation), in `games.json` beside the stats, and games read from a text file for
`nac --review FILE`.

The file is `{"schema": 1, "games": ["nac1 ...", ...]}`, oldest first. It is written like the
stats (atomically, under a lock, moved aside if it is not a games file); a line that is not a
game is skipped with one notice, and left in the file until newer games push it out.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import shown
from ..core.notation import NotationError, SavedGame, format_game, parse_game
from .files import MAX_BYTES, BadFile, Data, JsonFile, Unfit, read_bytes, reason

SCHEMA = 1
FILE_NAME = "games.json"
GAMES = "games"
KEEP = 1000
"""The games kept: older ones are dropped as new ones come, so the file stays small. Watched
games go first: a watch session of hours never pushes out a game you played."""
ONLINE_KEEP = KEEP // 2
"""Online games kept at most: past them the oldest online game goes, so online play (a server
that ends a game at each move) never pushes out more than half the games played here, and the
file (an online line holds the opponent's name, escaped) stays under what is read back."""
WATCHED = " watch "
"""How a watch game's line says so (the mode, a field of its own)."""
ONLINE = " online "


class GameFileError(ValueError):
    """A file given to review that holds no game; the message says why."""


def _check(data: Data) -> None:
    games = data.get(GAMES, [])
    if not isinstance(games, list):
        raise BadFile(f"{GAMES} is not a list")
    for line in games:
        if not isinstance(line, str):
            raise BadFile(f"{shown(line)} is not a line of text")


class GameLog:
    """The saved games file (in memory only without a directory)."""

    def __init__(self, directory: Path | None, *, saving: bool = True) -> None:
        self.file = JsonFile.in_directory(
            directory, FILE_NAME, SCHEMA, check=_check, saving=saving, what="saved games file"
        )
        self._notices: list[str] = []

    def add(self, game: SavedGame) -> None:
        """Save a finished game, keeping KEEP (re-reading the file first, so other copies'
        games are kept): beyond them the oldest watched game goes, or if there is none the
        oldest game; beyond ONLINE_KEEP online games, the oldest online game."""
        line = format_game(game)

        def append(data: Data) -> Data:
            games: list[str] = data.setdefault(GAMES, [])
            games.append(line)
            online = [i for i, kept in enumerate(games) if ONLINE in kept]
            dropped = set(online[: max(len(online) - ONLINE_KEEP, 0)])
            games[:] = [kept for i, kept in enumerate(games) if i not in dropped]
            while len(games) > KEEP:
                watched = next((i for i, kept in enumerate(games) if WATCHED in kept), 0)
                del games[watched]
            return data

        self.file.update(append)

    def games(self) -> list[SavedGame]:
        """The saved games, newest first; lines that are not games are skipped, with a notice."""
        lines = self.file.read().get(GAMES, [])
        found, bad = _parsed_lines(lines)
        if bad:
            self._notice(
                f"{_count(bad, 'line')} of your saved games file {self.file.path} "
                f"{'is' if bad == 1 else 'are'} not a game and {'was' if bad == 1 else 'were'} "
                "skipped."
            )
        return found[::-1]

    def last(self) -> SavedGame | None:
        """The newest saved game, if there is one (`nac --review last`)."""
        games = self.games()
        return games[0] if games else None

    @property
    def where(self) -> str:
        """Where the games are kept, in words."""
        return self.file.where

    @property
    def notices(self) -> list[str]:
        return [*self.file.notices, *self._notices]

    def _notice(self, message: str) -> None:
        if message not in self._notices:
            self._notices.append(message)


def read_game_file(path: Path) -> SavedGame:
    """The last game in a file (`nac --review FILE`): a text file of notation lines (blank
    lines and lines starting `#` ignored) or a saved games file. The file is only read, never
    moved. GameFileError, saying why, for a missing, huge, binary or bad file."""
    text = _text_of(path)
    if text.lstrip().startswith("{"):
        return _last_saved_game(path, text)
    lines = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise GameFileError(f"{path} holds no game")
    number, line = lines[-1]
    try:
        return parse_game(line)
    except NotationError as error:
        raise GameFileError(f"line {number} of {path} is not a game: {error}") from None


def _parsed_lines(lines: list[str]) -> tuple[list[SavedGame], int]:
    """The games among `lines`, in order, and how many lines were not games."""
    found = []
    bad = 0
    for line in lines:
        try:
            found.append(parse_game(line))
        except NotationError:
            bad += 1
    return found, bad


def _last_saved_game(path: Path, text: str) -> SavedGame:
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            raise BadFile("it is not a nac saved games file")
        _check(data)
    except (ValueError, RecursionError):
        raise GameFileError(f"{path} is neither a saved games file nor a game's line") from None
    found, _ = _parsed_lines(data.get(GAMES, []))
    if not found:
        raise GameFileError(f"{path} holds no game that can be read")
    return found[-1]


def _text_of(path: Path) -> str:
    """The file's text, refusing what cannot be a file of games."""
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        raise GameFileError(f"there is no file {path}") from None
    except OSError as error:
        raise GameFileError(f"cannot read {path}: {reason(error)}") from None
    except Unfit as unfit:
        raise GameFileError(
            f"{path} is not a regular file" if unfit.size is None
            else f"{path} is {unfit.size:,} bytes: too big for saved games" if unfit.size
            else f"{path} is over {MAX_BYTES:,} bytes: too big for saved games"
        ) from None  # fmt: skip
    if b"\0" in raw:
        raise GameFileError(f"{path} is a binary file, not games in text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise GameFileError(f"{path} is not text (UTF-8)") from None


def _count(count: int, what: str) -> str:
    return f"{count} {what}" if count == 1 else f"{count} {what}s"


__all__ = ["KEEP", "GameFileError", "GameLog", "read_game_file"]
