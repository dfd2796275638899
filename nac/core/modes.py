"""Who plays: one person against the computer, two people at one keyboard, the computer against
itself, or two people on two machines (online)."""

from __future__ import annotations

from enum import Enum

from .choices import parse_choice


class Mode(Enum):
    """Who plays: one person against the computer, two people at one keyboard, the computer
    against itself, or (`ONLINE`) this person against another one elsewhere. The first three
    are the local modes a player switches between; an online game is begun by `nac host`,
    `join` or `watch`, never by a switch."""

    COMPUTER = "computer"
    TWO_PLAYER = "two-player"
    WATCH = "watch"
    ONLINE = "online"

    @property
    def label(self) -> str:
        return _MODE_LABELS[self]

    @property
    def is_local(self) -> bool:
        return self is not Mode.ONLINE

    @property
    def next(self) -> Mode:
        """The next local mode (the switch's order); an online game's next is the first."""
        if self not in LOCAL_MODES:
            return LOCAL_MODES[0]
        return LOCAL_MODES[(LOCAL_MODES.index(self) + 1) % len(LOCAL_MODES)]

    @classmethod
    def parse(cls, text: str) -> Mode:
        """A mode from its name in any case ("Watch", "two-player"); ValueError otherwise."""
        return parse_choice(cls, text, "a mode")

    @classmethod
    def parse_local(cls, text: str) -> Mode:
        """A local mode from its name, as a setting or an option gives it; ValueError for
        anything else, online play included (it begins with `nac host`, `join` or `watch`)."""
        try:
            mode = parse_choice(cls, text, "a mode")
        except ValueError:
            mode = None
        if mode is None or not mode.is_local:
            names = ", ".join(mode.value for mode in LOCAL_MODES)
            raise ValueError(
                f"{text!r} is not a mode: use one of {names} (online play begins with nac host, "
                "nac join or nac watch)"
            )
        return mode


LOCAL_MODES = (Mode.COMPUTER, Mode.TWO_PLAYER, Mode.WATCH)
_MODE_LABELS = {
    Mode.COMPUTER: "Vs computer",
    Mode.TWO_PLAYER: "Two players",
    Mode.WATCH: "Watch",
    Mode.ONLINE: "Online",
}
