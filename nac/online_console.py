"""Online play in plain text (`nac host --plain`, `nac join ADDRESS --plain`, `nac watch
ADDRESS --plain`, `nac lobby SERVER --plain`): what happens is printed as it happens (the
invite lines as they are, each move, drops and returns, the result), and moves are typed as
lines, read on a thread of their own so the game goes on while the player types."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
import time
from typing import TextIO

from .console import INTERRUPTED, board_text, line_reader
from .core import Game, IllegalMove
from .net.play import OnlinePlay
from .net.table import Table
from .online import OnlineStart, begin
from .present import online_words
from .present.commands import key_for
from .present.plain_text import encodable
from .present.screen_commands import ONLINE_COMMANDS
from .store import Storage

QUIT_WORDS = ("q", "quit", "exit")


class PlainOnline:
    """Prints what changed at each message; runs what each typed line says."""

    def __init__(self, stdout: TextIO) -> None:
        self.stdout = stdout
        self.play: OnlinePlay | None = None
        self._said: dict[str, object] = {}
        self._moves_said = 0
        self._game_said = 0
        self._resign_asked = False
        self.done = asyncio.Event()

    def say(self, text: str = "") -> None:
        print(encodable(text, getattr(self.stdout, "encoding", None)), file=self.stdout, flush=True)

    def _once(self, what: str, value: object) -> bool:
        """Whether `value` is new for `what` (then it is remembered)."""
        if self._said.get(what) == value:
            return False
        self._said[what] = value
        return True

    # -- what the server tells -------------------------------------------------------------------

    def changed(self) -> None:
        play = self.play
        if play is None:
            return
        table = play.table
        now = time.monotonic()
        if table.role == "lobby":
            self._lobby(table)
            return
        if table.error:
            if self._once("error", table.error):
                self.say(online_words.status(table, now))
            self.done.set()
            return
        if self._once("link", table.link) and table.link in ("lost", "open") and table.room:
            self.say(online_words.status(table, now))
        if table.refusal and self._once("refusal", table.refusal):
            self.say(online_words.refused(table.refusal))
        room = table.room
        if room is None:
            return
        if room.invite is not None and self._once("invite", room.invite.join):
            self.say("\n".join(online_words.invite_lines(room.invite, now, keys=False)))
        if self._once("players", tuple(room.names.items())):
            rows = online_words.player_rows(table)
            self.say("; ".join(f"{label} {mark}: {name}" for label, mark, name, _ in rows))
        game = table.game
        if room.number != self._game_said:
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
            self.say(status + ("." if not status.endswith((".", "…", ")")) else ""))
            if game.is_over or room.abandoned:
                self.say(online_words.score(table) + ".")
        after = online_words.rematch(table)
        if after and self._once("rematch", (room.number, after)):
            self.say(after)

    def _lobby(self, table: Table) -> None:
        lobby = table.lobby
        if lobby is None or not self._once("lobby", lobby):
            return
        play = self.play
        assert play is not None
        where = play.client.address.server.removeprefix("ws://")
        self.say(online_words.lobby_heading(lobby, where))
        if not lobby.games:
            self.say(online_words.NO_OPEN_GAMES)
        for game in lobby.games:
            self.say(online_words.open_game(game))
            server = play.client.address.server
            if game.join:
                self.say(f"  nac join {_invite(server, game.join)}")
            self.say(f"  nac watch {_invite(server, game.watch)}")
        self.done.set()

    # -- what the player types -------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Do what a typed line says; False when it says to quit."""
        play = self.play
        assert play is not None
        command = line.strip()
        lowered = command.lower()
        if lowered in QUIT_WORDS:
            return False
        table = play.table
        resign_key = key_for("resign", ONLINE_COMMANDS)
        if command == resign_key or lowered == "resign":
            refusal = play.why_no_resign()
            if refusal is None and not self._resign_asked:
                self._resign_asked = True
                self.say(online_words.RESIGN_QUESTION)
                return True
            self._resign_asked = False
            refusal = refusal or await play.resign()
        else:
            self._resign_asked = False
            if lowered in ("", "?", "help"):
                self.say(help_line(table))
                return True
            if lowered in (key_for("rematch", ONLINE_COMMANDS), "rematch"):
                refusal = await play.rematch()
            elif lowered in ("h", "hint", "u", "undo", "t"):
                refusal = online_words.NO_LEARNING
            else:
                refusal = await self._move(play, command.removeprefix(":").strip())
        if refusal:
            self.say(online_words.refused(refusal))
        return True

    async def _move(self, play: OnlinePlay, square: str) -> str | None:
        game: Game = play.game
        try:
            cell = game.parse_square(square.lower())
        except IllegalMove as refusal:
            return str(refusal)
        return await play.move(cell)


def help_line(table: Table) -> str:
    if table.you is None:
        return f"You are watching. {key_for('quit', ONLINE_COMMANDS)} quits."
    squares = "1-9 (or a1-c3)" if table.game.uses_keypad else "a square like b3"
    rematch, resign = (key_for(action, ONLINE_COMMANDS) for action in ("rematch", "resign"))
    return (
        f"Type {squares} to play, {rematch} for a rematch once a game is over, {resign} to "
        f"resign, {key_for('quit', ONLINE_COMMANDS)} to quit."
    )


def _invite(server: str, key: str) -> str:
    from .net.address import Address

    return str(Address(server, key))


async def _run(start: OnlineStart, storage: Storage, stdin: TextIO, stdout: TextIO) -> int:
    front = PlainOnline(stdout)
    keep = storage.keep if start.want != "watch" else None
    try:
        play = await begin(start, on_change=front.changed, keep=keep)
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
            if line is None or not await front.handle(line):
                break
    finally:
        done.cancel()
        await play.stop()
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await running
    front.changed()
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
