"""Online play in plain text (`nac host --plain`, `nac join ADDRESS --plain`, `nac watch
ADDRESS --plain`, `nac lobby SERVER --plain`, `nac match SERVER --plain`): what happens is
printed as it happens (the invite lines as they are, a search, each move, drops and returns,
the result), and moves are typed as lines, read on a thread of their own so the game goes on
while the player types."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TextIO

from ..core import Game, IllegalMove, Mark, Position
from ..engine import MoveValue, analyse
from ..net.address import Address
from ..net.play import OnlinePlay
from ..net.start import OnlineStart, begin
from ..net.table import Table
from ..play import Confirm
from ..present.commands import key_for
from ..present.game import words
from ..present.game.views import analysis_notes
from ..present.names import ended
from ..present.online import words as online_words
from ..present.plain_text import encodable
from ..present.screen_commands import ONLINE_COMMANDS
from ..store import Storage
from .console import INTERRUPTED, board_text
from .lines import line_reader, say_to

QUIT_WORDS = ("q", "quit", "exit")


class PlainOnline:
    """Prints what changed at each message; runs what each typed line says."""

    def __init__(
        self, stdout: TextIO, relay: str = "", notices: Callable[[], list[str]] = list
    ) -> None:
        """`relay`: the relay hosted on (`nac host --relay`), for the way to host again;
        `notices`: what the player's files have to say (a result that could not be saved),
        each said once, after what happened (those said before play began are not said
        again)."""
        self.stdout = stdout
        self.relay = relay
        self.notices = notices
        self._notices_said = set(notices())
        self.left = False
        """Whether the player typed their way out (the closed connection is then theirs)."""
        self.play: OnlinePlay | None = None
        self._said: dict[str, object] = {}
        self._moves_said = 0
        self._game_said = 0
        self.questions = Confirm()
        """The command asked about ("resign", "quit"), waiting for its second typing."""
        self._away: set[Mark] = set()
        """The players seen to lose the connection, not yet back."""
        self._analysis = False
        """A watcher's analysis: printed after each move while on."""
        self._analysing: set[asyncio.Future[None]] = set()
        self.done = asyncio.Event()
        self.welcomed = asyncio.Event()
        """Set once the server has let this client in."""

    def say(self, text: str = "") -> None:
        say_to(self.stdout, text)

    def _once(self, what: str, value: object) -> bool:
        """Whether `value` is new for `what` (then it is remembered)."""
        if self._said.get(what) == value:
            return False
        self._said[what] = value
        return True

    # -- what the server tells -------------------------------------------------------------------

    def changed(self) -> None:
        self._tell()
        for notice in self.notices():
            if notice not in self._notices_said:
                self._notices_said.add(notice)
                self.say(notice)

    def _tell(self) -> None:
        play = self.play
        if play is None or (self.left and play.table.link == "closed"):
            return
        table = play.table
        now = time.monotonic()
        if table.role:
            self.welcomed.set()
        if table.role == "lobby":
            self._lobby(table)
            return
        if table.error:
            if self._once("error", table.error):
                self.say(online_words.status(table, now))
                if table.invite_expired:
                    self.say(online_words.host_again_plain(self.relay) + ".")
            self.done.set()
            return
        link = table.link
        if self._once("link", link) and link in ("lost", "moving", "open") and table.room:
            self.say(online_words.status(table, now))
        if table.refusal and self._once("refusal", table.refusal):
            self.say(online_words.refused(table.refusal))
        room = table.room
        search = table.search
        if room is None and search is not None and self._once("search", search.range):
            self.say(online_words.searching(search, now))
            if self._once("help", table.role):
                self.say(help_line(table))
        if room is None:
            return
        if room.invite is not None and self._once("invite", room.invite.join):
            self.say("\n".join(online_words.invite_lines(room.invite, now, keys=False)))
        if self._once("players", tuple(room.names.items())):
            self.say(online_words.roster(table))
        if self._once("rules", room.rules) and words.rules_words(room.rules):
            self.say(words.rules_words(room.rules))
        if self._once("help", table.role):  # once: what this side may type
            self.say(help_line(table))
        for mark in Mark:
            if room.online[mark] and mark in self._away:
                self._away.discard(mark)
                self.say(online_words.is_back(table, mark))
            elif not room.online[mark] and room.names[mark] and not room.abandoned:
                self._away.add(mark)
        game = table.game
        if room.number != self._game_said:
            if self._game_said:  # a rematch: its number, and the board afresh
                self.say(online_words.game_header(table) + ".")
                self.say(board_text(game))
            self._game_said, self._moves_said = room.number, 0
        for number, move in enumerate(game.moves[self._moves_said :], self._moves_said + 1):
            name = online_words.who(table, move.mark)
            self.say(f"{number}. {name} ({move.mark}) played {game.square_name(move.cell)}.")
        new_moves = len(game.moves) != self._moves_said
        self._moves_said = len(game.moves)
        status = online_words.status(table, now)
        if self._once("status", (room.number, status)):
            if new_moves or game.is_over:
                self.say(board_text(game))
            self.say(status if status.endswith(")") else ended(status))
            self._say_clocks()
            if game.is_over or room.abandoned:
                self.say(online_words.score(table) + ".")
            if new_moves and self._analysis:
                self.analyse()
        after = online_words.rematch(table)
        if after and self._once("rematch", (room.number, after)):
            self.say(after)

    def _lobby(self, table: Table) -> None:
        lobby = table.lobby
        if lobby is None or not self._once("lobby", lobby):
            return
        play = self.play
        assert play is not None
        if table.yours:  # the player's own seat, held by their key: back in it (`_run`)
            self.say(online_words.BACK_TO_YOUR_SEAT)
            self.done.set()
            return
        where = play.client.address.server.removeprefix("ws://")
        self.say(online_words.lobby_heading(lobby, where))
        if not lobby.games:
            self.say(online_words.no_open_games(where))
        for game in lobby.games:
            self.say(online_words.open_game(game))
            server = play.client.address.server
            if game.join:
                self.say(f"  nac join {Address(server, game.join)}")
            self.say(f"  nac watch {Address(server, game.watch)}")
        self.done.set()

    # -- what the player types -------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Do what a typed line says; False when it says to quit."""
        play = self.play
        assert play is not None
        command = line.strip()
        lowered = command.lower()
        resign_key = key_for("resign", ONLINE_COMMANDS)
        resigning = command == resign_key or lowered == "resign"
        self.questions.heard("quit" if lowered in QUIT_WORDS else "resign" if resigning else "")
        if lowered in QUIT_WORDS:
            if play.leaving_resigns and not self.questions.pressed("quit"):
                on_clock, typed = play.leaving_runs_clock, online_words.QUIT_QUESTION_TYPED
                self.say(online_words.QUIT_QUESTION_TYPED_ON_CLOCK if on_clock else typed)
                return True
            self.left = True  # the connection closes because the player left: nothing to say
            await play.leave()
            return False
        table = play.table
        if resigning:
            refusal = play.why_no_resign()
            if refusal is None and not self.questions.pressed("resign"):
                self.say(online_words.RESIGN_QUESTION)
                return True
            refusal = refusal or await play.resign()
        elif lowered in ("", "?", "help"):
            self.say(help_line(table))
            self._say_clocks()
            return True
        elif lowered in (key_for("rematch", ONLINE_COMMANDS), "rematch"):
            refusal = await play.rematch()
        elif lowered == key_for("analysis", ONLINE_COMMANDS) and table.room and not table.you:
            self._analysis = not self._analysis
            self.say(words.analysis_switched(self._analysis, play.game.rules))
            if self._analysis:
                self.analyse()
            return True
        elif lowered in ("h", "hint", "u", "undo", "t"):
            watching = table.room is not None and table.you is None
            refusal = online_words.WATCHERS_ANALYSE if watching else online_words.NO_LEARNING
        else:
            refusal = await self._move(play, command.removeprefix(":").strip())
        if refusal:
            self.say(online_words.refused(refusal))
        return True

    def _say_clocks(self) -> None:
        """Both clocks as they are now, in a game with a clock (at each turn, and at Enter)."""
        play = self.play
        line = "" if play is None else online_words.clock_line(play.table, time.monotonic())
        if line:
            self.say(line)

    def analyse(self) -> None:
        """A watcher's analysis of the position shown: how each empty square ends with perfect
        play for the side to move (searched on a thread: the connection goes on meanwhile)."""
        play = self.play
        assert play is not None
        if not play.game.is_over:
            task = asyncio.ensure_future(self._analysed(play.game, play.game.board))
            self._analysing.add(task)
            task.add_done_callback(self._analysing.discard)

    async def _analysed(self, game: Game, board: Position) -> None:
        values = await asyncio.to_thread(analyse, board)
        if self._analysis and game.board == board:  # still the position shown
            self.say(analysis_text(game, values))

    async def _move(self, play: OnlinePlay, square: str) -> str | None:
        game: Game = play.game
        try:
            cell = game.parse_square(square.lower())
        except IllegalMove as refusal:
            return str(refusal)
        return await play.move(cell)


def analysis_text(game: Game, values: dict[int, MoveValue]) -> str:
    """The analysis in a line, square by square as the board's notes say it ("1 draw · 3 win
    in 2")."""
    notes = analysis_notes(values, game.board)
    return " · ".join(
        f"{game.square_name(cell)} {note.long}" for cell, note in enumerate(notes) if note
    )


def help_line(table: Table) -> str:
    if not table.role:
        return f"{online_words.CONNECTING} ({key_for('quit', ONLINE_COMMANDS)} quits)"
    if table.role == "match":
        return online_words.SEARCH_CANCELS_TYPED
    if table.you is None:
        return (
            f"You are watching: {key_for('analysis', ONLINE_COMMANDS)} turns the analysis on "
            f"or off, {key_for('quit', ONLINE_COMMANDS)} quits."
        )
    squares = "1-9 (or a1-c3)" if table.game.uses_keypad else "a square like b3"
    rematch, resign = (key_for(action, ONLINE_COMMANDS) for action in ("rematch", "resign"))
    return (
        f"Type {squares} to play, {rematch} for a rematch once a game is over, {resign} to "
        f"resign, {key_for('quit', ONLINE_COMMANDS)} to quit (during a game it counts as "
        "resigning: asked first)."
    )


async def _run(start: OnlineStart, storage: Storage, stdin: TextIO, stdout: TextIO) -> int:
    front = PlainOnline(
        stdout, start.server if start.want == "host" else "", lambda: storage.notices
    )
    try:
        play = await begin(
            start,
            on_change=front.changed,
            keep=storage.keep if start.want != "watch" else None,
            passes=storage.passes,
        )
    except OSError as error:
        where = f"{start.bind}:{start.port}"
        print(f"nac: cannot host on {where}: {error.strerror or error}", file=sys.stderr)
        return 1
    front.play = play
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    read = line_reader(stdin, stdout)

    def reading() -> None:
        while True:
            line = read("")
            loop.call_soon_threadsafe(lines.put_nowait, line)
            if line is None:
                return

    if start.want != "lobby":
        front.say(online_words.CONNECTING)
        threading.Thread(target=reading, daemon=True).start()
    running = asyncio.ensure_future(play.run())
    done = asyncio.ensure_future(front.done.wait())
    try:
        while True:
            typed = asyncio.ensure_future(lines.get())
            await asyncio.wait({typed, running, done}, return_when=asyncio.FIRST_COMPLETED)
            if not typed.done():
                typed.cancel()
                break
            line = typed.result()
            if line is None:  # the input ended: first the outcome of connecting, if pending
                if not play.table.role and not play.table.ended:
                    welcomed = asyncio.ensure_future(front.welcomed.wait())
                    await asyncio.wait(
                        {running, done, welcomed}, return_when=asyncio.FIRST_COMPLETED
                    )
                    welcomed.cancel()
                break
            if not await front.handle(line):
                break
    finally:
        done.cancel()
        await play.stop()
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running
    front.changed()
    yours = play.table.yours if start.want == "lobby" else None
    if yours:  # a lobby found the player's seat: the game it holds, as a join of it
        back = replace(start, want="join", address=Address(start.server, yours))
        return await _run(back, storage, stdin, stdout)
    return 1 if play.table.error else 0


def play_online_plain(start: OnlineStart, storage: Storage) -> int:
    """Online play on standard input and output; ctrl+c ends it quietly."""
    for notice in storage.notices:
        print(encodable(notice, sys.stderr.encoding), file=sys.stderr)
    if sys.stdin is None and start.want != "lobby":
        print("nac: standard input is closed: there is nothing to read moves from", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(start, storage, sys.stdin, sys.stdout))
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        with contextlib.suppress(OSError, ValueError):
            print(file=sys.stdout, flush=True)
        return INTERRUPTED
