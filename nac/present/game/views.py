"""What the screen shows, as pure functions of the game's state: the board's view, the panel,
the banner and the analysis notes. No Textual here, so tests read them without an app."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import (
    NORMAL,
    Family,
    FinishedGame,
    Game,
    GameResult,
    Level,
    Mark,
    Match,
    Mode,
    NotaktoBoard,
    Position,
    Starter,
    UltimateBoard,
    Variant,
    grid_cell,
    grid_place,
)
from ..commands import key_for
from ..names import board_name, rules_label
from . import words

if TYPE_CHECKING:
    from ...engine import Estimate, Hint, MoveValue

ULTIMATE_CENTRE = 40
"""The centre square of Ultimate's centre board."""


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
    """Small 3×3 boards side by side (Notakto's), each dead or not; none: one board. In
    Ultimate (`grid`), each of the nine boards closed to the next move (decided, or not the
    one the move is sent to)."""
    grid: bool = False
    """The small boards make one 9×9 grid (Ultimate's), their cells still counted board by
    board (`board * 9 + square`)."""
    won: tuple[str, ...] = ()
    """Ultimate: per small board, the mark that won it ("X", "O") or "": drawn as a big mark."""

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
        """The view of `board`: its empty cells named by `name` (none without; in Ultimate
        only the cells the next move may take), and the highlights given; the winning line
        from the board's outcome."""
        open_cells = set(board.legal_moves) if isinstance(board, UltimateBoard) else None
        return cls(
            marks=tuple(mark.value if mark else "" for mark in board),
            labels=tuple(
                ""
                if mark is not None
                or name is None
                or (open_cells is not None and cell not in open_cells)
                else name(cell)
                for cell, mark in enumerate(board)
            ),
            last_move=last,
            winning=frozenset(board.outcome.line) if board.outcome else frozenset(),
            hint=hint,
            hint_word=hint_word,
            notes=notes,
            playing=playing,
            dead=_closed(board),
            grid=isinstance(board, UltimateBoard),
            won=_won(board),
        )

    def note(self, cell: int) -> CellNote | None:
        return self.notes[cell] if self.notes else None

    @property
    def boards(self) -> int:
        """Small boards side by side (Notakto's); 0 for one board."""
        return len(self.dead)

    @property
    def cells(self) -> int:
        """Cells per side (of each board; of the grid, in Ultimate)."""
        if self.grid:
            return 9
        return 3 if self.dead else int(len(self.marks) ** 0.5)

    @classmethod
    def empty(cls, cells: int = 3) -> BoardView:
        return cls(("",) * cells * cells, ("",) * cells * cells)


def _won(board: Position) -> tuple[str, ...]:
    """Ultimate's small boards by who won them ("X", "O", or "")."""
    if not isinstance(board, UltimateBoard):
        return ()
    return tuple((winner.value if (winner := board.board_winner(b)) else "") for b in range(9))


def _closed(board: Position) -> tuple[bool, ...]:
    """Notakto's dead boards; in Ultimate, the boards the next move may not be played in."""
    if isinstance(board, NotaktoBoard):
        return board.dead
    if isinstance(board, UltimateBoard):
        playable = set(board.playable_boards)
        return tuple(index not in playable for index in range(9))
    return ()


def centre(view: BoardView) -> int:
    """The cell where the cursor starts: the centre (on an even board, below and right of it);
    on small boards, the first live board's (in Ultimate the centre board's, else the first
    open one's)."""
    if view.grid:
        return on_live_board(ULTIMATE_CENTRE, view.dead)
    size = view.cells
    return on_live_board((size // 2) * size + size // 2, view.dead)


def cursor_moved(cursor: int, view: BoardView, rows: int, columns: int) -> int:
    """The cursor moved by rows and columns, stopping at the board's edge (on small boards,
    off a board's side onto the next one; in Ultimate across the 9×9 grid)."""
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
        name=None if watching else square_label(game),
        last=last.cell if last else None,
        hint=hint.cell if hint else None,
        notes=notes,
        playing=not game.is_over and not watching,
    )


def square_label(game: Game) -> Callable[[int], str]:
    """What an empty square shows, on every screen with a game: its name (`5`, `b3`); on
    Notakto's small boards its key alone (the board is where it stands)."""
    if game.rules.is_notakto:
        return lambda cell: str(game.key_for_cell(cell))
    return game.square_name


def note_for(value: MoveValue, kills: bool = False) -> CellNote:
    """The analysis in a square: "win in 3", "draw", "loss in 1" (short: "W3", "D", "L1");
    `kills`: the move kills its Notakto board (marked †)."""
    from ...engine import Result  # loaded by then: a value comes from the engine

    if value.result is Result.DRAW:
        return CellNote("draw", "D", "draw")
    mark = words.KILLS_MARK if kills else ""
    if value.result is Result.LOSS and value.plies == 1 and not kills:  # misère: a line
        return CellNote(words.MAKES_A_LINE, "L0", "loss")
    letter = "W" if value.result is Result.WIN else "L"
    moves = "" if value.moves is None else str(value.moves)
    return CellNote(f"{mark}{value}", f"{mark}{letter}{moves}", value.result.value)


def analysis_notes(
    values: dict[int, MoveValue], board: Position, estimates: Sequence[Estimate] = ()
) -> tuple[CellNote | None, ...]:
    """The analysis of every cell of `board`: its proven value, else its estimate (Ultimate),
    else None."""
    estimated = {found.cell: found for found in estimates}
    return tuple(
        note_for(values[cell], _kills(board, cell))
        if cell in values
        else estimate_note(estimated[cell])
        if cell in estimated
        else None
        for cell in range(board.cell_count)
    )


def estimate_note(found: Estimate) -> CellNote:
    """A square's estimate: the share of the search's playouts through it that the mover won,
    "62%" (short: a bar as high as the share, "▅": no digit, which would read as a key),
    coloured as a likely win, a balance or a likely loss."""
    percent = round(100 * found.share)
    tone = "win" if percent >= LIKELY_WIN else "loss" if percent <= LIKELY_LOSS else "draw"
    bar = words.ESTIMATE_BARS[min(len(words.ESTIMATE_BARS) - 1, int(found.share * 8))]
    return CellNote(f"{percent}%", bar, tone)


def playouts_of(estimates: Sequence[Estimate]) -> int:
    """The simulations behind `estimates` (each move's are counted once)."""
    return sum(found.simulations for found in estimates)


def _kills(board: Position, cell: int) -> bool:
    """Whether playing `cell` kills its Notakto board."""
    if not isinstance(board, NotaktoBoard):
        return False
    from ...engine.notakto import kills

    return kills(board, cell)


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
    where = words.play_in(game)
    if game.mode is Mode.COMPUTER:
        if game.is_human_turn:
            return f"Your move{mark}{where}"
        return f"Computer's move{mark}{where}"
    return f"{mover} to move{where}"


def details(game: Game, starter: Starter) -> tuple[tuple[str, str], ...]:
    """The settings' rows, what matters most first (the rules where they are not the normal
    game's): a short panel keeps the first."""
    rules = game.rules
    rows: list[tuple[str, str]] = []
    if rules.is_notakto:
        rows += [("Rules", "Notakto: killing the last board loses"), ("Boards", str(rules.boards))]
    elif rules.is_ultimate:
        won = _boards_won(game)
        if won:
            rows.append(("Boards won", won))
        rows.append(("Rules", "Ultimate: nine boards in one"))
    elif rules.variant is Variant.MISERE:
        rows.append(("Rules", "misère: a line loses"))
    rows.append(("Mode", game.mode.label))
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
    if rules.family in (Family.NORMAL, Family.MISERE):
        rows.append(("Board", board_name(rules.size)))
    if game.uses_keypad and game.mode is not Mode.WATCH:
        rows.append(("Keypad", game.keypad.value))
    rows.append(("Starts", words.starter_label(game, starter)))
    return tuple(rows)


def _boards_won(game: Game) -> str:
    """Ultimate: the boards each side has won, by their keys ("X 1 5 · O 7"), "" if none."""
    board = game.board
    if not isinstance(board, UltimateBoard):
        return ""
    sides = []
    for mark in Mark:
        keys = [
            str(game.key_for_cell(index)) for index in range(9) if board.board_winner(index) is mark
        ]
        if keys:
            sides.append(f"{words.side(game, mark)} {' '.join(sorted(keys))}")
    return " · ".join(sides)


def panel_state(match: Match, activity: Activity) -> PanelState:
    game = match.game
    analysis = ""
    if activity.analysis_seconds is not None:
        analysis = words.analysis_time(activity.analysis_seconds, activity.analysis_playouts)
    return PanelState(
        status=status(game, activity),
        details=details(game, match.starter),
        score=tuple(words.score_rows(game, match.score)),
        summary=" · ".join(
            [
                words.level_label(game, game.computer, short=True)
                if game.mode is Mode.COMPUTER
                else game.mode.label,
                *([rules_label(game.rules)] if game.rules != NORMAL else []),
            ]
        ),
        moves=words.moves(game),
        history_title=words.history_title(game),
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
