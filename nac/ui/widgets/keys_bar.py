"""The footer: the keys that work now, in one line that fits the terminal.

It shows the commands of the command table that the screen's `check_action` allows now (and,
dimmed, those waiting for the computer). When the line is too long it first shortens labels,
then drops the commands of highest rank; help and quit always stay. A click runs the command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual import events

from ...present.commands import Command, footer_commands
from ...present.runs import Line, Run
from .lines import LinesWidget

GAP = "  "
PALETTE = Command((("ctrl+p", "app.command_palette"),), "^p", "", "Commands", "Cmds", rank=10)


class Shown(NamedTuple):
    command: Command
    label: str
    enabled: bool


class KeysBar(LinesWidget):
    """The footer of a screen: the commands of `commands` (the game's table by default)."""

    def __init__(self, commands: Sequence[Command] | None = None) -> None:
        super().__init__()
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
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.relayout()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.relayout()

    def relayout(self) -> None:
        self.show([self.line()])

    def available(self) -> list[tuple[Command, bool]]:
        """The footer's commands that work now, each with whether it is enabled (a command
        waiting for the computer shows, dimmed)."""
        shown = []
        for command in [*self.commands, PALETTE]:
            namespace, _, name = command.action.rpartition(".")
            action, _, _ = name.partition("(")
            target = self.app if namespace == "app" else self.screen
            allowed = target.check_action(action, ())
            if allowed is not False:
                shown.append((command, bool(allowed)))
        return shown

    def fitted(self, width: int) -> list[Shown]:
        """The commands to show in `width` columns, in table order."""
        available = self.available()
        for short in (False, True):
            kept = list(available)
            while kept:
                items = [
                    Shown(
                        command,
                        (command.short or command.label) if short else command.label,
                        enabled,
                    )
                    for command, enabled in kept
                ]
                if _width(items) <= width:
                    return items
                droppable = [item for item in kept if item[0].rank > 0]
                if not droppable or not short:
                    break
                kept.remove(max(droppable, key=lambda item: item[0].rank))
        # Even help and quit do not fit with their labels: keys only.
        return [Shown(command, "", enabled) for command, enabled in available if command.rank == 0]

    def line(self) -> Line:
        """The footer's one line: each key in its style, then its label."""
        runs: list[Run] = []
        for index, item in enumerate(self.fitted(self.size.width)):
            if index:
                runs.append((GAP, ""))
            if item.enabled:
                runs.append((item.command.shown, "key"))
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


def _entry(item: Shown) -> str:
    return f"{item.command.shown} {item.label}" if item.label else item.command.shown


def _width(items: list[Shown]) -> int:
    return sum(len(_entry(item)) for item in items) + len(GAP) * max(0, len(items) - 1)
