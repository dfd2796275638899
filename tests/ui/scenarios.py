"""The app's states worth a picture: shared by the snapshot tests and `make screenshots`.

Every scenario is deterministic: a seeded random source, no thinking pause, a fixed terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, Monochrome
from textual.pilot import Pilot

from nac.core import NORMAL, ULTIMATE, KeypadLayout, Level, Mark, Mode, Rules, Variant
from nac.store import Settings
from nac.ui.app import NacApp

from .helpers import is_settled, seeded_engine, settle

PLAYED = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)


class SixteenColours(LineFilter):
    """Every colour as a 16-colour terminal shows it: the nearest of its 16, as Rich picks it
    when it writes to one."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else _sixteen(style), control)
            for text, style, control in segments
        ]


def _sixteen(style: Style) -> Style:
    color = None if style.color is None else style.color.downgrade(ColorSystem.STANDARD)
    bgcolor = None if style.bgcolor is None else style.bgcolor.downgrade(ColorSystem.STANDARD)
    return style + Style(color=color, bgcolor=bgcolor)


COLOURS = {"true": None, "16": SixteenColours, "none": Monochrome}
"""How a scenario's terminal shows colours: all of them; 16; none (NO_COLOR: Textual's own
filter, as it puts it over every line when NO_COLOR is set)."""


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    keys: tuple[str, ...] = ()
    size: tuple[int, int] = (100, 32)
    level: Level = Level.AVERAGE
    keypad: KeypadLayout = KeypadLayout.PHONE
    human: Mark = Mark.X
    mode: Mode = Mode.COMPUTER
    watch_levels: tuple[Level, Level] = (Level.GENIUS, Level.IDIOT)
    seed: int = 1
    rules: Rules = NORMAL
    """What is played: noughts and crosses (normal or misère) on a board, or Notakto's boards."""
    colours: str = "true"
    """The terminal's colours (`COLOURS`)."""

    def make_app(self) -> NacApp:
        app = NacApp(
            Settings(
                level=self.level,
                keypad=self.keypad,
                mark=self.human,
                mode=self.mode,
                watch_levels=self.watch_levels,
                rules=self.rules,
            ),
            think_seconds=0,
            engine=seeded_engine(self.seed),
            timer=lambda: 0.0,  # the analysis time shown in the panel must not vary
            clock=lambda: PLAYED,  # nor the date of a saved game
        )
        app.pace.watch_gap = 3600.0  # a finished watched game stays, however slow the machine
        shown = COLOURS[self.colours]
        if shown is not None:
            app._filters.append(shown())
        return app

    async def play(self, pilot: Pilot[None]) -> None:
        """Press the keys one at a time, letting the computer reply after each."""
        app = pilot.app
        assert isinstance(app, NacApp)
        await settle(pilot, app)
        for key in self.keys:
            await pilot.press(key)
            if not is_settled(app):
                await settle(pilot, app)
        await settle(pilot, app)


def typed(*squares: str) -> tuple[str, ...]:
    """The keys that play squares like b3 through the move prompt."""
    return tuple(key for square in squares for key in ("colon", *square, "enter"))


SCENARIOS = {
    scenario.name: scenario
    for scenario in (
        Scenario("empty-board", "A new game: every square shows the key that plays it"),
        Scenario(
            "misere-80x24",
            "Misère, two players at 80×24: X makes the top row and so loses",
            keys=("1", "5", "2", "9", "3"),
            size=(80, 24),
            mode=Mode.TWO_PLAYER,
            rules=Rules.of(3, Variant.MISERE),
        ),
        Scenario(
            "misere-100x32",
            "Misère against Genius, the analysis on: the squares that draw and those that lose",
            keys=("t", "5"),
            level=Level.GENIUS,
            rules=Rules.of(3, Variant.MISERE),
        ),
        Scenario(
            "misere-4x4-80x24",
            "Misère on 4×4 against Average at 80×24, two moves in",
            keys=(*typed("b2"), *typed("c3")),
            size=(80, 24),
            rules=Rules.of(4, Variant.MISERE),
        ),
        Scenario(
            "notakto-80x24",
            "Notakto on three boards against Genius at 80×24: board 1 dead, a hint shown",
            keys=("1", "2", "3", "tab", "h"),
            size=(80, 24),
            level=Level.GENIUS,
            rules=Rules.notakto(3),
        ),
        Scenario(
            "ultimate-80x24",
            "Ultimate, two players at 80×24: the 9×9 board, O sent to board 4 (its squares dotted)",
            keys=("5", "1", "9", "4"),
            size=(80, 24),
            mode=Mode.TWO_PLAYER,
            rules=ULTIMATE,
        ),
        Scenario(
            "ultimate-60x20",
            "Ultimate at 60×20: a letter a square, the small boards parted by heavy lines",
            keys=("5", "1", "9", "4"),
            size=(60, 20),
            mode=Mode.TWO_PLAYER,
            rules=ULTIMATE,
        ),
        *(
            Scenario(
                f"ultimate-{width}x{height}-{colours}",
                f"Ultimate at {width}×{height} in {colours} colours, two players: X has won the "
                "centre board (its big mark), O is sent to board 3",
                keys=("5", "1", "5", "2", "5", "3"),
                size=(width, height),
                mode=Mode.TWO_PLAYER,
                rules=ULTIMATE,
                colours=colours,
            )
            for width, height in ((40, 15), (80, 24), (120, 40))
            for colours in ("16", "none")
        ),
        Scenario(
            "notakto-100x32",
            "Notakto on two boards, two players, the analysis on: what each square leads to",
            keys=("5", "right", "right", "right", "5", "t"),
            mode=Mode.TWO_PLAYER,
            rules=Rules.notakto(2),
        ),
        Scenario(
            "notakto-end-80x24",
            "Notakto on one board, two players: Player 1 completes the top row and so loses",
            keys=("1", "2", "3"),
            size=(80, 24),
            mode=Mode.TWO_PLAYER,
            rules=Rules.notakto(1),
        ),
        Scenario(
            "mid-game",
            "Mid-game against Average, the cursor moved with the arrows",
            keys=("5", "3", "down", "left"),
        ),
        Scenario(
            "win",
            "A fork beats Average: the winning line is highlighted",
            keys=("1", "9", "7", "4"),
        ),
        Scenario("loss", "Genius wins", keys=("2", "4", "6"), level=Level.GENIUS),
        Scenario(
            "draw", "A draw against Genius", keys=("1", "2", "7", "6", "9"), level=Level.GENIUS
        ),
        Scenario("help", "The help screen", keys=("question_mark",)),
        Scenario(
            "compact-40x15",
            "The compact board in a 40×15 terminal",
            keys=("5", "1"),
            size=(40, 15),
        ),
        Scenario(
            "numpad",
            "The numpad layout: 7 8 9 on the top row",
            keys=("7",),
            keypad=KeypadLayout.NUMPAD,
        ),
        Scenario("too-small", "A terminal below 40×15 says so", size=(36, 12)),
        Scenario(
            "analysis",
            "The analysis overlay: how every empty square ends with perfect play",
            keys=("2", "t"),
        ),
        Scenario("hint", "A hint: the square Genius would play, and why", keys=("1", "h")),
        Scenario(
            "two-player",
            "Two players mid-game",
            keys=("5", "1", "9"),
            mode=Mode.TWO_PLAYER,
        ),
        Scenario(
            "watch",
            "Watch mode: Genius (X) against Idiot (O)",
            mode=Mode.WATCH,
        ),
        Scenario(
            "board-4x4",
            "4×4, four in a row: squares named along the edges, typed after :",
            keys=typed("b2", "c3", "b3"),
            rules=Rules.of(4),
        ),
        Scenario(
            "board-5x5",
            "5×5, four in a row: Average completes the top row",
            keys=typed("c3", "b2", "d4", "c4"),
            rules=Rules.of(5),
        ),
        Scenario(
            "stats",
            "The stats screen after a game won against Average",
            keys=("1", "9", "7", "4", "r"),
        ),
        Scenario(
            "win-80x24",
            "80×24, the commonest terminal: a game won, the banner and the panel whole",
            keys=("1", "9", "7", "4"),
            size=(80, 24),
        ),
        Scenario(
            "adaptive-80x24",
            "Adaptive at 80×24 after a game you won: it plays like Clever now, the panel says",
            keys=("1", "9", "7", "4", "enter"),
            level=Level.ADAPTIVE,
            size=(80, 24),
        ),
        Scenario(
            "loss-60x20",
            "60×20: Genius wins; the banner keeps to one line (the headline alone)",
            keys=("2", "4", "6"),
            level=Level.GENIUS,
            size=(60, 20),
        ),
        Scenario(
            "board-5x5-80x24",
            "5×5 at 80×24: line-drawn glyphs, the board beside the panel",
            keys=typed("c3", "b2"),
            rules=Rules.of(5),
            size=(80, 24),
        ),
        Scenario(
            "prompt-80x24",
            "The move prompt at 80×24, in the footer's place: a square typed by its name",
            keys=(*typed("c3"), "colon", "b"),
            rules=Rules.of(5),
            size=(80, 24),
        ),
        Scenario(
            "watch-80x24",
            "Watch mode at 80×24: the footer holds the keys that work while watching",
            mode=Mode.WATCH,
            size=(80, 24),
        ),
        Scenario(
            "analysis-80x24",
            "The analysis at 80×24: the panel gives way, the message stays",
            keys=("2", "t"),
            size=(80, 24),
        ),
        Scenario(
            "help-80x24",
            "The help at 80×24, scrolled down a page",
            keys=("question_mark", "pagedown"),
            size=(80, 24),
        ),
        Scenario(
            "review",
            "The review of a game lost to Genius: the blunder found, the best move marked",
            keys=("2", "4", "6", "v", "left"),
            level=Level.GENIUS,
        ),
        Scenario(
            "games",
            "The saved games: a won game, to review",
            keys=("1", "9", "7", "4", "l"),
        ),
        Scenario("puzzle", "A puzzle: X to play and win in 2", keys=("p",)),
        Scenario(
            "puzzle-wrong",
            "A wrong move in a puzzle, shown wrong with Genius's answer",
            keys=("p", "1"),
        ),
        Scenario(
            "stats-60x20",
            "The stats at 60×20: each kind of game over its results, the notes wrapped",
            keys=("1", "9", "7", "4", "r"),
            size=(60, 20),
        ),
        Scenario(
            "review-80x24",
            "The review at 80×24: the value for X after each move falls at the blunder",
            keys=("2", "4", "6", "v"),
            level=Level.GENIUS,
            size=(80, 24),
        ),
        Scenario(
            "lab",
            "The lab on the empty board: five techniques, the textbook figures, one value",
            keys=("y",),
        ),
        Scenario(
            "lab-80x24",
            "The lab at 80×24, after X's centre and Genius's reply",
            keys=("5", "y"),
            size=(80, 24),
        ),
        Scenario(
            "tree",
            "The game tree from X's second move: the best line opened to the end",
            keys=("5", "y", "t", "p"),
        ),
        Scenario(
            "tree-80x24",
            "The game tree at 80×24: each move's value, ★ the best",
            keys=("5", "y", "t", "p"),
            size=(80, 24),
        ),
        Scenario(
            "steps",
            "Alpha-beta step by step: a move tried, a value backed up",
            keys=("5", "y", "s", *("right",) * 6),
        ),
        Scenario(
            "drill",
            "Your mistake drilled: the position before the blunder, to play again",
            keys=("2", "4", "6", "d"),
            level=Level.GENIUS,
        ),
        Scenario(
            "drill-80x24",
            "The drill answered at 80×24: the best move marked, your game's move said",
            keys=("2", "4", "6", "d", "9"),
            level=Level.GENIUS,
            size=(80, 24),
        ),
    )
}
