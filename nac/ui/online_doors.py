"""The doors to online play, a plain helper the app owns: the online screen or a relay's lobby
for what was asked (the command line's `nac host`/`join`/`watch`/`lobby`, the palette's
*Play online* entries, `o`, the lobby's choices), the dialog that asks for a line first, and
`nac host`'s server started in the app (on any free port when the default one is taken).
Each screen's module is loaded when first opened, so the app starts as fast as before."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core import Rules
from ..engine import Engine
from ..net.address import DEFAULT_PORT
from ..net.protocol import DEFAULT_NAME
from ..net.start import OnlineStart, begin, default_name
from ..present.online import words as online_words

if TYPE_CHECKING:
    from textual.app import App

    from ..net.identity import Identity
    from ..net.play import OnlinePlay, Passes
    from ..net.table import Keep
    from ..play import Session


class OnlineDoors:
    def __init__(
        self,
        app: App[Any],
        engine: Engine,
        session: Session,
        relay: str | None,
        name: str | None = None,
        identity: Callable[[], Identity | None] = lambda: None,
    ) -> None:
        """`session`: the player's (finished games are kept by it, as a local one; the digits'
        layout; the rules on the board, which a game hosted from the app is played by; where
        the seats' tokens are kept between runs); `relay`: `nac serve`'s own address in a
        browser tab (hosting and the lobby go there); `name`: the player's name, if the server
        knows it (an SSH player's); `identity`: the player's key, for every game begun here
        (`net.start.player_identity`: made on first online use)."""
        self._identity = identity
        self._app = app
        self._engine = engine
        self._session = session
        self.relay = relay
        self.name = name or (default_name() if relay is None else DEFAULT_NAME)
        """The name others see, for games begun from the app (the command line's `--name`
        otherwise)."""

    @property
    def _rules(self) -> Rules:
        return self._session.game.rules

    def go(self, want: str = "") -> None:
        """`o` and the palette: in a browser tab of a relay, its lobby (or a game hosted
        there); else the dialog, at its question for `want` (hosting needs none). A game
        hosted is played by the rules on the board."""
        relay, rules = self.relay, self._rules
        if relay is not None and want in ("", "lobby", "host"):
            self.open(OnlineStart(want or "lobby", self.name, server=relay, rules=rules))
        elif want == "host":
            self.open(OnlineStart("host", self.name, rules=rules))
        else:
            self.ask(want or None)

    def ask(self, want: str | None) -> None:
        from .screens.online_dialog import OnlineDialog

        def chosen(start: OnlineStart | None) -> None:
            if start is not None:
                self.open(replace(start, rules=self._rules) if start.want == "host" else start)

        self._app.push_screen(OnlineDialog(want, self.name, self.relay), chosen)

    def open(self, start: OnlineStart) -> None:
        """The lobby, or the online screen, over the screen shown now. A game hosted from
        the lobby is played by the rules on the board (`nac lobby` names none). Every door
        plays by the player's one key (but a guest's game)."""
        if start.identity is None and not start.guest:
            from ..net.identity import BadKey

            try:
                start = replace(start, identity=self._identity())
            except BadKey as refusal:
                self._app.notify(str(refusal), severity="error")
                return
        if start.want == "lobby":
            from .screens.lobby import LobbyScreen

            self._app.push_screen(LobbyScreen(replace(start, rules=self._rules), self.open))
            return
        from .screens.online import OnlineScreen

        self._app.push_screen(
            OnlineScreen(
                opening(start, self._session.storage.passes),
                engine=self._engine,
                keep=self._session.keep,
                keypad=self._session.settings.keypad,
            )
        )


def opening(start: OnlineStart, passes: Passes | None = None) -> Callable[..., Any]:
    """How the online screen begins `start`: for `nac host`, its server listening first; on
    the default port, if that is taken, on any free one (said so); else why it cannot host."""

    async def begun(
        on_change: Callable[[], object], keep: Keep | None
    ) -> tuple[OnlinePlay | None, str]:
        try:
            return await begin(start, on_change=on_change, keep=keep, passes=passes), ""
        except OSError as error:
            why = error.strerror or str(error)
            if start.port != DEFAULT_PORT:
                return None, online_words.cannot_host(f"{start.bind}:{start.port}", why)
        try:
            play = await begin(replace(start, port=0), on_change=on_change, keep=keep)
        except OSError as error:
            return None, online_words.cannot_host(start.bind, error.strerror or str(error))
        port = play.server.port if play.server is not None else 0
        return play, online_words.port_taken(start.port, port)

    return begun
