"""What the screen shows, as pure functions of the game's state: the board's view, the panel,
the banner and the analysis notes. No Textual here, so tests read them without an app."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import (
    NORMAL,
    FinishedGame,
    Game,
    GameResult,
    Level,
    Mark,
    Match,
    Mode,
    Position,
    Starter,
    grid_cell,
    grid_place,
)
from ..commands import key_for
from ..looks import ESTIMATE_BARS, KILLS_MARK, MAKES_A_LINE, Shape, look_of
from ..names import rules_label
from . import words

if TYPE_CHECKING:
    from ...engine import Estimate, Hint, MoveValue

GRID_CENTRE = 40
"""The centre square of the grid's centre board."""


LIKELY_WIN = 60
"""An estimate of at least this percentage is coloured as a likely win."""
LIKELY_LOSS = 40
"""One of at most this, as a likely loss; between them, as neither."""


class CellNote(NamedTuple):
    """Words written in an empty cell, e.g. the analysis "win in 3" (short: "W3")."""

    long: str
    short: str
    tone: str
    """"win", "draw" or "loss": picks the colour (the words say it too)."""


class BoardView(NamedTuple):
    """What the board shows: a mark or nothing per cell (across the boards where there are
    several), the name of each empty cell, and the highlights: last move, winning line (in
    Notakto the killing lines), hint, notes and the cursor."""

    marks: tuple[str, ...]
    """"X", "O" or "" per cell."""
    labels: tuple[str, ...]
    """The name of each empty cell as a player types it ("" for none)."""
    last_move: int | None = None
    winning: frozenset[int] = frozenset()
    hint: int | None = None
    hint_word: str = "hint"
    """The word the hint's cell shows: "hint", or "best" in a review."""
    notes: tuple[CellNote | None, ...] = ()
    """Per cell (or empty for none): the analysis overlay."""
    playing: bool = False
    """Whether a person picks a cell now: the board shows its cursor and takes its keys."""
    cursor: int | None = None
    """The cursor's cell as drawn (the board widget puts it in while `playing`)."""
    dead: tuple[bool, ...] = ()
    """Per small 3×3 board, whether it is closed to the next move (dead side by side; in the
    grid decided, or not the one the move is sent to); none: one board."""
    shape: Shape = Shape.BOARD
    """How the board is drawn: one board, small boards side by side, or one 9×9 grid of small
    boards, their cells still counted board by board (`board * 9 + square`)."""
    won: tuple[str, ...] = ()
    """In the grid: per small board, the mark that won it ("X", "O") or "": drawn big."""

    @classmethod
    def of(
        cls,
        board: Position,
        *,
        name: Callable[[int], str] | None = None,
        last: int | None = None,
        hint: int | None = None,
        hint_word: str = "hint",
        notes: tuple[CellNote | None, ...] = (),
        playing: bool = False,
    ) -> BoardView:
        """The view of `board`: its empty cells named by `name` (none without; where the
        rules say, only the cells the next move may take), and the highlights given; the
        winning line from the board's outcome."""
        look = look_of(board.rules)
        open_cells = look.open_cells(board)
        return cls(
            marks=tuple(mark.value if mark else "" for mark in board),
            labels=tuple(
                "" if mark is not None or name is None or cell not in open_cells else name(cell)
                for cell, mark in enumerate(board)
            ),
            last_move=last,
            winning=frozenset(board.outcome.line) if board.outcome else frozenset(),
            hint=hint,
            hint_word=hint_word,
            notes=notes,
            playing=playing,
            dead=look.closed(board),
            shape=look.shape,
            won=look.won(board),
        )

    def note(self, cell: int) -> CellNote | None:
        return self.notes[cell] if self.notes else None

    @property
    def grid(self) -> bool:
        """Whether the small boards make one 9×9 grid."""
        return self.shape is Shape.GRID

    @property
    def boards(self) -> int:
        """Small boards side by side; 0 for one board."""
        return len(self.dead)

    @property
    def cells(self) -> int:
        """Cells per side (of each board; of the whole grid)."""
        if self.grid:
            return 9
        return 3 if self.dead else int(len(self.marks) ** 0.5)

    @classmethod
    def empty(cls, cells: int = 3) -> BoardView:
        return cls(("",) * cells * cells, ("",) * cells * cells)


def centre(view: BoardView) -> int:
    """The cell where the cursor starts: the centre (on an even board, below and right of it);
    on small boards, the first live board's (in the grid the centre board's, else the first
    open one's)."""
    size = view.cells
    middle = GRID_CENTRE if view.grid else (size // 2) * size + size // 2
    return on_live_board(middle, view.dead)


def cursor_moved(cursor: int, view: BoardView, rows: int, columns: int) -> int:
    """The cursor moved by rows and columns, stopping at the board's edge (on small boards,
    off a board's side onto the next one; in the grid across its 9×9 squares)."""
    if view.grid:
        column, row = grid_place(cursor)
        return grid_cell(min(8, max(0, column + columns)), min(8, max(0, row + rows)))
    size = view.cells
    board, square = divmod(cursor, size * size)
    row, column = divmod(square, size)
    row = min(size - 1, max(0, row + rows))
    column += columns
    if column >= size and board < view.boards - 1:
        board, column = board + 1, 0
    elif column < 0 and board > 0:
        board, column = board - 1, size - 1
    column = min(size - 1, max(0, column))
    return board * size * size + row * size + column


def cursor_at(cursor: int, view: BoardView, row: int, column: int) -> int:
    """The cell at row and column (counted from the end when negative), on the cursor's board."""
    size = 3 if view.grid else view.cells
    board = cursor // (size * size)
    return board * size * size + (row % size) * size + column % size


def on_live_board(cursor: int, dead: tuple[bool, ...], start: int | None = None) -> int:
    """The cursor on a live small board: where it is if that board lives (unless `start` is
    given), else on the same square of the next live board from `start` (its own by
    default). With no small boards, the cursor as it is."""
    if not dead:
        return cursor
    board, square = divmod(cursor, 9)
    if start is None:
        if board < len(dead) and not dead[board]:
            return cursor
        start = board
    for step in range(len(dead)):
        found = (start + step) % len(dead)
        if not dead[found]:
            return found * 9 + square
    return min(board, len(dead) - 1) * 9 + square


def board_view(game: Game, hint: Hint | None, notes: tuple[CellNote | None, ...]) -> BoardView:
    """The game's board: named squares and a cursor unless watching, the last move, the hint
    and the analysis notes."""
    watching = game.mode is Mode.WATCH
    last = game.last_move
    return BoardView.of(
        game.board,
        name=None if watching else look_of(game.rules).square_label(game),
        last=last.cell if last else None,
        hint=hint.cell if hint else None,
        notes=notes,
        playing=not game.is_over and not watching,
    )


def note_for(value: MoveValue, kills: bool = False) -> CellNote:
    """The analysis in a square: "win in 3", "draw", "loss in 1" (short: "W3", "D", "L1");
    `kills`: the move kills its board (marked †)."""
    from ...engine import Result  # loaded by then: a value comes from the engine

    if value.result is Result.DRAW:
        return CellNote("draw", "D", "draw")
    mark = KILLS_MARK if kills else ""
    if value.result is Result.LOSS and value.plies == 1 and not kills:  # misère: a line
        return CellNote(MAKES_A_LINE, "L0", "loss")
    letter = "W" if value.result is Result.WIN else "L"
    moves = "" if value.moves is None else str(value.moves)
    return CellNote(f"{mark}{value}", f"{mark}{letter}{moves}", value.result.value)


def analysis_notes(
    values: dict[int, MoveValue], board: Position, estimates: Sequence[Estimate] = ()
) -> tuple[CellNote | None, ...]:
    """The analysis of every cell of `board`: its proven value, else its estimate (where the
    game is not solved), else None."""
    kills = look_of(board.rules).kills
    notes = {found.cell: estimate_note(found) for found in estimates}
    notes |= {cell: note_for(value, kills(board, cell)) for cell, value in values.items()}
    return tuple(notes.get(cell) for cell in range(board.cell_count))


def estimate_note(found: Estimate) -> CellNote:
    """A square's estimate: the share of the search's playouts through it that the mover won,
    "62%" (short: a bar as high as the share, "▅": no digit, which would read as a key),
    coloured as a likely win, a balance or a likely loss."""
    percent = round(100 * found.share)
    tone = "win" if percent >= LIKELY_WIN else "loss" if percent <= LIKELY_LOSS else "draw"
    bar = ESTIMATE_BARS[min(len(ESTIMATE_BARS) - 1, int(found.share * 8))]
    return CellNote(f"{percent}%", bar, tone)


def playouts_of(estimates: Sequence[Estimate]) -> int:
    """The simulations behind `estimates` (each move's are counted once)."""
    return sum(found.simulations for found in estimates)


class PanelState(NamedTuple):
    status: str
    """Whose turn it is, or that the game is over, in a few words."""
    details: tuple[tuple[str, str], ...]
    """Label and value rows: mode, levels, mark, keypad, who starts."""
    score: tuple[tuple[str, int], ...]
    summary: str = ""
    """The one detail worth a place under a small board: the level, or the mode."""
    moves: tuple[str, ...] = ()
    """The game so far, a move each: "1. X 5"."""
    history_title: str = "Moves"
    analysis: str = ""
    """How long the analysis overlay took, when it is on."""
    message: str = ""

    def value(self, label: str) -> str:
        return dict(self.details)[label]

    @property
    def history(self) -> str:
        """The moves in one line: "1. X 5   2. O 1"."""
        return "   ".join(self.moves)


@dataclass(frozen=True)
class Activity:
    """What the screen is doing besides showing the game."""

    thinking: bool = False
    paused: bool = False
    message: str = ""
    analysis_seconds: float | None = None
    analysis_playouts: int = 0
    """The simulations behind the analysis's estimates (0: every value shown is proven)."""

    def but(self, **changes: Any) -> Activity:
        return replace(self, **changes)


def status(game: Game, activity: Activity) -> str:
    if game.is_over:
        return "Game over"
    if game.mode is Mode.WATCH and activity.paused:
        return words.PAUSED.removesuffix(".")
    mover = words.player_name(game, game.turn)
    mark = "" if game.rules.shares_marks else f" ({game.turn})"
    if activity.thinking:
        if game.mode is Mode.WATCH:
            return f"{mover} thinking…"
        return f"Computer{mark} thinking…"
    where = look_of(game.rules).play_in(game)
    if game.mode is Mode.COMPUTER:
        if game.is_human_turn:
            return f"Your move{mark}{where}"
        return f"Computer's move{mark}{where}"
    return f"{mover} to move{where}"


def details(game: Game, starter: Starter) -> tuple[tuple[str, str], ...]:
    """The settings' rows, what matters most first (the rules where they are not the normal
    game's): a short panel keeps the first."""
    look = look_of(game.rules)
    rows = [*look.rules_rows(game), ("Mode", game.mode.label)]
    if game.mode is Mode.COMPUTER:
        rows.append(("Level", game.level.label))
        like = game.plays_like(game.computer)
        if game.level is Level.ADAPTIVE and like is not None:
            rows.append(("Plays like", f"{like.label} now"))
        if not game.rules.shares_marks:
            rows.append(("You play", str(game.human)))
    elif game.mode is Mode.WATCH:
        rows += [
            (f"{words.side(game, mark)} plays as", words.level_label(game, mark, short=True))
            for mark in Mark
        ]
    rows += look.board_rows(game.rules)
    if game.uses_keypad and game.mode is not Mode.WATCH:
        rows.append(("Keypad", game.keypad.value))
    rows.append(("Starts", words.starter_label(game, starter)))
    return tuple(rows)


def panel_state(match: Match, activity: Activity) -> PanelState:
    game = match.game
    summary = [game.mode.label]  # the level against the computer, and the rules
    if game.mode is Mode.COMPUTER:
        summary = [words.level_label(game, game.computer, short=True)]
    if game.rules != NORMAL:
        summary.append(rules_label(game.rules))
    analysis = ""
    if activity.analysis_seconds is not None:
        analysis = words.analysis_time(activity.analysis_seconds, activity.analysis_playouts)
    return PanelState(
        status=status(game, activity),
        details=details(game, match.starter),
        score=tuple(words.score_rows(game, match.score)),
        summary=" · ".join(summary),
        moves=words.moves(game),
        history_title=look_of(game.rules).moves_title(game),
        analysis=analysis,
        message=activity.message,
    )


class Banner(NamedTuple):
    headline: str
    next_step: str
    tone: str
    """"-won", "-lost" or "-draw": the banner's style."""
    short: str = ""
    """The headline in fewest words ("Draw", "X won"), for a narrow board."""


def banner(game: Game, finished: FinishedGame | None) -> Banner | None:
    """The line above the board once a game is over."""
    if finished is None or not game.is_over:
        return None
    outcome = finished.outcome
    if outcome.winner is None:
        tone = "-draw"
    elif game.mode is Mode.COMPUTER and finished.result is GameResult.LOST:
        tone = "-lost"
    else:
        tone = "-won"
    new, review = key_for("new_game"), key_for("review")
    next_step = (
        f"next game soon, {new} now, {review} review"
        if game.mode is Mode.WATCH
        else f"{key_for('next_game')} next game, {review} review"
    )
    return Banner(words.headline(game, outcome), next_step, tone, words.short_headline(outcome))
