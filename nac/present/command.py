"""The shape of a command in the command tables (`commands.py`, `screen_commands.py`): its keys,
how the footer and the help show it, and its palette entries."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    """A command palette entry: a title, a description, and the action it runs."""

    title: str
    description: str
    action: str


@dataclass(frozen=True)
class Command:
    """A command: the keys that run it, how the footer and the help show it, and its palette
    entries. `keys` pairs Textual key names with the action each runs."""

    keys: tuple[tuple[str, str], ...]
    shown: str
    """The keys as the footer and the help show them: "i a g", "1-9", "?"."""
    help: str
    label: str = ""
    """Its name in the footer ("" keeps it out of the footer)."""
    short: str = ""
    """A shorter name for a narrow footer."""
    rank: int = 99
    """When the footer is narrow, commands of higher rank go first (0 never goes)."""
    palette: tuple[Entry, ...] = field(default=())
    instead_of: str = ""
    """An action whose command the footer shows instead of this one where it works (Enter's
    Play where the digits play)."""

    @property
    def action(self) -> str:
        """The action the footer's key runs (the first key's)."""
        return self.keys[0][1]
