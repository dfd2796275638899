"""Pilot tests: modes, your mark, who starts, hints, analysis, undo, stats and settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from nac.core import Level, Mark, Mode, Rules, Starter
from nac.engine import analyse, genius_moves
from nac.present.game import words
from nac.present.game.pace import Pace
from nac.store import Settings, Storage
from nac.store.stats import Record
from nac.ui.app import NacApp
from nac.ui.screens.stats import StatsScreen
from nac.ui.widgets.banner import ResultBanner
from nac.ui.widgets.keys_bar import KeysBar

from .helpers import (
    banner_text,
    board_widget,
    drawn_marks,
    game_screen,
    make_app,
    panel,
    press,
    resize,
    scores,
    settle,
    until,
)


async def test_two_players_take_turns_to_the_end() -> None:
    app = make_app(mode=Mode.TWO_PLAYER)
    async with app.run_test() as pilot:
        await press(pilot, "1", "4", "2")
        assert app.game.board.mark_count == 3  # nobody answered for the computer
        assert panel(app).status == "O to move"
        await press(pilot, "5", "3")
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.X
        assert banner_text(app) == "X won — Enter next game, v review"
        assert scores(app) == {"X": 1, "O": 0, "Draws": 0}


async def test_two_players_are_offered_no_level_and_a_level_key_says_why() -> None:
    app = make_app(mode=Mode.TWO_PLAYER, level=Level.AVERAGE)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Level" not in app.screen.query_one(KeysBar).text
        await press(pilot, "g")
        assert app.game.level is Level.AVERAGE
        assert panel(app).message == words.LEVEL_IN_TWO_PLAYER


async def test_watch_mode_plays_a_whole_game_by_itself() -> None:
    app = make_app(mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.IDIOT))
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.game.is_over, "the watched game's end")
        outcome = app.game.outcome
        assert outcome is not None and outcome.winner is not Mark.O  # Genius never loses
        expected = (
            "Genius (X) beat Idiot (O)"
            if outcome.winner is Mark.X
            else "Draw between Genius (X) and Idiot (O)"
        )
        assert banner_text(app).startswith(expected)
        assert set(scores(app)) == {"X", "O", "Draws"}  # counted by mark: levels change
        await press(pilot, "5", "enter", "h", "u")  # a person's keys change nothing
        assert app.game.is_over and drawn_marks(app) == tuple(app.game.board)


async def test_the_banner_keeps_to_one_line_however_narrow_the_board() -> None:
    app = make_app(mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.GENIUS))
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: app.game.is_over, "the watched game's end")
        await pilot.pause()
        banner = app.game_screen.query_one(ResultBanner)
        assert banner_text(app) == "Draw"  # "Draw between Genius (X) and Genius (O)" is too wide
        assert banner.size.height == 1
        await resize(pilot, 120, 36)
        await pilot.pause()
        assert banner_text(app).startswith("Draw between Genius (X) and Genius (O)")


STATS = {
    "computer/average": Record(won=3, drawn=2, lost=1, streak=2, best_streak=4),
    "two-player@5x5": Record(won=1),
    "watch/genius-vs-average@4x4": Record(drawn=7),
}


async def test_the_stats_table_fits_80_columns_with_every_kind_of_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatsScreen(STATS, "memory only"))
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        lines = app.screen.text.splitlines()
        assert lines[0].split() == [
            "Board",
            "Mode",
            "Against",
            "Won",
            "Drawn",
            "Lost",
            "Streak",
            "Best",
        ]
        assert "4×4    Watch        Genius v Average" in app.screen.text
        assert max(map(len, lines)) <= 76


@pytest.mark.parametrize("size", [(60, 20), (40, 15)])
async def test_narrow_stats_show_every_kinds_results_with_its_name(size: tuple[int, int]) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(StatsScreen(STATS, "memory only"))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        text = screen.text
        assert "3×3 · Vs computer · Average" in text and "Won 3  Drawn 2  Lost 1" in text
        assert "Streak 2" in text and "Best 4" in text
        assert "4×4 · Watch · Genius v Average" in text and "Won 0  Drawn 7  Lost 0" in text
        assert max(map(len, text.splitlines())) <= size[0] - 6
        assert "Escape Close" in screen.query_one(KeysBar).text  # its own footer, not the game's


async def test_watch_mode_pauses_and_resumes() -> None:
    app = make_app(mode=Mode.WATCH, think_seconds=0.05)
    async with app.run_test() as pilot:
        await press(pilot, "space")
        screen = game_screen(app)
        assert screen.activity.paused and panel(app).status == "Paused: space resumes"
        assert not screen.turns.replying  # nothing is coming while paused
        board = app.game.board
        await settle(pilot, app)
        assert app.game.board == board
        await press(pilot, "space")
        assert not screen.activity.paused and screen.turns.replying
        await settle(pilot, app)
        assert app.game.board.mark_count > board.mark_count


async def test_watch_mode_starts_the_next_game_on_its_own() -> None:
    app = make_app(mode=Mode.WATCH)
    app.pace.watch_gap = 0.01
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.match.score.games >= 2, "two watched games ended")
        assert app.match.games_started >= 2


async def test_you_can_play_o_and_still_move_first() -> None:
    app = make_app(mark=Mark.O)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert app.game.board[4] is Mark.O and app.game.moves[1].mark is Mark.X
        assert panel(app).value("You play") == "O"


async def test_the_starter_can_alternate_between_games() -> None:
    app = make_app(starter=Starter.ALTERNATE)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.game.board.is_empty  # game 1: you start
        await press(pilot, "n")
        assert app.game.board.mark_count == 1 and app.game.moves[0].by_computer  # game 2
        await press(pilot, "n")
        assert app.game.board.is_empty  # game 3: you again


async def test_the_hint_marks_a_move_genius_would_make_and_says_why() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "1", "h")  # Average took the centre
        hinted = board_widget(app).view.hint
        assert hinted is not None and hinted in genius_moves(app.game.board)
        assert panel(app).message.startswith(f"Hint for X: square {hinted + 1},")
        await press(pilot, str(hinted + 1))
        assert board_widget(app).view.hint is None  # gone once the board changes


async def test_analysis_overlay_shows_every_empty_square_and_follows_the_game() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "t")
        notes = board_widget(app).view.notes
        assert [note.long for note in notes if note] == ["draw"] * 9
        assert "ms" in panel(app).analysis
        await press(pilot, "2")  # an edge: Average answers in the centre
        values = analyse(app.game.board)
        notes = board_widget(app).view.notes
        for cell in range(9):
            note = notes[cell]
            if cell in values:
                assert note is not None and note.long == str(values[cell])
                assert note.tone == values[cell].result.value
            else:
                assert note is None
        await press(pilot, "t")
        assert board_widget(app).view.notes == () and panel(app).analysis == ""


async def test_undo_takes_back_your_move_and_the_reply() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "5", "1")
        assert app.game.board.mark_count == 4
        await press(pilot, "u")
        assert app.game.board.mark_count == 2 and drawn_marks(app) == tuple(app.game.board)
        await press(pilot, "backspace")
        assert app.game.board.is_empty
        await press(pilot, "u")
        assert "no move of yours" in panel(app).message.lower()


async def test_undo_is_refused_after_the_game_is_over() -> None:
    app = make_app(level=Level.GENIUS)
    async with app.run_test() as pilot:
        await press(pilot, "2", "4", "6")
        board = app.game.board
        await press(pilot, "u")
        assert app.game.board == board and app.match.score.second == 1
        assert "result counted" in panel(app).message


async def test_undo_during_the_thinking_pause_takes_back_the_move() -> None:
    app = make_app(think_seconds=0.2)
    async with app.run_test() as pilot:
        await press(pilot, "5", "u")
        assert not game_screen(app).turns.replying
        await settle(pilot, app)
        assert app.game.board.is_empty and app.game.is_human_turn


async def test_the_history_uses_the_keypads_numbers() -> None:
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "1")
        assert panel(app).history == "1. X 1   2. O 5"
        await press(pilot, "k")
        assert panel(app).history == "1. X 7   2. O 5"


async def test_the_stats_screen_shows_the_games_just_played(nac_home: Path) -> None:
    app = make_app(storage=Storage.default())
    async with app.run_test() as pilot:
        await press(pilot, "1", "9", "7", "4")  # a win against Average
        await press(pilot, "n", "5")  # a second game, unfinished: not counted
        await press(pilot, "r")
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.rows[0][:6] == ("3×3", "Vs computer", "Average", "1", "0", "0")
        await press(pilot, "escape")
        assert not isinstance(app.screen, StatsScreen)
    assert (nac_home / "stats.json").exists()


async def test_settings_persist_across_two_runs(nac_home: Path) -> None:
    first = NacApp(storage=Storage.default(), think_seconds=0)
    async with first.run_test() as pilot:
        await press(pilot, "g", "k", "m")
        await first.game_screen.run_action("mark('O')")
        await first.game_screen.run_action("starter('alternate')")
        first.theme = "nord"
        await pilot.pause()
    second = NacApp(storage=Storage.default(), think_seconds=0)
    async with second.run_test() as pilot:
        await pilot.pause()
        assert second.settings == Settings(
            level=Level.GENIUS,
            keypad=second.game.keypad,
            mark=Mark.O,
            mode=Mode.TWO_PLAYER,
            starter=Starter.ALTERNATE,
            theme="nord",
        )
        assert second.game.keypad.value == "numpad" and second.game.level is Level.GENIUS
        assert second.game.mode is Mode.TWO_PLAYER and second.theme == "nord"


async def test_a_corrupt_settings_file_gives_one_notice_and_the_game_goes_on(
    nac_home: Path,
) -> None:
    (nac_home / "settings.json").write_text("{ this is not json")
    app = NacApp(storage=Storage.default(), think_seconds=0)
    async with app.run_test() as pilot:
        await press(pilot, "5")
        assert (
            len(app.notices_shown) == 1
            and "moved to settings.json.corrupt-" in app.notices_shown[0]
        )
        assert app.game.board.mark_count == 2
    assert list(nac_home.glob("settings.json.corrupt-*"))


async def test_level_keys_in_watch_mode_set_each_sides_level() -> None:
    app = make_app(mode=Mode.WATCH, think_seconds=5)
    async with app.run_test() as pilot:
        await press(pilot, "i", "G")
        assert app.game.watch_levels == (Level.IDIOT, Level.GENIUS)
        assert panel(app).value("X plays as") == "Idiot"
        assert app.settings.watch_levels == (Level.IDIOT, Level.GENIUS)


async def test_a_finished_4x4_game_shows_as_4x4_in_the_stats(nac_home: Path) -> None:
    app = make_app(storage=Storage.default(), mode=Mode.TWO_PLAYER, rules=Rules.of(4))
    async with app.run_test() as pilot:
        for square in ("a1", "a2", "b1", "b2", "c1", "c2", "d1"):  # X takes the top row
            await press(pilot, "colon", *square, "enter")
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.X
        await press(pilot, "r")
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.rows[0][:6] == ("4×4", "Two players", "X v O", "1", "0", "0")


async def test_markup_in_a_path_or_a_record_is_shown_as_plain_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "games [/old] [bold]"
    monkeypatch.setenv("NAC_HOME", str(home))
    home.mkdir(parents=True)
    (home / "stats.json").write_text(
        '{"schema": 1, "records": {"[/red]x[link=y]": {"won": 1}, "two-player": {"won": 2}}}'
    )
    app = make_app(storage=Storage.default())
    async with app.run_test() as pilot:
        await press(pilot, "r")
        assert isinstance(app.screen, StatsScreen)
        assert "[/red]x[link=y]" in app.screen.text
        assert app.is_running


async def test_a_level_switch_before_the_winning_move_does_not_count_as_a_win_against_it(
    nac_home: Path,
) -> None:
    app = make_app(storage=Storage.default())
    async with app.run_test() as pilot:
        await press(pilot, "1", "9", "7")  # a fork against Average
        await settle(pilot, app)
        await press(pilot, "g")  # Genius takes over just before the winning move
        free = 3 if app.game.board[3] is None else 2
        await press(pilot, str(free + 1))
        await settle(pilot, app)
        assert app.game.outcome is not None and app.game.outcome.winner is Mark.X
    records = Storage.default().stats.records()
    assert "computer/genius" not in records and records["computer/average"].won == 1


async def test_the_watch_score_keeps_its_rows_when_a_level_changes() -> None:
    app = make_app(mode=Mode.WATCH, watch_levels=(Level.GENIUS, Level.AVERAGE), think_seconds=30)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        before = list(scores(app))  # the rows a draw earned against Average is counted in
        await press(pilot, "I")  # O plays as Idiot from now on
        assert panel(app).value("O plays as") == "Idiot"
        assert list(scores(app)) == before and "Idiot" not in "".join(scores(app))


async def test_the_stats_screen_says_when_it_set_a_damaged_file_aside(nac_home: Path) -> None:
    app = make_app(storage=Storage.default())
    async with app.run_test(size=(100, 32)) as pilot:
        (nac_home / "stats.json").write_text("{ not json", encoding="utf-8")
        await press(pilot, "r")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        note = str(screen.query_one("#stats-note", Static).content)
        assert "is not valid JSON. It was moved to stats.json.corrupt-" in note


@pytest.mark.parametrize("pressed_after", [0, 2], ids=["before-its-turn", "while-it-thinks"])
async def test_a_hint_asked_during_the_computers_first_move_comes_after_it(
    pressed_after: int,
) -> None:
    app = make_app(computer_starts=True, think_seconds=30)  # its reply waits for the test
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(pressed_after):
            await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert not app.game.moves
        assert panel(app).message == words.HINT_AFTER_COMPUTER
        app.game_screen.turns.cancel()
        app.game_screen.turns.pace = Pace(think=0.0)
        app.game_screen.start_turn()
        await settle(pilot, app)
        assert len(app.game.moves) == 1
        assert board_widget(app).view.hint is not None
        assert panel(app).message.startswith("Hint for X: square")
