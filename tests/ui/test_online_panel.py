"""The online screen's layout and panel as pure functions: where the board and the panel go at
each terminal size, the invite lines never cut, the player rows, the parts that give way when
the panel is short."""

from __future__ import annotations

import pytest

from nac.core import NORMAL, NOTAKTO_BOARDS, Rules
from nac.present.game.metrics import SIDE_MARGIN, screen_layout
from nac.present.online import words as online_words
from nac.present.online.layout import PANEL_CHROME, online_layout
from nac.present.online.lines import invite_lines, online_panel_lines, player_lines
from nac.present.online.view import OnlinePanelState

JOIN = "nac join 192.168.1.5:7878/k3Jx9qLm2Rt8vW4z"
WATCH = "nac watch 192.168.1.5:7878/Qm8Tq1zPa0Lw3Ndy"
INVITE = (
    "Send them this line:", JOIN, "(c copies it)", "",
    "Watchers:", WATCH, "(w copies it)", "",
    "The invite expires in 14:52.",
)  # fmt: skip
PLAYERS = (("You", "X", "Sam", "online"), ("Opponent", "O", "Ana", "away"))


def text(lines: list[tuple[tuple[str, str], ...]]) -> list[str]:
    return ["".join(part for part, _ in line) for line in lines]


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 32), (60, 20), (40, 15)])
@pytest.mark.parametrize("size", [3, 4, 5])
def test_in_a_game_the_board_and_the_panel_fit_the_terminal(
    size: int, columns: int, rows: int
) -> None:
    layout = online_layout(Rules.of(size), columns, rows)
    if layout is None:  # only where the local game says so too
        assert (size, columns, rows) in {(4, 40, 15), (5, 40, 15)}
        return
    assert layout.board is not None
    if layout.side_panel:
        assert layout.board_columns + 24 <= columns
    else:
        assert layout.board.width + 2 * SIDE_MARGIN <= columns
        assert layout.board.height + 2 + 6 <= rows


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (100, 32), (60, 20), (40, 15)])
@pytest.mark.parametrize("boards", NOTAKTO_BOARDS)
def test_in_a_notakto_game_the_boards_and_the_panel_fit_the_terminal(
    boards: int, columns: int, rows: int
) -> None:
    rules = Rules.notakto(boards)
    layout = online_layout(rules, columns, rows)
    if layout is None:  # only where the local game says so too
        assert screen_layout(rules, columns, rows) is None
        return
    assert layout.board is not None
    if layout.side_panel:
        assert layout.board_columns + 24 <= columns
    else:
        assert layout.board.width + 2 * SIDE_MARGIN <= columns
        assert layout.board.height + 2 + 6 <= rows


def test_while_the_host_waits_the_panel_takes_the_width_of_the_invite_lines() -> None:
    wide = online_layout(NORMAL, 80, 24, len(WATCH))
    assert wide is not None and wide.board is not None and wide.side_panel
    assert 80 - wide.board_columns - PANEL_CHROME >= len(WATCH)
    alone = online_layout(NORMAL, 60, 20, len(WATCH))
    assert alone is not None and alone.board is None  # the board waits for the opponent
    assert online_layout(NORMAL, 39, 15, len(WATCH)) is None


@pytest.mark.parametrize("width", [44, 43, 36, 20, 12])
def test_an_invite_line_is_never_cut_its_address_shown_alone_where_the_line_does_not_fit(
    width: int,
) -> None:
    shown = text(invite_lines(WATCH, width))
    assert all(len(line) <= width for line in shown)
    address = WATCH.split()[2]
    if width >= len(WATCH):
        assert shown == [WATCH]
    elif width >= len(address):
        assert shown == [address]  # on one line: the command goes, not the address's end
    else:
        assert "".join(shown) == address


def test_where_the_lines_do_not_fit_the_labels_name_the_commands() -> None:
    state = OnlinePanelState("Waiting for your opponent", PLAYERS, invite=INVITE)
    shown = text(online_panel_lines(state, 36, 30))
    at = shown.index(online_words.SEND_THIS_ADDRESS)
    assert shown[at + 1] == "192.168.1.5:7878/k3Jx9qLm2Rt8vW4z"
    at = shown.index(online_words.WATCHERS_ADDRESS)
    assert shown[at + 1] == "192.168.1.5:7878/Qm8Tq1zPa0Lw3Ndy"


def test_the_whole_invite_and_the_players_show_at_40_columns_and_15_rows() -> None:
    state = OnlinePanelState(
        "Waiting for your opponent", PLAYERS[:1], watching="No watchers", invite=INVITE
    )
    shown = text(online_panel_lines(state, 36, 12))
    assert "192.168.1.5:7878/k3Jx9qLm2Rt8vW4z" in shown
    assert "192.168.1.5:7878/Qm8Tq1zPa0Lw3Ndy" in shown
    assert "The invite expires in 14:52." in shown and len(shown) <= 12
    assert "You      X  Sam  ● online" in shown and "No watchers" in shown


def test_the_invite_loses_its_blank_lines_before_the_players_go() -> None:
    state = OnlinePanelState(
        "Waiting for your opponent",
        PLAYERS[:1],
        watching="No watchers",
        invite=INVITE,
        message=online_words.copied(JOIN),
    )
    shown = text(online_panel_lines(state, 52, 17))
    assert JOIN in shown and WATCH in shown
    assert "You      X  Sam  ● online" in shown and "No watchers" in shown


def test_during_the_game_the_watch_line_shows_where_one_line_holds_it() -> None:
    state = OnlinePanelState("Your move (X)", PLAYERS, watch_line=WATCH)
    assert f"Watchers: {WATCH}" in text(online_panel_lines(state, 60, 20))
    assert text(online_panel_lines(state, 44, 20))[-2:] == ["Watchers:", WATCH]
    address = WATCH.split()[2]
    assert [online_words.WATCHERS_ADDRESS, address] == text(online_panel_lines(state, 36, 20))[-2:]
    assert not any("Qm8Tq1" in line for line in text(online_panel_lines(state, 26, 20)))


def test_player_rows_keep_to_the_width_with_the_connection_by_sign_and_word() -> None:
    state = OnlinePanelState("", PLAYERS, watching="Watching 2")
    assert text(player_lines(state, 26)) == [
        "You      X  Sam  ● online",
        "Opponent O  Ana  ○ away",
        "Watching 2",
    ]
    assert text(player_lines(state, 21))[:2] == ["X  Sam (you)  ●", "O  Ana  ○ away"]


def test_a_short_panel_drops_the_moves_and_the_score_before_the_status_and_the_message() -> None:
    state = OnlinePanelState(
        "Your move (X)",
        PLAYERS,
        score="Score: You 1, Ana 0, draws 0",
        moves=("1. X 5", "2. O 1"),
        message="It is your turn.",
    )
    tall = text(online_panel_lines(state, 30, 30))
    assert "Moves" in tall and any(line.startswith("Score") for line in tall)
    short = text(online_panel_lines(state, 30, 5))
    assert short[:3] == [" Your move (X) ", "", "It is your turn."] and len(short) <= 5
    assert not any("Moves" in line or line.startswith("Score") for line in short)
    assert short[4:] == [text(online_panel_lines(state, 30, 30))[4]]  # who plays, first
