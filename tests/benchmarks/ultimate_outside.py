"""Ultimate noughts and crosses against bots nobody here wrote: an adapter.

Three parts, none of them importing `nac.core` or `nac.engine` (the point is an outside check):

- `Game`, Ultimate's rules written here on a 9×9 grid of rows and columns (nine 3×3 boards;
  a move sends the other side to the board of its square, anywhere open when that board is
  decided; a board won or full is closed; three won boards in a line win; all nine decided
  without a line is a draw). The referee checks every move with it and finds the result. It
  also says what CodinGame's referee would have made of a draw (the side with more won boards
  wins there), since the arena's bots were tuned for that rule and nac's Ultimate has not it.
- `CodinGameBot`, a bot speaking CodinGame's "Tic-Tac-Toe" protocol on its standard input and
  output: each turn it reads the other side's last move `row col` (`-1 -1` when it starts),
  the count of legal moves and those moves, one `row col` a line; it answers `row col` (any
  further words on its line are ignored). One process a game, as in the arena.
- `NacEngine`, Genius through `nac engine` (`rules ultimate`, `level genius`, `moves ...`,
  `go seconds S` or `go nodes N`, answered by `bestmove SQ`); one process for many games.

`play_game` referees one game between two `Player`s. Every process started here is in its own
session and is killed, with whatever it started, when its player ends, at exit, or (Linux)
when this process dies (`kill_all`).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

Cell = tuple[int, int]
"""A square of the 9×9 grid: (row, column), 0 to 8 each, row 0 at the top."""

CROSS, NOUGHT = 1, 2
"""The sides, as the grid holds them (0 is an empty square)."""
DRAW = 0
"""A result: nobody won."""
FULL_BOARD = 3
"""A small board's state when it filled up without a line (0 open, 1 won by X, 2 by O)."""
TRIPLES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
"""The eight lines of a 3×3 grid, its places numbered row by row."""
COLUMNS = "abcdefghi"


class IllegalMove(ValueError):
    """A move the rules refuse."""


def board_of(cell: Cell) -> int:
    """The small board a square is in (0..8, row by row)."""
    row, column = cell
    return row // 3 * 3 + column // 3


def place_of(cell: Cell) -> int:
    """The square's place inside its small board (0..8, row by row): the board it sends to."""
    row, column = cell
    return row % 3 * 3 + column % 3


def cells_of(board: int) -> list[Cell]:
    """The nine squares of a small board, row by row."""
    top, left = board // 3 * 3, board % 3 * 3
    return [(top + r, left + c) for r in range(3) for c in range(3)]


def name_of(cell: Cell) -> str:
    """The square as `nac engine` names it on the 9×9 grid: column a..i, row 1..9 from the
    top (`e5` the centre)."""
    row, column = cell
    return f"{COLUMNS[column]}{row + 1}"


def cell_named(name: str) -> Cell:
    """The square `nac engine` calls `name` (ValueError for anything else)."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "123456789":
        raise ValueError(f"not a square of the 9×9 grid: {name!r}")
    return int(text[1]) - 1, COLUMNS.index(text[0])


def line_of(marks: Sequence[int], side: int) -> bool:
    """Whether `side` holds a whole line of a 3×3 grid given as nine places."""
    return any(all(marks[p] == side for p in triple) for triple in TRIPLES)


@dataclass
class Game:
    """A game of Ultimate from the start: the grid (`grid[row][column]`, 0 empty, X or O),
    each small board's state (`boards`: 0 open, X or O won, FULL_BOARD), who moves, the moves
    so far, and the result once over (X, O or DRAW; None while it goes on)."""

    grid: list[list[int]] = field(default_factory=lambda: [[0] * 9 for _ in range(9)])
    boards: list[int] = field(default_factory=lambda: [0] * 9)
    turn: int = CROSS
    moves: list[Cell] = field(default_factory=list)
    result: int | None = None

    @property
    def last(self) -> Cell | None:
        return self.moves[-1] if self.moves else None

    def legal(self) -> list[Cell]:
        """Every move the side to move may play, row by row (none once the game is over)."""
        if self.result is not None:
            return []
        last = self.last
        target = None if last is None else place_of(last)
        if target is None or self.boards[target] != 0:
            open_boards = [b for b in range(9) if self.boards[b] == 0]
        else:
            open_boards = [target]
        free = [c for b in open_boards for c in cells_of(b) if self.grid[c[0]][c[1]] == 0]
        return sorted(free)

    def play(self, cell: Cell) -> None:
        """Play `cell` for the side to move (IllegalMove if the rules refuse it)."""
        if self.result is not None:
            raise IllegalMove(f"{cell}: the game is over")
        if cell not in self.legal():
            raise IllegalMove(f"{cell} is not a legal move (legal: {self.legal()})")
        row, column = cell
        side = self.turn
        self.grid[row][column] = side
        board = board_of(cell)
        marks = [self.grid[r][c] for r, c in cells_of(board)]
        if line_of(marks, side):
            self.boards[board] = side
        elif all(marks):
            self.boards[board] = FULL_BOARD
        self.moves.append(cell)
        self.turn = NOUGHT if side == CROSS else CROSS
        if line_of(self.boards, side):
            self.result = side
        elif all(self.boards):
            self.result = DRAW

    def codingame_result(self) -> int | None:
        """The result under CodinGame's referee, which gives a drawn game to the side that
        won more small boards (DRAW only if they won as many)."""
        if self.result != DRAW:
            return self.result
        won_x, won_o = self.boards.count(CROSS), self.boards.count(NOUGHT)
        return CROSS if won_x > won_o else NOUGHT if won_o > won_x else DRAW


# -- processes: started in their own session, killed with all they started ----------------------

_LIVE: set[subprocess.Popen[bytes]] = set()


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    """In the child (Linux): be killed when the process that started it dies, however."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def spawn(args: Sequence[str]) -> subprocess.Popen[bytes]:
    """A child process with pipes for its input and output (its errors thrown away), in a
    session of its own, remembered until `kill` ends it."""
    process = subprocess.Popen(
        list(args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    _LIVE.add(process)
    return process


def kill(process: subprocess.Popen[bytes]) -> None:
    """End `process` and its session at once, and reap it."""
    _LIVE.discard(process)
    with contextlib.suppress(OSError):
        if process.stdin is not None:
            process.stdin.close()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    process.wait()
    if process.stdout is not None:
        process.stdout.close()


def kill_all() -> None:
    """Kill every process started here that is still alive."""
    for process in list(_LIVE):
        kill(process)


def live_processes() -> int:
    """How many processes started here are not ended yet."""
    return len(_LIVE)


atexit.register(kill_all)


class PlayerFailed(Exception):
    """A player gave no move: it timed out, it ended, or it answered something that is not
    a move. `kind` says which ("timeout", "ended", "garbage", "error")."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Lines:
    """A child's output read a line at a time, each read bounded by a time."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        self.fd = process.stdout.fileno()
        self.buffer = b""

    def read(self, timeout: float) -> str:
        """The next line (without its end); PlayerFailed if none comes within `timeout`
        seconds or the output ends."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PlayerFailed("timeout", f"no answer within {timeout:.2f} s")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise PlayerFailed("ended", f"its output ended ({self.buffer[-80:]!r} unread)")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace").strip()


def send(process: subprocess.Popen[bytes], text: str) -> None:
    """Write `text` to a child's input (PlayerFailed if it is gone)."""
    assert process.stdin is not None
    try:
        process.stdin.write(text.encode())
        process.stdin.flush()
    except (BrokenPipeError, OSError) as error:
        raise PlayerFailed("ended", f"its input is closed ({error})") from None


# -- the players ---------------------------------------------------------------------------------


class Player(Protocol):
    """A side in `play_game`."""

    name: str

    def begin(self, side: int) -> None:
        """Get ready for a new game as X or O."""

    def choose(self, game: Game, timeout: float) -> Cell:
        """The move for the side to move in `game` (PlayerFailed if none within `timeout`)."""
        ...

    def end(self) -> None:
        """The game is over (or abandoned)."""


def bot_command(command: str, seconds: float) -> tuple[list[str], bool]:
    """A bot's command line with its time a move put in: `{seconds}` becomes the seconds,
    `{ms}` the milliseconds. Also whether the command had either (if not, the bot keeps the
    time its own source sets)."""
    words = shlex.split(command)
    given = any("{seconds}" in w or "{ms}" in w for w in words)
    ms = f"{round(seconds * 1000)}"
    return [w.replace("{seconds}", f"{seconds:g}").replace("{ms}", ms) for w in words], given


class CodinGameBot:
    """A bot speaking CodinGame's Ultimate protocol, a new process each game."""

    def __init__(self, name: str, args: Sequence[str]) -> None:
        self.name = name
        self.args = list(args)
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: Lines | None = None

    def begin(self, side: int) -> None:
        self.end()
        self.process = spawn(self.args)
        self.lines = Lines(self.process)

    def choose(self, game: Game, timeout: float) -> Cell:
        assert self.process is not None and self.lines is not None, "begin() first"
        last = game.last or (-1, -1)
        legal = game.legal()
        turn = [f"{last[0]} {last[1]}", str(len(legal))] + [f"{r} {c}" for r, c in legal]
        send(self.process, "\n".join(turn) + "\n")
        return parse_bot_move(self.lines.read(timeout))

    def end(self) -> None:
        if self.process is not None:
            kill(self.process)
        self.process = None
        self.lines = None


def parse_bot_move(line: str) -> Cell:
    """The move in a bot's answer: its first two whole numbers (PlayerFailed otherwise)."""
    words = line.split()
    try:
        row, column = int(words[0]), int(words[1])
    except (IndexError, ValueError):
        raise PlayerFailed("garbage", f"not a move: {line[:80]!r}") from None
    return row, column


def nac_command() -> list[str]:
    """`nac engine` run by the Python running this (the project's own environment)."""
    return [sys.executable, "-m", "nac", "engine"]


class NacEngine:
    """Genius through `nac engine`: `go seconds S` (or `go nodes N`) a move. One process for
    many games; started again after a failure."""

    def __init__(
        self,
        seconds: float | None = None,
        nodes: int | None = None,
        *,
        level: str = "genius",
        command: Sequence[str] | None = None,
        name: str | None = None,
    ) -> None:
        if (seconds is None) == (nodes is None):
            raise ValueError("give seconds or nodes")
        self.go = f"go seconds {seconds:g}" if seconds is not None else f"go nodes {nodes}"
        self.level = level
        self.command = list(command) if command is not None else nac_command()
        self.name = name or f"{level.capitalize()}"
        self.process: subprocess.Popen[bytes] | None = None
        self.lines: Lines | None = None

    def _started(self) -> tuple[subprocess.Popen[bytes], Lines]:
        if self.process is None or self.lines is None or self.process.poll() is not None:
            self.close()
            self.process = spawn(self.command)
            self.lines = Lines(self.process)
            send(self.process, "isready\n")
            self._expect("readyok", 60.0)
        return self.process, self.lines

    def _expect(self, word: str, timeout: float) -> str:
        """The next line that starts with `word`; PlayerFailed on an `error` line first."""
        assert self.lines is not None
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.read(max(0.0, deadline - time.monotonic()))
            if line.startswith("error"):
                raise PlayerFailed("error", line[:200])
            if line.split()[:1] == [word]:
                return line

    def begin(self, side: int) -> None:
        process, _ = self._started()
        send(process, f"rules ultimate\nlevel {self.level}\n")

    def choose(self, game: Game, timeout: float) -> Cell:
        try:
            process, _ = self._started()
            moves = " ".join(name_of(cell) for cell in game.moves)
            send(process, f"moves {moves}\n{self.go}\n")
            words = self._expect("bestmove", timeout).split()
            try:
                return cell_named(words[1])
            except (IndexError, ValueError):
                raise PlayerFailed("garbage", f"not a move: {' '.join(words)[:80]!r}") from None
        except PlayerFailed:
            self.close()  # a search may still run, or its answer come late: start afresh
            raise

    def end(self) -> None:
        """Nothing: the process waits for the next game (`close` ends it)."""

    def close(self) -> None:
        if self.process is not None:
            kill(self.process)
        self.process = None
        self.lines = None


# -- the referee ---------------------------------------------------------------------------------


@dataclass
class Record:
    """One game: who played X and O, the moves, the result under nac's rules (X, O, DRAW or
    None if unfinished) and under CodinGame's, how it ended, each side's seconds a move and
    its illegal moves (the first one loses the game)."""

    x: str
    o: str
    moves: list[Cell]
    result: int | None
    codingame: int | None
    ending: str
    seconds: dict[int, list[float]]
    illegal: dict[int, int]


def play_game(x: Player, o: Player, timeout: float, deadline: float | None = None) -> Record:
    """Referee one game, `x` first: a player that fails to answer within `timeout` seconds, or
    answers an illegal move, loses it. Past `deadline` (`time.monotonic()`), the game stops
    unfinished. Both players are ended whatever happens."""
    game = Game()
    players = {CROSS: x, NOUGHT: o}
    seconds: dict[int, list[float]] = {CROSS: [], NOUGHT: []}
    illegal = {CROSS: 0, NOUGHT: 0}
    ending = ""
    try:
        x.begin(CROSS)
        o.begin(NOUGHT)
        while game.result is None:
            side = game.turn
            allowed = timeout
            if deadline is not None:
                allowed = min(timeout, deadline - time.monotonic())
                if allowed <= 0:
                    ending = "unfinished: past the deadline"
                    break
            started = time.monotonic()
            try:
                cell = players[side].choose(game, allowed)
            except PlayerFailed as failure:
                if deadline is not None and failure.kind == "timeout" and allowed < timeout:
                    ending = "unfinished: past the deadline"
                    break
                game.result = NOUGHT if side == CROSS else CROSS
                ending = f"{players[side].name} failed ({failure})"
                break
            seconds[side].append(time.monotonic() - started)
            try:
                game.play(cell)
            except IllegalMove as refusal:
                illegal[side] += 1
                game.result = NOUGHT if side == CROSS else CROSS
                ending = f"{players[side].name} played an illegal move: {refusal}"
                break
        else:
            ending = "a line of boards" if game.result != DRAW else "all boards decided"
    finally:
        for player in (x, o):
            with contextlib.suppress(Exception):
                player.end()
    codingame = game.codingame_result() if game.result is not None else None
    return Record(x.name, o.name, game.moves, game.result, codingame, ending, seconds, illegal)
