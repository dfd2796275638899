"""The Textual app: a thin shell around the game screen. It holds what outlives a screen (the
match, the settings and where they are kept), the theme, and the notices about saved files;
and the conventions every screen keeps, from one place: `?` shows the screen's keys and the
help, the palette lists the screen's commands (its command table, `COMMAND_TABLE`), `q` quits from
everywhere (a local game in progress is kept for the next start; a screen with its own `quit`,
as online play's, asks first). Screens say what they need through messages (`messages`); the
app never asks which screen it has."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import UTC, datetime
from importlib import resources
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.actions import ActionParseResult, parse
from textual.app import App, SystemCommand
from textual.dom import DOMNode
from textual.driver import Driver
from textual.screen import Screen
from textual.theme import Theme
from textual.widget import Widget

from ..core import Game, Match, Position, SavedGame
from ..play import Session
from ..present.commands import Entry
from ..present.game import words
from ..present.game.pace import Pace
from ..store import Settings, Storage
from .engine_on_demand import process_engine_on_demand
from .messages import CommandRuns, LabWanted
from .screens.game import GameScreen

if TYPE_CHECKING:
    from ..engine import Engine
    from ..net.identity import Identity
    from ..net.start import OnlineStart
    from .online_doors import OnlineDoors


TEXTUAL_WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The driver a web server (textual-serve) asks for its games."""


def forgiving_driver() -> type[Driver] | None:
    """The driver that survives bytes that are not UTF-8 and takes in no more input than the
    game keeps up with (`driver`), where Textual uses its Linux one (not on Windows); Textual's
    web driver, its input bounded, for a web server's game; Textual's choice for any other
    driver asked for."""
    asked = os.environ.get("TEXTUAL_DRIVER")
    if asked == TEXTUAL_WEB_DRIVER:
        from .driver import bounded_web_driver

        return bounded_web_driver()
    if sys.platform == "win32" or asked:
        return None
    from .driver import ForgivingDriver

    return ForgivingDriver


CLOSING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals that end the game cleanly (the terminal is given back), with status 128 + signal."""
FORCED_END_SECONDS = 10.0
"""After SIGTERM or SIGHUP, how long the app has to end cleanly before it is ended by force."""


class NacApp(App[None]):
    """Noughts and crosses: against the computer, two players, or watching the computer."""

    CSS = resources.files(__package__ or "nac.ui").joinpath("app.tcss").read_text(encoding="utf-8")
    """The layout, read as package data (so the app starts from a zip or a wheel as well)."""
    TITLE = words.TITLE

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        storage: Storage | None = None,
        given: Collection[str] | None = None,
        think_seconds: float | None = None,
        engine: Engine | None = None,
        review: SavedGame | None = None,
        lab: Position | None = None,
        online: OnlineStart | None = None,
        relay: str | None = None,
        name: str | None = None,
        clock: Callable[[], datetime] | None = None,
        timer: Callable[[], float] = time.perf_counter,
    ) -> None:
        """Without `settings`, they are loaded from `storage` (which by default keeps nothing).
        `think_seconds` None: the computer pauses 0.3 s, or 0.6 s per move in watch mode.
        `engine` finds the computer's moves (by default in a search process); `clock` says
        when a finished game was played, as it is saved; `timer` times the analysis shown in
        the panel (tests give fixed ones, so pictures do not vary); `given`: the settings the
        command line asked for (see `Session`)."""
        super().__init__(driver_class=forgiving_driver())
        self.storage = storage or Storage.in_memory()
        self.session = Session(
            self.storage, settings, given=given, clock=clock or (lambda: datetime.now(UTC))
        )
        self.engine = engine or process_engine_on_demand()
        self.pace = Pace(think_seconds)
        self.timer = timer
        self.leaving = False
        """Set once the app quits: no command runs after it."""
        self.notices_shown: list[str] = []
        self.review_at_start = review
        """A game to review as the app starts (`nac --review`)."""
        self.lab_at_start = lab
        """A position for the lab as the app starts (`nac --lab POSITION`)."""
        self.online_at_start = online
        """An online game to begin as the app starts (`nac host`, `join`, `watch`, `lobby`)."""
        self.relay = relay
        """The relay whose lobby online play offers first: `nac serve`'s own, for its web
        players (None in a terminal: the player gives a server's address)."""
        self.player_name = name
        """The player's name online (an SSH player's, from their key); None: the login's."""
        self.session.after_saving(self.show_notices)

    @functools.cached_property
    def online(self) -> OnlineDoors:
        """Online play's doors, loaded the first time online play is asked for (not at start:
        the first frame comes sooner)."""
        from .online_doors import OnlineDoors

        return OnlineDoors(
            self, self.engine, self.session, self.relay, self.player_name, self._online_identity
        )

    def _online_identity(self) -> Identity | None:
        """The player's key online: the command line's (none with --guest), else their own,
        made on first online use (none for a served game's player: its door vouches)."""
        from ..net.start import player_identity

        start = self.online_at_start
        if start is not None and (start.identity is not None or start.guest):
            return start.identity
        return player_identity(None, False, self.storage.key_home, self._say_keyless)

    def _say_keyless(self, why: str) -> None:
        """The player's own key cannot be made or read (`why`): they play as a guest, and are
        told."""
        from ..present.online.words import keyless

        self.notify(keyless(why), severity="warning", timeout=10)

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def game(self) -> Game:
        return self.session.game

    @functools.cached_property
    def game_screen(self) -> GameScreen:
        return GameScreen(self.session, self.engine, self.pace, self.timer)

    def get_default_screen(self) -> GameScreen:
        return self.game_screen

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.app_resume_signal.subscribe(self, self._resumed)
        self.show_notices()
        if self.review_at_start is not None:
            from .screens.games import review_screen

            self.push_screen(review_screen(self.review_at_start, self.engine, self.game.keypad))
        if self.online_at_start is not None:
            self.online.open(self.online_at_start)
        if self.lab_at_start is not None:
            from ..core import square_name

            board, keypad = self.lab_at_start, self.game.keypad
            named = functools.partial(square_name, rules=board.rules, keypad=keypad)
            self._lab(LabWanted(board, named))

    def on_unmount(self) -> None:
        """However the app ends (`q`, ctrl+c, a signal): a local game in progress is kept."""
        self.session.keep_unfinished()
        self.engine.close()
        self._let_go_of_the_loops_signals()

    @staticmethod
    def _let_go_of_the_loops_signals() -> None:
        """The signal handlers a driver gave the event loop (the web driver's SIGINT and SIGTERM)
        go while the loop still runs: asyncio closes its wake-up pipe before it removes them, so
        a signal in between (a server hanging its game up) printed "Exception ignored when
        trying to write to the signal wakeup fd" with a traceback."""
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(number)

    def run_in_terminal(self, **run: Any) -> int:
        """Run the game in this terminal; SIGTERM and SIGHUP end it cleanly (the terminal is
        given back) with status 128 + the signal's number. Returns the exit status. `run`:
        options for `App.run` (the start-up benchmark runs it headless)."""

        closing: list[threading.Timer] = []

        def close(number: int, _frame: object) -> None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # not started yet, or ended: nothing to give back
                raise SystemExit(128 + number) from None
            if closing:  # asked again while it ends: it ends now
                os._exit(128 + number)
            # An end that does not come (a terminal gone under it, a peer that never answers)
            # never leaves the process behind: it is ended by force after a while.
            closing.append(threading.Timer(FORCED_END_SECONDS, os._exit, (128 + number,)))
            closing[0].daemon = True
            closing[0].start()
            loop.call_soon_threadsafe(self.exit, None, 128 + number)

        previous = {number: signal.signal(number, close) for number in CLOSING_SIGNALS}
        # What is loaded by now lives as long as the process: the collector need not walk it
        # again (a full collection during the first frame took ~20 ms of its ~60). The `nac`
        # command starts with the collector off (nac/__main__.py): it collects again once the
        # first frame is drawn (`_collect_again`).
        gc.freeze()
        try:
            self.run(**run)
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)
        return self.return_code or 0

    @on(events.Ready)
    def _collect_again(self) -> None:
        """The first frame is drawn: what it made is set aside too, and collecting begins."""
        gc.freeze()
        gc.enable()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Quit: from now on no command runs (a key typed right after `q` would open a screen
        on an app already taking its screens down)."""
        self.leaving = True
        super().exit(*args, **kwargs)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every command runs through here (keys, the palette, the footer): the screen on top
        is told of each one that will run (`CommandRuns`), so a question waiting for a second
        press is dropped by any other; none runs once the app is quitting."""
        if self.leaving:
            return False
        if self.screen_stack:
            namespace, name, parameters = parse(action) if isinstance(action, str) else action
            target = {"": default_namespace, "app": self, "screen": self.screen}.get(namespace)
            if (target or self).check_action(name, parameters):
                self.screen.post_message(CommandRuns(name))
        return await super().run_action(action, default_namespace, namespaces)

    async def action_quit(self) -> None:
        """Quit from any screen (`q`, ctrl+q, ctrl+c, heard before any screen's keys); a
        screen with a quit of its own (online play's asks first during this player's game)
        runs it instead. A local game in progress is kept for the next start (`on_unmount`)."""
        if not self.screen_stack or not await self.run_action("quit", self.screen):
            self.exit()

    def action_help(self) -> None:
        """`?` on a screen without a help of its own: its keys (from its table), then the
        help, the section the screen names first (`HELP_FIRST`; learning's by default)."""
        from .screens.help import LEARNING_SECTION, HelpScreen, help_text

        screen = self.screen
        table = getattr(screen, "COMMAND_TABLE", None)
        name = getattr(screen, "HELP_TITLE", "This screen")
        first = getattr(screen, "HELP_FIRST", LEARNING_SECTION)
        here = (str(name), table) if table else None
        self.push_screen(HelpScreen(help_text(self.game, first=first, here=here)))

    @on(LabWanted)
    def _lab(self, wanted: LabWanted) -> None:
        """The lab, on the position of the screen that asks: the game's board, the review's
        position at its move, the puzzle's."""
        from .screens.lab import LabScreen

        self.push_screen(LabScreen(wanted.position, wanted.square_name, timer=self.timer))

    def _resumed(self, _app: object) -> None:
        """Back from ctrl+z (`fg`): the terminal was used meanwhile, so draw everything."""
        for widget in self.screen.walk_children(Widget):
            widget.refresh()
        self.screen.refresh(layout=True)

    def action_online(self, want: str = "") -> None:
        """Online play (`o`, the palette's *Play online* entries)."""
        self.online.go(want)

    # -- notices ---------------------------------------------------------------------------------

    def show_notices(self) -> None:
        """Problems with the saved files, each said once."""
        for notice in self.storage.notices:
            if notice not in self.notices_shown:
                self.notices_shown.append(notice)
                self.notify(
                    notice, title=words.NOTICE_TITLE, severity="warning", timeout=12, markup=False
                )
                if self.screen_stack and self.game_screen.is_mounted:
                    self.game_screen.say(notice)

    def _theme_changed(self, theme: Theme) -> None:
        if theme.name != self.settings.theme:
            self.session.change(theme=theme.name)

    # -- the command palette -----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The commands of the screen on top that work now (its table's palette entries, or
        each command with a key), and the theme."""
        for system in super().get_system_commands(screen):
            if system.title == "Theme":
                yield system
        for command in getattr(screen, "COMMAND_TABLE", ()):
            plain = command.help.replace("`", "")  # the help's Markdown, said plainly
            entries = command.palette or (
                (Entry(command.label, plain, command.keys[0][1]),)
                if command.label and command.keys
                else ()
            )
            for entry in entries:
                namespace, _, name = entry.action.partition("(")[0].rpartition(".")
                target = self if namespace == "app" else screen
                if target.check_action(name, ()):
                    run = functools.partial(screen.run_action, entry.action)
                    yield SystemCommand(entry.title, entry.description, run)
