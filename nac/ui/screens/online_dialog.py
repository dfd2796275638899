"""Going online from a game: host at once, or join, watch or a relay's lobby with a line typed
or pasted (a whole `nac join ...` line, or its address). Text that is no address gets the
parser's message and changes nothing. It answers with the `OnlineStart` chosen (None: back)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core import parse_time_control
from ...net.address import BadAddress, parse_address, parse_server
from ...net.protocol import BadMessage, checked_name
from ...net.start import OnlineStart
from ...present.game import words
from ...present.online import words as online_words
from ...present.screen_commands import ONLINE_DIALOG_COMMANDS
from ..bindings import bindings
from ..widgets.keys_bar import KeysBar

CHOICES = ("host", "join", "watch", "lobby", "clock")


class OnlineDialog(ModalScreen[OnlineStart | None]):
    """The ways online; `want` given, straight to its question ("invite": a join or a watch
    line, whichever is pasted; "name": the player's name, answered as the start's; "clock":
    the time control of a game hosted with one)."""

    DEFAULT_CSS = """
    OnlineDialog {
        align: center middle;
    }
    OnlineDialog > Vertical {
        width: 72;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $panel;
        padding: 0 1;
    }
    OnlineDialog OptionList {
        height: auto;
        border: none;
        padding: 0;
    }
    OnlineDialog #online-ask, OnlineDialog Input {
        display: none;
    }
    OnlineDialog.-asking #online-ask, OnlineDialog.-asking Input {
        display: block;
    }
    OnlineDialog.-asking OptionList {
        display: none;
    }
    OnlineDialog #online-ask {
        padding: 1 0 0 0;
    }
    OnlineDialog #online-note {
        height: auto;
        color: $text-warning;
    }
    """

    COMMAND_TABLE = ONLINE_DIALOG_COMMANDS
    HELP_TITLE = "Play online"
    HELP_FIRST = "## Online play"
    BINDINGS = bindings(ONLINE_DIALOG_COMMANDS)

    def __init__(self, want: str | None, name: str, relay: str | None = None) -> None:
        """`name`: the player's shown name; `relay`: where hosting and the lobby go in a
        browser tab of `nac serve` (None: hosting on this machine, a lobby's address asked)."""
        super().__init__()
        self.want = want
        self.asking = ""
        self.player = name
        self.relay = relay

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = online_words.DIALOG_TITLE
            yield OptionList(
                *(
                    Option(f"{command.shown}  {command.help}", id=want)
                    for want, command in zip(CHOICES, ONLINE_DIALOG_COMMANDS, strict=False)
                )
            )
            yield Static(id="online-ask", markup=False)
            yield Input(id="online-line")
            yield Static(id="online-note", markup=False)
        yield KeysBar(ONLINE_DIALOG_COMMANDS)

    def on_mount(self) -> None:
        if self.want is not None:
            self.action_choose(self.want)
        else:
            self.query_one(OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "choose" or not self.asking

    def action_choose(self, want: str) -> None:
        """Host at once (or the relay's lobby); else ask for the line."""
        relay = self.relay
        if want == "host":
            self.dismiss(OnlineStart("host", self.player, server=relay or ""))
        elif want == "lobby" and relay:
            self.dismiss(OnlineStart("lobby", self.player, server=relay))
        else:
            self.asking = want
            self.set_class(True, "-asking")
            self.query_one("#online-ask", Static).update(online_words.ASK[want])
            self.query_one("#online-note", Static).update("")
            line = self.query_one(Input)
            line.value = ""
            line.focus()
            self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _selected(self, selected: OptionList.OptionSelected) -> None:
        if selected.option.id is not None:
            self.action_choose(selected.option.id)

    @on(Input.Submitted)
    def _submitted(self, submitted: Input.Submitted) -> None:
        submitted.stop()
        self.action_submit()

    def action_submit(self) -> None:
        if not self.asking:
            options = self.query_one(OptionList)
            if options.highlighted is not None:
                self.action_choose(CHOICES[options.highlighted])
            return
        start, refusal = self.read(self.query_one(Input).value)
        if start is None:
            self.query_one("#online-note", Static).update(refusal)
        else:
            self.dismiss(start)

    def read(self, text: str) -> tuple[OnlineStart | None, str]:
        """The start the typed text asks for, or None and why it is no address."""
        typed = text.strip()
        if not typed:
            return None, online_words.NOTHING_TYPED
        if self.asking == "name":
            try:
                return OnlineStart("name", checked_name(typed)), ""
            except BadMessage as refusal:
                return None, words.sentence(str(refusal))
        if self.asking == "clock":
            try:
                clock = parse_time_control(typed)
            except ValueError as refusal:
                return None, words.sentence(str(refusal))
            return OnlineStart("host", self.player, server=self.relay or "", clock=clock), ""
        try:
            if self.asking == "lobby":
                return OnlineStart("lobby", self.player, server=parse_server(typed)), ""
            address = parse_address(typed)
        except BadAddress as refusal:
            return None, words.sentence(str(refusal))
        said = typed.split()
        want = said[1] if len(said) == 3 and said[1] in ("join", "watch") else self.asking
        want = "join" if want == "invite" else want
        return OnlineStart(want, self.player, address=address), ""

    def action_close(self) -> None:
        if self.asking and self.want is None:
            self.asking = ""
            self.set_class(False, "-asking")
            self.query_one("#online-note", Static).update("")
            self.query_one(OptionList).focus()
            self.refresh_bindings()
            return
        self.dismiss(None)
