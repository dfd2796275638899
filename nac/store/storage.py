"""Where one player's things are kept: the settings, the stats, the saved games, the passes of
the online seats they hold, and the game left unfinished."""

from __future__ import annotations

from pathlib import Path

from ..core import FinishedGame
from .games import GameLog
from .left import LeftGame
from .passes import SeatPasses
from .paths import StorageDirs, storage_dirs
from .settings import SettingsFile
from .stats import Stats


class Storage:
    """The settings, the stats, the saved games and the seats' passes of one player."""

    def __init__(
        self,
        settings: SettingsFile,
        stats: Stats,
        games: GameLog | None = None,
        passes: SeatPasses | None = None,
        left: LeftGame | None = None,
        key_home: Path | None = None,
    ) -> None:
        """`key_home`: the directory where the player's key for online play is made on first
        online use and kept (`player_key`); None: none kept (a served game's player)."""
        self.settings = settings
        self.stats = stats
        self.games = games if games is not None else GameLog(None)
        self.passes = passes if passes is not None else SeatPasses(None)
        self.left = left if left is not None else LeftGame(None)
        """The game left in progress when nac last quit, to bring back."""
        self.key_home = key_home
        self._stats_read = False

    @classmethod
    def at(cls, dirs: StorageDirs, *, saving: bool = True) -> Storage:
        return cls(
            SettingsFile(dirs.config, saving=saving),
            Stats(dirs.data, saving=saving),
            GameLog(dirs.data, saving=saving),
            SeatPasses(dirs.data, saving=saving),
            LeftGame(dirs.data, saving=saving),
            key_home=dirs.data,
        )

    @classmethod
    def default(cls, *, saving: bool = True) -> Storage:
        """In $NAC_HOME, or the user's config and data directories."""
        return cls.at(storage_dirs(), saving=saving)

    @classmethod
    def in_memory(cls) -> Storage:
        """Nothing read, nothing written: for a session that keeps nothing."""
        return cls(SettingsFile(None), Stats(None), GameLog(None))

    def keep(self, finished: FinishedGame) -> None:
        """The one place a finished game is kept: counted in the stats and saved."""
        self.stats.record(finished.kind.key, finished.result)
        self.games.add(finished.saved)

    @property
    def notices(self) -> list[str]:
        """What was wrong with the files read so far; the stats file (small) is read the first
        time they are asked for, so a bad one is said at the start, not at a game's end."""
        if not self._stats_read:
            self._stats_read = True
            self.stats.records()
        return [
            *self.settings.notices,
            *self.stats.notices,
            *self.games.notices,
            *self.passes.notices,
            *self.left.notices,
        ]
