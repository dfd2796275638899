"""The panel's lines: every sentence wraps, a move never breaks, and when the panel is short
the settings give way before the score, never the status or the message."""

from __future__ import annotations

from nac.present.game.views import PanelState
from nac.present.panel_lines import panel_lines
from nac.present.runs import Line

STATE = PanelState(
    status="Your move (X)",
    details=(("Mode", "Vs computer"), ("Level", "Genius"), ("You play", "X")),
    score=(("You", 1), ("Computer", 2), ("Draws", 3)),
    summary="Genius",
    moves=("1. X c3", "2. O c2", "3. X b2", "4. O d4", "5. X a1"),
    history_title="Moves",
    message="Square 5 is taken by O, and this sentence is long enough to wrap twice over.",
)


def text(lines: list[Line]) -> list[str]:
    return ["".join(run for run, _ in line) for line in lines]


def test_everything_shows_when_there_is_room_and_each_line_fits() -> None:
    lines = text(panel_lines(STATE, 26, 40, stacked=False))
    assert all(len(line) <= 26 for line in lines)
    joined = " ".join(" ".join(lines).split())
    assert "Square 5 is taken by O, and this sentence is long enough to wrap twice over." in joined
    assert any(line.startswith("Level") for line in lines) and "Score" in lines


def test_a_move_never_breaks_across_lines() -> None:
    lines = text(panel_lines(STATE, 20, 40, stacked=False))
    moves = lines[lines.index("Moves") + 1 :]
    for line in moves:
        for part in line.split("   "):
            assert part == "" or part.count(" ") == 2  # "3. X b2" whole


def test_when_short_the_settings_go_first_and_the_message_stays() -> None:
    full = text(panel_lines(STATE, 26, 40, stacked=False))
    short = text(panel_lines(STATE, 26, 14, stacked=False))
    assert len(short) <= 14 < len(full)
    assert not any(line.startswith("Level") for line in short)
    assert " Your move (X) " in short and any("Square 5" in line for line in short)
    tiny = text(panel_lines(STATE, 26, 3, stacked=False))
    assert " Your move (X) " in tiny and any("Square 5" in line for line in tiny)


def test_under_the_board_the_panel_is_three_parts_in_a_few_lines() -> None:
    lines = text(panel_lines(STATE, 38, 5, stacked=True))
    assert lines[0] == " Your move (X)  Genius"
    assert lines[1] == "You 1  Computer 2  Draws 3"
    assert lines[2].startswith("Square 5 is taken")


def test_a_long_game_keeps_its_score_and_its_latest_moves_where_all_do_not_fit() -> None:
    moves = tuple(f"{number}. {'XO'[number % 2 == 0]} a{number % 9 + 1}" for number in range(1, 82))
    long_game = PanelState(
        status="Game over",
        details=STATE.details,
        score=STATE.score,
        summary="Genius",
        moves=moves,
        history_title="Moves",
        message="Draw.",
    )
    lines = text(panel_lines(long_game, 26, 21, stacked=False))
    assert len(lines) <= 21
    assert "Score" in lines and any(line.startswith("  Draws") for line in lines)
    assert "Moves" in lines and lines[-1].endswith("81. X a1")
    assert not any(line.startswith("1. X") for line in lines)  # the oldest moves give way
