"""The footer: the keys that work now, in one line that fits the terminal.

It shows the commands of the command table that the screen's `check_action` allows now (and,
dimmed, those waiting for the computer), each with the keys that run it now: a key that runs
another command first is left out ("i g Level" where `a` begins a square's name), and a command
none of whose keys runs it is not shown. When the line is too long it first shortens labels,
then drops the commands of highest rank, and help says there is more; help and quit always
stay. A click runs the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual import events
from textual.actions import parse

from ...present.commands import COMMANDS, Command, footer_commands
from ...present.names import key_name
from ...present.runs import Line, Run
from .lines import LinesWidget

GAP = "  "
PALETTE = Command((("ctrl+p", "app.command_palette"),), "^p", "", "Commands", "Cmds", rank=4)
MORE = "More"
"""Help's label when the footer has left commands out: help lists them all."""


class Shown(NamedTuple):
    command: Command
    label: str
    enabled: bool
    keys: str = ""
    """The keys shown: the command's, or those of them that run it now."""

    @property
    def shown(self) -> str:
        return self.keys or self.command.shown


class KeysBar(LinesWidget):
    """The footer of a screen: the commands of `commands` (the game's table by default)."""

    def __init__(self, commands: Sequence[Command] | None = None) -> None:
        super().__init__()
        self.table = COMMANDS if commands is None else commands
        """Every command of the screen: which runs a key decides which command shows it."""
        shown = footer_commands() if commands is None else commands
        self.commands = [command for command in shown if command.label and command.keys]

    DEFAULT_CSS = """
    KeysBar {
        dock: bottom;
        height: 1;
        width: 100%;
        background: $footer-background;
        color: $footer-foreground;
    }
    KeysBar > .keys-bar--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    KeysBar > .keys-bar--disabled {
        color: $text-disabled;
    }
    """

    STYLE_PREFIX = "keys-bar"
    COMPONENT_CLASSES = {"keys-bar--key", "keys-bar--disabled"}  # noqa: RUF012

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, lambda _screen: self.relayout())
        self.relayout()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def relayout(self) -> None:
        if self.content_size.width:  # before its first layout there is nothing to fit: the
            self.show([self.line()])  # line is laid out when first drawn (`render_line`)

    def _allowed(self, action: str) -> bool | None:
        namespace, name, parameters = parse(action)
        target = self.app if namespace == "app" else self.screen
        return target.check_action(name, parameters)

    def _runs(self, key: str, action: str) -> bool:
        """Whether `key` runs `action` now: no command before it in the table takes it."""
        for command in self.table:
            for bound, other in command.keys:
                if bound == key and self._allowed(other) is not False:
                    return other == action
        return True

    def _with_palette(self) -> list[Command]:
        """The commands, the palette's key before help's (or last)."""
        actions = [command.action for command in self.commands]
        at = actions.index("help") if "help" in actions else len(actions)
        return [*self.commands[:at], PALETTE, *self.commands[at:]]

    def available(self) -> list[Shown]:
        """The footer's commands that work now, each with whether it is enabled (a command
        waiting for the computer shows, dimmed) and the keys that run it."""
        shown = []
        for command in self._with_palette():
            allowed = self._allowed(command.action)
            if allowed is False or (command.instead_of and self._allowed(command.instead_of)):
                continue
            running = [
                key
                for key, action in command.keys
                if self._runs(key, action) and self._allowed(action) is not False
            ]  # a key its screen refuses runs nothing (`e` on a 4×4 drill)
            if not running:
                continue
            names = [key_name(key) for key, _ in command.keys]
            keys = ""
            if command.shown.split(" ") == names and len(running) < len(names):
                keys = " ".join(key_name(key) for key in running)
            elif _a_range(command.shown) and len(running) < len(names):
                ends = sorted(key for key in running if len(key) == 1 and key.islower())
                keys = f"{ends[0]}-{ends[-1]}" if ends else ""
            shown.append(Shown(command, command.label, bool(allowed), keys))
        return shown

    def fitted(self, width: int) -> list[Shown]:
        """The commands to show in `width` columns, in table order; when some are left out,
        help says there is more."""
        available = self.available()
        for short in (False, True):
            kept = list(available)
            while kept:
                items = [
                    item._replace(label=(item.command.short or item.label) if short else item.label)
                    for item in kept
                ]
                if len(kept) < len(available):
                    items = [_more(item) for item in items]
                if _width(items) <= width:
                    return items
                droppable = [item for item in kept if item.command.rank > 0]
                if not droppable or not short:
                    break
                kept.remove(max(droppable, key=lambda item: item.command.rank))
        # Even help and quit do not fit with their labels: keys only.
        return [item._replace(label="") for item in available if item.command.rank == 0]

    def line(self) -> Line:
        """The footer's one line: each key in its style, then its label."""
        runs: list[Run] = []
        for index, item in enumerate(self.fitted(self.size.width)):
            if index:
                runs.append((GAP, ""))
            if item.enabled:
                runs.append((item.shown, "key"))
                if item.label:
                    runs.append((" " + item.label, ""))
            else:
                runs.append((_entry(item), "disabled"))
        return tuple(runs)

    @property
    def text(self) -> str:
        """What the footer says now."""
        return "".join(text for text, _ in self.line())

    async def on_click(self, event: events.Click) -> None:
        x = 0
        for item in self.fitted(self.size.width):
            end = x + len(_entry(item))
            if x <= event.x < end and item.enabled:
                await self.screen.run_action(item.command.action)
                return
            x = end + len(GAP)


def _a_range(shown: str) -> bool:
    """Whether the keys shown are a range of letters ("a-e")."""
    return len(shown) == 3 and shown[1] == "-" and shown[0].isalpha() and shown[2].isalpha()


def _entry(item: Shown) -> str:
    return f"{item.shown} {item.label}" if item.label else item.shown


def _more(item: Shown) -> Shown:
    """Help's entry says the footer left commands out."""
    return item._replace(label=MORE) if item.command.action == "help" else item


def _width(items: list[Shown]) -> int:
    return sum(len(_entry(item)) for item in items) + len(GAP) * max(0, len(items) - 1)
